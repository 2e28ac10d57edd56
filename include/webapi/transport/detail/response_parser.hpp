#pragma once
// Beast's HTTP/1.1 response parser writing straight into a webapi::Response: each field is added to
// Response::headers as it is parsed and the body is appended to Response::body, with no Beast message
// (and none of its per-field allocations) in between. Limits, chunked decoding, keep-alive and the checks
// of the syntax are basic_parser's own, but for the trailer fields after a chunked body, which basic_parser
// bounds by nothing: they are held to trailer_limit() bytes here, and dropped rather than added to the header
// fields (RFC 9110 section 6.5.1), so a Location or Set-Cookie sent only as a trailer is never acted on.
//
// A head of the common form may instead be taken by put_common(), without Beast (detail/common_head.hpp).
// The parser then reports that head's state through the accessors below, which stand in for basic_parser's
// own of the same names: call them on a ResponseParser, never through a reference to basic_parser.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/string_type.hpp>
#include <boost/beast/http/basic_parser.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/optional/optional.hpp>

#include <webapi/core/request.hpp>
#include <webapi/transport/detail/common_head.hpp>

namespace webapi::detail {

class ResponseParser final : public boost::beast::http::basic_parser<false> {
 public:
  /// Fields a response usually has; room for them is made before the first arrives.
  static constexpr std::size_t usual_fields = 12;
  /// A body of announced length is given room for this much before it arrives, and grows with what comes.
  static constexpr std::size_t first_body_allocation = 1024 * 1024;

  ResponseParser() { response_.headers.reserve(usual_fields); }

  /// The response as parsed so far: its status once the status line was read, its fields once the header was.
  Response& get() noexcept { return response_; }
  const Response& get() const noexcept { return response_; }
  /// Moves what `buffer` holds of a body of `n` bytes, whose length the head gave, into the response, and
  /// sizes its string for the rest: the string grows with what arrives, never ahead of it by more than it
  /// holds already (or the first MiB, which most bodies fit in whole, so they are read without a copy), and
  /// an announced length alone makes no large allocation. Returns the bytes of the body it holds.
  std::size_t take_buffered_body(boost::beast::flat_buffer& buffer, std::size_t n) {
    std::string& body = response_.body;
    const std::size_t have = std::min(buffer.size(), n);
    body.resize(std::min(n, std::max(have, first_body_allocation)));
    boost::asio::buffer_copy(boost::asio::buffer(body.data(), have), buffer.data());
    buffer.consume(have);
    return have;
  }
  /// Hands the response over; the parser is not used after this.
  Response release() noexcept { return std::move(response_); }
  /// Trailer fields of more than `n` bytes in all (names, values and four bytes of syntax each) end the
  /// parse with http::error::header_limit.
  void trailer_limit(std::size_t n) noexcept { trailer_budget_ = n; }

  /// The most bytes a head may have, for put_common() as for Beast.
  void header_limit(std::uint32_t n) {
    header_limit_ = n;
    basic_parser::header_limit(n);
  }
  /// Whether the response has no body whatever its head says (the answer to HEAD); no put_common() then.
  void skip(bool v) {
    skip_ = v;
    basic_parser::skip(v);
  }

  /// Takes the head at the start of `bytes` when it is of the common form (detail/common_head.hpp), before
  /// Beast's parser was given any byte; `used` is then its size. Incomplete: call again with more bytes.
  /// Declined, or after a skip(true): give the bytes to put().
  CommonHead::Outcome put_common(std::string_view bytes, std::size_t& used) {
    if (skip_ || basic_parser::got_some()) return CommonHead::Outcome::declined;
    const CommonHead head = read_common_head(bytes, header_limit_, scanned_, response_.headers);
    if (head.outcome != CommonHead::Outcome::taken) return head.outcome;
    common_ = true;
    response_.status = head.status;
    length_ = head.content_length;
    keep_alive_ = head.keep_alive;
    used = head.size;
    return head.outcome;
  }

  // ---- basic_parser's state, or that of a head put_common() took
  bool got_some() const { return common_ || basic_parser::got_some(); }
  bool is_header_done() const { return common_ || basic_parser::is_header_done(); }
  bool is_done() const { return common_ ? length_ == 0 : basic_parser::is_done(); }
  bool chunked() const { return !common_ && basic_parser::chunked(); }
  bool keep_alive() const { return common_ ? keep_alive_ : basic_parser::keep_alive(); }
  boost::optional<std::uint64_t> content_length() const {
    return common_ ? boost::optional<std::uint64_t>(length_) : basic_parser::content_length();
  }

 private:
  using string_view = boost::beast::string_view;
  using error_code = boost::system::error_code;

  // A response parser is never given a request line.
  void on_request_impl(boost::beast::http::verb, string_view, string_view, int, error_code&) override {}
  void on_response_impl(int status, string_view, int, error_code&) override { response_.status = status; }
  void on_field_impl(boost::beast::http::field, string_view name, string_view value, error_code& ec) override {
    if (is_header_done()) {  // a trailer
      const std::size_t cost = name.size() + value.size() + 4;
      if (cost > trailer_budget_) ec = boost::beast::http::error::header_limit;
      trailer_budget_ -= std::min(cost, trailer_budget_);
      return;
    }
    response_.headers.add(std::string_view(name.data(), name.size()), std::string_view(value.data(), value.size()));
  }
  void on_header_impl(error_code&) override {}
  void on_body_init_impl(const boost::optional<std::uint64_t>& length, error_code&) override {
    if (length) response_.body.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(*length, first_body_allocation)));
  }
  std::size_t on_body_impl(string_view piece, error_code&) override {
    response_.body.append(piece.data(), piece.size());
    return piece.size();
  }
  void on_chunk_header_impl(std::uint64_t, string_view, error_code&) override {}
  std::size_t on_chunk_body_impl(std::uint64_t, string_view piece, error_code&) override {
    response_.body.append(piece.data(), piece.size());
    return piece.size();
  }
  void on_finish_impl(error_code&) override {}

  Response response_;
  std::size_t trailer_budget_ = 8 * 1024;
  std::uint32_t header_limit_ = 8 * 1024;  // Beast's own default
  std::size_t scanned_ = 0;                // how far put_common() looked for the end of the head
  bool skip_ = false;
  bool common_ = false;  // put_common() took the head
  bool keep_alive_ = true;
  std::uint64_t length_ = 0;
};

}  // namespace webapi::detail
