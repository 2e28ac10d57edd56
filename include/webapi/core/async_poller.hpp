#pragma once
// The asynchronous await_operation(): the same polls, policy and outcome, with the waits on a steady_timer
// (core/async_timer.hpp) instead of a sleeping thread. A PollPolicy's `sleep`, where set (a test moving a
// fake's clock), is called instead of the timer, and the next poll then starts on the handler's executor.
// A cancellation through the handler's slot during a wait ends it with a `cancelled` Error, as
// PollPolicy::cancelled does; one during a poll is the transport's to honour.

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/cancellation_type.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/steady_timer.hpp>

#include <webapi/core/async_timer.hpp>
#include <webapi/core/async_transport.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/poller.hpp>
#include <webapi/core/result.hpp>

namespace webapi::detail {

template <class Dependent>
struct AsyncAwait {
  /// Starts the operation with `start(handler)` (completing with Result<Op>), then polls it with
  /// `poll(const Op&, handler)` until `settle` gives its outcome; completes `token` with void(Result<T>).
  template <class T, class Op, class Start, class Poll, class Settle, class Token>
  static auto run(Start start, Poll poll, Settle settle, const PollPolicy& policy, std::string operation,
                  Token&& token) {
    return boost::asio::async_initiate<Token, void(Result<T>)>(
        [](auto handler, Start start, Poll poll, Settle settle, PollPolicy policy, std::string operation) {
          auto executor = boost::asio::get_associated_executor(handler);
          auto held = std::make_unique<typename Steps<T, Op, Start, Poll, Settle>::Held>(
              std::move(start), std::move(poll), std::move(settle), std::move(policy), std::move(operation), executor);
          boost::asio::async_compose<decltype(handler), void(Result<T>)>(
              Steps<T, Op, Start, Poll, Settle>{std::move(held)}, handler, executor);
        },
        token, std::move(start), std::move(poll), std::move(settle), policy, std::move(operation));
  }

  template <class T, class Op, class Start, class Poll, class Settle>
  struct Steps {
    struct Held {
      template <class Executor>
      Held(Start st, Poll p, Settle se, PollPolicy pol, std::string op, const Executor& executor)
          : start(std::move(st)), poll(std::move(p)), settle(std::move(se)), policy(std::move(pol)),
            operation(std::move(op)), polling{policy, operation}, timer(timer_executor(executor)) {}
      Start start;
      Poll poll;
      Settle settle;
      PollPolicy policy;
      std::string operation;
      Polling polling;
      boost::asio::steady_timer timer;
      std::optional<Op> current;
    };
    std::unique_ptr<Held> held;

    template <class Self>
    void operator()(Self& self) {  // start the operation
      self.reset_cancellation_state(boost::asio::enable_total_cancellation());
      Held& h = *held;  // `held` moves with `self`, maybe before another argument is read
      h.start(std::move(self));
    }
    template <class Self>
    void operator()(Self& self, Result<Op> fetched) {  // the operation as started or polled
      if (!fetched) return self.complete(Result<T>(std::move(fetched).error()));
      held->current = std::move(*fetched);
      if (auto end = held->polling.template after<T>(*held->current, held->settle)) return self.complete(std::move(*end));
      if (held->policy.sleep) {
        held->policy.sleep(held->polling.delay);
        return AsyncGlue<Self>::complete_later(std::move(self), boost::system::error_code{});
      }
      held->timer.expires_after(held->polling.delay);
      held->timer.async_wait(std::move(self));
    }
    template <class Self>
    void operator()(Self& self, boost::system::error_code ec) {  // a wait is over
      if (ec || self.cancelled() != boost::asio::cancellation_type::none)
        return self.complete(Result<T>(make_error(
            ErrorKind::cancelled,
            "stopped waiting for the operation after " + std::to_string(held->polling.polls) + " polls: cancelled",
            held->operation)));
      Held& h = *held;  // `held` moves with `self`, maybe before `*h.current` is read
      h.polling.waited();
      h.poll(*h.current, std::move(self));
    }
  };
};

}  // namespace webapi::detail
