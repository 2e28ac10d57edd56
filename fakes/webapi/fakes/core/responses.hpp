#pragma once
// Building the responses a fake answers with: JSON bodies, JSON error bodies, raw bytes.
//
// Every error a fake gives has, unless the fake sets its API's own error shape on its Dispatcher, the body
// {"error":{"code":<status>,"message":"..."}}, so a client's error carries a message a person can act on
// whichever rule refused the call. Handlers refuse a call by throwing Failure; the dispatcher turns it into
// that response.

#include <exception>
#include <string>
#include <string_view>
#include <utility>

#include <boost/json.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/utf8.hpp>

namespace webapi::fakes {

/// The Content-Type of every JSON answer a fake gives.
inline constexpr std::string_view json_media_type = "application/json";

/// A `status` response with `body` serialized as JSON. Bytes that are not valid UTF-8 (echoed input) are
/// replaced by U+FFFD, so the body is always valid JSON text.
inline Response json_response(int status, const boost::json::value& body) {
  Response r;
  r.status = status;
  r.headers.set("Content-Type", json_media_type);
  // Whatever a client sent and the fake echoes, the answer is valid JSON text.
  r.body = valid_utf8(boost::json::serialize(body));
  return r;
}

/// A 200 response with `body` as JSON.
inline Response json_response(const boost::json::value& body) { return json_response(200, body); }

/// A `status` response with `bytes` as the body, unchanged, labelled `content_type`.
inline Response bytes_response(int status, std::string bytes, std::string_view content_type) {
  Response r;
  r.status = status;
  r.headers.set("Content-Type", content_type);
  r.body = std::move(bytes);
  return r;
}

/// The upper-case name of an HTTP status as services spell it in error bodies ("NOT_FOUND" for 404); a
/// status without one of its own is BAD_REQUEST below 500 and INTERNAL_SERVER_ERROR from 500.
inline std::string_view status_code_name(int status) noexcept {
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

/// {"error":{"code":status,"message":message}}, plus any extra members given.
inline Response error_response(int status, std::string_view message, boost::json::object extra = {}) {
  boost::json::object error;
  error["code"] = status;
  error["message"] = message;
  for (auto& kv : extra) error[kv.key()] = std::move(kv.value());
  return json_response(status, boost::json::object{{"error", std::move(error)}});
}

/// Thrown by a handler to refuse a call with a status, a message and, optionally, further facts (e.g. the
/// request member at fault) for the error body.
class Failure : public std::exception {
 public:
  /// A refusal with HTTP `status`, a message for a person, and `extra` members for the error body.
  Failure(int status, std::string message, boost::json::object extra = {})
      : status_(status), message_(std::move(message)), extra_(std::move(extra)) {}
  /// The HTTP status of the answer.
  int status() const noexcept { return status_; }
  /// What was wrong, for the error body's "message".
  const std::string& message() const noexcept { return message_; }
  /// Further members for the error body; empty if none.
  const boost::json::object& extra() const noexcept { return extra_; }
  /// The message.
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  int status_;
  std::string message_;
  boost::json::object extra_;
};

/// Refuses the call with `status` and `message`: throws Failure.
[[noreturn]] inline void fail(int status, std::string message) { throw Failure(status, std::move(message)); }
/// Refuses the call with 400 Bad Request.
[[noreturn]] inline void bad_request(std::string message) { fail(400, std::move(message)); }
/// Refuses the call with 403 Forbidden.
[[noreturn]] inline void forbidden(std::string message) { fail(403, std::move(message)); }
/// Refuses the call with 404 Not Found.
[[noreturn]] inline void not_found(std::string message) { fail(404, std::move(message)); }

}  // namespace webapi::fakes
