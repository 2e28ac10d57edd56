#pragma once
// A fake declared against its module: an operation is named by a string the compiler looks up in the
// module's generated table (`webapi::<module>::service`), so a renamed or removed operation is a build error
// and not a test failure; the rules its requests must keep (where each parameter travels, which body it
// takes) come from the same tables.
//
//   DeclaredRoutes<webapi::webhooks::service, Call> routes(router());
//   routes.on<"settings_get_all">(handlers::get_settings)          // Response(Call&)
//         .on<"settings_configure">(handlers::configure_settings)  // Response(Call&, const SettingsChangeRequest&)
//         .unmodeled<"settings_clear">();                          // answered 501 naming it
//
// A handler that takes the operation's request model as its second argument gets the JSON body decoded
// into it; a body that breaks the model is refused with 400 naming the member at fault.

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <webapi/core/ascii.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/method.hpp>
#include <webapi/core/operation.hpp>
#include <webapi/core/operation_answer.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes {

/// An operation's name as a template argument: on<"get_quote_search">(...).
template <std::size_t N>
struct OperationName {
  /// the name, NUL-terminated
  char text[N]{};
  /// From a string literal, so `on<"name">` compiles.
  consteval OperationName(const char (&s)[N]) { std::copy_n(s, N, text); }
  /// The name without its terminating NUL.
  constexpr std::string_view view() const { return {text, N - 1}; }
};

/// The index of `name` in `Service::operations`; not a constant expression (a build error) when the module
/// has no such operation.
template <class Service>
consteval std::size_t operation_index(std::string_view name) {
  for (std::size_t i = 0; i < Service::operations.size(); ++i)
    if (Service::operations[i].name == name) return i;
  throw "the module has no operation of this name";
}

/// One declared parameter of an operation: its wire name and where it travels.
struct ParameterPlace {
  /// the parameter's wire name
  std::string_view name;
  std::string_view in;  ///< "path", "query", "header", "cookie" or "body"
};

/// What a request to one operation must keep, and how it is answered, from the module's tables.
struct RequestRules {
  bool declared = false;  ///< false: a route added by hand, nothing is checked
  /// the module's name ("audio"), which names the API in exchange records
  std::string_view api{};
  /// the operation's name, as in `webapi::<module>::operations`
  std::string_view operation{};
  /// every parameter the operation declares
  std::vector<ParameterPlace> parameters{};
  std::string_view body_media_type{};  ///< empty: the operation takes no body
  std::string_view body_kind{};        ///< "json", "form", "multipart" or "raw"
  /// whether a request with an empty body is refused (400)
  bool body_required = false;
  /// The service also reads the operation's query parameters from a form body (as some do for POST).
  bool query_in_form_body = false;
  /// every answer the operation's description lists, with its media type
  std::vector<OperationAnswer> answers{};

  /// The declared parameter called `name`, or nullptr when the operation has none.
  const ParameterPlace* find(std::string_view name) const {
    for (const auto& p : parameters)
      if (p.name == name) return &p;
    return nullptr;
  }
};

/// The rules of operation `I` of `Service`.
template <class Service, std::size_t I>
RequestRules rules_of() {
  RequestRules r;
  r.declared = true;
  r.api = Service::name;
  r.operation = Service::operations[I].name;
  for (const auto& a : Service::answers)
    if (a.operation == r.operation) r.answers.push_back(a);
  for (const auto& p : Service::parameters)
    if (p.operation == r.operation && p.in != "body") r.parameters.push_back({p.name, p.in});
  for (const auto& b : Service::bodies)
    if (b.operation == r.operation) {
      r.body_media_type = b.media_type;
      r.body_kind = b.kind;
      r.body_required = b.required;
    }
  return r;
}

