#pragma once
// Long-running operations: poll until done, under a policy, and hand back the typed result or the error.
//
//   auto report = client.report_configs_reports_create_and_wait(parent, params, {.max_total = 10min});
//
// The core knows no API's operation shape: `poll` fetches the operation again and `settle` says whether it
// has finished and, if so, with what (the generated client supplies both). Waits grow from
// `initial_delay` by `multiplier` up to `max_delay`; no wait starts that would end past `max_total`
// from the start, and `cancelled` is asked before every wait.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>


#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// How await_operation() waits between polls and when it gives up. The defaults wait 0.5 s, then 1.5 times
/// longer each time up to 10 s, for at most 5 minutes.
struct PollPolicy {
  std::chrono::milliseconds initial_delay{500};  ///< before the first poll
  std::chrono::milliseconds max_delay{10'000};   ///< waits grow up to this
  /// each wait is the previous one times this, capped at `max_delay`
  double multiplier = 1.5;
  std::chrono::milliseconds max_total{300'000};  ///< give up rather than wait past this, from the start
  /// Asked before each wait; true stops polling with a `cancelled` Error.
  std::function<bool()> cancelled{};
  /// How to wait; empty: the calling thread sleeps. Tests pass one that moves their clock instead.
  std::function<void(std::chrono::milliseconds)> sleep{};
  /// The clock the budget is measured on; empty: steady_clock.
  std::function<std::chrono::steady_clock::time_point()> now{};
};

namespace detail {
// Sleeps for `d` (std::this_thread::sleep_for resumes after a signal until `d` has passed).
inline void sleep_for(std::chrono::milliseconds d) { std::this_thread::sleep_for(d); }
}  // namespace detail

namespace detail {
/// Where a wait for an operation stands, and the policy's rules, shared by await_operation() and its
/// asynchronous form.
struct Polling {
  const PollPolicy& policy;
  std::string_view operation;
  std::chrono::steady_clock::time_point start = now();
  std::chrono::milliseconds delay = policy.initial_delay;
  int polls = 0;

  std::chrono::steady_clock::time_point now() const {
    return policy.now ? policy.now() : std::chrono::steady_clock::now();
  }
  /// After `current` came in: its outcome once `settle` says it is done, or the error that stops the wait
  /// (cancelled, budget spent); nullopt to wait `delay` and poll again.
  template <class T, class Op, class Settle>
  std::optional<Result<T>> after(const Op& current, Settle& settle) const {
    if (std::optional<Result<T>> done = settle(current)) return done;
    if (policy.cancelled && policy.cancelled())
      return Result<T>(make_error(ErrorKind::cancelled,
                                  "stopped waiting for the operation after " + std::to_string(polls) + " polls: cancelled",
                                  std::string(operation)));
    if (now() + delay - start > policy.max_total)
      return Result<T>(make_error(ErrorKind::deadline_exceeded,
                                  "the operation was not done after " + std::to_string(polls) + " polls within " +
                                      std::to_string(policy.max_total.count()) + " ms",
                                  std::string(operation)));
    return std::nullopt;
  }
  /// A wait is over: the next one is longer.
  void waited() {
    ++polls;
    delay = std::min(policy.max_delay,
                     std::chrono::milliseconds(static_cast<std::int64_t>(delay.count() * policy.multiplier)));
  }
};

/// The asynchronous await_operation(), defined in <webapi/core/async_poller.hpp> (which
/// <webapi/core/async_transport.hpp> includes): see there.
template <class Dependent>
struct AsyncAwait;
}  // namespace detail

/// Polls `started` (an operation as first returned) until `settle` gives a result.
///   poll(const Op&)   -> Result<Op>                  the operation fetched again
///   settle(const Op&) -> std::optional<Result<T>>    nullopt while it runs; its result or error once done
/// A failed poll, a cancellation and a spent budget end the wait with an Error naming the operation.
template <class T, class Op, class Poll, class Settle>
Result<T> await_operation(Result<Op> started, Poll&& poll, Settle&& settle, const PollPolicy& policy,
                          std::string_view operation) {
  if (!started) return std::move(started).error();
  detail::Polling polling{policy, operation};
  Op current = std::move(*started);
  for (;;) {
    if (auto end = polling.after<T>(current, settle)) return std::move(*end);
    if (policy.sleep) policy.sleep(polling.delay);
    else detail::sleep_for(polling.delay);
    polling.waited();
    Result<Op> next = poll(current);
    if (!next) return std::move(next).error();
    current = std::move(*next);
  }
}

}  // namespace webapi
