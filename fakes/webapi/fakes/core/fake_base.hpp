#pragma once
// FakeBase<Fake, Call, State>: what every fake offers besides its own rules, in one place: send() and
// async_send() (injected latency first, then the Dispatcher under the lock), reset(), its State behind one
// lock with read-only inspection, the request journal, the routes, the movable clock and fault injection.
//
// A fake derives from it (naming itself first) and befriends it; registers its handlers by operation with
// declare<webapi::<module>::service>() in its constructor; and provides
//   Call make_call(const Route&, const Request&, Captures&&)   its handlers' Call for one routed request:
//                                                               who is calling, with what
//   void reset_locked()                                         reset_common(), then what a fresh fake has
// Its seeding helpers lock mutex_ and change state_. A fake that rewrites a request before routing it
// provides `Answer answer(const Request&)` (calling answer_with() with the rewritten request), and one that acts
// after answering provides `void answered()`: both forms of send go through them, so they answer alike.
// For GET /__webapi/snapshot of a served fake, its namespace offers `state_to_json(const State&) ->
// boost::json::value` (found by argument-dependent lookup), which snapshot_json() calls under the lock.

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/cancellation_type.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/value.hpp>

#include <webapi/core/async_timer.hpp>
#include <webapi/core/async_transport.hpp>

#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/fakes/core/body_limits.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/dispatcher.hpp>
#include <webapi/fakes/core/faults.hpp>
#include <webapi/fakes/core/journal.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/route_info.hpp>
#include <webapi/core/transport_error.hpp>

namespace webapi::fakes {

/// The base of every fake: see the file's introduction. `Fake` is the fake itself, `Call` what its handlers
/// take for one request, `State` what it keeps. Every public member is safe to call from any thread;
/// inspection returns copies.
template <class Fake, class Call, class State>
class FakeBase {
 public:
  /// What the fake keeps.
  using state_type = State;

  // ---- the Transport ----------------------------------------------------------------------------------

  /// Answers `request` as the service would: routed to its operation, checked, and handled with the Call
  /// the fake makes for it.
  Result<Response> send(const Request& request) {
    if (auto delay = dispatcher_.faults().latency(); delay.count() > 0) std::this_thread::sleep_for(delay);
    Answer answer = fake().answer(request);
    if (answer.shaping)
      if (auto wait = answer_fault_wait(*answer.shaping); wait.count() > 0) std::this_thread::sleep_for(wait);
    return finish(std::move(answer));
  }

  /// The asynchronous send(): the same answer, the same journal entry and the same rules, completed on the
  /// handler's associated executor (never inside this call). An injected latency waits on a steady_timer on
  /// that executor instead of blocking a thread (on Asio's system executor where the handler's executor
  /// cannot hold a timer, as through an AnyTransport; the completion still comes on the handler's executor).
  /// A handler without an associated executor (a plain callback) runs on asio::system_executor: its timers
  /// and its completion run on a thread of Asio's system context.
  ///
  /// Cancelling through the handler's cancellation slot (any cancellation type) stops a latency wait: the
  /// operation completes with a transport Error, TransportFailure::cancelled, in phase `connect` when the
  /// fake had not handled the request yet (it changed nothing) and `receive` when it had (only the answer was
  /// being held back). Without a latency there is nothing to interrupt: a cancellation is seen only before
  /// the fake handles the request.
  template <class Token>
  auto async_send(Request request, Token&& token) {
    return boost::asio::async_initiate<Token, SendSignature>(
        [this](auto handler, Request request) {
          auto executor = boost::asio::get_associated_executor(handler);
          boost::asio::async_compose<decltype(handler), SendSignature>(
              AsyncExchange{this, std::make_unique<typename AsyncExchange::Held>(std::move(request), executor)},
              handler, executor);
        },
        token, std::move(request));
  }

  /// Back to a fresh fake: what the fake's reset_locked() seeds, an empty journal, no faults, the clock at
  /// its start.
  void reset() {
    std::lock_guard lock(mutex_);
    static_cast<Fake&>(*this).reset_locked();
  }

  /// A fake is neither copied nor assigned; snapshot() copies its state.
  FakeBase(const FakeBase&) = delete;
  /// Not assigned either.
  FakeBase& operator=(const FakeBase&) = delete;

  // ---- inspection (copies, taken under the lock) ------------------------------------------------------

  /// Everything the fake holds.
  State snapshot() const {
    std::lock_guard lock(mutex_);
    return state_;
  }
  /// Runs `f(const State&)` under the lock and returns what it returns; cheaper than a snapshot.
  template <class F>
  auto inspect(F&& f) const {
    std::lock_guard lock(mutex_);
    return std::forward<F>(f)(static_cast<const State&>(state_));
  }