namespace detail {

/// The names of the fields of a form body or the top-level members of a JSON object body.
inline std::vector<std::string> body_field_names(std::string_view media, std::string_view body) {
  std::vector<std::string> out;
  if (media == "application/x-www-form-urlencoded") {
    while (!body.empty()) {
      std::string_view pair = body.substr(0, body.find('&'));
      body.remove_prefix(std::min(body.size(), pair.size() + 1));
      if (!pair.empty()) out.emplace_back(pair.substr(0, pair.find('=')));
    }
  } else if (media == "application/json") {
    boost::system::error_code ec;
    boost::json::value doc = boost::json::parse(body, ec);
    if (!ec && doc.is_object())
      for (const auto& kv : doc.get_object()) out.emplace_back(kv.key());
  }
  return out;
}

[[noreturn]] inline void misplaced(std::string_view name, std::string_view expected, std::string_view got) {
  throw Failure(400,
                "parameter '" + std::string(name) + "' belongs in the " + std::string(expected) + ", not in the " +
                    std::string(got),
                {{"in", std::string(name)}});
}

}  // namespace detail

/// Refuses, with 400 (415 for a body of the wrong media type), a request that puts a parameter somewhere
/// the operation does not take it, or brings a body the operation does not take.
inline void check_request(const Request& r, const RequestRules& rules) {
  if (!rules.declared) return;
  for (const auto& q : r.query)
    if (const ParameterPlace* p = rules.find(q.name); p && p->in != "query") detail::misplaced(q.name, p->in, "query");
  if (r.body.empty()) {
    if (rules.body_required)
      throw Failure(400,
                    "operation '" + std::string(rules.operation) + "' needs a " +
                        std::string(rules.body_media_type) + " request body",
                    {{"in", "body"}});
    return;
  }
  std::string media = ascii::media_type_essence(!r.content_type.empty() ? std::string_view(r.content_type)
                                                                         : r.headers.get("Content-Type").value_or(""));
  if (rules.body_media_type.empty()) {
    if (rules.query_in_form_body && media == "application/x-www-form-urlencoded") {
      for (const auto& name : detail::body_field_names(media, r.body))
        if (const ParameterPlace* p = rules.find(name); p && p->in != "query") detail::misplaced(name, p->in, "body");
      return;
    }
    for (const auto& name : detail::body_field_names(media, r.body))
      if (const ParameterPlace* p = rules.find(name)) detail::misplaced(name, p->in, "request body");
    throw Failure(400, "operation '" + std::string(rules.operation) + "' takes no request body", {{"in", "body"}});
  }
  // The module may declare the media type with parameters ("application/json; charset=utf-8"): compare the types.
  if (media != ascii::media_type_essence(rules.body_media_type))
    throw Failure(415,
                  "operation '" + std::string(rules.operation) + "' takes a " + std::string(rules.body_media_type) +
                      " body, not " + (media.empty() ? std::string("one without a Content-Type") : "'" + media + "'"),
                  {{"in", "Content-Type"}});
}

/// The member a decoder message names: "at $.inputs[1].id: ..." -> "inputs[1].id",
/// "missing required field 'period' at $.throttling" -> "throttling.period"; "body" for the whole body.
inline std::string member_at_fault(std::string_view message) {
  auto after_dollar = [](std::string_view s) {
    std::size_t d = s.find('$');
    if (d == std::string_view::npos) return std::string();
    s.remove_prefix(d + 1);
    if (!s.empty() && s.front() == '.') s.remove_prefix(1);
    return std::string(s.substr(0, s.find(':')));
  };
  constexpr std::string_view missing = "missing required field '";
  if (message.starts_with(missing)) {
    std::string_view rest = message.substr(missing.size());
    std::string field(rest.substr(0, rest.find('\'')));
    std::string outer = after_dollar(rest);
    return outer.empty() ? field : outer + '.' + field;
  }
  std::string path = after_dollar(message);
  return path.empty() ? std::string("body") : path;
}

