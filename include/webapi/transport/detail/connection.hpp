#pragma once
// One pooled connection: its stream, the bytes read past the previous response, its pool key and its slot in
// its lane's pool, and the state of the exchange in progress on it.

#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include <poll.h>

#include <boost/beast/core/flat_buffer.hpp>

#include <webapi/transport/detail/body_race.hpp>
#include <webapi/transport/detail/deadline.hpp>
#include <webapi/transport/detail/lane.hpp>
#include <webapi/transport/detail/response_parser.hpp>
#include <webapi/transport/detail/stream.hpp>

namespace webapi::detail {

class Connection {
 public:
  Connection(std::string pool_key, tcp::socket socket) : stream(std::move(socket)), key(std::move(pool_key)) {
    // Beast reads at most the buffer's spare capacity (and no less than 512 bytes) at a time; without room
    // a large header or chunked body would arrive in hundreds of small reads.
    buffer.reserve(read_capacity);
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  static constexpr std::size_t read_capacity = 64 * 1024;

  Stream stream;
  boost::beast::flat_buffer buffer;  ///< bytes read past the previous response stay here
  std::string key;
  IdleSlot* slot = nullptr;  ///< where it waits in its lane's pool: set the first time it is pooled
  Clock::time_point idle_since{};
  std::string request_head;  ///< the last request's head; its capacity is kept for the next one
  // The exchange in progress, kept here rather than in the frame of the coroutine that runs it: a small frame
  // is recycled, a large one allocated anew for every request.
  BodyRace race;                         ///< how its request was written
  std::optional<ResponseParser> parser;  ///< what reads its response

  /// Whether an idle connection can no longer carry a request: the peer closed it, reset it, or sent
  /// bytes nobody asked for (TLS close_notify included). Checked without blocking or waiting.
  bool unusable_while_idle() {
    if (!stream.is_open() || buffer.size() != 0 || stream.has_buffered()) return true;
    pollfd p{stream.socket().native_handle(), POLLIN, 0};
    return ::poll(&p, 1, 0) != 0;
  }
};

}  // namespace webapi::detail
