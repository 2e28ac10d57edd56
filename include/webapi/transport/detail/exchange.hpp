#pragma once
// What BeastTransport's steps hand each other: one hop of a request (the original one, or where a redirect
// led), what one exchange on one connection gave, and the state of a body written while the answer is
// watched for.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/system/error_code.hpp>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/transport/detail/body_pump.hpp>

namespace webapi::detail {

namespace http = boost::beast::http;

/// Completion tokens that hand an error over as a value instead of throwing it.
inline constexpr auto nothrow_awaitable = boost::asio::as_tuple(boost::asio::use_awaitable);

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

/// What one request/response exchange on one connection gave.
struct Exchange {
  std::optional<Response> response;
  std::optional<Error> error;
  bool reusable = false;     ///< the connection may go back to the pool
  bool peer_closed = false;  ///< it failed because the peer had closed the connection
  std::size_t bytes_written = 0;
};

/// A request body written while the answer is watched for (RFC 9112 section 9.5).
struct BodyRace {
  bool writing = true;          ///< the writer has not finished
  bool write_complete = false;  ///< every byte of the request was written
  bool answered = false;        ///< the reader saw the start of a final answer
  boost::system::error_code write_ec;
  boost::system::error_code read_ec;  ///< how the reader's last read failed: no final answer came before it
  std::size_t written = 0;
  std::optional<std::string> problem;  ///< the body stream broke its promise or failed
  std::unique_ptr<BodyPump> pump;      ///< stopped when the race ends, however it ends
};

}  // namespace webapi::detail
