#pragma once
// Reads a response's head, as http::async_read_header does, in the coroutine of the request itself: the
// coroutine awaits each read of the stream, and HeadReader says what to read into and what the bytes made.
// There is no coroutine frame of its own and none of the layers of composed operations (each keeping the
// executor busy and dispatching its completion) that Beast's read operation wraps around a read. A head of
// the common form is taken without Beast's parser (detail/common_head.hpp); any other is Beast's to parse,
// and the errors are Beast's: the parser takes what the buffer holds, the stream is read only when it asks
// for more, and an end of the stream is told apart as basic_parser's readers do.
// docs/benchmarks-transport.md ("Reading the response head") measures the difference.
//
//   detail::HeadReader reader(parser);
//   auto done = reader.parse(buffer);
//   while (!done) {
//     auto [ec, n] = co_await stream.async_read_some(reader.room(buffer), nothrow_awaitable);
//     done = reader.read(buffer, ec, n);
//   }
//   auto [ec, used] = *done;

#include <cstddef>
#include <optional>
#include <string_view>
#include <tuple>

#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/read_size.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/system/error_code.hpp>

#include <webapi/transport/detail/common_head.hpp>
#include <webapi/transport/detail/response_parser.hpp>

namespace webapi::detail {

class HeadReader {
 public:
  /// How reading the head ended: the error (Beast's, or the stream's) and the bytes of the buffer the parser
  /// used. What follows the head stays in the buffer.
  using Done = std::tuple<boost::system::error_code, std::size_t>;

  explicit HeadReader(ResponseParser& parser) noexcept : parser_(parser) {}

  /// Parses what `buffer` holds; nullopt when the head needs more bytes and the buffer has room() for them
  /// (without, it ends with buffer_overflow, as Beast's reader does).
  std::optional<Done> parse(boost::beast::flat_buffer& buffer) {
    auto done = parse_held(buffer);
    if (!done && (room_ = boost::beast::read_size(buffer, most_per_read)) == 0)
      return Done{boost::beast::http::error::buffer_overflow, used_};
    return done;
  }

  /// Where the next read goes, once parse() or read() said the head needs more.
  boost::asio::mutable_buffer room(boost::beast::flat_buffer& buffer) { return buffer.prepare(room_); }

  /// Takes a read of `n` bytes into room() that ended with `ec`, and parses; nullopt when the head needs more.
  std::optional<Done> read(boost::beast::flat_buffer& buffer, const boost::system::error_code& ec, std::size_t n) {
    namespace http = boost::beast::http;
    if (ec == boost::asio::error::eof) {
      // Bytes of a head only put_common() looked at are Beast's to judge, as if it had read them all along.
      if (common_ && buffer.size() != 0)
        if (auto done = put(buffer)) return done;
      // The end of the stream: the end of a message only for a parser that has begun one and can end there.
      if (!parser_.got_some()) return Done{http::error::end_of_stream, used_};
      boost::system::error_code eof;
      parser_.put_eof(eof);
      return Done{eof, used_};
    }
    if (ec) return Done{ec, used_};
    buffer.commit(n);
    return parse(buffer);
  }

 private:
  static constexpr std::size_t most_per_read = 64 * 1024;

  std::optional<Done> parse_held(boost::beast::flat_buffer& buffer) {
    if (buffer.size() == 0) return std::nullopt;
    if (common_) {
      std::size_t n = 0;
      const auto data = buffer.data();
      const auto outcome = parser_.put_common(std::string_view(static_cast<const char*>(data.data()), data.size()), n);
      if (outcome == CommonHead::Outcome::taken) {
        buffer.consume(n);
        return Done{boost::system::error_code{}, n};
      }
      common_ = outcome == CommonHead::Outcome::incomplete;
      if (common_) return std::nullopt;
    }
    return put(buffer);
  }

  /// Beast's put() parses a head whole once all of it is there, and stops at its end.
  std::optional<Done> put(boost::beast::flat_buffer& buffer) {
    boost::system::error_code ec;
    const std::size_t n = parser_.put(buffer.data(), ec);
    used_ += n;
    buffer.consume(n);
    if (ec == boost::beast::http::error::need_more) return std::nullopt;
    return Done{ec, used_};
  }

  ResponseParser& parser_;
  std::size_t used_ = 0;
  std::size_t room_ = 0;  // for the next read: as much as Beast's readers would ask for
  bool common_ = true;  // until put_common() declines the head
};

}  // namespace webapi::detail
