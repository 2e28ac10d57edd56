#pragma once
// A client's call co_awaited with boost::asio::use_awaitable, run as one coroutine: the request is sent with
// the transport's async_send(request, use_awaitable), sent once more after a 401 whose credential was renewed,
// and its answer made into the call's Result, with no completion handler between the steps. A transport that
// can run a request inside the coroutine awaiting it (BeastTransport on its own executor) then starts no
// coroutine of its own for it. ClientBase::async_run takes this form for use_awaitable and its handler form
// for every other token; the two complete with the same Result.
//
// Declared in <webapi/core/async_contract.hpp> and defined here; <webapi/core/async_transport.hpp> includes
// this header, so a client header stays as light as it was.

#include <optional>
#include <type_traits>
#include <utility>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/cancellation_type.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <webapi/core/async_contract.hpp>
#include <webapi/core/body_stream.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>

namespace webapi::detail {

template <class Out>
struct AwaitedCall {
  /// Whether a call completing `Token` takes this form: `Token` is boost::asio::use_awaitable.
  template <class Token>
  static constexpr bool takes = std::is_same_v<std::decay_t<Token>, boost::asio::use_awaitable_t<>>;

  /// `request` through `transport`'s async_send, its streamed body read first where the transport cannot
  /// stream it; for a 401 whose credential `renew(Request&) -> bool` replaced, once more, unless the awaiting
  /// coroutine was cancelled meanwhile (the refusal is then the answer). `outcome(request, sent) -> Out` makes
  /// the call's Result of the last answer, with the request as last sent. A request `refused` before sending
  /// (its building or validation error) completes with that error. Either way the caller resumes through its
  /// executor's queue, as after any operation of Asio's.
  template <class T, class Renew, class Outcome>
  static boost::asio::awaitable<Out> run(T& transport, Result<Request> request, std::optional<Error> refused,
                                         Renew renew, Outcome outcome) {
    namespace asio = boost::asio;
    if (refused) {
      co_await asio::post(asio::use_awaitable);
      co_return Out(*std::move(refused));
    }
    Request& sending = *request;
    if (auto unread = read_body_unless_streamed<T>(sending)) {
      co_await asio::post(asio::use_awaitable);
      co_return outcome(sending, Result<Response>(*std::move(unread)));
    }
    // The transport owns what it sends until it completes: a copy goes, and `sending` stays for the resend.
    Result<Response> sent = co_await transport.async_send(Request(sending), asio::use_awaitable);
    if (sent && sent->status == 401) {
      // Awaiting once more after a cancellation would throw instead of completing with a Result.
      const auto cancellation = co_await asio::this_coro::cancellation_state;
      if (cancellation.cancelled() == asio::cancellation_type::none && renew(sending))
        sent = co_await transport.async_send(Request(sending), asio::use_awaitable);
    }
    co_return outcome(sending, std::move(sent));
  }
};

}  // namespace webapi::detail
