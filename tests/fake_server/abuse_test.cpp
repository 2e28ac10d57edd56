// The served fake under abuse: after each, the server is still up and answers a correct request correctly.
// Timeouts are shortened so that each case takes a few seconds at most.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "helpers.hpp"

using namespace served_test;

namespace {

webapi::fakes::ServeOptions short_timeouts() {
  webapi::fakes::ServeOptions o;
  o.idle_timeout = 1s;
  o.body_timeout = 1s;
  o.write_timeout = 1s;
  return o;
}

/// The webhooks fake with its demo data set, served; `settings` is its app's settings path with the key.
struct ServedHooks {
  ServedHooks() {
    std::string app, key;
    for (const auto& [name, value] : seed_demo(fake)) {
      if (name == "APP_ID") app = value;
      if (name == "HAPIKEY") key = value;
    }
    settings = "/webhooks/v3/" + app + "/settings?hapikey=" + key;
    auto o = short_timeouts();
    o.body_timeout = 10s;  // 10 MB take a while on a busy machine
    server.emplace(webapi::fakes::serve(fake, 0, o));
  }
  std::string put_settings(std::string_view content_type, std::string_view body) {
    return raw_exchange(server->port(), "PUT " + settings + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" +
                                            (content_type.empty() ? "" : "Content-Type: " + std::string(content_type) +
                                                                             "\r\n") +
                                            "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" +
                                            std::string(body));
  }
  bool answers_correctly() {
    std::string reply =
        raw_exchange(server->port(), "GET " + settings + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    return reply.starts_with("HTTP/1.1 200") && reply.find("hooks.example.com") != std::string::npos;
  }
  webapi::fakes::webhooks::Fake fake;
  std::string settings;
  std::optional<webapi::fakes::Server> server;
};

std::string status_line(const std::string& reply) { return reply.substr(0, reply.find("\r\n")); }

}  // namespace

BOOST_AUTO_TEST_SUITE(abuse)

BOOST_AUTO_TEST_CASE(garbage_bytes_are_answered_400) {
  ServedQuotes q(short_timeouts());
  constexpr char bytes[] = "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n";  // a TLS hello, then text
  std::string garbage(bytes, sizeof bytes - 1);
  std::string reply = raw_exchange(q.server->port(), garbage);
  BOOST_TEST(reply.starts_with("HTTP/1.1 400"), reply);
  BOOST_TEST(raw_exchange(q.server->port(), "HELLO\r\n\r\n").starts_with("HTTP/1.1 400"));
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_CASE(a_1_mb_header_is_answered_431) {
  ServedQuotes q(short_timeouts());
  std::string reply = raw_exchange(q.server->port(), "GET /qod HTTP/1.1\r\nHost: x\r\nX-Big: " +
                                                         std::string(1024 * 1024, 'a') + "\r\n\r\n");
  BOOST_TEST(reply.starts_with("HTTP/1.1 431"), status_line(reply));
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_CASE(a_huge_content_length_without_a_body_is_answered_413) {
  ServedQuotes q(short_timeouts());
  std::string reply = raw_exchange(q.server->port(),
                                   "POST /quote HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999\r\n\r\n");
  BOOST_TEST(reply.starts_with("HTTP/1.1 413"), reply);
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_CASE(a_body_that_never_comes_is_given_up_after_the_body_timeout) {
  ServedQuotes q(short_timeouts());
  auto start = std::chrono::steady_clock::now();
  std::string reply =
      raw_exchange(q.server->port(), "POST /quote HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"q\":");
  const auto took = std::chrono::steady_clock::now() - start;
  BOOST_TEST(reply.empty(), reply);
  BOOST_TEST((took >= 900ms));
  BOOST_TEST((took < 4s));
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_CASE(a_10_mb_body_is_read_and_answered) {
  ServedHooks h;
  std::string reply = h.put_settings("application/json", std::string(10 * 1024 * 1024, ' ') + "{}");
  BOOST_TEST(reply.starts_with("HTTP/1.1 4"), status_line(reply));  // the body lacks the required members
  BOOST_TEST(h.answers_correctly());
}

BOOST_AUTO_TEST_CASE(invalid_json_is_answered_400) {
  ServedHooks h;
  std::string reply = h.put_settings("application/json", "{\"targetUrl\": \"https://x.example\",");
  BOOST_TEST(reply.starts_with("HTTP/1.1 400"), reply);
  BOOST_TEST(h.answers_correctly());
}

BOOST_AUTO_TEST_CASE(a_wrong_content_type_is_answered_and_changes_nothing_else) {
  ServedHooks h;
  std::string reply = h.put_settings("text/plain", "targetUrl=https://elsewhere.example");
  BOOST_TEST(reply.starts_with("HTTP/1.1 4"), status_line(reply));
  reply = h.put_settings("", "<settings/>");
  BOOST_TEST(reply.starts_with("HTTP/1.1 4"), status_line(reply));
  BOOST_TEST(h.answers_correctly());  // still the demo target URL
}

BOOST_AUTO_TEST_CASE(an_idle_keep_alive_connection_is_closed_after_the_idle_timeout) {
  namespace asio = boost::asio;
  ServedQuotes q(short_timeouts());
  asio::io_context ioc;
  asio::ip::tcp::socket s(ioc);
  s.connect({asio::ip::make_address("127.0.0.1"), q.server->port()});
  asio::write(s, asio::buffer("GET /qod HTTP/1.1\r\nHost: x\r\nX-Service-Api-Secret: " + q.key + "\r\n\r\n"));
  std::string got;
  boost::system::error_code ec;
  asio::read_until(s, asio::dynamic_buffer(got), "\"quotes\"", ec);
  BOOST_TEST(got.starts_with("HTTP/1.1 200"));
  const auto answered = std::chrono::steady_clock::now();
  char c;
  while (!ec) s.read_some(asio::buffer(&c, 1), ec);  // the rest of the answer, then the close
  const auto idle = std::chrono::steady_clock::now() - answered;
  BOOST_TEST((ec == asio::error::eof), ec.message());
  BOOST_TEST((idle >= 800ms));
  BOOST_TEST((idle < 4s));
}

BOOST_AUTO_TEST_CASE(a_hundred_slow_connections_are_closed_and_others_served_meanwhile) {
  namespace asio = boost::asio;
  ServedQuotes q(short_timeouts());
  asio::io_context ioc;
  std::vector<std::unique_ptr<asio::ip::tcp::socket>> slow;
  for (int i = 0; i < 100; ++i) {
    auto s = std::make_unique<asio::ip::tcp::socket>(ioc);
    s->connect({asio::ip::make_address("127.0.0.1"), q.server->port()});
    slow.push_back(std::move(s));
  }
  const std::string header = "GET /qod HTTP/1.1\r\nHost: x\r\nX-Slow: ";
  int answered = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t round = 0; round < 6; ++round) {  // a byte each, every 300 ms: never a whole header
    for (auto& s : slow) {
      boost::system::error_code ec;
      asio::write(*s, asio::buffer(&header[round % header.size()], 1), ec);
    }
    const auto before = std::chrono::steady_clock::now();
    if (q.answers_correctly() && std::chrono::steady_clock::now() - before < 2s) ++answered;
    std::this_thread::sleep_for(300ms);
  }
  BOOST_TEST(answered == 6);
  BOOST_TEST((std::chrono::steady_clock::now() - start < 10s));
  // By now (about 2 s in, the header timeout being 1 s) the server has closed, or is closing, every one.
  int closed = 0;
  for (auto& s : slow) {
    timeval tv{3, 0};
    ::setsockopt(s->native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char c;
    boost::system::error_code ec;
    s->read_some(asio::buffer(&c, 1), ec);
    if (ec == asio::error::eof || ec == asio::error::connection_reset) ++closed;
  }
  BOOST_TEST(closed == 100);
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_SUITE_END()
