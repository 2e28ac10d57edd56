#pragma once
// Error answers in the description's YodleeError shape:
//
//   {"errorCode":"Y800","errorMessage":"Invalid value for accountId: ...","referenceCode":"fin-ref-3"}
//
// A handler refuses with yodlee_error(status, code, message); a Failure without a code (the toolkit's own
// answers: no route, a misplaced parameter, a body that breaks the model, 501 for an unmodeled operation)
// gets the code the service uses for that status. The field at fault, when the toolkit names one, is in the
// message already; YodleeError has no member for it.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <boost/json.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::finance {

/// The service's code for a refusal with `status` that names no code of its own.
inline std::string_view default_error_code(int status) {
  switch (status) {
    case 400: return "Y800";  // invalid value
    case 401: return "Y020";  // invalid token in the Authorization header
    case 403: return "Y015";  // unauthorized user
    case 404: return "Y807";  // resource not found
    case 415: return "Y806";  // invalid input
    case 501: return "Y901";  // service not supported
    default: return status >= 500 ? "Y902" : "Y806";
  }
}

/// Refuses the call with `status`, the service's error `code` and `message`.
[[noreturn]] inline void yodlee_error(int status, std::string_view code, std::string message) {
  throw Failure(status, std::move(message), {{"errorCode", code}});
}

/// 400 Y800, "Invalid value for <name>: <why>".
[[noreturn]] inline void invalid_value(std::string_view name, std::string_view why) {
  yodlee_error(400, "Y800", "Invalid value for " + std::string(name) + ": " + std::string(why));
}

/// 404 Y807 for a record the caller does not have.
[[noreturn]] inline void resource_not_found(std::string what) { yodlee_error(404, "Y807", std::move(what) + " not found"); }

/// The fake's error answer (its Dispatcher's error format).
inline Response yodlee_error_response(int status, std::string_view message, const boost::json::object& extra,
                                      std::uint64_t reference) {
  std::string code(default_error_code(status));
  if (const auto* c = extra.if_contains("errorCode"); c && c->is_string()) code = c->get_string();
  Response r = json_response(status, boost::json::object{{"errorCode", code},
                                                         {"errorMessage", message},
                                                         {"referenceCode", "fin-ref-" + std::to_string(reference)}});
  // Labelled as the description labels every YodleeError answer, also for a status an operation does not list
  // (the dispatcher relabels only the listed ones).
  r.headers.set("Content-Type", "application/json;charset=UTF-8");
  return r;
}

}  // namespace webapi::fakes::finance
