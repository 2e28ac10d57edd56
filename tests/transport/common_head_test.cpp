// The common response head read without Beast's parser (detail/common_head.hpp): which heads it takes,
// that each one it takes reads as Beast's parser reads it, and that it declines every other form.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/error.hpp>

#include <webapi/transport/detail/common_head.hpp>
#include <webapi/transport/detail/response_parser.hpp>

namespace common_head_test {

using webapi::detail::CommonHead;
using Outcome = CommonHead::Outcome;

constexpr std::size_t limit = 8 * 1024;

const std::string nginx =
    "HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nDate: Sat, 28 Nov 2026 20:13:11 GMT\r\n"
    "Content-Type: application/json\r\nContent-Length: 119\r\nLast-Modified: Sat, 28 Nov 2026 20:13:11 GMT\r\n"
    "Connection: keep-alive\r\nETag: \"6569a4f7-77\"\r\nAccept-Ranges: bytes\r\n\r\n";

struct Read {
  CommonHead head;
  webapi::Headers fields;
};

Read common(std::string_view bytes) {
  Read r;
  std::size_t scanned = 0;
  r.head = webapi::detail::read_common_head(bytes, limit, scanned, r.fields);
  return r;
}

/// What Beast's parser makes of the same bytes, for a head it takes whole.
struct Beast {
  boost::system::error_code ec;
  std::size_t used = 0;
  webapi::detail::ResponseParser parser;
};

void beast(std::string_view bytes, Beast& b) {
  b.parser.header_limit(static_cast<std::uint32_t>(limit));
  b.used = b.parser.put(boost::asio::buffer(bytes.data(), bytes.size()), b.ec);
}

/// A head taken here is the head Beast's parser reads: the same status, fields in order, length,
/// keep-alive and size.
void check_as_beast(const std::string& bytes) {
  const Read r = common(bytes + "body bytes");
  BOOST_TEST_REQUIRE((r.head.outcome == Outcome::taken), bytes);
  Beast b;
  beast(bytes + "body bytes", b);
  BOOST_TEST_REQUIRE(!b.ec, bytes << ": " << b.ec.message());
  BOOST_TEST(b.parser.is_header_done());
  BOOST_TEST(r.head.size == b.used);
  BOOST_TEST(r.head.size == bytes.size());
  BOOST_TEST(r.head.status == b.parser.get().status);
  BOOST_TEST((r.fields == b.parser.get().headers));
  BOOST_TEST_REQUIRE(b.parser.content_length().has_value());
  BOOST_TEST(r.head.content_length == *b.parser.content_length());
  BOOST_TEST(r.head.keep_alive == b.parser.keep_alive());
}

void check_declined(const std::string& bytes) {
  const Read r = common(bytes);
  BOOST_TEST((r.head.outcome == Outcome::declined), bytes);
  BOOST_TEST(r.fields.size() == 0u, bytes);
}

BOOST_AUTO_TEST_SUITE(common_head)

BOOST_AUTO_TEST_CASE(takes_the_common_form_as_beast_reads_it) {
  check_as_beast(nginx);
  check_as_beast("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n");
  check_as_beast("HTTP/1.1 200 \r\nContent-Length: 00012\r\nCONNECTION: Close\r\n\r\n");
  check_as_beast("HTTP/1.1 503 Service Unavailable\r\nRetry-After:\t 7 \t\r\nContent-Length: 3\r\n\r\n");
  check_as_beast(
      "HTTP/1.1 200 OK\r\nX-Empty:\r\nX-Obs-Text: caf\xc3\xa9 \x80\xff\r\nX-Tab: a\tb\r\n"
      "Connection: keep-alive\r\nConnection: close\r\nContent-Length: 5\r\n\r\n");
  check_as_beast("HTTP/1.1 201 Created\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Length: 2\r\n\r\n");
}

BOOST_AUTO_TEST_CASE(a_head_that_runs_past_sixteen_bytes_at_a_time_is_read_whole) {
  // Values of every length around the sixteen bytes first_control() looks at at once.
  for (std::size_t n = 0; n < 40; ++n)
    check_as_beast("HTTP/1.1 200 OK\r\nX-Value: " + std::string(n, 'v') + "\r\nContent-Length: 1\r\n\r\n");
}

BOOST_AUTO_TEST_CASE(names_of_every_length_and_token_character_are_read_whole) {
  // Names around the sixteen bytes end_of_token() looks at at once, with each token character that is no
  // letter, digit or '-' early, late and past the first sixteen; and the same names with a byte that is no
  // token character, which Beast refuses.
  for (std::size_t n = 1; n < 40; ++n)
    for (char special : std::string_view("!#$%&'*+.^_`|~")) {
      std::string name = "X" + std::string(n, 'n');
      for (std::size_t at : {std::size_t{1}, n / 2, n}) {
        std::string with = name;
        with[at] = special;
        check_as_beast("HTTP/1.1 200 OK\r\n" + with + ": v\r\nContent-Length: 1\r\n\r\n");
        for (char bad : {'"', '(', '@', '[', '{', '\x80', '\xc3'}) {
          with[at] = bad;
          check_declined("HTTP/1.1 200 OK\r\n" + with + ": v\r\nContent-Length: 1\r\n\r\n");
          with[at] = special;
        }
      }
    }
}

BOOST_AUTO_TEST_CASE(declines_a_status_line_of_another_form) {
  check_declined("HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 100 Continue\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 101 Switching Protocols\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 204 No Content\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 304 Not Modified\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 199 Odd\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 600 Beyond\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 20x OK\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 O\x01K\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\nContent-Length: 1\r\n\r\n");
}

BOOST_AUTO_TEST_CASE(declines_fields_beast_reads_otherwise_or_refuses) {
  check_declined("HTTP/1.1 200 OK\r\nX-Folded: a\r\n b\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nX-Folded: a\r\n\tb\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nX-Control: a\x01z\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nX-Delete: a\x7fz\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nX-Bare-CR: a\rz\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nX-Bare-LF: a\nz\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nX-Space : a\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\n: no name\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nNo colon\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nX(Paren): a\r\nContent-Length: 1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\rX");
}

BOOST_AUTO_TEST_CASE(declines_what_decides_the_body_otherwise) {
  check_declined("HTTP/1.1 200 OK\r\nDate: now\r\n\r\n");  // read to the end of the connection
  check_declined("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: +1\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 1234567890123456789\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nConnection: keep-alive, Upgrade\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nConnection: upgrade\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nProxy-Connection: close\r\n\r\n");
  check_declined("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nUpgrade: h2c\r\n\r\n");
}

BOOST_AUTO_TEST_CASE(declines_a_head_of_many_fields_or_near_the_limit) {
  std::string many = "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n";
  for (int i = 0; i < 31; ++i) many += "X-" + std::to_string(i) + ": v\r\n";
  check_as_beast(many + "\r\n");  // 32 fields
  check_declined(many + "X-Last: v\r\n\r\n");
  std::string large = "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nX-Large: ";
  large += std::string(limit - large.size() - 4, 'v') + "\r\n\r\n";  // exactly the limit
  BOOST_TEST(large.size() == limit);
  check_declined(large);
}

BOOST_AUTO_TEST_CASE(waits_for_the_whole_head_and_looks_only_at_what_came_since) {
  std::size_t scanned = 0;
  webapi::Headers fields;
  for (std::size_t n : {0u, 5u, 12u, 40u, 200u}) {
    const auto head = webapi::detail::read_common_head(std::string_view(nginx).substr(0, n), limit, scanned, fields);
    BOOST_TEST((head.outcome == Outcome::incomplete), n);
    BOOST_TEST(scanned == n);
    BOOST_TEST(fields.size() == 0u);
  }
  // Too short to tell, but already not an HTTP/1.1 status line: Beast's parser judges it at once.
  std::size_t short_scanned = 0;
  BOOST_TEST((webapi::detail::read_common_head("\r\n\r\n", limit, short_scanned, fields).outcome == Outcome::declined));
  const auto head = webapi::detail::read_common_head(nginx, limit, scanned, fields);
  BOOST_TEST((head.outcome == Outcome::taken));
  BOOST_TEST(fields.size() == 8u);
  // No end of the head within the limit: Beast's parser is given it, and refuses it.
  scanned = 0;
  const std::string endless = "HTTP/1.1 200 OK\r\nX-Long: " + std::string(limit, 'v');
  BOOST_TEST((webapi::detail::read_common_head(endless, limit, scanned, fields).outcome == Outcome::declined));
}

BOOST_AUTO_TEST_CASE(the_parser_reports_a_head_it_took_as_beast_would) {
  webapi::detail::ResponseParser parser;
  parser.header_limit(static_cast<std::uint32_t>(limit));
  std::size_t used = 0;
  BOOST_TEST((parser.put_common(nginx + "{", used) == Outcome::taken));
  BOOST_TEST(used == nginx.size());
  BOOST_TEST(parser.got_some());
  BOOST_TEST(parser.is_header_done());
  BOOST_TEST(!parser.is_done());
  BOOST_TEST(!parser.chunked());
  BOOST_TEST(parser.keep_alive());
  BOOST_TEST(parser.content_length().value_or(0) == 119u);
  BOOST_TEST(parser.get().status == 200);
  BOOST_TEST(parser.get().headers.get("etag").value_or("") == "\"6569a4f7-77\"");

  webapi::detail::ResponseParser empty;
  BOOST_TEST(
      (empty.put_common("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", used) == Outcome::taken));
  BOOST_TEST(empty.is_done());
  BOOST_TEST(!empty.keep_alive());

  // The answer to HEAD has no body whatever its head says: Beast's parser reads it.
  webapi::detail::ResponseParser head_answer;
  head_answer.skip(true);
  BOOST_TEST((head_answer.put_common(nginx, used) == Outcome::declined));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace common_head_test
