#pragma once
// Reads a response's head, as http::async_read_header does, in the coroutine that awaits it: each read of
// the stream is awaited directly, with none of the layers of composed operations (each keeping the executor
// busy and dispatching its completion) that Beast's read operation wraps around it. A head of the common
// form is taken without Beast's parser (detail/common_head.hpp); any other is Beast's to parse, and the
// errors are Beast's: the parser takes what the buffer holds, the stream is read only when it asks for
// more, and an end of the stream is told apart as basic_parser's readers do. docs/benchmarks-transport.md
// ("Reading the response head") measures the difference.

#include <cstddef>
#include <string_view>
#include <tuple>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/read_size.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/system/error_code.hpp>

#include <webapi/transport/detail/common_head.hpp>
#include <webapi/transport/detail/exchange.hpp>
#include <webapi/transport/detail/response_parser.hpp>

namespace webapi::detail {

/// Reads from `stream` into `buffer` and parses with `parser` until its head is done; completes with the
/// error (Beast's, or the stream's) and the bytes of the buffer the parser used. What follows the head
/// stays in `buffer`.
template <class Stream>
boost::asio::awaitable<std::tuple<boost::system::error_code, std::size_t>> async_read_head(
    Stream& stream, boost::beast::flat_buffer& buffer, ResponseParser& parser) {
  namespace http = boost::beast::http;
  using Outcome = CommonHead::Outcome;
  constexpr std::size_t most_per_read = 64 * 1024;
  boost::system::error_code ec;
  std::size_t used = 0;
  bool common = true;  // until put_common() declines the head
  // Beast's put() parses a head whole once all of it is there, and stops at its end.
  auto put = [&] {
    const std::size_t n = parser.put(buffer.data(), ec);
    used += n;
    buffer.consume(n);
    return ec != http::error::need_more;
  };
  for (;;) {
    if (buffer.size() != 0) {
      if (common) {
        std::size_t n = 0;
        const auto data = buffer.data();
        const Outcome outcome =
            parser.put_common(std::string_view(static_cast<const char*>(data.data()), data.size()), n);
        if (outcome == Outcome::taken) {
          buffer.consume(n);
          co_return std::tuple{ec, n};
        }
        common = outcome == Outcome::incomplete;
      }
      if (!common && put()) co_return std::tuple{ec, used};
    }
    const std::size_t room = boost::beast::read_size(buffer, most_per_read);
    if (room == 0) co_return std::tuple{boost::system::error_code(http::error::buffer_overflow), used};
    auto [rec, got] = co_await stream.async_read_some(buffer.prepare(room), nothrow_awaitable);
    if (rec == boost::asio::error::eof) {
      // Bytes of a head only put_common() looked at are Beast's to judge, as if it had read them all along.
      if (common && buffer.size() != 0 && put()) co_return std::tuple{ec, used};
      // The end of the stream: the end of a message only for a parser that has begun one and can end there.
      if (!parser.got_some()) co_return std::tuple{boost::system::error_code(http::error::end_of_stream), used};
      ec = {};
      parser.put_eof(ec);
      co_return std::tuple{ec, used};
    }
    if (rec) co_return std::tuple{rec, used};
    buffer.commit(got);
  }
}

}  // namespace webapi::detail
