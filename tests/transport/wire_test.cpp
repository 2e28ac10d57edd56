// What BeastTransport puts on the wire and takes from it: the request target worked out from a request
// (once per base URL), the request head in order, the response's fields as they came.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include <webapi/transport.hpp>
#include <webapi/transport/detail/target.hpp>

#include "client_support.hpp"
#include "loopback_server.hpp"

using webapi::BeastTransport;
using webapi::Method;
using webapi::Request;
using webapi::test::BeastRequest;
using webapi::test::Context;
using webapi::test::local_options;
using webapi::test::LoopbackServer;
using webapi::test::make_request;
using webapi::test::Reply;
using webapi::test::why;

namespace {

/// request_target() for `r`, as BeastTransport::send() calls it.
webapi::Result<webapi::detail::Target> target_of(const Request& r) {
  return webapi::detail::request_target(webapi::url::trimmed_base(r), webapi::url::target(r));
}

void check_same(const Request& r) {
  const std::string url = webapi::url::full_url(r);
  BOOST_TEST_CONTEXT(url) {
    // Twice: the first call parses the base URL, the second finds it remembered.
    for (int pass = 0; pass < 2; ++pass) {
      auto fast = target_of(r);
      auto whole = webapi::detail::parse_target(url);
      BOOST_TEST_REQUIRE(fast.has_value() == whole.has_value());
      if (!whole) {
        BOOST_TEST(fast.error().message == whole.error().message);
        continue;
      }
      BOOST_TEST(fast->tls() == whole->tls());
      BOOST_TEST(fast->host() == whole->host());
      BOOST_TEST(fast->port() == whole->port());
      BOOST_TEST(fast->authority() == whole->authority());
      BOOST_TEST(fast->target == whole->target);
      BOOST_TEST(fast->origin() == whole->origin());
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wire)

BOOST_AUTO_TEST_CASE(a_request_the_socket_takes_only_in_part_arrives_whole) {
  // A request below the body size that is written while the answer is watched for goes out in one write if
  // the socket takes it. Here it cannot: 4 MB of header fields and a 60 KB body, to a server with a small
  // receive buffer that reads nothing for a while. The rest must follow as the server reads. Twice, over
  // one connection.
  namespace asio = boost::asio;
  namespace http = boost::beast::http;
  constexpr std::size_t pads = 64, pad = 60000, body_size = 60 * 1024;
  asio::io_context io;
  webapi::test::tcp::acceptor acceptor(io);
  acceptor.open(asio::ip::tcp::v4());
  acceptor.set_option(asio::socket_base::receive_buffer_size(4096));  // inherited by the accepted socket
  acceptor.bind({asio::ip::make_address("127.0.0.1"), 0});
  acceptor.listen();
  std::vector<std::pair<std::size_t, std::string>> received;  // the pad fields' size, the body
  std::thread server([&] {
    webapi::test::tcp::socket s(io);
    acceptor.accept(s);
    boost::beast::flat_buffer buffer;
    for (int i = 0; i < 2; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      http::request_parser<http::string_body> parser;
      parser.header_limit(2 * pads * pad);
      parser.body_limit(2 * body_size);
      http::read(s, buffer, parser);
      const auto& req = parser.get();
      std::size_t padding = 0;
      for (const auto& f : req)
        if (f.name_string().starts_with("X-Pad")) padding += f.value().size();
      received.emplace_back(padding, req.body());
      http::response<http::string_body> res{http::status::ok, 11};
      res.body() = std::to_string(req.body().size());
      res.prepare_payload();
      http::write(s, res);
    }
  });
  BeastTransport http_client(local_options());
  const std::string base = "http://127.0.0.1:" + std::to_string(acceptor.local_endpoint().port());
  std::vector<std::string> sent;
  for (char c : {'a', 'b'}) {
    Request r = make_request(base, "/upload", Method::post);
    for (std::size_t i = 0; i < pads; ++i) r.headers.set("X-Pad-" + std::to_string(i), std::string(pad, c));
    for (std::size_t i = 0; i < body_size; ++i) r.body += static_cast<char>(c + i % 20);
    sent.push_back(r.body);
    auto res = http_client.send(r);
    BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
    BOOST_TEST(res->body == std::to_string(body_size));
  }
  server.join();
  BOOST_REQUIRE(received.size() == 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    BOOST_TEST(received[i].first == pads * pad);
    BOOST_TEST((received[i].second == sent[i]));
  }
}

BOOST_AUTO_TEST_CASE(a_host_that_starts_like_an_address_is_not_cut_to_it) {
  // Boost.URL 1.81 reads these as the IPv4 host and a path without its leading '/'.
  for (std::string url : {"http://127.0.0.1evil.com/a", "http://1.2.3.4x:81/p", "https://10.0.0.1.example/"}) {
    auto t = webapi::detail::parse_target(url);
    BOOST_TEST_REQUIRE(!t.has_value(), url);
    BOOST_TEST(t.error().kind == webapi::ErrorKind::invalid_argument);
    BOOST_TEST(t.error().message == "request URL's host is not a host name or address");
  }
  auto fine = webapi::detail::parse_target("http://127.0.0.1:8080/a");
  BOOST_TEST_REQUIRE(fine.has_value());
  BOOST_TEST(fine->host() == "127.0.0.1");
}

BOOST_AUTO_TEST_CASE(the_target_is_what_parsing_the_whole_url_gives) {
  const std::vector<std::string> bases = {
      "http://127.0.0.1:8080",       "https://API.Example.com",      "https://api.example.com:443/v2/",
      "http://[::1]:9000/prefix",    "http://user:pw@host.example",  "HTTPS://host.example:8443//",
      "http://host.example/a%20b",   "http://host.example?x=1",      "http://host.example/#frag",
      "ftp://host.example",          "http://host.example:0",        "http://host.example:99999",
      "http:///no-host",             "not a url",                    "",
      "http://127.0.0.1evil.com",    "http://1.2.3.4x:81/p",
  };
  const std::vector<std::string> paths = {"/", "/items/a%2Fb", "/a:b@c!$&'()*+,;=-._~", "//double",
                                          "/bad%2", "/bad%zz", "/pipe|d", "/brace{", "/back\\slash", "/caret^"};
  for (const auto& base : bases)
    for (const auto& path : paths) {
      Request r = make_request(base, path);
      check_same(r);
      r.query = {{"q", "a b"}, {"x", "1&2"}, {"empty", ""}};
      check_same(r);
    }
}

BOOST_AUTO_TEST_CASE(more_base_urls_than_a_thread_remembers_still_give_each_its_own_target) {
  // Five bases in turn, twice over: each call must find its own base, never another's remembered origin.
  for (int round = 0; round < 2; ++round)
    for (int i = 1; i <= 5; ++i) {
      Request r = make_request("https://h" + std::to_string(i) + ".example:" + std::to_string(8000 + i) + "/v" +
                                   std::to_string(i),
                               "/x");
      auto t = target_of(r);
      BOOST_TEST_REQUIRE(t.has_value());
      BOOST_TEST(t->host() == "h" + std::to_string(i) + ".example");
      BOOST_TEST(t->port() == 8000 + i);
      BOOST_TEST(t->target == "/v" + std::to_string(i) + "/x");
    }
}

BOOST_AUTO_TEST_CASE(only_what_a_uri_path_or_query_may_hold_is_appended_unparsed) {
  using webapi::detail::is_uri_text;
  BOOST_TEST(is_uri_text("/a/b%2F:@!$&'()*+,;=-._~", false));
  BOOST_TEST(!is_uri_text("/a?b", false));
  BOOST_TEST(is_uri_text("?a=b?c/d", true));
  for (std::string bad : {"/%", "/%2", "/%g0", "/a b", "/a#b", "/a\"b", "/a<b", "/a>b", "/a\\b", "/a^b", "/a`b",
                          "/a{b", "/a|b", "/a}b", "/\x7f", "/\xc3\xa9"})
    BOOST_TEST(!is_uri_text(bad, false), bad);
}

BOOST_AUTO_TEST_CASE(the_request_head_has_host_first_then_the_callers_fields_in_order) {
  LoopbackServer server([](const BeastRequest&, const Context&) { return Reply{.body = "ok"}; });
  BeastTransport http(local_options());
  Request r = make_request(server.base_url(), "/p", Method::put);
  r.headers.add("X-B", "2");
  r.headers.add("x-a", "1");
  r.headers.add("X-C", "3");
  r.headers.add("Host", "spoofed.example");   // the transport's own: dropped
  r.headers.add("Content-Length", "999");     // likewise
  r.body = "{}";
  r.content_type = "application/json";
  auto res = http.send(r);
  BOOST_TEST_REQUIRE(res.has_value(), why(res));
  const auto seen = server.requests();
  BOOST_TEST_REQUIRE(seen.size() == 1u);
  std::vector<std::string> names;
  for (const auto& f : seen[0]) names.emplace_back(f.name_string());
  const std::vector<std::string> expected = {"Host",       "X-B",             "x-a",          "X-C",
                                             "User-Agent", "Accept-Encoding", "Content-Type", "Content-Length"};
  BOOST_TEST(names == expected, boost::test_tools::per_element());
  BOOST_TEST(std::string(seen[0][boost::beast::http::field::host]) == "127.0.0.1:" + std::to_string(server.port()));
  BOOST_TEST(std::string(seen[0][boost::beast::http::field::content_length]) == "2");
  BOOST_TEST(seen[0].body() == "{}");
}

BOOST_AUTO_TEST_CASE(a_response_keeps_every_field_as_sent_in_order_with_repeats) {
  // Raw bytes: the test server's own Beast fields would group fields of one name together.
  LoopbackServer server([](const BeastRequest&, const Context&) {
    return Reply{.raw = "HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nx-lower: v\r\nSet-Cookie: b=2\r\nX-Empty:\r\n"
                        "Content-Length: 2\r\n\r\nok"};
  });
  BeastTransport http(local_options());
  auto res = http.send(make_request(server.base_url()));
  BOOST_TEST_REQUIRE(res.has_value(), why(res));
  const std::vector<std::pair<std::string, std::string>> fields(res->headers.begin(), res->headers.end());
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"Set-Cookie", "a=1"}, {"x-lower", "v"}, {"Set-Cookie", "b=2"}, {"X-Empty", ""}, {"Content-Length", "2"}};
  BOOST_TEST((fields == expected));
  BOOST_TEST(res->body == "ok");
  BOOST_TEST(http.idle_connections() == 1u);  // a complete response leaves its connection reusable
}

BOOST_AUTO_TEST_SUITE_END()
