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
//
// The concept and the completion signature are in <webapi/core/async_contract.hpp>, which client headers
// include; this header adds what needs Asio's executors: completing a handler later on its executor, and the
// type erasure AnyTransport::async_send goes through. Every asynchronous transport includes it, so a file that
// has one has both; a file that only holds an AnyClient and calls its asynchronous forms includes it itself.

#include <string>
#include <utility>

#include <boost/asio/any_completion_handler.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/execution/blocking.hpp>
#include <boost/asio/execution/relationship.hpp>
#include <boost/asio/prefer.hpp>

#include <webapi/core/async_contract.hpp>
#include <webapi/core/body_stream.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>

namespace webapi {
namespace detail {

/// The handler AnyTransport::async_send hands to the transport it refers to.
struct ErasedSendHandler {
  boost::asio::any_completion_handler<SendSignature> handler;  ///< the caller's handler, erased
};

template <class Dependent>
struct AsyncGlue {
  /// Completes `handler` with `values` on its associated executor (asio::system_executor for a handler
  /// without one: a thread of Asio's system context), never inside this call.
  /// (asio::post would do, but not for an any_completion_handler's executor, which Asio 1.26 cannot require
  /// never to block; preferring it works for every executor.)
  template <class Handler, class... Values>
  static void complete_later(Handler&& handler, Values&&... values) {
    auto executor = boost::asio::prefer(boost::asio::get_associated_executor(handler),
                                        boost::asio::execution::blocking.never,
                                        boost::asio::execution::relationship.fork);
    executor.execute([h = std::move(handler), ... v = std::forward<Values>(values)]() mutable {
      std::move(h)(std::move(v)...);
    });
  }

  /// AnyTransport's erased asynchronous send to a T.
  template <class T>
  static void erased_send(void* object, Request&& request, ErasedSendHandler&& erased) {
    if (auto unread = read_body_unless_streamed<T>(request))
      return complete_later(std::move(erased.handler), Result<Response>(*std::move(unread)));
    static_cast<T*>(object)->async_send(std::move(request), std::move(erased.handler));
  }

  /// How AnyTransport::async_send starts: through `send`, or, for a transport without an asynchronous form
  /// (`send` null), completing with an invalid_argument Error that says so.
  struct AnySend {
    template <class Handler>
    void operator()(Handler&& handler, void* object, void (*send)(void*, Request&&, ErasedSendHandler&&),
                    Request request) const {
      if (!send) {
        complete_later(std::forward<Handler>(handler),
                       Result<Response>(make_error(ErrorKind::invalid_argument,
                                                   "the transport has no asynchronous form (no async_send): "
                                                   "use send(), or a transport that offers async_send",
                                                   request.operation)));
        return;
      }
      send(object, std::move(request), ErasedSendHandler{std::forward<Handler>(handler)});
    }
  };
};

/// `request` through `transport`'s async_send, its streamed body read first where the transport cannot stream
/// it (as send_body_aware does); a body that cannot be read completes `handler` with that error, unsent.
template <class T, class Handler>
void async_send_body_aware(T& transport, Request request, Handler&& handler) {
  if (auto unread = read_body_unless_streamed<T>(request))
    return AsyncGlue<Handler>::complete_later(std::forward<Handler>(handler), Result<Response>(*std::move(unread)));
  transport.async_send(std::move(request), std::forward<Handler>(handler));
}

}  // namespace detail
}  // namespace webapi

// A client's call co_awaited with use_awaitable, as one coroutine.
#include <webapi/core/awaited_call.hpp>
// The asynchronous form of waiting for a long-running operation, for the clients that have one.
#include <webapi/core/async_poller.hpp>
// The asynchronous form of walking a paged listing (async_<operation>_all).
#include <webapi/core/async_pager.hpp>
