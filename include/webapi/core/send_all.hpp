#pragma once
// send_all(transport, requests): a batch of requests through any Transport, the results in request order.
//
//   std::vector<webapi::Result<webapi::Response>> answers = webapi::send_all(transport, requests, 16);
//
// A transport that sends batches itself (BeastTransport::send_all: many requests in flight from one thread)
// is handed the batch; any other (an in-memory fake, a decorator, one of the caller's own) gets the requests
// one after another. So code written against the Transport concept batches the same way in production and
// against the fakes in its tests.

#include <concepts>
#include <cstddef>
#include <span>
#include <vector>

#include <webapi/core/body_stream.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>

namespace webapi {

/// Whether T sends a batch itself: `t.send_all(requests, concurrency)` answers each request, in order, with up
/// to `concurrency` of them in flight.
template <class T>
concept SendsBatches = requires(T& t, std::span<const Request> requests, std::size_t concurrency) {
  { t.send_all(requests, concurrency) } -> std::same_as<std::vector<Result<Response>>>;
};

/// Sends every request of `requests` through `transport` and returns their results in the same order: through
/// `transport.send_all(requests, concurrency)` where the transport has it, else one request after another
/// (a streamed body read first for a transport that does not stream it, as a client does).
template <Transport T>
std::vector<Result<Response>> send_all(T& transport, std::span<const Request> requests, std::size_t concurrency = 16) {
  if constexpr (SendsBatches<T>) {
    return transport.send_all(requests, concurrency);
  } else {
    std::vector<Result<Response>> results;
    results.reserve(requests.size());
    for (const Request& request : requests) results.push_back(send_body_aware(transport, request));
    return results;
  }
}

}  // namespace webapi
