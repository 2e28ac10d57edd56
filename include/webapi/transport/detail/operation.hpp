#pragma once
// The state of one asynchronous send: the executor it runs on (a strand, or an io_context that one thread
// runs), the Lane its connections belong to (lane.hpp), the deadline in force, and what stops the operation
// it is waiting for when that deadline passes or the caller cancels.
//
// The deadline is a timer's (the lane's DeadlineWatch, deadline_watch.hpp), not a bound on each read: when it
// passes it closes the socket (or cancels the lookup, or the connect attempts), so a peer that trickles bytes
// forever is stopped as surely as one that sends nothing. Everything here is touched on that executor only.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/post.hpp>

#include <webapi/core/error.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/transport/detail/deadline.hpp>
#include <webapi/transport/detail/deadline_watch.hpp>
#include <webapi/transport/detail/lane.hpp>

namespace webapi::detail {

class Operation final : public std::enable_shared_from_this<Operation>, private DeadlineWatch::Entry {
 public:
  Operation(boost::asio::any_io_executor strand, Lane& lane) : strand_(std::move(strand)), lane_(lane) {}
  Operation(const Operation&) = delete;
  Operation& operator=(const Operation&) = delete;
  ~Operation() { finish(); }

  const boost::asio::any_io_executor& strand() const noexcept { return strand_; }
  /// Where its sockets are made and its idle connections are pooled.
  Lane& lane() const noexcept { return lane_; }

  /// Whoever runs the executor keeps the deadlines instead of the lane's watch: a thread that runs it for
  /// this operation alone waits no longer than deadline().at (io_context::run_one_until), which reads the
  /// clock at every turn, and calls expire() when it passes. Its deadlines then never enter the watch, whose
  /// lock it would take, and expired() need not read the clock.
  void keep_deadlines_by_caller() noexcept { by_caller_ = true; }

  /// Makes `d` the deadline in force: when it passes, expired() turns true and the current wait is stopped.
  void arm(const Deadline& d) {
    // The watch already has that moment (a pooled connection's exchange arms the request's own deadline
    // again).
    const bool same_time = entered_ && d.at == active_.at;
    active_ = d;
    if (by_caller_ || same_time || done_) return;
    entered_ = true;
    lane_.deadlines->enter(*this, d.at);
  }
  const Deadline& deadline() const noexcept { return active_; }

  /// Whether the deadline in force has passed: the timer fired, or the clock says so (a peer that always has
  /// bytes ready may keep a read loop from yielding to the timer for a while; a caller that keeps the
  /// deadlines sees the clock at every turn of the loop).
  bool expired() {
    if (!expired_ && !by_caller_ && Clock::now() >= active_.at) expired_ = true;
    return expired_;
  }
  bool cancelled() const noexcept { return cancelled_; }
  /// Whether the operation must stop: cancelled, or past its deadline.
  bool interrupted() { return cancelled_ || expired(); }

  /// The deadline in force has passed (see keep_deadlines_by_caller): stops the current wait, even when
  /// expired() has already seen the clock pass it.
  void expire() {
    if (done_) return;
    expired_ = true;
    stop_waiting();
  }

  /// The caller's cancellation: stops the current wait; every later step fails with `cancelled`.
  void cancel() {
    if (cancelled_ || done_) return;
    cancelled_ = true;
    stop_waiting();
  }

  /// What stops the current wait (closing a socket, cancelling a lookup), until the returned guard goes,
  /// which puts back the one it replaced.
  class Waiting {
   public:
    Waiting(Operation& op, std::function<void()> previous) : op_(op), previous_(std::move(previous)) {}
    ~Waiting() { op_.stopper_ = std::move(previous_); }
    Waiting(const Waiting&) = delete;
    Waiting& operator=(const Waiting&) = delete;

   private:
    Operation& op_;
    std::function<void()> previous_;
  };
  [[nodiscard]] Waiting waiting(std::function<void()> stopper) {
    waited_ = true;
    auto previous = std::exchange(stopper_, std::move(stopper));
    if (interrupted()) stop_waiting();
    return Waiting(*this, std::move(previous));
  }

  /// Whether it has waited for anything yet (a lookup, a connection, the peer): false for a request refused
  /// before any I/O.
  bool waited() const noexcept { return waited_; }

  /// The phase reached, for a cancellation's error.
  TransportPhase phase = TransportPhase::none;

  /// The request it sends, when it holds it: an asynchronous send's, which the caller handed over (a
  /// blocking caller keeps its own until the operation is done).
  std::optional<Request> request;
  /// What the send came to, once it is done: the response, or the error that ended it.
  std::optional<Result<Response>> result;
  /// Makes `r` (a Response or an Error) its result.
  template <class R>
  void conclude(R&& r) {
    result.emplace(std::forward<R>(r));
  }

  /// The error for a step that failed while interrupted: the cancellation, or the deadline's timeout.
  Error interruption(TransportPhase p, std::string_view what, const std::string& where) {
    if (cancelled_)
      return transport_error(TransportFailure::cancelled, p == TransportPhase::none ? phase : p,
                             "the request to " + where + " was cancelled");
    return timeout_error(active_, p, what, where);
  }

  /// Leaves the lane's watch; called once the operation has its result.
  void finish() {
    done_ = true;
    if (entered_) lane_.deadlines->leave(*this);
    entered_ = false;
    stopper_ = nullptr;
  }

 private:
  /// The watch's word that `at` has passed, on its executor: acted on in the operation's, unless by then
  /// the operation is done or another deadline is in force.
  void passed(Clock::time_point at) override {
    if (auto self = weak_from_this().lock())
      boost::asio::post(strand_, [self = std::move(self), at] {
        if (self->done_ || self->expired_ || self->active_.at != at) return;
        self->expired_ = true;
        self->stop_waiting();
      });
  }

  void stop_waiting() {
    if (stopper_) {
      auto s = stopper_;
      s();
    }
  }

  boost::asio::any_io_executor strand_;
  Lane& lane_;
  Deadline active_{Clock::time_point::max(), TransportFailure::request_timeout, {}};
  bool entered_ = false;  ///< entered in the lane's watch, which may since have found its deadline passed
  bool by_caller_ = false;
  bool expired_ = false;
  bool cancelled_ = false;
  bool done_ = false;
  bool waited_ = false;
  std::function<void()> stopper_;
};

}  // namespace webapi::detail
