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

std::string Module::authorize_name(const std::vector<std::size_t>& order, std::size_t together) const {
  if (together > 1) {
    std::string name = "authorize";
    for (std::size_t i = 0; i < together; ++i) name += (i ? "_and_" : "_") + credentials_[order[i]].field;
    return name;
  }
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

// Credentials are webapi::Credential in Config (a fixed value or a provider consulted per request); other
// settings stay plain strings.
std::string Module::config_field_type(const ConfigField& f) const {
  for (const auto& c : credentials_)
    if (c.kind != "basic" && c.field == f.name) return "webapi::Credential";
  return "std::string";
}

// Every call goes through the base's run(): sent once, and once more with a renewed credential after a 401
// (reauthorize). The forwarding run<R> lets the methods name it without `this->template`.
void Module::emit_renewal(std::ostringstream& o) const {
  o << "  template <class R>\n  webapi::Result<R> run(webapi::Result<webapi::Request> request, const webapi::ResponseSpec& spec = {}) {\n";
  o << "    return Base::template run<R>(std::move(request), spec);\n  }\n\n";
  o << "  template <class R, class CompletionToken>\n"
       "  auto async_run(webapi::Result<webapi::Request> request, const webapi::ResponseSpec& spec, CompletionToken&& token) {\n";
  o << "    return Base::template async_run<R>(std::move(request), spec, std::forward<CompletionToken>(token));\n  }\n\n";
  o << "  // After a 401: puts a renewed credential on `r` when the one it carries can be renewed.\n";
  o << "  bool reauthorize([[maybe_unused]] webapi::Request& r) const {\n";
  std::set<std::string> seen;
  std::vector<std::string> tries;
  for (const auto& c : credentials_) {
    if (c.kind == "basic") continue;
    std::string e = credential_expr(c);
    if (seen.insert(e).second) tries.push_back("webapi::auth::renew(r, " + e + ")");
  }
  o << "    return ";
  if (tries.empty()) o << "false";
  for (std::size_t i = 0; i < tries.size(); ++i) o << (i ? " ||\n           " : "") << tries[i];
  o << ";\n  }\n\n";
}

// One authorize function: the first `together` credentials of `order` are each sent when configured; with
// none of them, the first configured of the rest; with none at all, a missing credential when `required`.
void Module::emit_authorize(std::ostringstream& o, const std::string& fn, const std::vector<std::size_t>& order,
                            std::size_t together) const {
  std::string what = cpp_string(credential_what());
  auto condition = [&](const Credential& c) {
    std::string cond = "!config_." + c.field + ".empty()";
    return c.when.empty() ? cond : "config_." + c.when + " && " + cond;
  };
  auto apply = [&](const Credential& c) { return "req.credential(" + credential_expr(c) + ", " + what + ")"; };
  if (together > 1) {
    o << "  // Sends each of these credentials that is configured (the operation takes them together)";
    o << (order.size() > together ? "; with none of them, the first configured of the rest" : "")
      << "; with none at all, fails when `required`.\n";
  } else {
    o << "  // Applies the first credential configured" << (credentials_.size() > 1 ? ", in this order" : "")
      << "; with none, fails when `required`.\n";
  }
  o << "  void " << fn << "(webapi::RequestBuilder& req, bool required = true) const {\n";
  std::size_t first_alternative = 0;
  if (together > 1) {
    o << "    bool sent = false;\n";
    for (std::size_t i = 0; i < together; ++i) {
      const Credential& c = credentials_[order[i]];
      o << "    if (" << condition(c) << ") {\n      " << apply(c) << ";\n      sent = true;\n    }\n";
    }
    o << "    if (sent) return;\n";
    first_alternative = together;
  }
  for (std::size_t i = first_alternative; i < order.size(); ++i) {
    const Credential& c = credentials_[order[i]];
    o << "    " << (i > first_alternative ? "else if (" : "if (") << condition(c) << ") " << apply(c) << ";\n";
  }
  o << "    " << (order.size() > first_alternative ? "else if (required)" : "if (required)") << " req.missing_credential("
    << what << ");\n";
  o << "  }\n\n";
}

// Long-running operations (overlay "long_running"): per operation an `<op>_and_wait` that starts it and polls
// it to its typed result (core/poller.hpp), and wait_for<T>() for an operation started elsewhere.
void Module::emit_long_running(std::ostringstream& o) const {
  const js::value* lr = find(overlay_, "long_running");
  if (!lr) return;
  const auto& cfg = lr->as_object();
  std::string op_type = get_string(cfg, "operation_type");
  std::string poll = get_string(cfg, "poll");
  for (const auto& kv : get_object(cfg, "resolves")) {
    std::string name(kv.key());
    std::string type(kv.value().as_string());
    auto it = std::find_if(ops_.begin(), ops_.end(), [&](const Op& op) { return op.name == name; });
    if (it == ops_.end()) die(name_ + ": long_running names unknown operation " + name);
    if (it->result != op_type) die(name_ + ": long_running operation " + name + " does not return " + op_type);
    auto [decl, args] = method_parameters(*it);
    o << "  /// " << name << ", then waits for the operation it starts; resolves to " << type << ".\n";
    o << "  webapi::Result<" << type << "> " << name << "_and_wait(" << decl << (decl.empty() ? "" : ", ")
      << "const webapi::PollPolicy& policy = {}) {\n";
    o << "    return wait_for<" << type << ">(" << name << "(" << args << "), policy);\n  }\n\n";
    std::string required = decl;
    if (required.ends_with(" = {}")) required.resize(required.size() - 5);
    o << "  /// The asynchronous form of " << name << "_and_wait(): waits between polls on a timer; completes with the\n"
         "  /// same Result.\n";
    o << "  template <class CompletionToken>\n";
    o << "  auto async_" << name << "_and_wait(" << required << (required.empty() ? "" : ", ")
      << "const webapi::PollPolicy& policy, CompletionToken&& token) {\n";
    o << "    return async_wait_for<" << type << ">(\n"
         "        [this, request = build_" << name << "(" << args << ")](auto handler) mutable {\n"
         "          this->async_run<" << op_type << ">(std::move(request), responses::" << name << ", std::move(handler));\n"
         "        },\n"
         "        policy, std::forward<CompletionToken>(token));\n  }\n\n";
  }
  o << "  /// Polls an operation (as a call returned it) with " << poll << " until it is done: R decoded from its\n"
       "  /// response (R = void to ignore it), or its error (kind operation_failed).\n";
  o << "  template <class R>\n  webapi::Result<R> wait_for(webapi::Result<" << op_type
    << "> started, const webapi::PollPolicy& policy = {}) {\n";
  o << "    return webapi::await_operation<R>(\n"
       "        std::move(started),\n"
       "        [this](const " << op_type << "& op) -> webapi::Result<" << op_type << "> {\n"
       "          if (!op.name) return webapi::make_error(webapi::ErrorKind::decode, \"the operation has no name to poll\", "
    << cpp_string(poll) << ");\n"
       "          return " << poll << "(*op.name);\n"
       "        },\n"
       "        [](const " << op_type << "& op) { return settle<R>(op); }, policy, " << cpp_string(poll) << ");\n  }\n\n";
  o << "  /// The asynchronous wait_for(): the operation started by `start(handler)` (an asynchronous call completing\n"
       "  /// with the operation), polled with async_" << poll << " between waits on a timer, as wait_for() does.\n";
  o << "  template <class R, class Start, class CompletionToken>\n"
       "  auto async_wait_for(Start start, const webapi::PollPolicy& policy, CompletionToken&& token) {\n";
  o << "    return webapi::detail::AsyncAwait<R>::template run<R, " << op_type << ">(\n"
       "        std::move(start),\n"
       "        [this](const " << op_type << "& op, auto handler) {\n"
       "          if (!op.name)\n"
       "            return webapi::detail::AsyncGlue<decltype(handler)>::complete_later(std::move(handler),\n"
       "                webapi::Result<" << op_type << ">(webapi::make_error(webapi::ErrorKind::decode, \"the operation has no name to poll\", "
    << cpp_string(poll) << ")));\n"
       "          this->async_" << poll << "(*op.name, std::move(handler));\n"
       "        },\n"
       "        [](const " << op_type << "& op) { return settle<R>(op); }, policy, " << cpp_string(poll)
    << ", std::forward<CompletionToken>(token));\n  }\n\n";
  o << "  /// A finished operation's outcome as R; nullopt while it runs.\n";
  o << "  template <class R>\n  static std::optional<webapi::Result<R>> settle(const " << op_type << "& op) {\n";
  o << "    if (!op.done.value_or(false)) return std::nullopt;\n";
  o << "    std::string which = op.name.value_or(\"operation\");\n";
  o << "    if (op.error) {\n"
       "      std::string message = op.error->message.value_or(\"failed\");\n"
       "      if (op.error->code) message += \" (code \" + std::to_string(*op.error->code) + \")\";\n"
       "      return webapi::Result<R>(webapi::make_error(webapi::ErrorKind::operation_failed, which + \": \" + message, which));\n"
       "    }\n";
  o << "    if constexpr (std::is_void_v<R>) {\n      return webapi::Result<void>{};\n    } else {\n"
       "      if (!op.response)\n"
       "        return webapi::Result<R>(webapi::make_error(webapi::ErrorKind::decode, which + \": done without a response\", which));\n"
       "      return webapi::json::decode<R>(webapi::json::encode(*op.response));\n    }\n  }\n\n";
}

// "std::int64_t track_id, const GetTracksParams& params = {}" and "track_id, params": the parameters of
// `op`'s method as declared, and as passed on.
std::pair<std::string, std::string> Module::method_parameters(const Op& op) const {
  std::string decl, args;
  for (const auto& p : op.path_params) {
    std::string t = render(p.type);
    if (t == "std::string") t = "std::string_view";
    decl += (decl.empty() ? "" : ", ") + t + " " + p.cpp;
    args += (args.empty() ? "" : ", ") + p.cpp;
  }
  if (has_params_struct(op)) {
    decl += (decl.empty() ? "" : ", ") + std::string("const ") + params_struct_name(op) + "& params";
    if (params_all_optional(op)) decl += " = {}";
    args += (args.empty() ? "" : ", ") + std::string("params");
  }
  return {decl, args};
}

// The operation's method: one line over its three steps, build_<op>, the transport and the decode step.
void Module::emit_method(std::ostringstream& o, const Op& op) const {
  o << doc_comment(op);
  auto [decl, args] = method_parameters(op);
  o << "  webapi::Result<" << op.result << "> " << op.name << "(" << decl << ") {\n";
  o << "    return run<" << op.result << ">(build_" << op.name << "(" << args << "), responses::" << op.name << ");\n";
  o << "  }\n\n";
  emit_async_method(o, op);
  emit_build(o, op);
}

// async_<op>: the asynchronous twin, the same request sent through the transport's async_send and the same
// Result; where every parameter may be left out, also a form with the token alone.
void Module::emit_async_method(std::ostringstream& o, const Op& op) const {
  auto [decl, args] = method_parameters(op);
  std::string required = decl;
  if (required.ends_with(" = {}")) required.resize(required.size() - 5);
  o << "  /// The asynchronous form of " << op.name << "(): completes with the same Result.\n";
  o << "  template <class CompletionToken>\n";
  o << "  auto async_" << op.name << "(" << required << (required.empty() ? "" : ", ") << "CompletionToken&& token) {\n";
  o << "    return async_run<" << op.result << ">(build_" << op.name << "(" << args << "), responses::" << op.name
    << ", std::forward<CompletionToken>(token));\n";
  o << "  }\n\n";
  if (required != decl) {
    std::string path_args = args.substr(0, args.rfind("params"));
    std::string path_decl = required.substr(0, required.rfind("const "));
    o << "  /// async_" << op.name << "() with every parameter left out.\n";
    o << "  template <class CompletionToken>\n";
    o << "  auto async_" << op.name << "(" << path_decl << "CompletionToken&& token) {\n";
    o << "    return async_" << op.name << "(" << path_args << params_struct_name(op) << "{}, std::forward<CompletionToken>(token));\n";
    o << "  }\n\n";
  }
}

// AsyncTwins<C, Token>: whether C has the asynchronous twin of every operation, each callable with a Token,
// and async_operations, the operations it checks; for the module's tests.
void Module::emit_async_twins(std::ostringstream& o, const std::vector<const Op*>& all) const {
  o << "/// Whether C has the asynchronous twin of every operation (see async_operations), each callable with a\n"
       "/// completion token of type Token.\n";
  o << "template <class C, class Token>\nconcept AsyncTwins = requires(C& c, Token token) {\n";
  for (const Op* op : all) {
    auto [decl, args] = method_parameters(*op);
    if (decl.ends_with(" = {}")) decl.resize(decl.size() - 5);
    if (decl.empty()) o << "  c.async_" << op->name << "(token);\n";
    else o << "  requires requires(" << decl << ") { c.async_" << op->name << "(" << args << ", token); };\n";
  }
  o << "};\n\n";
  o << "/// The operations whose asynchronous twins AsyncTwins checks.\n";
  o << "inline constexpr std::array<std::string_view, " << all.size() << "> async_operations{{\n";
  for (const Op* op : all) o << "    " << cpp_string(op->name) << ",\n";
  o << "}};\n\n";
}

// build_<op>: the request the operation sends, not sent, so a caller can sign, log or batch it.
void Module::emit_build(std::ostringstream& o, const Op& op) const {
  o << "  /// The request " << op.name << "() sends, without sending it.\n";
  o << "  webapi::Result<webapi::Request> build_" << op.name << "(" << method_parameters(op).first << ") const {\n";
  std::string opname = op.variant_of.empty() ? op.name : op.variant_of;
  o << "    auto req = start(" << method_enum(op.method) << ", " << cpp_string(opname) << ");\n";
  o << "    req.idempotent(" << (op.idempotent ? "true" : "false") << ");\n";
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
      o << (path_carries_credential(op, p) ? "    req.secret_segment(" : "    req.segment(") << cpp_string(p.wire)
        << ", " << p.cpp << ");\n";
    i = end;
  }
  flush();
  // Query, headers, cookies.
  std::vector<std::string> cookies;
  for (const auto& p : op.params) {
    std::string v = p.required ? "(*params." + p.cpp + ")" : "params." + p.cpp;
    if (p.in == "query") {
      if (p.required && render(p.type) == "std::string")
        o << "    if (params." << p.cpp << "->empty()) req.fail(\"required query parameter '" << p.wire << "' is empty\");\n";
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
      if (carries_credential(op, p)) o << "    req.secret(" << cpp_string(p.wire) << ");\n";
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
      std::string v = p.required ? "(*params." + p.cpp + ")" : "params." + p.cpp;
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
  if (!system_params_.empty()) o << "    system_parameters(req);\n";
  if (op.auth == "required") o << "    " << authorize_name(op.auth_order, op.auth_together) << "(req);\n";
  else if (op.auth == "optional") o << "    " << authorize_name(op.auth_order, op.auth_together) << "(req, false);\n";
  o << "    return std::move(req).build();\n";
  o << "  }\n\n";
}

// namespace responses: per operation, its documented success statuses and the module's error decoder, for
// the decode step (webapi::decode_response) whoever sends the request.
void Module::emit_responses(std::ostringstream& o, const std::vector<const Op*>& all) const {
  std::string decoder = get_bool(overlay_, "error_decoder") ? "&decode_error" : "nullptr";
  o << "/// What each operation's answer may be: its documented success statuses and how its errors read.\n";
  o << "namespace responses {\n";
  for (const Op* op : all) {
    o << "inline constexpr webapi::ResponseSpec " << op->name << "{{";
    for (std::size_t i = 0; i < op->success.size(); ++i) o << (i ? ", " : "") << op->success[i];
    o << "}, " << decoder;
    if (!op->list_member.empty() || op->may_be_empty)
      o << ", " << cpp_string(op->list_member) << ", " << (op->may_be_empty ? "true" : "false");
    o << "};\n";
  }
  o << "/// The generic send(): any 2xx.\n";
  o << "inline constexpr webapi::ResponseSpec send{{}, " << decoder << "};\n";
  if (std::any_of(ops_.begin(), ops_.end(), [&](const Op& op) { return paging_of(op).style == "link"; })) {
    o << "/// A page of an <operation>_all() reached by its next link: any 2xx, no error body read.\n";
    o << "inline constexpr webapi::ResponseSpec next_link{};\n";
  }
  o << "}  // namespace responses\n\n";
}

std::string Module::client_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n\n";
  o << "#include <array>\n#include <concepts>\n#include <cstdint>\n#include <map>\n#include <optional>\n#include <string>\n#include <string_view>\n"
       "#include <utility>\n#include <variant>\n#include <vector>\n\n";
  o << "#include <boost/json/value.hpp>\n\n";
  o << "#include <webapi/core/any_transport.hpp>\n#include <webapi/core/auth.hpp>\n#include <webapi/core/client_base.hpp>\n"
       "#include <webapi/core/credentials.hpp>\n#include <webapi/core/pager.hpp>\n#include <webapi/core/poller.hpp>\n#include <webapi/core/binary.hpp>\n#include <webapi/core/call.hpp>\n"
       "#include <webapi/core/form_body.hpp>\n#include <webapi/core/json.hpp>\n#include <webapi/core/method.hpp>\n"
       "#include <webapi/core/optional.hpp>\n#include <webapi/core/request_builder.hpp>\n#include <webapi/core/required.hpp>\n#include <webapi/core/result.hpp>\n"
       "#include <webapi/core/send_options.hpp>\n#include <webapi/core/transport.hpp>\n";
  if (get_bool(overlay_, "error_decoder")) o << "#include <webapi/" << name_ << "/errors.hpp>\n";
  o << "#include <webapi/" << name_ << "/models.hpp>\n#include <webapi/" << name_ << "/operations.hpp>\n\n";
  o << "namespace " << ns() << " {\n\n";
  emit_system_parameters_struct(o);
  // Config.
  o << "struct Config {\n";
  o << "  std::string base_url" << (base_url_.empty() ? "{}" : " = " + cpp_string(base_url_)) << ";";
  if (base_url_.empty()) o << "  ///< required: the service publishes no server";
  o << "\n";
  for (const auto& f : config_) {
    if (f.type == "bool") o << "  bool " << f.name << " = " << (f.def.empty() ? "false" : f.def) << ";\n";
    else o << "  " << config_field_type(f) << " " << f.name << (f.def.empty() ? "{}" : " = " + cpp_string(f.def)) << ";\n";
  }
  emit_system_parameters_config(o);
  o << "};\n\n";
  // Parameter structs.
  for (const auto& op : ops_) {
    if (!has_params_struct(op)) continue;
    o << "struct " << params_struct_name(op) << " {\n";
    for (const auto& p : op.params) {
      // A required parameter has no default: leaving it out of the initializer does not compile.
      if (p.required) o << "  webapi::Required<" << render(p.type) << "> " << p.cpp << ";\n";
      else o << "  " << render(optional_of(p.type)) << " " << p.cpp << "{};\n";
    }
    if (op.body.present) {
      TP t = op.body.required ? op.body.type : optional_of(op.body.type);
      o << "  " << render(t) << " body{};\n";
    }
    o << "};\n\n";
  }
  std::vector<const Op*> all;
  for (const auto& op : ops_) all.push_back(&op);
  for (const auto& op : extra_methods_) all.push_back(&op);
  emit_responses(o, all);
  // Client.
  o << "template <webapi::Transport T>\nclass Client : public webapi::ClientBase<Client<T>, T, Config> {\n";
  o << "  using Base = webapi::ClientBase<Client<T>, T, Config>;\n  friend Base;\n\n public:\n";
  o << "  using Base::Base;\n\n";
  emit_system_parameters_methods(o);
  for (const Op* op : all) emit_method(o, *op);
  for (const auto& op : ops_) emit_pager(o, op);
  emit_long_running(o);
  o << " private:\n";
  o << "  using Base::config_;\n  using Base::start;\n\n";
  emit_renewal(o);
  for (const auto& op : ops_) emit_pager_steps(o, op);
  // What send() (in the base) puts on every request, and how its answers decode.
  o << "  static constexpr const webapi::ResponseSpec& send_spec = responses::send;\n\n";
  o << "  void prepare(" << (system_params_.empty() && credentials_.empty() ? "[[maybe_unused]] " : "")
    << "webapi::RequestBuilder& req) const {\n";
  if (!system_params_.empty()) o << "    system_parameters(req);\n";
  if (!credentials_.empty()) o << "    authorize(req);\n";
  o << "  }\n\n";
  emit_system_parameters_apply(o);
  // One authorize function per credential order in use.
  std::set<std::string> emitted;
  std::vector<std::pair<std::vector<std::size_t>, std::size_t>> orders = {{default_order(), 1}};
  for (const auto& op : ops_) orders.emplace_back(op.auth_order, op.auth_together);
  if (!credentials_.empty()) {
    for (const auto& [order, together] : orders) {
      std::string fn = authorize_name(order, together);
      if (!emitted.insert(fn).second) continue;
      emit_authorize(o, fn, order, together);
    }
  }
  // The last private member ends with an empty line; the class does not.
  std::string text = o.str();
  if (text.ends_with("\n\n")) text.pop_back();
  o.str(text);
  o.seekp(0, std::ios_base::end);
  o << "};\n\n";
  o << "/// Client{transport} and Client{transport, config} name the transport's type.\n";
  o << "template <webapi::Transport T>\nClient(T&, Config = {}) -> Client<T>;\n\n";
  o << "/// The client application code names: one type whatever the transport (see webapi/core/any_transport.hpp).\n";
  o << "using AnyClient = Client<webapi::AnyTransport>;\n\n";
  emit_async_twins(o, all);
  o << "}  // namespace " << ns() << "\n\n";
  o << "#if " << separate_condition() << "\n"
    << "// AnyClient's methods are compiled once too, by <webapi/" << name_ << "/src.hpp> (see codec.hpp).\n"
    << "extern template class " << ns() << "::Client<webapi::AnyTransport>;\n"
    << "#endif\n";
  return o.str();
}

}  // namespace webapi::codegen
