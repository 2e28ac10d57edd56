#pragma once
// Fault injection: make the next calls of a fake fail the way a real network or service does.
//
//   faults.fail_next(2, 503);              // the next two calls answer 503 with a JSON error body
//   faults.fail_next(1, 429, "get_qod");   // only the next call of that operation
//   faults.drop_next(1);                   // the next call fails as a transport Error (no response)
//   faults.set_latency(50ms);              // every call takes at least that long
//
// Rules are consumed in the order they were added, each by the calls it matches. The rules are not
// synchronised on their own (a fake keeps them behind its mutex); the latency is, since a fake waits
// it out before taking its lock.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <webapi/core/error.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes {

class FaultPlan {
 public:
  struct Rule {
    enum Kind { status, drop } kind = status;
    std::size_t remaining = 0;
    int code = 500;            ///< the status answered, for Kind::status
    std::string message;       ///< the error body's message
    std::string operation;     ///< the only operation it applies to; empty: any
  };

  /// The next `n` calls (of `operation`, if given) answer `status` with a JSON error body.
  void fail_next(std::size_t n, int status, std::string operation = {}, std::string message = {}) {
    if (message.empty()) message = "injected fault: status " + std::to_string(status);
    rules_.push_back({Rule::status, n, status, std::move(message), std::move(operation)});
  }
  /// The next `n` calls (of `operation`, if given) fail as a dropped connection: a transport Error.
  void drop_next(std::size_t n, std::string operation = {}) {
    rules_.push_back({Rule::drop, n, 0, "connection dropped (injected fault)", std::move(operation)});
  }
  /// Every call waits at least `d` before it is handled.
  void set_latency(std::chrono::milliseconds d) noexcept { latency_ms_.store(d.count()); }
  std::chrono::milliseconds latency() const noexcept { return std::chrono::milliseconds(latency_ms_.load()); }

  /// Removes every rule and the latency.
  void clear() {
    rules_.clear();
    latency_ms_.store(0);
  }
  /// Rules not yet used up.
  const std::deque<Rule>& pending() const noexcept { return rules_; }

  /// The injected outcome for a call of `operation`, consuming one use of the first rule it matches; an
  /// injected status is answered with error_response.
  std::optional<Result<Response>> take(std::string_view operation) {
    return take(operation, [](int status, std::string_view message, boost::json::object extra) {
      return error_response(status, message, std::move(extra));
    });
  }
  /// The same, an
  /// injected status is answered with `format(status, message, {})` (error_response's signature).
  template <class ErrorFormat>
  std::optional<Result<Response>> take(std::string_view operation, const ErrorFormat& format) {
    for (auto it = rules_.begin(); it != rules_.end(); ++it) {
      if (!it->operation.empty() && it->operation != operation) continue;
      Rule rule = *it;
      if (--it->remaining == 0) rules_.erase(it);
      if (rule.kind == Rule::drop) {
        Error e = make_error(ErrorKind::transport, rule.message, std::string(operation));
        return Result<Response>(std::move(e));
      }
      return Result<Response>(format(rule.code, rule.message, boost::json::object{}));
    }
    return std::nullopt;
  }

 private:
  std::deque<Rule> rules_;
  std::atomic<long long> latency_ms_{0};
};

}  // namespace webapi::fakes
