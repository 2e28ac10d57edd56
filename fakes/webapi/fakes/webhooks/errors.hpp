#pragma once
// Error answers in the shape the description gives every operation's default response:
//
//   {"category":"VALIDATION_ERROR","correlationId":"<uuid>","message":"...",
//    "errors":[{"message":"...","in":"targetUrl"}],          (when one request member is at fault)
//    "context":{"operation":["subscriptions_update"]}}        (the extra facts, when there are any)
//
// Inside the fake every refusal is the toolkit's usual {"error":{"code","message",...}} (a Failure, or an
// answer of the Dispatcher: no route, wrong method, an injected fault, an unmodeled operation); Fake::send
// rewrites each into this shape on the way out, so a client sees one error shape whatever refused it.
// The category is VALIDATION_ERROR for 400 (the description's example) and otherwise the name the
// description's ErrorCategory gives the status (UNAUTHORIZED, FORBIDDEN, NOT_FOUND, ...).

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <boost/json.hpp>

#include <webapi/core/headers.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::webhooks {

/// A 400 naming the request member at fault: "targetUrl", "throttling.period", "inputs[2].id".
class Invalid : public Failure {
 public:
  Invalid(std::string field, std::string message) : Failure(400, std::move(message)), field_(std::move(field)) {}
  const std::string& field() const noexcept { return field_; }
  /// The toolkit's error body with the field added as "in", for Fake::send to carry over.
  Response response_naming_field() const { return error_response(400, message(), {{"in", field_}}); }

 private:
  std::string field_;
};

[[noreturn]] inline void invalid(std::string field, std::string message) {
  throw Invalid(std::move(field), std::move(message));
}

/// `handler` with its Invalid refusals answered naming the field (the Dispatcher would drop the name).
template <class Handler>
auto naming_fields(Handler handler) {
  return [handler = std::move(handler)](auto& call) -> Response {
    try {
      return handler(call);
    } catch (const Invalid& e) {
      return e.response_naming_field();
    }
  };
}

/// The description's ErrorCategory name of an HTTP status, for the statuses a fake answers.
inline std::string_view status_name(int status) {
  switch (status) {
    case 400: return "BAD_REQUEST";
    case 401: return "UNAUTHORIZED";
    case 403: return "FORBIDDEN";
    case 404: return "NOT_FOUND";
    case 405: return "METHOD_NOT_ALLOWED";
    case 408: return "REQUEST_TIMEOUT";
    case 409: return "CONFLICT";
    case 413: return "REQUEST_ENTITY_TOO_LARGE";
    case 415: return "UNSUPPORTED_MEDIA_TYPE";
    case 422: return "UNPROCESSABLE_ENTITY";
    case 429: return "TOO_MANY_REQUESTS";
    case 500: return "INTERNAL_SERVER_ERROR";
    case 501: return "NOT_IMPLEMENTED";
    case 502: return "BAD_GATEWAY";
    case 503: return "SERVICE_UNAVAILABLE";
    case 504: return "GATEWAY_TIMEOUT";
    default: return status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
  }
}

/// The Error category of a refusal with `status`.
inline std::string_view error_category(int status) {
  return status == 400 ? std::string_view("VALIDATION_ERROR") : status_name(status);
}

/// The description's Error object. `field`, when given, becomes the one ErrorDetail's "in"; each member
/// of `context` (strings or numbers) becomes a one-value context list.
inline boost::json::object error_json(int status, std::string_view message, std::string_view correlation_id,
                                      std::string_view field = {}, const boost::json::object& context = {}) {
  boost::json::object o;
  o["category"] = error_category(status);
  o["correlationId"] = correlation_id;
  o["message"] = message;
  if (!field.empty())
    o["errors"] = boost::json::array{boost::json::object{{"message", message}, {"in", field}}};
  if (!context.empty()) {
    boost::json::object lists;
    for (const auto& kv : context) {
      const auto& v = kv.value();
      lists[kv.key()] = boost::json::array{v.is_string() ? v : boost::json::value(boost::json::serialize(v))};
    }
    o["context"] = std::move(lists);
  }
  return o;
}

/// `r` rewritten into the description's Error shape when it is the toolkit's usual error body; nullopt
/// for anything else (a success, or an answer already in shape). `correlation_id` names this answer.
inline std::optional<Response> described_error(const Response& r, std::string_view correlation_id) {
  if (r.status < 400 || r.body.empty()) return std::nullopt;
  boost::system::error_code ec;
  boost::json::value doc = boost::json::parse(r.body, ec);
  if (ec || !doc.is_object()) return std::nullopt;
  const auto* error = doc.get_object().if_contains("error");
  if (!error || !error->is_object()) return std::nullopt;
  const auto& e = error->get_object();
  const auto* message = e.if_contains("message");
  if (!message || !message->is_string()) return std::nullopt;

  std::string field;
  boost::json::object context;
  for (const auto& kv : e) {
    if (kv.key() == "code" || kv.key() == "message") continue;
    if (kv.key() == "in" && kv.value().is_string())
      field = kv.value().get_string();
    else
      context[kv.key()] = kv.value();
  }
  Response out = json_response(r.status, error_json(r.status, message->get_string(), correlation_id, field, context));
  for (const auto& [name, value] : r.headers)  // e.g. Allow on a 405
    if (!iequals(name, "Content-Type")) out.headers.set(name, value);
  return out;
}

}  // namespace webapi::fakes::webhooks
