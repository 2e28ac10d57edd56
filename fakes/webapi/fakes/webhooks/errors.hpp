#pragma once
// Error answers in the shape the description gives every operation's default response:
//
//   {"category":"VALIDATION_ERROR","correlationId":"<uuid>","message":"...",
//    "errors":[{"message":"...","in":"targetUrl"}],          (when one request member is at fault)
//    "context":{"operation":["subscriptions_update"]}}        (the extra facts, when there are any)
//
// The fake sets described_error as its Dispatcher's error format, so every refusal (a Failure, or an answer
// of the Dispatcher: no route, wrong method, an injected fault, an unmodeled operation) has this shape.
// The category is VALIDATION_ERROR for 400 (the description's example) and otherwise the name the
// description's ErrorCategory gives the status (UNAUTHORIZED, FORBIDDEN, NOT_FOUND, ...).

#include <string>
#include <string_view>
#include <utility>

#include <boost/json.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::webhooks {

/// Refuses the call with a 400 naming the request member at fault: "targetUrl", "throttling.period",
/// "inputs[2].id".
[[noreturn]] inline void invalid(std::string field, std::string message) {
  throw Failure(400, std::move(message), {{"in", std::move(field)}});
}

/// The Error category of a refusal with `status`: the description's ErrorCategory names the statuses.
inline std::string_view error_category(int status) {
  return status == 400 ? std::string_view("VALIDATION_ERROR") : status_code_name(status);
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

/// The fake's error answer (the Dispatcher's error format): the description's Error object with a
/// "in" fact as the field at fault and every other fact as context. `correlation_id` names this answer.
inline Response described_error(int status, std::string_view message, const boost::json::object& extra,
                                std::string_view correlation_id) {
  std::string field;
  boost::json::object context;
  for (const auto& kv : extra) {
    if (kv.key() == "in" && kv.value().is_string())
      field = kv.value().get_string();
    else
      context[kv.key()] = kv.value();
  }
  return json_response(status, error_json(status, message, correlation_id, field, context));
}

}  // namespace webapi::fakes::webhooks
