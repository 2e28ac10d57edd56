#pragma once
// A Request::body_stream hands its pieces to a callback and waits for it to return (BodyStream::Sink): it
// pushes, where an asynchronous writer pulls. The pump runs BodyStream::write on a thread of its own for
// the length of one upload and passes each piece through a channel of one slot; the sending coroutine
// receives and writes them. So the executor never blocks on a file read, and the stream never runs ahead
// of the socket by more than one piece.
//
// The stream is held to the size it announced: the piece that would pass it is not passed on, and the
// outcome says "more". stop() (or the pump's end) ends the upload early: the stream's sink then returns
// false, and the thread never touches the channel again, so the channel and its executor may go.

#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/experimental/concurrent_channel.hpp>
#include <boost/asio/use_future.hpp>

#include <webapi/core/request.hpp>

namespace webapi::detail {

class BodyPump {
 public:
  using Channel = boost::asio::experimental::concurrent_channel<void(boost::system::error_code, std::string)>;

  /// What the stream did once it returned.
  struct Outcome {
    std::string problem;       ///< what BodyStream::write reported, empty when it handed everything on
    std::uint64_t handed = 0;  ///< bytes handed over, the refused piece included
    bool over = false;         ///< it handed over more than it announced
  };

  explicit BodyPump(boost::asio::any_io_executor ex)
      : channel_(std::move(ex), 1), shared_(std::make_shared<Shared>()) {
    shared_->channel = &channel_;
  }
  BodyPump(const BodyPump&) = delete;
  BodyPump& operator=(const BodyPump&) = delete;
  ~BodyPump() { stop(); }

  /// Starts reading `stream` on the pump's thread.
  void start(std::shared_ptr<const BodyStream> stream) {
    std::thread([shared = shared_, stream = std::move(stream)] { run(*shared, *stream); }).detach();
  }

  /// The channel the pieces come through; it completes with boost::asio::error::eof after the last one,
  /// once outcome() holds the result.
  Channel& channel() noexcept { return channel_; }
  /// Read after the channel said eof.
  Outcome outcome() const {
    std::lock_guard lock(shared_->mutex);
    return shared_->outcome;
  }

  /// Ends the upload: the stream's sink returns false from now on. Called on the channel's executor.
  void stop() {
    std::lock_guard lock(shared_->mutex);
    if (shared_->stopped) return;
    shared_->stopped = true;
    // Cancelling wakes a piece waiting to be taken (closing alone would leave it waiting); closing then
    // refuses every later one.
    channel_.cancel();
    channel_.close();
  }

 private:
  /// What the thread and the pump share; the channel is reached only under the mutex, until stopped.
  struct Shared {
    mutable std::mutex mutex;
    bool stopped = false;
    Channel* channel = nullptr;
    Outcome outcome;
  };

  /// Passes one message on and waits until it is taken; false when the pump was stopped.
  static bool pass(Shared& shared, boost::system::error_code ec, std::string bytes) {
    std::future<void> taken;
    {
      std::lock_guard lock(shared.mutex);
      if (shared.stopped) return false;
      taken = shared.channel->async_send(ec, std::move(bytes), boost::asio::use_future);
    }
    try {
      taken.get();
      return true;
    } catch (...) {  // cancelled by stop(), or the executor went away
      return false;
    }
  }

  static void run(Shared& shared, const BodyStream& stream) {
    Outcome out;
    bool open = true;
    out.problem = stream.write([&](std::string_view piece) {
      if (!open) return false;
      out.handed += piece.size();
      if (out.handed > stream.size) {
        out.over = true;
        return false;
      }
      if (!piece.empty()) open = pass(shared, {}, std::string(piece));
      return open;
    });
    {
      std::lock_guard lock(shared.mutex);
      shared.outcome = std::move(out);
    }
    if (open) pass(shared, boost::asio::error::eof, std::string());
  }

  Channel channel_;
  std::shared_ptr<Shared> shared_;
};

}  // namespace webapi::detail
