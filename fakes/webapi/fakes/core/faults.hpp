#pragma once
// Fault injection: make the next calls of a fake fail the way a real network or service does.
//
//   faults.fail_next(2, 503);              // the next two calls answer 503 with a JSON error body
//   faults.fail_next(1, 429, "get_qod");   // only the next call of that operation
//   faults.drop_next(1);                   // the next call fails as a transport Error (no response)
//   faults.set_latency(50ms);              // every call takes at least that long
//   faults.add({.kind = Fault::truncated_body, .method = Method::get, .path = "/qod"});
//
// A Fault matches a call by operation, method and path (each optional) and applies to the next `times`
// calls it matches. Rules are consumed in the order they were added, the first matching rule per call.
//
// In process, a fake answers:
//   status          the status with the fake's JSON error body (the handler does not run)
//   drop, reset     a transport Error ("connection lost: ..."); the handler does not run
//   latency         the fake's own answer, `delay` later
//   truncated_body  the fake's own answer with only the first half of its body
//   malformed_body  the fake's own status and headers with a body that is not valid JSON
//   slow_body       the fake's own answer, `delay` later
// The three body faults mark the answer with an `X-Webapi-Fault` header; webapi-fake-server (serve.hpp)
// reads it and does the real thing on the wire: a Content-Length the body never reaches before the
// connection closes, or a body written in pieces over `delay`. Likewise it closes the connection for a
// drop and resets it (RST) for a reset.
//
// The rules are not synchronised on their own (a fake keeps them behind its mutex); the global latency is,
// since a fake waits it out before taking its lock.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include <webapi/core/error.hpp>
#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes {

/// A dropped or reset connection as a transport reports it: the fake never processed the request.
inline Error lost_before_processing(std::string_view message, std::string_view operation) {
  Error e = make_error(ErrorKind::transport, std::string(message), std::string(operation));
  e.transport_failure = TransportFailure::connection_lost;
  e.transport_phase = TransportPhase::send;
  return e;
}

/// The header a body fault marks an answer with, for the server that carries it out on the wire.
inline constexpr std::string_view fault_header = "X-Webapi-Fault";
/// The messages of an injected drop and reset (a transport Error; "connection lost: " is how
/// webapi::transport_failure recognises a broken connection).
inline constexpr std::string_view dropped_message = "connection lost: dropped by an injected fault";
/// See dropped_message.
inline constexpr std::string_view reset_message = "connection lost: reset by an injected fault";

/// One fault rule: what happens (`kind`, see the file's introduction for each), to which calls, how many
/// times.
struct Fault {
  /// What the fault does to a call; the file's introduction says what each answers.
  enum Kind { status, drop, reset, latency, truncated_body, malformed_body, slow_body };
  /// what it does
  Kind kind = status;
  std::size_t times = 1;            ///< how many matching calls it applies to
  int code = 500;                   ///< the status answered, for Kind::status
  std::string message{};            ///< the error body's message, for Kind::status
  std::chrono::milliseconds delay{0};  ///< for latency and slow_body: how much later the answer ends
  std::string operation{};          ///< only calls of this operation; empty: any
  std::optional<Method> method{};   ///< only calls with this method
  std::string path{};               ///< only calls to exactly this (encoded) path; empty: any
};

/// "status", "drop", ... as the control plane spells a kind.
inline std::string_view fault_kind_name(Fault::Kind k) noexcept {
  switch (k) {
    case Fault::status: return "status";
    case Fault::drop: return "drop";
    case Fault::reset: return "reset";
    case Fault::latency: return "latency";
    case Fault::truncated_body: return "truncated_body";
    case Fault::malformed_body: return "malformed_body";
    case Fault::slow_body: return "slow_body";
  }
  return "status";
}
/// The kind named `s`; nullopt for an unknown name.
inline std::optional<Fault::Kind> fault_kind_from_name(std::string_view s) noexcept {
  for (auto k : {Fault::status, Fault::drop, Fault::reset, Fault::latency, Fault::truncated_body,
                 Fault::malformed_body, Fault::slow_body})
    if (fault_kind_name(k) == s) return k;
  return std::nullopt;
}

/// What is left to do to an answer after the handler ran: a body fault or a latency.
struct AnswerFault {
  /// the fault to apply: latency or one of the body faults
  Fault::Kind kind = Fault::latency;
  /// how much later the answer ends
  std::chrono::milliseconds delay{0};
};

/// True on the threads of a server that carries answer faults out on the wire (serve.hpp): there a slow
/// body is written in pieces over its delay instead of being waited for before the answer.
inline thread_local bool answer_faults_on_the_wire = false;

/// How long an in-process caller waits for an answer `f` shapes: its delay, except for a slow body on a
/// server's thread, which writes it in pieces over that time instead.
inline std::chrono::milliseconds answer_fault_wait(const AnswerFault& f) noexcept {
  const bool trickled = f.kind == Fault::slow_body && answer_faults_on_the_wire;
  return trickled ? std::chrono::milliseconds(0) : f.delay;
}

