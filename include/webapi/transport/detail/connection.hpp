#pragma once
// One pooled connection and the io_context that drives it.
//
// The thread holding a connection runs that connection's io_context itself, so an operation's deadline is
// simply how long the thread keeps running it: no timer, no other thread, no hand-off per request.

#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include <poll.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>

namespace webapi::detail {

using Clock = std::chrono::steady_clock;

class Connection {
 public:
  using tcp = boost::asio::ip::tcp;

  explicit Connection(std::string pool_key) : key(std::move(pool_key)) {
    // Beast reads at most the buffer's spare capacity (and no less than 512 bytes) at a time; without room
    // a large body would arrive in hundreds of small reads.
    buffer.reserve(read_capacity);
  }

  static constexpr std::size_t read_capacity = 64 * 1024;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  boost::asio::io_context ioc{1};
  tcp::socket socket{ioc};  ///< the connection until a TLS stream takes it over
  std::optional<boost::asio::ssl::stream<tcp::socket>> tls;
  boost::beast::flat_buffer buffer;  ///< bytes read past the previous response stay here
  std::string key;
  Clock::time_point idle_since{};

  tcp::socket& lowest() { return tls ? tls->next_layer() : socket; }

  /// Calls f with the stream to read and write: the TLS stream or the plain socket.
  template <class F>
  decltype(auto) with_stream(F&& f) {
    if (tls) return std::forward<F>(f)(*tls);
    return std::forward<F>(f)(socket);
  }

  /// Runs the io_context until `done` becomes true or `deadline` passes. Past the deadline the socket is
  /// closed, the aborted operation's handler is run to completion, and false is returned.
  bool run(const bool& done, Clock::time_point deadline) {
    ioc.restart();
    ioc.run_until(deadline);
    if (done) return true;
    boost::system::error_code ignored;
    lowest().close(ignored);
    ioc.restart();
    ioc.run();
    return false;
  }

  /// Whether an idle connection can no longer carry a request: the peer closed it, reset it, or sent
  /// bytes nobody asked for (TLS close_notify included). Checked without blocking.
  bool unusable_while_idle() {
    if (!lowest().is_open() || buffer.size() != 0) return true;
    pollfd p{lowest().native_handle(), POLLIN, 0};
    return ::poll(&p, 1, 0) != 0;
  }
};

}  // namespace webapi::detail
