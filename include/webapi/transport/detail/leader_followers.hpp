#pragma once
// Leader/followers: how the threads blocked in BeastTransport::send() share the io_context the transport
// owns. At most one thread runs it at a time, the leader. A blocking caller that finds no leader becomes
// it and runs the io_context (`run_one()`, no polling) until its own request is done; a caller that finds
// one follows, asleep on a condition of its own, which its request's completion handler (run by the
// leader) signals directly. A leader whose request is done hands the lead to a follower whose request is
// not, and returns.
//
// Why one at a time: several threads inside one io_context's scheduler take turns at its lock, and a thread
// asleep in it is not woken when another thread completes its request. With one thread inside, handlers
// never run concurrently, so requests on the io_context need no strand.
//
// Once the transport's own thread has started (for an asynchronous send, which no caller waits for), it
// takes the lead for good when the current leader hands it over: from then on blocking callers only follow,
// each woken by its completion, and the io_context keeps running for the asynchronous sends.
//
// A call made from inside a handler the io_context runs (a completion callback that calls send()) comes
// from the thread that holds the turn already: it runs the io_context further there, nested, and its
// request is started by a handler posted to the io_context's shared queue (what a handler starts directly
// may wait in the handler's own queue until it returns).

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

namespace webapi::detail {

class LeaderFollowers {
 public:
  /// `io`: the io_context the callers share, or null when the transport runs on an executor it was given,
  /// whose own threads complete the calls: then every caller just waits.
  explicit LeaderFollowers(boost::asio::io_context* io) : io_(io) {}
  LeaderFollowers(const LeaderFollowers&) = delete;
  LeaderFollowers& operator=(const LeaderFollowers&) = delete;
  ~LeaderFollowers() { stop(); }

  /// One blocking call. Lives on the caller's stack from run() to its return.
  class Call {
   private:
    friend class LeaderFollowers;
    std::condition_variable wake_;
    bool done_ = false;                ///< under the mutex
    bool lead_ = false;                ///< under the mutex: the lead was handed to it
    std::atomic<bool> finished_{false};  ///< done_, read by its own leader's loop without the lock
  };

  /// Calls `start` (which starts the asynchronous work whose completion calls done(call)) and returns once
  /// done(call) has been called and has let go of `call`; meanwhile the calling thread runs the io_context
  /// whenever it holds the lead.
  template <class Start>
  void run(Call& call, Start&& start) {
    if (!io_) {
      start();
      std::unique_lock lock(mutex_);
      call.wake_.wait(lock, [&] { return call.done_; });
      return;
    }
    if (io_->get_executor().running_in_this_thread()) {
      boost::asio::post(*io_, std::forward<Start>(start));
      while (!call.finished_.load(std::memory_order_acquire)) io_->run_one();
      std::lock_guard settle(mutex_);  // done() has let go of the call
      return;
    }
    std::unique_lock lock(mutex_);
    const bool leading = !leader_;
    if (leading)
      leader_ = true;
    else
      followers_.push_back(&call);
    // Registered before the request starts: a leader that runs the start sees a follower waiting.
    lock.unlock();
    start();
    lock.lock();
    if (!leading) {
      call.wake_.wait(lock, [&] { return call.done_ || call.lead_; });
      if (!call.lead_) {
        followers_.erase(std::find(followers_.begin(), followers_.end(), &call));
        return;
      }
    }
    lock.unlock();
    try {
      while (!call.finished_.load(std::memory_order_acquire)) io_->run_one();
    } catch (...) {
      // A handler threw (a completion callback of the caller's): the lead still passes on.
      lock.lock();
      hand_over();
      throw;
    }
    lock.lock();
    hand_over();
  }

  /// Marks `call` done and wakes its caller; called by its completion handler, on the leader's thread.
  void done(Call& call) {
    std::lock_guard lock(mutex_);
    call.done_ = true;
    call.finished_.store(true, std::memory_order_release);
    // Notified under the lock: the caller may destroy `call` as soon as it can take the lock.
    call.wake_.notify_one();
  }

  /// Starts the transport's own thread, once: it runs the io_context from the moment it is handed the lead
  /// until stop(). Any thread may call it.
  void start_thread() {
    std::call_once(thread_started_, [this] {
      std::lock_guard lock(mutex_);
      thread_wants_lead_ = true;
      if (!leader_) leader_ = thread_leads_ = true;
      thread_ = std::thread([this] {
        {
          std::unique_lock lock(mutex_);
          thread_wake_.wait(lock, [&] { return thread_leads_ || stopping_; });
          if (stopping_) return;
        }
        io_->run();
      });
    });
  }

  /// Stops the io_context and joins the transport's thread. No call may be running.
  void stop() {
    if (!io_) return;
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
    }
    thread_wake_.notify_one();
    io_->stop();
    if (thread_.joinable()) thread_.join();
  }

 private:
  /// Called by a leader whose request is done, with the lock held: the transport's thread takes the lead if
  /// it waits for it, else the first follower whose request is not done; else nobody leads.
  void hand_over() {
    if (thread_wants_lead_) {
      thread_leads_ = true;
      thread_wake_.notify_one();
      return;
    }
    for (auto it = followers_.begin(); it != followers_.end(); ++it) {
      Call* next = *it;
      if (next->done_) continue;
      followers_.erase(it);
      next->lead_ = true;
      next->wake_.notify_one();
      return;
    }
    leader_ = false;
  }

  boost::asio::io_context* io_;
  std::mutex mutex_;
  bool leader_ = false;            ///< someone (a caller or the transport's thread) runs the io_context
  std::vector<Call*> followers_;   ///< callers waiting for their completion or for the lead
  bool thread_wants_lead_ = false;  ///< the transport's thread has started
  bool thread_leads_ = false;
  bool stopping_ = false;
  std::condition_variable thread_wake_;
  std::once_flag thread_started_;
  std::thread thread_;
};

}  // namespace webapi::detail
