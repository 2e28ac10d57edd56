#pragma once
// Error answers in Google's shape, {"error":{"code":404,"message":"...","status":"NOT_FOUND"}}, for every
// refusal of the fake (a Failure, or the dispatcher's own: no route, wrong method, 501 for an unmodeled
// operation, an injected fault). The status is the canonical code: a Failure names it in its "status"
// fact where the HTTP status alone does not say it (400 FAILED_PRECONDITION, 409 ABORTED), otherwise it
// follows from the HTTP status. Every other fact goes into the error object as it is.

#include <boost/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::migration {

/// The canonical code Google answers with an HTTP status, for the statuses the fake answers.
inline std::string_view canonical_status(int status) {
  switch (status) {
    case 400:
      return "INVALID_ARGUMENT";
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "PERMISSION_DENIED";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "ALREADY_EXISTS";
    case 429:
      return "RESOURCE_EXHAUSTED";
    case 499:
      return "CANCELLED";
    case 501:
      return "UNIMPLEMENTED";
    case 503:
      return "UNAVAILABLE";
    case 504:
      return "DEADLINE_EXCEEDED";
    default:
      return status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT";
  }
}

/// The dispatcher's error format: Google's error object.
inline Response google_error(int status, std::string_view message, boost::json::object extra) {
  boost::json::object error;
  error["code"] = status;
  error["message"] = message;
  error["status"] = canonical_status(status);
  for (auto& kv : extra) error[kv.key()] = std::move(kv.value());
  return json_response(status, boost::json::object{{"error", std::move(error)}});
}

/// 400 INVALID_ARGUMENT naming the request member or parameter at fault.
[[noreturn]] inline void invalid(std::string field, std::string message) {
  throw Failure(400, std::move(message), {{"field", std::move(field)}});
}

/// 400 FAILED_PRECONDITION: the request is fine, the resource is not in a state to take it.
[[noreturn]] inline void failed_precondition(std::string message) {
  throw Failure(400, std::move(message), {{"status", "FAILED_PRECONDITION"}});
}

/// 409 ALREADY_EXISTS.
[[noreturn]] inline void already_exists(std::string message) { throw Failure(409, std::move(message)); }

/// 501 UNIMPLEMENTED.
[[noreturn]] inline void unimplemented(std::string message) { throw Failure(501, std::move(message)); }

}  // namespace webapi::fakes::migration
