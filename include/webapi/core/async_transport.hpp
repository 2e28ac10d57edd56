#pragma once
// The asynchronous form of a Transport: `t.async_send(request, token)` in Asio's completion-token model.
//
//   webapi::Result<webapi::Response> r = co_await transport.async_send(request, boost::asio::use_awaitable);
//   transport.async_send(request, [](webapi::Result<webapi::Response> r) { ... });
//
// The token may be anything Asio accepts (a callback, use_awaitable, use_future, deferred); the operation
// completes once with the same Result the blocking send() returns, on the handler's associated executor, and
// honours the handler's cancellation slot: a cancelled send completes with a transport Error whose
// TransportFailure is `cancelled` (its phase says whether the request had left).

#include <utility>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// The completion signature of every asynchronous send.
using SendSignature = void(Result<Response>);

namespace detail {
/// The plainest completion handler, to state the concept with.
struct SendHandlerProbe {
  void operator()(Result<Response>) const {}
};
}  // namespace detail

/// What an asynchronous client sends through: `t.async_send(request, token)` takes the Request by value (the
/// operation owns it until it completes) and completes with SendSignature.
template <class T>
concept AsyncTransport = requires(T& t, Request request) { t.async_send(std::move(request), detail::SendHandlerProbe{}); };

}  // namespace webapi
