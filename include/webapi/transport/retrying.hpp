#pragma once
// Retrying<T>: a transport decorator that sends an idempotent request again after a transient failure.
//
//   webapi::BeastTransport http;
//   webapi::Retrying retrying{http, {.max_attempts = 5}};
//   webapi::quotes::Client quotes{retrying, config};
//
// An idempotent request (Request::is_idempotent()) is retried after a failure to resolve or connect, a
// timeout, a lost connection, and the statuses 429, 502, 503 and 504. Any other request is retried only
// after such a failure that left it unsent (webapi::nothing_was_sent: resolve, connect, a lost connection
// before the request was written, a timeout before it was), so a state change is never repeated.
// Waits grow exponentially with jitter; a Retry-After header (seconds or an HTTP date) sets the wait
// instead. When the attempts or the time budget run out, the last response or error is returned as is.
//
// Over an AsyncTransport, async_send() does the same through the inner transport's async_send, waiting
// between tries on a steady_timer (core/async_timer.hpp) instead of blocking a thread; a cancellation through
// the handler's slot during a wait ends it with TransportFailure::cancelled (RetryPolicy::sleep, a test hook
// for the blocking form, is not used there).

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/asio/async_result.hpp>
#include <boost/asio/cancellation_type.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/steady_timer.hpp>

#include <webapi/core/async_timer.hpp>
#include <webapi/core/async_transport.hpp>
#include <webapi/core/body_stream.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/transport/detail/http_date.hpp>
#include <webapi/core/transport_error.hpp>

