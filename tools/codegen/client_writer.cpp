// Writes include/webapi/<module>/client.hpp: Config, the parameter structs and Client with a method per operation.
#include "module.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "die.hpp"
#include "http.hpp"
#include "names.hpp"

namespace webapi::codegen {

std::string Module::params_struct_name(const Op& op) const {
  return pascal(op.variant_of.empty() ? op.name : op.variant_of) + "Params";
}

bool Module::has_params_struct(const Op& op) const { return !op.params.empty() || op.body.present; }

bool Module::params_all_optional(const Op& op) const {
  if (op.body.present && op.body.required) return false;
  for (const auto& p : op.params)
    if (p.required) return false;
  return true;
}

std::string Module::authorize_name(const std::vector<std::size_t>& order) const {
  if (order.empty() || order[0] == default_order()[0]) return "authorize";
  return "authorize_" + credentials_[order[0]].field + "_first";
}

std::vector<std::size_t> Module::default_order() const {
  std::vector<std::size_t> o;
  for (std::size_t i = 0; i < credentials_.size(); ++i) o.push_back(i);
  return o;
}

std::string Module::credential_expr(const Credential& c) const {
  if (c.kind == "bearer") return "webapi::auth::BearerToken{config_." + c.field + "}";
  if (c.kind == "query") return "webapi::auth::ApiKeyQuery{" + cpp_string(c.param) + ", config_." + c.field + "}";
  if (c.kind == "header") {
    std::string h = c.header_field.empty() ? cpp_string(c.header) : "config_." + c.header_field;
    return "webapi::auth::ApiKeyHeader{" + h + ", config_." + c.field + "}";
  }
  if (c.kind == "basic") return "webapi::auth::BasicAuth{config_." + c.field + ", config_." + c.param + "}";
  die(name_ + ": unknown credential kind " + c.kind);
}

std::string Module::credential_what() const {
  std::vector<std::string> fields;
  for (const auto& c : credentials_)
    if (std::find(fields.begin(), fields.end(), c.field) == fields.end()) fields.push_back(c.field);
  std::string w;
  for (std::size_t i = 0; i < fields.size(); ++i) w += (i ? " or " : "") + fields[i];
  return w;
}

void Module::emit_method(std::ostringstream& o, const Op& op) const {
  o << "  /// " << uppercase(op.method) << " " << op.path;
  if (!op.fixed_query.empty()) {
    o << " (";
    for (std::size_t i = 0; i < op.fixed_query.size(); ++i)
      o << (i ? "&" : "") << op.fixed_query[i].first << "=" << op.fixed_query[i].second;
    o << ")";
  }
  o << "\n";
  o << "  webapi::Result<" << op.result << "> " << op.name << "(";
  bool first = true;
  for (const auto& p : op.path_params) {
    std::string t = render(p.type);
    if (t == "std::string") t = "std::string_view";
    o << (first ? "" : ", ") << t << " " << p.cpp;
    first = false;
  }
  if (has_params_struct(op)) {
    o << (first ? "" : ", ") << "const " << params_struct_name(op) << "& params";
    if (params_all_optional(op)) o << " = {}";
  }
  o << ") {\n";
  std::string opname = op.variant_of.empty() ? op.name : op.variant_of;
  o << "    auto req = start(" << method_enum(op.method) << ", " << cpp_string(opname) << ");\n";
  // Path.
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) o << "    req.path(" << cpp_string(literal) << ");\n";
    literal.clear();
  };
  for (std::size_t i = 0; i < op.path.size(); ++i) {
    if (op.path[i] != '{') { literal += op.path[i]; continue; }
    std::size_t end = op.path.find('}', i);
    std::string var = op.path.substr(i + 1, end - i - 1);
    flush();
    const Param& p =
        *std::find_if(op.path_params.begin(), op.path_params.end(), [&](const Param& x) { return x.wire == var; });
    if (!p.pattern.empty())
      o << "    req.resource_name(" << cpp_string(p.wire) << ", " << p.cpp << ", " << cpp_string(p.pattern) << ");\n";
    else
      o << "    req.segment(" << cpp_string(p.wire) << ", " << p.cpp << ");\n";
    i = end;
  }
  flush();
  // Query, headers, cookies.
  std::vector<std::string> cookies;
  for (const auto& p : op.params) {
    std::string v = "params." + p.cpp;
    if (p.in == "query") {
      if (p.required && render(p.type) == "std::string")
        o << "    if (" << v << ".empty()) req.fail(\"required query parameter '" << p.wire << "' is empty\");\n";
      if (p.deep) {
        std::string access = p.required ? v + "." : v + "->";
        if (!p.required) o << "    if (" << v << ") {\n  ";
        for (const auto& m : p.deep->members)
          o << "    req.query(" << cpp_string(p.wire + "[" + m.wire + "]") << ", " << access << m.cpp << ");\n"
            << (p.required ? "" : "  ");
        if (!p.required) o << "  }\n";
      } else if (p.type->kind == Type::Vector && !p.explode) {
        char sep = p.style == "spaceDelimited" ? ' ' : p.style == "pipeDelimited" ? '|' : ',';
        o << "    req.query_joined(" << cpp_string(p.wire) << ", " << v << ", '" << sep << "');\n";
      } else {
        o << "    req.query(" << cpp_string(p.wire) << ", " << v << ");\n";
      }
    } else if (p.in == "header") {
      o << "    req.header(" << cpp_string(p.wire) << ", " << v << ");\n";
    } else if (p.in == "cookie") {
      cookies.push_back(p.wire);
    }
  }
  for (const auto& [k, val] : op.fixed_query)
    o << "    req.query(" << cpp_string(k) << ", " << cpp_string(val) << ");\n";
  if (!cookies.empty()) {
    // Cookie parameters travel together in one Cookie header, "name=value; name=value".
    o << "    std::string cookies;\n";
    for (const auto& p : op.params) {
      if (p.in != "cookie") continue;
      std::string v = "params." + p.cpp;
      std::string add = "{ if (!cookies.empty()) cookies += \"; \"; cookies += " + cpp_string(p.wire + "=") +
                        " + webapi::to_param_string(" + (p.required ? v : "*" + v) + "); }";
      o << "    " << (p.required ? "" : "if (" + v + ") ") << add << "\n";
    }
    o << "    if (!cookies.empty()) req.header(\"Cookie\", cookies);\n";
  }
  // Body.
  if (op.body.present) {
    std::string b = op.body.required ? "params.body" : "*params.body";
    std::string pre = op.body.required ? "    " : "    if (params.body) ";
    if (op.body.kind == "json")
      o << pre << "req.body(webapi::json::try_encode(" << b << "), " << cpp_string(op.body.content_type) << ");\n";
    else if (op.body.kind == "form")
      o << pre << "webapi::form_fields(req, " << b << ");\n";
    else if (op.body.kind == "multipart")
      o << pre << "req.multipart(webapi::multipart_form(" << b << "));\n";
    else
      o << pre << "req.body(" << b << ", " << cpp_string(op.body.content_type) << ");\n";
  }
  if (op.auth == "required") o << "    " << authorize_name(op.auth_order) << "(req);\n";
  else if (op.auth == "optional") o << "    " << authorize_name(op.auth_order) << "(req, false);\n";
  o << "    return webapi::call<" << op.result << ">(*transport_, std::move(req).build());\n";
  o << "  }\n\n";
}