/// The fake's answer `r` as `f` shapes it (a body cut or spoilt, the fault header set), without waiting.
inline Result<Response> shape_answer(const AnswerFault& f, Result<Response> r) {
  if (!r) return r;
  Response& res = *r;
  switch (f.kind) {
    case Fault::truncated_body: {
      const std::size_t full = res.body.size();
      res.body.resize(full / 2);
      res.headers.set(fault_header, "truncated; length=" + std::to_string(full));
      break;
    }
    case Fault::malformed_body:
      res.body = "{\"injected fault\": \"malformed body\", [";
      res.headers.set(fault_header, "malformed");
      break;
    case Fault::slow_body:
      res.headers.set(fault_header, "slow; ms=" + std::to_string(f.delay.count()));
      break;
    default: break;
  }
  return r;
}

/// Applies `f` to the fake's answer `r`, sleeping for answer_fault_wait(f) first: what a blocking in-process
/// caller receives.
inline Result<Response> apply_answer_fault(const AnswerFault& f, Result<Response> r) {
  if (auto wait = answer_fault_wait(f); wait.count() > 0) std::this_thread::sleep_for(wait);
  return shape_answer(f, std::move(r));
}

/// The fault rules of one fake and its global latency; see the file's introduction.
class FaultPlan {
 public:
  /// One rule.
  using Rule = Fault;

  /// Adds a rule; `f.times` 0 is taken as 1.
  void add(Fault f) {
    if (f.times == 0) f.times = 1;
    if (f.kind == Fault::status && f.message.empty())
      f.message = "injected fault: status " + std::to_string(f.code);
    rules_.push_back(std::move(f));
  }
  /// The next `n` calls (of `operation`, if given) answer `status` with a JSON error body.
  void fail_next(std::size_t n, int status, std::string operation = {}, std::string message = {}) {
    add({.kind = Fault::status, .times = n, .code = status, .message = std::move(message),
         .operation = std::move(operation)});
  }
  /// The next `n` calls (of `operation`, if given) fail as a dropped connection: a transport Error.
  void drop_next(std::size_t n, std::string operation = {}) {
    add({.kind = Fault::drop, .times = n, .operation = std::move(operation)});
  }
  /// Every call waits at least `d` before it is handled.
  void set_latency(std::chrono::milliseconds d) noexcept { latency_ms_.store(d.count()); }
  /// The latency every call waits; 0 when none is set.
  std::chrono::milliseconds latency() const noexcept { return std::chrono::milliseconds(latency_ms_.load()); }

  /// Removes every rule and the latency.
  void clear() {
    rules_.clear();
    latency_ms_.store(0);
    pending_.reset();
  }
  /// Rules not yet used up; `times` counts the calls each still applies to.
  const std::deque<Rule>& pending() const noexcept { return rules_; }

  /// Names the call being dispatched, so rules can match its method and path; the fake sets it (under its
  /// lock) before the Dispatcher asks take().
  void begin_call(const Request& request) {
    current_ = &request;
    pending_.reset();
  }
  /// Forgets the call named by begin_call(), which must outlive it until then.
  void end_call() noexcept { current_ = nullptr; }

  /// The injected outcome for a call of `operation`, consuming one use of the first rule it matches; an
  /// injected status is answered with error_response. A rule that shapes the fake's own answer (latency,
  /// body faults) is kept for take_answer_fault() and nullopt returned, so the handler runs.
  std::optional<Result<Response>> take(std::string_view operation) {
    return take(operation, [](int status, std::string_view message, boost::json::object extra) {
      return error_response(status, message, std::move(extra));
    });
  }
  /// The same, an injected status is answered with `format(status, message, {})` (error_response's
  /// signature).
  template <class ErrorFormat>
  std::optional<Result<Response>> take(std::string_view operation, const ErrorFormat& format) {
    for (auto it = rules_.begin(); it != rules_.end(); ++it) {
      if (!it->operation.empty() && it->operation != operation) continue;
      if (it->method && (!current_ || *it->method != current_->method)) continue;
      if (!it->path.empty() && (!current_ || it->path != current_->path)) continue;
      Rule rule = *it;
      if (--it->times == 0) rules_.erase(it);
      switch (rule.kind) {
        case Fault::drop:
          return Result<Response>(lost_before_processing(dropped_message, operation));
        case Fault::reset:
          return Result<Response>(lost_before_processing(reset_message, operation));
        case Fault::status: return Result<Response>(format(rule.code, rule.message, boost::json::object{}));
        default:
          pending_ = AnswerFault{rule.kind, rule.delay};
          return std::nullopt;
      }
    }
    return std::nullopt;
  }

  /// The answer fault take() chose for the current call, if any (consumed).
  std::optional<AnswerFault> take_answer_fault() noexcept { return std::exchange(pending_, std::nullopt); }

 private:
  std::deque<Rule> rules_;
  std::atomic<long long> latency_ms_{0};
  const Request* current_ = nullptr;  // the call being dispatched, for matching by method and path
  std::optional<AnswerFault> pending_;
};

}  // namespace webapi::fakes
