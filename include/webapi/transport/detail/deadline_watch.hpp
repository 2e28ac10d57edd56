#pragma once
// DeadlineWatch: one timer for the deadlines of every operation of a Lane (lane.hpp).
//
// An operation enters its deadline here instead of arming a timer of its own, and leaves when it has its
// result. The entries are kept in the order of their deadlines, and the timer waits for the first. A
// request's deadline is its start plus the budget of the requests before it, so it nearly always goes at the
// end: entering and leaving cost a lock and a few pointers, where a timer of its own cost an entry in Asio's
// timer queue, a cancellation and a handler run to say it was cancelled. The timer is set again only when it
// fires, when an entry goes before the one it waits for, and when the last entry leaves (then it is
// cancelled, so that an io_context with nothing else to do returns from run()).
//
// Thread-safe: any thread may enter and leave, and the timer's handler may run on any thread of the executor.

#include <memory>
#include <mutex>
#include <utility>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/system/error_code.hpp>

#include <webapi/transport/detail/deadline.hpp>

namespace webapi::detail {

class DeadlineWatch : public std::enable_shared_from_this<DeadlineWatch> {
 public:
  /// What is watched; a class derived from it is told when its deadline passes.
  class Entry {
   public:
    Entry() = default;
    Entry(const Entry&) = delete;
    Entry& operator=(const Entry&) = delete;

   protected:
    ~Entry() = default;

   private:
    friend class DeadlineWatch;
    /// `at`, the deadline it entered with, has passed; it is no longer watched. Called on the watch's
    /// executor with the watch's lock held, so the entry cannot leave (nor be destroyed) meanwhile: it must
    /// not block or call the watch.
    virtual void passed(Clock::time_point at) = 0;

    Clock::time_point at_{};
    Entry* prev_ = nullptr;
    Entry* next_ = nullptr;
    bool watched_ = false;
  };

  /// Its timer runs on `executor`.
  explicit DeadlineWatch(boost::asio::any_io_executor executor) : timer_(std::move(executor)) {}

  /// Watches `e` until `at`, in place of any deadline it entered with before.
  void enter(Entry& e, Clock::time_point at) {
    std::lock_guard lock(mutex_);
    if (e.watched_) unlink(e);
    e.at_ = at;
    Entry* before = tail_;  // the last entry due no later than `at`
    while (before && before->at_ > at) before = before->prev_;
    e.prev_ = before;
    e.next_ = before ? before->next_ : head_;
    (e.next_ ? e.next_->prev_ : tail_) = &e;
    (before ? before->next_ : head_) = &e;
    e.watched_ = true;
    if (at < waits_for_) wait_for(at);
  }

  /// Stops watching `e`; nothing when it is not watched.
  void leave(Entry& e) noexcept {
    std::lock_guard lock(mutex_);
    if (!e.watched_) return;
    unlink(e);
    if (!head_ && waits_for_ != never) {
      boost::system::error_code ignored;
      timer_.cancel(ignored);
      waits_for_ = never;
    }
  }

 private:
  static constexpr Clock::time_point never = Clock::time_point::max();

  void unlink(Entry& e) noexcept {
    (e.prev_ ? e.prev_->next_ : head_) = e.next_;
    (e.next_ ? e.next_->prev_ : tail_) = e.prev_;
    e.prev_ = e.next_ = nullptr;
    e.watched_ = false;
  }

  /// Sets the timer for `at`, replacing the wait it had (whose handler then sees operation_aborted).
  void wait_for(Clock::time_point at) {
    waits_for_ = at;
    timer_.expires_at(at);
    timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
      if (ec) return;
      if (auto self = weak.lock()) self->fired();
    });
  }

  /// Tells every entry whose deadline has passed, and waits for the next. A handler that was already due
  /// when the wait it belonged to was replaced runs too: it finds nothing due, or what is due by then.
  void fired() {
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    while (head_ && head_->at_ <= now) {
      Entry& e = *head_;
      unlink(e);
      e.passed(e.at_);
    }
    if (waits_for_ <= now) waits_for_ = never;  // the wait that fired
    if (head_ && head_->at_ < waits_for_) wait_for(head_->at_);
  }

  std::mutex mutex_;
  Entry* head_ = nullptr;  ///< due first
  Entry* tail_ = nullptr;
  boost::asio::steady_timer timer_;
  Clock::time_point waits_for_ = never;  ///< when the pending wait ends; never: none is pending
};

}  // namespace webapi::detail