std::string Module::client_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n\n";
  o << "#include <cstdint>\n#include <map>\n#include <optional>\n#include <string>\n#include <string_view>\n"
       "#include <utility>\n#include <variant>\n#include <vector>\n\n";
  o << "#include <boost/json/value.hpp>\n\n";
  o << "#include <webapi/core/auth.hpp>\n#include <webapi/core/binary.hpp>\n#include <webapi/core/call.hpp>\n"
       "#include <webapi/core/form_body.hpp>\n#include <webapi/core/json.hpp>\n#include <webapi/core/method.hpp>\n"
       "#include <webapi/core/request_builder.hpp>\n#include <webapi/core/result.hpp>\n"
       "#include <webapi/core/send_options.hpp>\n#include <webapi/core/transport.hpp>\n";
  o << "#include <webapi/" << name_ << "/models.hpp>\n#include <webapi/" << name_ << "/operations.hpp>\n\n";
  o << "namespace " << ns() << " {\n\n";
  // Config.
  o << "struct Config {\n";
  o << "  std::string base_url" << (base_url_.empty() ? "{}" : " = " + cpp_string(base_url_)) << ";";
  if (base_url_.empty()) o << "  ///< required: the service publishes no server";
  o << "\n";
  for (const auto& f : config_) {
    if (f.type == "bool") o << "  bool " << f.name << " = " << (f.def.empty() ? "false" : f.def) << ";\n";
    else o << "  std::string " << f.name << (f.def.empty() ? "{}" : " = " + cpp_string(f.def)) << ";\n";
  }
  o << "};\n\n";
  // Parameter structs.
  for (const auto& op : ops_) {
    if (!has_params_struct(op)) continue;
    o << "struct " << params_struct_name(op) << " {\n";
    for (const auto& p : op.params) {
      TP t = p.required ? p.type : optional_of(p.type);
      o << "  " << render(t) << " " << p.cpp << "{};\n";
    }
    if (op.body.present) {
      TP t = op.body.required ? op.body.type : optional_of(op.body.type);
      o << "  " << render(t) << " body{};\n";
    }
    o << "};\n\n";
  }
  // Client.
  o << "template <webapi::Transport T>\nclass Client {\n public:\n";
  o << "  explicit Client(T& transport, Config config = {}) : transport_(&transport), config_(std::move(config)) {}"
       "\n\n";
  o << "  const Config& config() const noexcept { return config_; }\n\n";
  std::vector<const Op*> all;
  for (const auto& op : ops_) all.push_back(&op);
  for (const auto& op : extra_methods_) all.push_back(&op);
  for (const Op* op : all) emit_method(o, *op);
  o << "  /// Any request by method and path, for operations without a method of their own. `path` is sent as\n"
       "  /// given (already percent-encoded, starting with '/'); base URL and credentials apply as for every call.\n";
  o << "  template <class R = boost::json::value>\n";
  o << "  webapi::Result<R> send(webapi::Method method, std::string_view path, "
       "const webapi::SendOptions& options = {}) {\n";
  o << "    auto req = start(method, options.operation_name());\n";
  o << "    options.apply(req.path(path));\n";
  if (!credentials_.empty()) o << "    authorize(req);\n";
  o << "    return webapi::call<R>(*transport_, std::move(req).build());\n  }\n\n";
  o << " private:\n";
  o << "  webapi::RequestBuilder start(webapi::Method method, std::string_view operation) const {\n";
  o << "    webapi::RequestBuilder req(method, operation, config_.base_url);\n";
  o << "    if (config_.base_url.empty()) req.fail(\"base_url is required\");\n";
  o << "    return req;\n  }\n\n";
  // One authorize function per credential order in use.
  std::set<std::string> emitted;
  std::vector<std::vector<std::size_t>> orders = {default_order()};
  for (const auto& op : ops_) orders.push_back(op.auth_order);
  if (!credentials_.empty()) {
    for (const auto& order : orders) {
      std::string fn = authorize_name(order);
      if (!emitted.insert(fn).second) continue;
      o << "  // Applies the first credential configured";
      if (credentials_.size() > 1) o << ", in this order";
      o << "; with none, fails when `required`.\n";
      o << "  void " << fn << "(webapi::RequestBuilder& req, bool required = true) const {\n";
      std::string what = cpp_string(credential_what());
      for (std::size_t i = 0; i < order.size(); ++i) {
        const Credential& c = credentials_[order[i]];
        std::string cond = "!config_." + c.field + ".empty()";
        if (!c.when.empty()) cond = "config_." + c.when + " && " + cond;
        o << "    " << (i ? "else if (" : "if (") << cond << ") req.credential(" << credential_expr(c) << ", " << what
          << ");\n";
      }
      o << "    else if (required) req.missing_credential(" << what << ");\n";
      o << "  }\n\n";
    }
  }
  o << "  T* transport_;\n  Config config_;\n};\n\n";
  o << "}  // namespace " << ns() << "\n";
  return o.str();
}

}  // namespace webapi::codegen
