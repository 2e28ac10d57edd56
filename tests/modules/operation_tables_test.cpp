#define BOOST_TEST_MODULE webapi operation tables
// Every module's operation table against the description, read here at test time with Boost.JSON from
// the repository's facts-only copy (specs/<module>.json, which the drift check keeps equal to the
// published description stripped): each entry's method and path template exist there, every required
// parameter of the description is a required parameter of the entry in the same place (path, query,
// header, body), and every description operation has an entry. Operations the requirements add, which the description lacks,
// are listed below with the method, path and required parameters the requirements give.

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/api_platform/operations.hpp>
#include <webapi/audio/operations.hpp>
#include <webapi/finance/operations.hpp>
#include <webapi/migration/operations.hpp>
#include <webapi/project_management/operations.hpp>
#include <webapi/quotes/operations.hpp>
#include <webapi/userinfo/operations.hpp>
#include <webapi/webhooks/operations.hpp>

namespace js = boost::json;
using webapi::Method;

namespace {

struct Required {
  std::string name, in;
};

/// An operation the requirements add: not in the description.
struct Added {
  std::string name;
  Method method;
  std::string path;
  std::vector<Required> required;
};

/// An entry whose request body the requirements define although the description has none.
struct BodyFromRequirements {
  std::string module, operation;
};
const std::vector<BodyFromRequirements> kBodies = {
    {"finance", "generate_access_token"},  // form-encoded, per the requirements
};

/// A parameter the client sends under another name than the description's, which names it with a sentence.
struct RenamedParameter {
  std::string module, operation, name;
};
const std::vector<RenamedParameter> kRenamed = {
    {"project_management", "post_browser_views_details_for_class_name_view_id", "placeName"},
};

/// A parameter the service takes that the description leaves out; the module's overlay names its source.
const std::vector<RenamedParameter> kAddedParameters = {
    {"audio", "get_connect", "code_challenge"},  // PKCE (RFC 7636), specs/overlays/audio.json "fidelity"
    {"audio", "get_connect", "code_challenge_method"},
};

js::value load(std::string_view module, std::string_view folder = "") {
  std::string file = std::string(WEBAPI_SPECS) + "/" + std::string(folder) + std::string(module) + ".json";
  std::ifstream in(file);
  BOOST_REQUIRE_MESSAGE(in, "cannot open " << file);
  std::stringstream s;
  s << in.rdbuf();
  return js::parse(s.str());
}

const js::value& follow(const js::value& root, const js::value& v) {
  const js::value* cur = &v;
  while (cur->is_object() && cur->as_object().contains("$ref")) {
    std::string ref(cur->as_object().at("$ref").as_string());
    BOOST_REQUIRE(ref.rfind("#/", 0) == 0);
    const js::value* node = &root;
    std::stringstream parts(ref.substr(2));
    for (std::string part; std::getline(parts, part, '/');) node = &node->as_object().at(part);
    cur = node;
  }
  return *cur;
}

std::string lower(std::string_view m) {
  std::string s(m);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string method_name(Method m) { return lower(webapi::to_string(m)); }

// "<method>_<path>" in snake case: the naming rule of audio, quotes and project_management.
std::string method_path_name(Method m, std::string_view path) {
  std::string out = method_name(m);
  bool boundary = true;
  for (std::size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (!std::isalnum(static_cast<unsigned char>(c))) { boundary = true; continue; }
    bool upper = std::isupper(static_cast<unsigned char>(c));
    if (upper && i > 0 && std::isalnum(static_cast<unsigned char>(path[i - 1])) &&
        (std::islower(static_cast<unsigned char>(path[i - 1])) || std::isdigit(static_cast<unsigned char>(path[i - 1])) ||
         (i + 1 < path.size() && std::islower(static_cast<unsigned char>(path[i + 1])))))
      boundary = true;
    if (boundary) out += '_';
    boundary = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

template <std::size_t N, std::size_t P>
void check(std::string_view module, const std::array<webapi::Operation, N>& table,
           const std::array<webapi::OperationParameter, P>& parameters, const std::vector<Added>& added,
           std::size_t expected_size, bool method_path_names) {
  BOOST_TEST_CONTEXT("module " << module) {
    js::value root = load(module);
    const auto& paths = root.at("paths").as_object();
    BOOST_TEST(table.size() == expected_size);
    // The overlay's patches may add a parameter or change whether one is required, each with its source.
    const js::value overlay = load(module, "overlays/");
    const js::object* patches = overlay.as_object().if_contains("patches")
                                    ? &overlay.at("patches").as_object() : nullptr;

    std::set<std::string_view> names;
    std::set<std::pair<std::string, std::string>> covered;
    for (const auto& op : table) {
      BOOST_TEST_CONTEXT("operation " << op.name) {
        BOOST_TEST(names.insert(op.name).second, "name used twice");
        std::vector<const webapi::OperationParameter*> rows;
        for (const auto& p : parameters)
          if (p.operation == op.name) rows.push_back(&p);
        auto row = [&](std::string_view name, std::string_view in) -> const webapi::OperationParameter* {
          for (const auto* r : rows)
            if (r->name == name && r->in == in) return r;
          return nullptr;
        };
        // Path template variables are required path parameters.
        for (std::size_t pos = 0; (pos = op.path.find('{', pos)) != std::string_view::npos; ++pos) {
          std::string_view var = op.path.substr(pos + 1, op.path.find('}', pos) - pos - 1);
          const auto* r = row(var, "path");
          BOOST_TEST((r && r->required), "path variable " << var << " is a required path parameter");
        }

        auto a = std::find_if(added.begin(), added.end(), [&](const Added& x) { return x.name == op.name; });
        if (a != added.end()) {
          BOOST_TEST(op.method == a->method);
          BOOST_TEST(op.path == a->path);
          BOOST_TEST(!(paths.contains(op.path) && paths.at(op.path).as_object().contains(method_name(op.method))),
                     "listed as added but the description has it");
          BOOST_TEST(op.operation_id.empty(), "an added operation has no operation id");
          for (const auto& req : a->required) {
            const auto* r = row(req.name, req.in);
            BOOST_TEST((r && r->required), req.name << " is required in " << req.in);
          }
          continue;
        }
        if (method_path_names) BOOST_TEST(op.name == method_path_name(op.method, op.path));

        auto pi = paths.find(op.path);
        BOOST_REQUIRE_MESSAGE(pi != paths.end(), "path not in the description: " << op.path);
        const auto& item = pi->value().as_object();
        auto oi = item.find(method_name(op.method));
        BOOST_REQUIRE_MESSAGE(oi != item.end(), "method not in the description");
        covered.insert({std::string(op.path), method_name(op.method)});
        const auto& desc = oi->value().as_object();
        std::string_view operation_id = desc.contains("operationId") ? std::string_view(desc.at("operationId").as_string()) : "";
        // Migration's per-resource gets share the description's one GET /v1alpha1/{name} and have no id.
        bool resource_get = module == "migration" && op.path == "/v1alpha1/{name}" && op.method == Method::get;
        BOOST_TEST((op.operation_id == operation_id || (resource_get && op.operation_id.empty())),
                   "operation id " << op.operation_id << " is the description's " << operation_id);
        BOOST_TEST((op.requirement_id.empty() || op.requirement_id != op.operation_id),
                   "a requirement id is listed only where it differs");

        // The description's parameters: path-level first, the operation's override them.
        std::map<std::pair<std::string, std::string>, bool> declared;
        auto add = [&](const js::value& pv) {
          const auto& p = follow(root, pv).as_object();
          std::string in(p.at("in").as_string());
          bool required = in == "path" || (p.contains("required") && p.at("required").as_bool());
          declared[{std::string(p.at("name").as_string()), in}] = required;
        };
        if (item.contains("parameters"))
          for (const auto& p : item.at("parameters").as_array()) add(p);
        if (desc.contains("parameters"))
          for (const auto& p : desc.at("parameters").as_array()) add(p);
        if (const js::value* patch = patches ? patches->if_contains(op.name) : nullptr)
          if (const js::value* ps = patch->as_object().if_contains("parameters"))
            for (const auto& p : ps->as_array()) add(p);

        for (const auto& [key, required] : declared) {
          if (!required) continue;
          const auto* r = row(key.first, key.second);
          BOOST_TEST((r && r->required), key.first << " is required in " << key.second);
        }
        for (const auto* r : rows) {
          if (r->in == "body") continue;
          auto d = declared.find({std::string(r->name), std::string(r->in)});
          auto named = [&](const auto& x) { return x.module == module && x.operation == op.name && x.name == r->name; };
          bool renamed = std::any_of(kRenamed.begin(), kRenamed.end(), named) ||
                         std::any_of(kAddedParameters.begin(), kAddedParameters.end(), named);
          if (renamed) continue;
          BOOST_TEST((d != declared.end()), r->name << " in " << r->in << " is not in the description");
          if (d != declared.end() && r->in != "path") BOOST_TEST(d->second == r->required, r->name << " required flag");
        }
        // The request body.
        const auto* body = row("body", "body");
        if (desc.contains("requestBody")) {
          const auto& rb = follow(root, desc.at("requestBody")).as_object();
          BOOST_TEST(body != nullptr, "request body");
          if (rb.contains("required") && rb.at("required").as_bool()) BOOST_TEST((body && body->required));
        } else if (body) {
          bool known = std::any_of(kBodies.begin(), kBodies.end(),
                                   [&](const auto& b) { return b.module == module && b.operation == op.name; });
          BOOST_TEST(known, "a request body the description does not have");
        }
      }
    }
    for (const auto& [path, item] : paths)
      for (const auto& [method, op] : item.as_object()) {
        if (method == "parameters" || method == "summary" || method == "description" || method == "servers") continue;
        BOOST_TEST(covered.count({std::string(path), std::string(method)}) == 1u,
                   "description operation " << method << " " << path << " has a table entry");
      }
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(audio) {
  check("audio", webapi::audio::operations, webapi::audio::operation_parameters, {}, 59, true);
}

BOOST_AUTO_TEST_CASE(userinfo) {
  check("userinfo", webapi::userinfo::operations, webapi::userinfo::operation_parameters, {}, 3, false);
  std::set<std::string_view> names;
  for (const auto& op : webapi::userinfo::operations) names.insert(op.name);
  BOOST_TEST((names == std::set<std::string_view>{"oauth2_tokeninfo", "oauth2_userinfo_get", "oauth2_userinfo_v2_me_get"}));
}

BOOST_AUTO_TEST_CASE(quotes) {
  // The requirements' toggles and private quote of the day; the description has none of them.
  std::vector<Added> added = {
      {"get_quote_like_toggle", Method::get, "/quote/like/toggle", {{"quote_id", "query"}}},
      {"get_quote_bookmark_toggle", Method::get, "/quote/bookmark/toggle", {{"quote_id", "query"}}},
      {"put_qod", Method::put, "/qod", {{"title", "query"}}},
      {"patch_qod", Method::patch, "/qod", {{"title", "query"}}},
  };
  check("quotes", webapi::quotes::operations, webapi::quotes::operation_parameters, added, 47 + 4, true);
}

BOOST_AUTO_TEST_CASE(project_management) {
  // The 13 operations of the requirements' path table that the description lacks.
  std::vector<Added> added = {
      {"post_v2_projects_project_id_files_add_external_links", Method::post, "/v2/projects/{projectId}/files/addExternalLinks", {}},
      {"post_v2_quotes_quote_id_files_add_external_links", Method::post, "/v2/quotes/{quoteId}/files/addExternalLinks", {}},
      {"post_v2_projects_project_id_external_info", Method::post, "/v2/projects/{projectId}/externalInfo", {}},
      {"post_v2_quotes_quote_id_external_info", Method::post, "/v2/quotes/{quoteId}/externalInfo", {}},
      {"post_v2_quotes_quote_id_add_job", Method::post, "/v2/quotes/{quoteId}/addJob", {}},
      {"post_v2_dictionaries_language", Method::post, "/v2/dictionaries/language", {}},
      {"post_v2_dictionaries_specialization", Method::post, "/v2/dictionaries/specialization", {}},
      {"get_project_groups", Method::get, "/projectGroups", {}},
      {"get_customers_customer_id_budget_codes", Method::get, "/customers/{customerId}/budgetCodes", {}},
      {"get_customers_by_alias", Method::get, "/customers/byAlias", {}},
      {"get_v2_quotes_for_external_id_external_project_id", Method::get, "/v2/quotes/for-external-id/{externalProjectId}", {}},
      {"get_project_groups_project_group_id", Method::get, "/projectGroups/{projectGroupId}", {}},
      {"get_v2_projects_cat_tool_project_templates", Method::get, "/v2/projects/catToolProjectTemplates", {}},
  };
  check("project_management", webapi::project_management::operations,
        webapi::project_management::operation_parameters, added, 284 + 13, true);
  // Every requirement identifier with a known path is in the table, as the requirement id where it differs
  // from the description's operation id.
  js::value overlay = load("project_management", "overlays/");
  std::size_t differing = 0;
  for (const auto& e : overlay.at("seed_names").as_array()) {
    const auto& s = e.as_object();
    std::string_view id = s.at("id").as_string(), path = s.at("path").as_string();
    std::string method = lower(s.at("method").as_string());
    auto it = std::find_if(webapi::project_management::operations.begin(), webapi::project_management::operations.end(),
                           [&](const webapi::Operation& op) { return method_name(op.method) == method && op.path == path; });
    BOOST_TEST_CONTEXT("requirement id " << id) {
      BOOST_REQUIRE(it != webapi::project_management::operations.end());
      BOOST_TEST((it->requirement_id.empty() ? it->operation_id : it->requirement_id) == id);
      if (!it->requirement_id.empty()) ++differing;
    }
  }
  BOOST_TEST(differing > 0u);
}

BOOST_AUTO_TEST_CASE(api_platform) {
  check("api_platform", webapi::api_platform::operations, webapi::api_platform::operation_parameters, {}, 57, false);
}

BOOST_AUTO_TEST_CASE(webhooks) {
  check("webhooks", webapi::webhooks::operations, webapi::webhooks::operation_parameters, {}, 9, false);
}

BOOST_AUTO_TEST_CASE(finance) {
  check("finance", webapi::finance::operations, webapi::finance::operation_parameters, {}, 70, false);
}

BOOST_AUTO_TEST_CASE(migration) {
  // The description's 30, plus a get per resource kind on its merged GET /v1alpha1/{name}.
  check("migration", webapi::migration::operations, webapi::migration::operation_parameters, {}, 30 + 10, false);
  std::size_t gets = 0;
  for (const auto& op : webapi::migration::operations)
    if (op.method == Method::get && op.path == "/v1alpha1/{name}") ++gets;
  BOOST_TEST(gets == 11u);
  // The requirements name the merged entry's get as sources' get; only that method carries it.
  for (const auto& op : webapi::migration::operations)
    BOOST_TEST((op.requirement_id == "migrationcenter.projects.locations.sources.get") == (op.name == "sources_get"),
               op.name);
}