  /// The state as JSON, from the fake's state_to_json(const State&).
  /// (A template, so that clang looks the function up where it is called, once the fake's header that
  /// declares it has been read.)
  template <class S = State>
    requires requires(const S& s) { state_to_json(s); }
  boost::json::value snapshot_json() const {
    std::lock_guard lock(mutex_);
    return state_to_json(static_cast<const S&>(state_));
  }

  // ---- the requests received ----------------------------------------------------------------------------

  /// The requests received, oldest first, with the operation each reached and the status answered.
  Journal journal() const {
    std::lock_guard lock(mutex_);
    return dispatcher_.journal();
  }
  /// A copy of the journal's entries, oldest first.
  std::vector<JournalEntry> requests() const {
    std::lock_guard lock(mutex_);
    const auto& e = dispatcher_.journal().entries();
    return {e.begin(), e.end()};
  }
  /// Forgets the requests received; the journal's bounds stay.
  void clear_journal() {
    std::lock_guard lock(mutex_);
    dispatcher_.journal().clear();
  }
  /// Keeps at most the newest `n` requests (10,000 unless set; 0 keeps none, e.g. for benchmarks).
  void set_journal_capacity(std::size_t n) {
    std::lock_guard lock(mutex_);
    dispatcher_.journal().set_capacity(n);
  }

  /// Bounds the journal's total size, and how much of each request body it keeps (see Journal).
  void set_journal_limits(std::size_t max_bytes, std::size_t body_prefix) {
    std::lock_guard lock(mutex_);
    dispatcher_.journal().set_max_bytes(max_bytes);
    dispatcher_.journal().set_body_prefix(body_prefix);
  }

  /// The most fields a form body and parts a multipart body may hold; more are refused with 413 before the
  /// body is split (core/body_limits.hpp). 1000 fields and 100 parts unless set; reset() keeps them.
  void set_body_limits(BodyLimits limits) {
    std::lock_guard lock(mutex_);
    dispatcher_.set_body_limits(limits);
  }
  /// The body limits in force.
  BodyLimits body_limits() const {
    std::lock_guard lock(mutex_);
    return dispatcher_.body_limits();
  }

  /// Every operation the fake routes, with whether it models it.
  std::vector<RouteInfo> routes() const {
    std::vector<RouteInfo> out;
    for (const auto& r : dispatcher_.router().routes())
      out.push_back({r.operation, r.method, r.pattern, static_cast<bool>(r.handler)});
    return out;
  }

  // ---- time and faults ----------------------------------------------------------------------------------

  /// The fake's clock; move it with advance() or set().
  ManualClock& clock() noexcept { return clock_; }
  /// The fake's clock, to read.
  const ManualClock& clock() const noexcept { return clock_; }

  /// The next `n` calls (of `operation`, if named) answer `status` with a JSON error body.
  void fail_next(std::size_t n, int status, std::string operation = {}, std::string message = {}) {
    std::lock_guard lock(mutex_);
    dispatcher_.faults().fail_next(n, status, std::move(operation), std::move(message));
  }
  /// The next `n` calls (of `operation`, if named) fail as a dropped connection (a transport Error).
  void drop_next(std::size_t n, std::string operation = {}) {
    std::lock_guard lock(mutex_);
    dispatcher_.faults().drop_next(n, std::move(operation));
  }
  /// Adds a fault rule of any kind (see Fault in core/faults.hpp), matched by operation, method and path.
  void add_fault(Fault f) {
    std::lock_guard lock(mutex_);
    dispatcher_.faults().add(std::move(f));
  }
  /// The fault rules not yet used up.
  std::vector<Fault> faults() const {
    std::lock_guard lock(mutex_);
    const auto& p = dispatcher_.faults().pending();
    return {p.begin(), p.end()};
  }
  /// Every call takes at least `d`.
  void set_latency(std::chrono::milliseconds d) { dispatcher_.faults().set_latency(d); }
  /// Removes every fault rule and the latency.
  void clear_faults() {
    std::lock_guard lock(mutex_);
    dispatcher_.faults().clear();
  }

 protected:
  /// Empty state, an empty journal, no faults, the clock frozen at its default start.
  FakeBase() = default;
  /// Not virtual: a fake is not deleted through its base.
  ~FakeBase() = default;

  /// A request's answer, as the fake's rules made it under the lock, and what an answer fault still does to it.
  struct Answer {
    Result<Response> result;            ///< the fake's own answer
    std::optional<AnswerFault> shaping;  ///< a latency or body fault to apply, outside the lock
  };

