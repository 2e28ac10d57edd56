#pragma once
// What BeastTransport's steps hand each other: one hop of a request (the original one, or where a redirect
// led), where it goes, a new connection, and what one exchange on one connection gave.

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/system/error_code.hpp>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/transport/detail/connection.hpp>
#include <webapi/transport/detail/target.hpp>
#include <webapi/transport/proxy.hpp>

namespace webapi::detail {

namespace http = boost::beast::http;

/// Completion tokens that hand an error over as a value instead of throwing it.
inline constexpr auto nothrow_awaitable = boost::asio::as_tuple(boost::asio::use_awaitable);

/// What is left of `b` once its first `n` bytes were written.
inline std::array<boost::asio::const_buffer, 2> after(const std::array<boost::asio::const_buffer, 2>& b,
                                                      std::size_t n) {
  if (n < b[0].size()) return {b[0] + n, b[1]};
  return {boost::asio::const_buffer{}, b[1] + (n - b[0].size())};
}

/// Whether a failed read or write means the peer had closed the connection before it saw the request.
inline bool is_closed_by_peer(const boost::system::error_code& ec) {
  namespace error = boost::asio::error;
  return ec == http::error::end_of_stream || ec == error::eof || ec == error::connection_reset ||
         ec == error::connection_aborted || ec == error::broken_pipe || ec == error::not_connected ||
         ec == boost::asio::ssl::error::stream_truncated;
}

/// One hop of a request: the original one, or where a redirect led.
struct Hop {
  Method method = Method::get;
  std::string url;  ///< the whole URL; the first hop's is made only when a redirect is resolved against it
  std::optional<Headers> headers;  ///< replaces the request's headers once a redirect changed them
  std::string_view body;
  const BodyStream* stream = nullptr;  ///< in place of `body`: sent piece by piece as it is read
  std::string_view content_type;
  bool idempotent = true;

  const Headers& headers_of(const Request& r) const { return headers ? *headers : r.headers; }
};

/// Where one hop goes: its target, the proxy on the way, and the key of its connections in the pool. A proxy
/// is held by pointer, which keeps the frame of the coroutine that holds a Leg small.
struct Leg {
  /// A proxy on the way, and the pool's key through it.
  struct Through {
    std::optional<ProxyEndpoint> proxy;
    std::string key;
  };

  Target target;
  std::unique_ptr<const Through> through;  ///< null for a direct connection

  const std::optional<ProxyEndpoint>& proxy() const { return through ? through->proxy : direct; }
  const std::string& key() const { return through ? through->key : target.origin(); }

 private:
  static inline const std::optional<ProxyEndpoint> direct;
};

/// A new connection, or why there is none.
struct Connected {
  Connected(std::unique_ptr<Connection> c) : connection(std::move(c)) {}
  Connected(Error e) : error(std::make_unique<Error>(std::move(e))) {}
  std::unique_ptr<Connection> connection;
  std::unique_ptr<Error> error;
};

/// What one request/response exchange on one connection gave. The errors are held by pointer: an exchange
/// lives in coroutine frames, which stay small enough for Asio to recycle when they hold no Error.
struct Exchange {
  std::optional<Response> response;
  std::unique_ptr<Error> error;
  /// A failed send whose answer is read all the same: the error stands unless a complete response comes.
  std::unique_ptr<Error> send_error;
  bool reusable = false;     ///< the connection may go back to the pool
  bool peer_closed = false;  ///< it failed because the peer had closed the connection
  std::size_t bytes_written = 0;
};

}  // namespace webapi::detail
