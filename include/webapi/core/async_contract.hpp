#pragma once
// The asynchronous form of a Transport, as little of it as a client header needs: the completion signature,
// the AsyncTransport concept, a continuation that keeps its handler's associations, and AsyncPager and the
// awaited form of a client's call declared.
// It costs one small Asio header (async_result.hpp); what completes and erases handlers is in
// <webapi/core/async_transport.hpp>, which every asynchronous transport includes (see there for the contract
// in full).

#include <chrono>
#include <type_traits>
#include <utility>

#include <boost/asio/associator.hpp>
#include <boost/asio/async_result.hpp>

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

/// The asynchronous pass over a paged listing that a client's `async_<operation>_all` returns. Declared here
/// and defined in <webapi/core/async_pager.hpp>, which <webapi/core/async_transport.hpp> includes: a client
/// header stays as light as it was, and the generated methods, member templates, are compiled where used.
template <class Item>
class AsyncPager;

namespace detail {

/// A client's call co_awaited with use_awaitable, as one coroutine completing with `Out`. Declared here and
/// defined in <webapi/core/awaited_call.hpp>, which <webapi/core/async_transport.hpp> includes.
template <class Out>
struct AwaitedCall;

/// A step of an asynchronous operation: called with what the previous step completed with, it runs
/// `then(std::move(handler), args...)`. It is associated with what `handler` is (executor, cancellation slot,
/// allocator), so an operation started with it completes where the caller's handler would, and a cancellation
/// of the caller reaches it.
template <class Handler, class Then>
struct Continuation {
  Handler handler;  ///< the caller's handler, completed by `then` in the end
  Then then;        ///< the step

  template <class... Args>
  void operator()(Args&&... args) {
    std::move(then)(std::move(handler), std::forward<Args>(args)...);
  }
};

/// A Continuation of `handler` by `then`.
template <class Handler, class Then>
Continuation<std::decay_t<Handler>, std::decay_t<Then>> continue_with(Handler&& handler, Then&& then) {
  return {std::forward<Handler>(handler), std::forward<Then>(then)};
}

/// The asynchronous form of a decorator that watches an exchange: `send(request, handler)` starts it on the
/// inner transport, and once it completes `observe(result, elapsed)` sees its Result and how long it took
/// (from the start), before the caller's handler gets the Result unchanged, associated as the caller's is.
template <class Token, class Send, class Observe>
auto async_send_observed(Request request, Token&& token, Send send, Observe observe) {
  return boost::asio::async_initiate<Token, SendSignature>(
      [](auto handler, Request request, Send send, Observe observe) {
        const auto start = std::chrono::steady_clock::now();
        std::move(send)(std::move(request),
                        continue_with(std::move(handler), [observe = std::move(observe), start](
                                                              auto handler, Result<Response> result) mutable {
                          observe(std::as_const(result), std::chrono::steady_clock::now() - start);
                          std::move(handler)(std::move(result));
                        }));
      },
      token, std::move(request), std::move(send), std::move(observe));
}

/// The parts of the asynchronous machinery that need Asio's executors (posting a completion, erasing a
/// handler). Declared here and defined in <webapi/core/async_transport.hpp>: a file that calls an
/// asynchronous form (async_<operation>, AnyTransport::async_send) without an asynchronous transport's header
/// includes that header itself. `Dependent` only defers the lookup to where the form is used.
template <class Dependent>
struct AsyncGlue;

/// A type-erased completion handler of SendSignature (an any_completion_handler), defined with AsyncGlue.
struct ErasedSendHandler;

}  // namespace detail
}  // namespace webapi

namespace boost::asio {
/// A Continuation is associated with whatever its caller's handler is associated with.
template <template <class, class> class Associator, class Handler, class Then, class DefaultCandidate>
struct associator<Associator, webapi::detail::Continuation<Handler, Then>, DefaultCandidate>
    : Associator<Handler, DefaultCandidate> {
  static typename Associator<Handler, DefaultCandidate>::type get(
      const webapi::detail::Continuation<Handler, Then>& c) noexcept {
    return Associator<Handler, DefaultCandidate>::get(c.handler);
  }
  static auto get(const webapi::detail::Continuation<Handler, Then>& c, const DefaultCandidate& d) noexcept
      -> decltype(Associator<Handler, DefaultCandidate>::get(c.handler, d)) {
    return Associator<Handler, DefaultCandidate>::get(c.handler, d);
  }
};
}  // namespace boost::asio
