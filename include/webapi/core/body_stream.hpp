#pragma once
// Request bodies streamed from disk (Request::body_stream) and the transports that send them as they come.
//
// BeastTransport sends a streamed body piece by piece; a transport that does not declare
// `streams_request_bodies` (a fake, a canned transport, one of the caller's own) is handed the request with
// the body read into Request::body, so every transport keeps working on uploads.

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <webapi/core/error.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// Whether transport T sends Request::body_stream itself.
template <class T>
concept StreamsRequestBodies = requires {
  requires T::streams_request_bodies;
};

/// `request` with its streamed body read into Request::body; the request itself when it has none.
/// An invalid_argument error, naming the request's operation, if the stream reports a problem (a file that
/// cannot be read); its message is the stream's.
inline Result<Request> with_body_read(const Request& request) {
  if (!request.body_stream) return request;
  Request whole = request;
  whole.body_stream.reset();
  whole.body.clear();
  whole.body.reserve(static_cast<std::size_t>(request.body_stream->size));
  std::string problem = request.body_stream->write([&](std::string_view piece) {
    whole.body.append(piece);
    return true;
  });
  if (!problem.empty()) return make_error(ErrorKind::invalid_argument, problem, request.operation);
  return whole;
}

/// Reads `request`'s streamed body into Request::body unless transport T streams it; the error of
/// with_body_read() if the stream could not be read (then `request` is as it was).
template <class T>
std::optional<Error> read_body_unless_streamed(Request& request) {
  if constexpr (!StreamsRequestBodies<T>) {
    if (request.body_stream) {
      auto whole = with_body_read(request);
      if (!whole) return std::move(whole).error();
      request = *std::move(whole);
    }
  }
  return std::nullopt;
}

/// Sends `request` through `transport`, reading a streamed body first unless the transport streams it.
/// An error if the streamed body could not be read, as with_body_read(); otherwise whatever the transport
/// answers.
template <class T>
Result<Response> send_body_aware(T& transport, const Request& request) {
  if constexpr (!StreamsRequestBodies<T>) {
    if (request.body_stream) {
      auto whole = with_body_read(request);
      if (!whole) return std::move(whole).error();
      return transport.send(*whole);
    }
  }
  return transport.send(request);
}

}  // namespace webapi