/// The request body decoded into `Model`, or a 400 naming the member at fault.
template <class Model>
Model decode_body(const Request& r) {
  auto decoded = webapi::json::decode<Model>(r.body);
  if (decoded) return *std::move(decoded);
  const std::string& why = decoded.error().message;
  std::string member = member_at_fault(why);
  std::string message = why.starts_with("missing required field")
                            ? "'" + member + "' is required"
                            : "'" + member + "' does not fit the request model: " + why;
  throw Failure(400, std::move(message), {{"in", std::move(member)}});
}

/// Appends `model` as JSON to `out`. Whatever a client sent and the fake echoes (a path value, a title) is
/// valid JSON text: bytes that are not UTF-8 are written as U+FFFD, as json_response does.
template <class Model>
void encode_answer_to(std::string& out, const Model& model) {
  webapi::json::try_encode_to(out, model, {.replace_invalid_utf8 = true}).value();
}
/// `model` as JSON, as encode_answer_to writes it.
template <class Model>
std::string encode_answer(const Model& model) {
  std::string out;
  encode_answer_to(out, model);
  return out;
}

/// A JSON answer encoded from a module's response model.
template <class Model>
Response model_response(int status, const Model& model) {
  Response r;
  r.status = status;
  r.headers.set("Content-Type", json_media_type);
  encode_answer_to(r.body, model);
  return r;
}
/// A 200 JSON answer encoded from `model`.
template <class Model>
Response model_response(const Model& model) {
  return model_response(200, model);
}

/// Registers the handlers of a fake by operation of `Service` (`webapi::<module>::service`) on a Router whose
/// handlers take (Context&, const Request&).
template <class Service, class Context, class RouterType>
class DeclaredRoutes {
 public:
  /// Adds routes to `router`, which must outlive this object.
  explicit DeclaredRoutes(RouterType& router) : router_(router) {}

  /// `handler(Context&)`, or `handler(Context&, const Model&)` with the operation's request model.
  template <OperationName Name, class F>
  DeclaredRoutes& on(F handler, RequestRules extra = {}) {
    constexpr std::size_t index = operation_index<Service>(Name.view());
    return add<index>(Service::operations[index].method, std::move(handler), std::move(extra));
  }

  /// The operation is answered under `method` as well, the same way (a service that takes GET and POST).
  template <OperationName Name, class F>
  DeclaredRoutes& also(Method method, F handler, RequestRules extra = {}) {
    constexpr std::size_t index = operation_index<Service>(Name.view());
    return add<index>(method, std::move(handler), std::move(extra));
  }

  /// The operation is known but not modeled: answered 501 naming it.
  template <OperationName Name>
  DeclaredRoutes& unmodeled() {
    constexpr std::size_t index = operation_index<Service>(Name.view());
    const Operation& op = Service::operations[index];
    router_.add(op.method, op.path, op.name, typename RouterType::HandlerType{}, rules_of<Service, index>());
    return *this;
  }

 private:
  template <std::size_t I, class F>
  DeclaredRoutes& add(Method method, F handler, RequestRules extra) {
    using Model = typename Service::template request_model<I>::type;
    // A stand-in for "no model", so the check below never forms a reference to void.
    using Arg = std::conditional_t<std::is_void_v<Model>, RequestRules, Model>;
    const Operation& op = Service::operations[I];
    RequestRules rules = rules_of<Service, I>();
    rules.query_in_form_body = extra.query_in_form_body;
    typename RouterType::HandlerType h;
    if constexpr (!std::is_void_v<Model> && std::is_invocable_v<F&, Context&, const Arg&>) {
      h = [f = std::move(handler)](Context& c, const Request& r) mutable { return f(c, decode_body<Arg>(r)); };
    } else {
      static_assert(std::is_invocable_r_v<Response, F&, Context&>,
                    "a handler takes (Context&) or (Context&, const <the operation's request model>&)");
      h = [f = std::move(handler)](Context& c, const Request&) mutable { return f(c); };
    }
    router_.add(method, op.path, op.name, std::move(h), std::move(rules));
    return *this;
  }

  RouterType& router_;
};

}  // namespace webapi::fakes
