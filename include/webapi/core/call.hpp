#pragma once
// call<R>(transport, request): send a built request and interpret the answer as R.
//
//   R = void                -> any 2xx is success, the body is ignored
//   R = Binary              -> the body's bytes and media type
//   R = std::string         -> the body as text (XML, CSV, plain text)
//   R = Response            -> the whole response, status included, for callers who inspect it
//   anything else           -> the body decoded as JSON into R (webapi::json::decode)
//
// A status outside 2xx is an http Error carrying the status and body; a body that does not decode is a
// decode Error naming where. A member the description requires but the answer lacks keeps its default
// (json::response_options; docs/json.md says why). Either way the operation name is attached.

#include <string>
#include <type_traits>
#include <utility>

#include <webapi/core/binary.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/core/validate.hpp>

namespace webapi {

namespace detail {
inline Error http_error(const Request& request, Response&& response) {
  std::string message = "server answered " + std::to_string(response.status);
  constexpr std::size_t excerpt = 200;
  if (!response.body.empty()) {
    message += ": ";
    message.append(response.body, 0, excerpt);
    if (response.body.size() > excerpt) message += "...";
  }
  Error e = make_error(ErrorKind::http, std::move(message), request.operation);
  e.status = response.status;
  e.body = std::move(response.body);
  return e;
}
}  // namespace detail

template <class R, Transport T>
Result<R> call(T& transport, const Result<Request>& request) {
  if (!request) return request.error();
  if (auto problem = validate(*request)) return *std::move(problem);
  Result<Response> sent = transport.send(*request);
  if (!sent) {
    Error e = std::move(sent).error();
    if (e.operation.empty()) e.operation = request->operation;
    return e;
  }
  Response response = std::move(*sent);
  if constexpr (std::is_same_v<R, Response>) {
    return response;
  } else {
    if (!response.ok()) return detail::http_error(*request, std::move(response));
    if constexpr (std::is_void_v<R>) {
      return Result<void>{};
    } else if constexpr (std::is_same_v<R, Binary>) {
      return Binary{std::move(response.body), std::string(response.content_type())};
    } else if constexpr (std::is_same_v<R, std::string>) {
      return std::move(response.body);
    } else {
      Result<R> decoded = json::decode<R>(response.body, json::response_options);
      if (!decoded) {
        Error e = std::move(decoded).error();
        e.operation = request->operation;
        e.status = response.status;
        e.body = std::move(response.body);
        return e;
      }
      return decoded;
    }
  }
}

}  // namespace webapi