  /// Routes `request` under the lock; `make_call(route, captures)` builds the Call the route's handler takes.
  /// `received`: what arrived, where `request` is a rewritten copy of it (see Dispatcher::dispatch).
  /// Injected latency is not waited for here: send() and async_send() do that, each in its own way.
  template <class MakeCall>
  Answer answer_with(const Request& request, MakeCall&& make_call, const Request* received = nullptr) {
    std::lock_guard lock(mutex_);
    dispatcher_.faults().begin_call(request);
    auto r = dispatcher_.dispatch(request, clock_.now(), std::forward<MakeCall>(make_call), received);
    std::optional<AnswerFault> shaping = dispatcher_.faults().take_answer_fault();
    dispatcher_.faults().end_call();
    if (shaping && shaping->kind != Fault::latency)
      if (JournalEntry* e = dispatcher_.journal().latest()) e->injected = true;
    return {std::move(r), shaping};
  }

  /// The answer to `request` (the default: routed as it came); a fake that rewrites requests hides it.
  Answer answer(const Request& request) {
    return answer_with(request, [&](const Route& route, Captures&& captures) {
      return fake().make_call(route, request, std::move(captures));
    });
  }

  /// What a fake does once it has answered (the default: nothing); a fake that acts then hides it.
  void answered() {}

  /// One route, as make_call() is given it.
  using Route = typename Dispatcher<Call>::Route;

  /// The routes, for a route added by hand rather than declared.
  auto& router() noexcept { return dispatcher_.router(); }

  /// Registers handlers by operation of `Service` (`webapi::<module>::service`); see core/operations.hpp.
  template <class Service>
  auto declare() {
    return DeclaredRoutes<Service, Call, typename Dispatcher<Call>::RouterType>(dispatcher_.router());
  }

  /// Empties the state and the journal, clears the faults and puts the clock back at its start; mutex_ is
  /// held.
  void reset_common() {
    state_ = State{};
    dispatcher_.reset();
    clock_.reset();
  }

  /// What an answer becomes once its fault's wait is over: shaped as the fault says, after the fake's
  /// answered().
  Result<Response> finish(Answer answer) {
    Result<Response> result =
        answer.shaping ? shape_answer(*answer.shaping, std::move(answer.result)) : std::move(answer.result);
    fake().answered();
    return result;
  }

  /// Guards `state_` and the dispatcher; held by every public member that reads or changes them.
  mutable std::mutex mutex_;
  /// The fake's records; read and change them only with `mutex_` held.
  State state_;
  /// Routes, journal and faults.
  Dispatcher<Call> dispatcher_;
  /// The fake's "now"; synchronised on its own.
  ManualClock clock_;

 private:
  Fake& fake() noexcept { return static_cast<Fake&>(*this); }

  // async_send's steps, as an Asio composed operation: wait out the latency, answer, wait out an answer
  // fault's delay, finish. Each step runs on the handler's executor.
  struct AsyncExchange {
    struct Held {
      template <class Executor>
      Held(Request r, const Executor& executor) : request(std::move(r)), timer(webapi::detail::timer_executor(executor)) {}
      Request request;
      boost::asio::steady_timer timer;
      std::optional<Answer> answer;
    };
    enum Stage { start, latency_waited, fault_waited };

    FakeBase* base;
    std::unique_ptr<Held> held;
    Stage stage = start;

    template <class Self>
    void operator()(Self& self, boost::system::error_code ec = {}) {
      switch (stage) {
        case start: {
          self.reset_cancellation_state(boost::asio::enable_total_cancellation());
          stage = latency_waited;
          auto delay = base->dispatcher_.faults().latency();
          if (delay.count() <= 0) {
            // So that the handler never runs inside async_send.
            webapi::detail::AsyncGlue<Self>::complete_later(std::move(self));
            return;
          }
          held->timer.expires_after(delay);
          held->timer.async_wait(std::move(self));
          return;
        }
        case latency_waited: {
          if (ec || self.cancelled() != boost::asio::cancellation_type::none)
            return self.complete(cancelled(TransportPhase::connect));
          held->answer.emplace(base->fake().answer(held->request));
          auto wait = held->answer->shaping ? answer_fault_wait(*held->answer->shaping) : std::chrono::milliseconds(0);
          if (wait.count() > 0) {
            stage = fault_waited;
            held->timer.expires_after(wait);
            held->timer.async_wait(std::move(self));
            return;
          }
          return self.complete(base->finish(std::move(*held->answer)));
        }
        case fault_waited: {
          Result<Response> result = base->finish(std::move(*held->answer));
          if (ec) return self.complete(cancelled(TransportPhase::receive));
          return self.complete(std::move(result));
        }
      }
    }

    Result<Response> cancelled(TransportPhase phase) const {
      return transport_error(TransportFailure::cancelled, phase, "the caller cancelled the send",
                             held->request.operation);
    }
  };
};

}  // namespace webapi::fakes