namespace webapi {

/// When and how Retrying sends a request again. By default: up to 4 tries, waits from 200 ms doubling up to
/// 10 s with jitter, within 30 s in all, for 429, 502, 503, 504 and the transport errors that retry_error
/// describes.
struct RetryPolicy {
  int max_attempts = 4;                            ///< the first try included
  std::chrono::milliseconds initial_backoff{200};  ///< the wait before the second try, before jitter
  std::chrono::milliseconds max_backoff{10'000};   ///< waits grow up to this
  /// each wait before jitter is the previous one times this, capped at `max_backoff`
  double multiplier = 2.0;
  double jitter = 0.5;                            ///< a wait is drawn from [(1 - jitter) * w, w]
  std::chrono::milliseconds max_total{30'000};    ///< no wait starts that would end past this, from the first try
  std::vector<int> statuses{429, 502, 503, 504};  ///< statuses worth another try
  /// Which errors are worth another try; empty: resolve and connect failures, timeouts and lost
  /// connections. A request that is not idempotent is retried only when nothing_was_sent(error) holds too.
  std::function<bool(const Error&)> retry_error{};
  /// How to wait; empty: std::this_thread::sleep_for. Tests pass one that records and returns at once.
  std::function<void(std::chrono::milliseconds)> sleep{};
  /// The wall clock, for the time budget and Retry-After dates; empty: system_clock::now.
  std::function<std::chrono::system_clock::time_point()> now{};
  /// A number uniform in [0, 1) for jitter; empty: a per-thread engine.
  std::function<double()> random{};
};

/// The wait a Retry-After value asks for, relative to `now`; nullopt when absent or unreadable.
inline std::optional<std::chrono::milliseconds> retry_after(std::string_view value,
                                                            std::chrono::system_clock::time_point now) {
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  if (value.empty()) return std::nullopt;
  if (std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    if (value.size() > 9) return std::chrono::hours(24 * 365);  // absurdly far: more than any budget
    std::int64_t seconds = 0;
    for (char c : value) seconds = seconds * 10 + (c - '0');
    return std::chrono::seconds(seconds);
  }
  auto when = detail::parse_http_date(value);
  if (!when) return std::nullopt;
  if (*when <= now) return std::chrono::milliseconds(0);
  return std::chrono::ceil<std::chrono::milliseconds>(*when - now);
}

/// A transport that sends a request again through `Inner` after an error or status the policy names,
/// waiting between tries (Retry-After where the service sends one). A request that is not idempotent is
/// never retried after a response, and after an error only when it never reached the server. The last
/// answer or error is returned as it came.
template <Transport Inner>
class Retrying {
 public:
  /// A streamed body (an upload from disk) reaches the inner transport as it is, read only if it cannot stream.
  static constexpr bool streams_request_bodies = true;

  /// Sends through `inner`, which must outlive this object.
  explicit Retrying(Inner& inner, RetryPolicy policy = {}) : inner_(&inner), policy_(std::move(policy)) {}

  /// The first answer the policy does not retry, or the last one when tries or time run out.
  Result<Response> send(const Request& request) {
    if (policy_.max_attempts <= 1) return send_body_aware(*inner_, request);
    Attempts attempts{request.is_idempotent(), now(), policy_.initial_backoff};
    for (;;) {
      Result<Response> result = send_body_aware(*inner_, request);
      auto wait = next_wait(result, attempts);
      if (!wait) return result;
      if (policy_.sleep)
        policy_.sleep(*wait);
      else
        std::this_thread::sleep_for(*wait);
    }
  }

  /// The asynchronous send(): the same tries and waits, each wait on a steady_timer; completes with
  /// SendSignature on the handler's executor. A cancellation during a wait completes with a transport Error,
  /// TransportFailure::cancelled (phase `connect` when the last try never reached the server, else
  /// `receive`); one during a try is the inner transport's to honour.
  template <class Token>
    requires AsyncTransport<Inner>
  auto async_send(Request request, Token&& token) {
    return boost::asio::async_initiate<Token, SendSignature>(
        [this](auto handler, Request request) {
          auto executor = boost::asio::get_associated_executor(handler);
          const Attempts attempts{request.is_idempotent(), now(), policy_.initial_backoff};
          auto held = std::make_unique<typename AsyncTries::Held>(std::move(request), attempts, executor);
          boost::asio::async_compose<decltype(handler), SendSignature>(AsyncTries{this, std::move(held)}, handler,
                                                                       executor);
        },
        token, std::move(request));
  }

  /// The transport requests are sent through.
  Inner& inner() noexcept { return *inner_; }
  /// The policy in force.
  const RetryPolicy& policy() const noexcept { return policy_; }

 private:
  // Where a series of tries stands.
  struct Attempts {
    bool idempotent;
    std::chrono::system_clock::time_point start;
    std::chrono::milliseconds backoff;
    int attempt = 1;
  };

  // How long to wait before the next try after `result`, or nullopt to give `result` back: the policy's
  // rules, shared by both forms.
  std::optional<std::chrono::milliseconds> next_wait(const Result<Response>& result, Attempts& a) const {
    std::optional<std::chrono::milliseconds> asked;
    if (result) {
      if (!a.idempotent) return std::nullopt;
      if (std::find(policy_.statuses.begin(), policy_.statuses.end(), result->status) == policy_.statuses.end())
        return std::nullopt;
      if (auto v = result->headers.get("Retry-After")) asked = retry_after(*v, now());
    } else if (!should_retry(result.error()) || (!a.idempotent && !nothing_was_sent(result.error()))) {
      return std::nullopt;
    }
    if (a.attempt >= policy_.max_attempts) return std::nullopt;
    const auto wait = asked ? *asked : jittered(a.backoff);
    a.backoff = std::min(policy_.max_backoff,
                         std::chrono::milliseconds(static_cast<std::int64_t>(a.backoff.count() * policy_.multiplier)));
    if (now() + wait - a.start > policy_.max_total) return std::nullopt;
    ++a.attempt;
    return wait;
  }

  // async_send's tries, as an Asio composed operation: send a copy, decide, wait on the timer, again.
  struct AsyncTries {
    struct Held {
      template <class Executor>
      Held(Request r, Attempts a, const Executor& executor)
          : request(std::move(r)), attempts(a), timer(detail::timer_executor(executor)) {}
      Request request;
      Attempts attempts;
      boost::asio::steady_timer timer;
      std::optional<Result<Response>> last;
    };

    Retrying* retrying;
    std::unique_ptr<Held> held;

    template <class Self>
    void operator()(Self& self) {  // the first try
      self.reset_cancellation_state(boost::asio::enable_total_cancellation());
      try_once(self);
    }
    template <class Self>
    void operator()(Self& self, Result<Response> result) {  // a try's answer
      auto wait = retrying->next_wait(result, held->attempts);
      if (!wait) return self.complete(std::move(result));
      held->last = std::move(result);
      held->timer.expires_after(*wait);
      held->timer.async_wait(std::move(self));
    }
    template <class Self>
    void operator()(Self& self, boost::system::error_code ec) {  // a wait's end
      if (ec || self.cancelled() != boost::asio::cancellation_type::none) {
        const bool unsent = !*held->last && nothing_was_sent(held->last->error());
        return self.complete(transport_error(TransportFailure::cancelled,
                                             unsent ? TransportPhase::connect : TransportPhase::receive,
                                             "the caller cancelled the wait before another try",
                                             held->request.operation));
      }
      try_once(self);
    }
    template <class Self>
    void try_once(Self& self) {
      Request again = held->request;  // read before `self` (and `held` with it) moves on
      detail::async_send_body_aware(*retrying->inner_, std::move(again), std::move(self));
    }
  };

  std::chrono::system_clock::time_point now() const {
    return policy_.now ? policy_.now() : std::chrono::system_clock::now();
  }

  bool should_retry(const Error& e) const {
    if (policy_.retry_error) return policy_.retry_error(e);
    switch (transport_failure(e)) {
      case TransportFailure::resolve:
      case TransportFailure::connect:
      case TransportFailure::connect_timeout:
      case TransportFailure::tls_handshake_timeout:
      case TransportFailure::request_timeout:
      case TransportFailure::connection_lost:
      case TransportFailure::connection_lost_after_send:
        return true;
      default:
        return false;
    }
  }

  std::chrono::milliseconds jittered(std::chrono::milliseconds w) const {
    const double j = std::clamp(policy_.jitter, 0.0, 1.0);
    double r;
    if (policy_.random) {
      r = policy_.random();
    } else {
      thread_local std::mt19937_64 engine{std::random_device{}()};
      r = std::uniform_real_distribution<double>(0.0, 1.0)(engine);
    }
    return std::chrono::milliseconds(static_cast<std::int64_t>(w.count() * (1.0 - j * r)));
  }

  Inner* inner_;
  RetryPolicy policy_;
};

}  // namespace webapi
