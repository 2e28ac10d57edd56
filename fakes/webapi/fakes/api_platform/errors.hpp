#pragma once
// Every refusal in the service's own error shape, as its description's examples show it:
// {"error": {"name": "instanceNotFoundError", "message": "...", "details": {"param": "..."}}}. The name
// follows the status; the member at fault, where a rule names one, is details.param.

#include <string>
#include <string_view>

#include <boost/json.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::api_platform {

/// The error name the service gives with `status`.
inline std::string_view error_name(int status) {
  switch (status) {
    case 400: return "malformedRequestError";
    case 401: return "AuthenticationError";
    case 403: return "forbiddenError";
    case 404: return "instanceNotFoundError";
    case 405: return "methodNotAllowedError";
    case 415: return "unsupportedMediaTypeError";
    case 429: return "rateLimitError";
    case 501: return "notImplementedError";
    default: return "serverError";
  }
}

/// The answer for a refusal: `extra` becomes details, its "in" (the member at fault) named param.
inline Response described_error(int status, std::string_view message, const boost::json::object& extra) {
  boost::json::object details;
  for (const auto& kv : extra) details[kv.key() == "in" ? boost::json::string_view("param") : kv.key()] = kv.value();
  boost::json::object error{{"name", error_name(status)}, {"message", message}};
  if (!details.empty()) error["details"] = std::move(details);
  return json_response(status, boost::json::object{{"error", std::move(error)}});
}

}  // namespace webapi::fakes::api_platform
