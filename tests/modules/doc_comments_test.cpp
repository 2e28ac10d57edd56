#define BOOST_TEST_MODULE webapi generated doc comments
// The comment above a generated method carries the facts a caller needs: identifiers, each parameter
// with type, place, requirement, bounds and default, the credential and scopes, paging, long-running
// answers and whether the call changes state. Read from the committed headers.

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include <boost/test/unit_test.hpp>

namespace {

// The comment lines just above the declaration of `method` in include/webapi/<module>/client.hpp.
std::string comment_of(std::string_view module, std::string_view method) {
  std::string file = std::string(WEBAPI_SOURCE_DIR) + "/include/webapi/" + std::string(module) + "/client.hpp";
  std::ifstream in(file);
  BOOST_REQUIRE_MESSAGE(in, "cannot open " << file);
  std::string line, comment;
  std::string decl = " " + std::string(method) + "(";
  while (std::getline(in, line)) {
    if (line.rfind("  ///", 0) == 0) {
      comment += line + "\n";
      continue;
    }
    if (line.find("webapi::Result<") != std::string::npos && line.find(decl) != std::string::npos) return comment;
    comment.clear();
  }
  BOOST_FAIL("no method " << method << " in " << file);
  return {};
}

bool has(const std::string& text, std::string_view what) { return text.find(what) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(parameters_with_place_requirement_and_default) {
  auto c = comment_of("quotes", "get_quote_search");
  BOOST_TEST_INFO(c);
  BOOST_TEST(has(c, "/// GET /quote/search\n"));
  BOOST_TEST(has(c, "- `params.minlength`: `std::int32_t`, query `minlength`, optional; default 100"));
  BOOST_TEST(has(c, "- `params.private_`: `bool`, query `private`, optional; default false"));
  BOOST_TEST(has(c, "Credential (required): `Config::api_key`."));
  BOOST_TEST(has(c, "Reads only (GET). Answers `QuoteResponse`."));
}

BOOST_AUTO_TEST_CASE(identifiers_and_path_parameters) {
  auto c = comment_of("project_management", "get_projects_project_id");
  BOOST_TEST_INFO(c);
  BOOST_TEST(has(c, "Operation id `getById_7`. Requirements: `getById_8`."));
  BOOST_TEST(has(c, "- `project_id`: `std::string`, path `projectId`, required"));
}

BOOST_AUTO_TEST_CASE(scopes_paging_and_long_running) {
  auto list = comment_of("migration", "assets_list");
  BOOST_TEST_INFO(list);
  BOOST_TEST(has(list, "Operation id `migrationcenter.projects.locations.assets.list`."));
  BOOST_TEST(has(list, "scopes `https://www.googleapis.com/auth/cloud-platform`"));
  BOOST_TEST(has(list, "Pages by `params.page_token`."));
  auto add = comment_of("migration", "groups_add_assets");
  BOOST_TEST_INFO(add);
  BOOST_TEST(has(add, "- `params.body`: `AddAssetsToGroupRequest`, json body (`application/json`), optional"));
  BOOST_TEST(has(add, "Changes state (POST). Long-running: answers an `Operation`; poll it with `operations_get`."));
}

BOOST_AUTO_TEST_CASE(bounds_and_alternative_credentials) {
  auto c = comment_of("audio", "get_me_activities");
  BOOST_TEST_INFO(c);
  BOOST_TEST(has(c, "- `params.limit`: `std::int64_t`, query `limit`, optional; at least 1, at most 200, default 50"));
  BOOST_TEST(has(c, "Credential (required): `Config::access_token` or `Config::client_id`."));
}
