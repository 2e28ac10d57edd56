#pragma once
// Lanes: where a BeastTransport's requests run, and where the idle connections they leave wait.
//
// A socket belongs to the io_context it was made on, so the pool of idle connections is kept per Lane: an
// executor and the connections whose sockets belong to it. A transport has one Lane for its asynchronous
// sends (its own io_context, or the executor it was given), and one per thread blocked in send() or
// send_all() at the same moment: a BlockingLane, an io_context of its own that the blocked caller runs on
// its own thread until its request is done. So blocking callers never take turns at one scheduler and
// never wake each other: each does its own I/O, on as many cores as there are callers.
//
// BlockingLanes hands them out: a caller takes the lane given back last (whose connections are the most
// recently used), or makes one when every lane is taken, and gives it back when it returns. There are never
// more lanes than the most callers ever blocked at once.

#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace webapi::detail {

class Connection;  // connection.hpp: complete wherever a Lane's connections are made, pooled or closed
class DeadlineWatch;  // deadline_watch.hpp

/// A lane's idle connections to one pool key, and that key's count of idle connections over all lanes.
struct IdleSlot {
  std::deque<std::unique_ptr<Connection>> connections;
  std::size_t* count = nullptr;  ///< the transport's, for the key
};

/// An executor, the idle connections made on it (touched under the transport's pool mutex only), and the
/// timer for the deadlines of the requests that run on it. An aggregate, so that only where one is made or
/// destroyed need Connection and DeadlineWatch be complete.
struct Lane {
  boost::asio::any_io_executor executor;
  /// Per pool key. A slot is never erased while the transport lives: a connection keeps a pointer to its
  /// own, and is pooled again without a lookup.
  std::unordered_map<std::string, IdleSlot> idle;
  std::shared_ptr<DeadlineWatch> deadlines;  // shared: its timer's handler holds a weak_ptr to it
};

/// An io_context that one blocked caller at a time runs, with its Lane. The work guard keeps run_one()
/// waiting while a request is in flight but has nothing ready.
struct BlockingLane {
  BlockingLane();
  boost::asio::io_context io{1};
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
  Lane lane;  // destroyed before `io`, which its sockets belong to
};

/// The BlockingLanes of one transport. Their list has a mutex of its own: taking and giving back a lane,
/// twice for each blocking call, never waits for the pool's.
class BlockingLanes {
 public:
  BlockingLanes() = default;
  BlockingLanes(const BlockingLanes&) = delete;
  BlockingLanes& operator=(const BlockingLanes&) = delete;

  /// A lane taken by one caller until it goes out of scope.
  class Held {
   public:
    Held(BlockingLanes& owner, BlockingLane* lane) : owner_(owner), lane_(lane) {}
    Held(const Held&) = delete;
    Held& operator=(const Held&) = delete;
    ~Held() { owner_.give_back(lane_, kept_); }

    boost::asio::io_context& io() noexcept { return lane_->io; }
    Lane& lane() noexcept { return lane_->lane; }

    /// Runs the io_context on this thread until `done()` is true, a turn at a time: `turn(io)` (by default
    /// io.run_one()).
    template <class Done, class Turn>
    void run_until(Done done, Turn turn) {
      try {
        while (!done()) turn(lane_->io);
      } catch (...) {
        // A request of this caller's is left half-run, its handlers pointing into the caller's frame: the
        // lane is never run again.
        kept_ = false;
        throw;
      }
    }
    template <class Done>
    void run_until(Done done) {
      run_until(done, [](boost::asio::io_context& io) { io.run_one(); });
    }

   private:
    BlockingLanes& owner_;
    BlockingLane* lane_;
    bool kept_ = true;
  };

  /// The lane given back last, or a new one when every lane is taken.
  Held take();

  /// Calls `f(Lane&)` for every lane, taken or free.
  template <class F>
  void for_each(F&& f) {
    std::lock_guard lock(mutex_);
    for (auto& l : all_) f(l->lane);
  }

 private:
  /// Makes `lane` free again, unless `keep` is false: then it is retired, never run again, and destroyed
  /// (its handlers unrun) with the transport.
  void give_back(BlockingLane* lane, bool keep);

  std::mutex mutex_;
  std::vector<std::unique_ptr<BlockingLane>> all_;
  std::vector<BlockingLane*> free_;  ///< the last given back at the end
};

}  // namespace webapi::detail
