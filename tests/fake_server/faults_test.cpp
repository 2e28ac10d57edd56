// Faults, in process (what a caller of Fake::send gets) and on the wire (what a real client sees).
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <string>

#include <webapi/fakes/core/faults.hpp>

#include "helpers.hpp"

using namespace served_test;
using webapi::ErrorKind;
using webapi::TransportFailure;
using webapi::fakes::Fault;

namespace {
template <class F>
std::chrono::milliseconds timed(F f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
}
bool valid_json(const std::string& s) {
  boost::system::error_code ec;
  boost::json::parse(s, ec);
  return !ec;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(faults_in_process)

BOOST_AUTO_TEST_CASE(drop_and_reset_are_transport_errors_and_skip_the_handler) {
  ServedQuotes q;
  q.fake.add_fault({.kind = Fault::drop});
  q.fake.add_fault({.kind = Fault::reset});
  auto dropped = q.fake.send(q.qod());
  BOOST_REQUIRE(!dropped);
  BOOST_TEST((dropped.error().kind == ErrorKind::transport));
  BOOST_TEST((webapi::transport_failure(dropped.error()) == TransportFailure::connection_lost));
  auto reset = q.fake.send(q.qod());
  BOOST_REQUIRE(!reset);
  BOOST_TEST((reset.error().kind == ErrorKind::transport));
  BOOST_TEST(reset.error().message.find("reset") != std::string::npos);
  BOOST_TEST(q.fake.send(q.qod())->status == 200);  // both used up
}

BOOST_AUTO_TEST_CASE(body_faults_shape_the_fakes_own_answer) {
  ServedQuotes q;
  const std::string full = q.fake.send(q.qod())->body;
  q.fake.add_fault({.kind = Fault::truncated_body});
  q.fake.add_fault({.kind = Fault::malformed_body});
  auto cut = q.fake.send(q.qod());
  BOOST_TEST(cut->status == 200);
  BOOST_TEST(cut->body == full.substr(0, full.size() / 2));
  BOOST_TEST(cut->headers.get("X-Webapi-Fault").value_or("") == "truncated; length=" + std::to_string(full.size()));
  auto bad = q.fake.send(q.qod());
  BOOST_TEST(bad->status == 200);
  BOOST_TEST(!valid_json(bad->body));
  BOOST_TEST(valid_json(q.fake.send(q.qod())->body));
  const auto journal = q.fake.journal();  // the shaped answers are marked as injected, the others not
  BOOST_REQUIRE(journal.size() == 4u);
  BOOST_TEST(!journal.at(0).injected);
  BOOST_TEST(journal.at(1).injected);
  BOOST_TEST(journal.at(2).injected);
  BOOST_TEST(!journal.at(3).injected);
}

BOOST_AUTO_TEST_CASE(latency_and_slow_body_delay_the_answer) {
  ServedQuotes q;
  q.fake.add_fault({.kind = Fault::latency, .delay = 150ms});
  q.fake.add_fault({.kind = Fault::slow_body, .delay = 150ms});
  BOOST_TEST(timed([&] { BOOST_TEST(q.fake.send(q.qod())->status == 200); }) >= 150ms);
  BOOST_TEST(timed([&] { BOOST_TEST(q.fake.send(q.qod())->status == 200); }) >= 150ms);
  BOOST_TEST(q.fake.faults().empty());  // both used up
}

BOOST_AUTO_TEST_CASE(rules_match_by_operation_method_and_path) {
  ServedQuotes q;
  q.fake.add_fault({.kind = Fault::status, .times = 2, .code = 503, .method = Method::post, .path = "/qod"});
  q.fake.add_fault({.kind = Fault::status, .code = 418, .operation = "get_quote_random"});
  BOOST_TEST(q.fake.send(q.qod())->status == 200);  // GET: the POST rule does not apply
  auto random = q.qod();
  random.path = "/quote/random";
  BOOST_TEST(q.fake.send(random)->status == 418);
  BOOST_TEST(q.fake.send(random)->status != 418);
  auto post = q.qod();
  post.method = Method::post;
  BOOST_TEST(q.fake.send(post)->status == 503);
  BOOST_TEST(q.fake.faults().size() == 1u);
  BOOST_TEST(q.fake.faults().front().times == 1u);
  q.fake.clear_faults();
  BOOST_TEST(q.fake.faults().empty());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(faults_on_the_wire)

BOOST_AUTO_TEST_CASE(a_drop_closes_and_a_reset_resets_the_connection) {
  ServedQuotes q;
  webapi::BeastTransport http(local_options());
  q.fake.add_fault({.kind = Fault::drop});
  auto dropped = http.send(q.qod());
  BOOST_REQUIRE(!dropped);
  BOOST_TEST((dropped.error().kind == ErrorKind::transport));

  q.fake.add_fault({.kind = Fault::reset});
  // The raw socket sees the RST itself: the read fails with "connection reset", not an orderly end.
  namespace asio = boost::asio;
  asio::io_context ioc;
  asio::ip::tcp::socket s(ioc);
  s.connect({asio::ip::make_address("127.0.0.1"), q.server->port()});
  asio::write(s, asio::buffer("GET /qod HTTP/1.1\r\nHost: x\r\nX-Service-Api-Secret: " + q.key + "\r\n\r\n"));
  std::string got;
  boost::system::error_code ec;
  asio::read(s, asio::dynamic_buffer(got), ec);
  BOOST_TEST(got.empty());
  BOOST_TEST((ec == asio::error::connection_reset), ec.message());
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_CASE(a_truncated_body_ends_before_its_content_length) {
  ServedQuotes q;
  const std::string full = q.fake.send(q.qod())->body;
  q.fake.add_fault({.kind = Fault::truncated_body, .path = "/qod"});
  std::string reply = raw_exchange(q.server->port(), "GET /qod HTTP/1.1\r\nHost: x\r\nX-Service-Api-Secret: " + q.key +
                                                          "\r\n\r\n");
  BOOST_TEST(reply.starts_with("HTTP/1.1 200"), reply);
  BOOST_TEST(reply.find("Content-Length: " + std::to_string(full.size())) != std::string::npos, reply);
  BOOST_TEST(reply.find("X-Webapi-Fault") == std::string::npos);
  BOOST_TEST(reply.ends_with(full.substr(0, full.size() / 2)));

  q.fake.add_fault({.kind = Fault::truncated_body, .path = "/qod"});
  webapi::BeastTransport http(local_options());
  auto res = http.send(q.qod());
  BOOST_TEST(!res);  // a real client refuses the short body
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_CASE(a_malformed_body_arrives_whole_but_is_not_json) {
  ServedQuotes q;
  q.fake.add_fault({.kind = Fault::malformed_body});
  webapi::BeastTransport http(local_options());
  auto res = http.send(q.qod());
  BOOST_REQUIRE(res);
  BOOST_TEST(res->status == 200);
  BOOST_TEST(!valid_json(res->body));
  BOOST_TEST(!res->headers.contains("X-Webapi-Fault"));
}

BOOST_AUTO_TEST_CASE(a_slow_body_trickles_in_after_the_head) {
  ServedQuotes q;
  q.fake.add_fault({.kind = Fault::slow_body, .delay = 1000ms});
  namespace asio = boost::asio;
  asio::io_context ioc;
  asio::ip::tcp::socket s(ioc);
  s.connect({asio::ip::make_address("127.0.0.1"), q.server->port()});
  auto start = std::chrono::steady_clock::now();
  asio::write(s, asio::buffer("GET /qod HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Service-Api-Secret: " + q.key +
                              "\r\n\r\n"));
  std::string got;
  boost::system::error_code ec;
  asio::read_until(s, asio::dynamic_buffer(got), "\r\n\r\n", ec);
  const auto head_at = std::chrono::steady_clock::now() - start;
  asio::read(s, asio::dynamic_buffer(got), ec);
  const auto end_at = std::chrono::steady_clock::now() - start;
  BOOST_TEST((head_at < 700ms));  // the head does not wait for the delay
  BOOST_TEST((end_at >= 850ms));
  BOOST_TEST(valid_json(got.substr(got.find("\r\n\r\n") + 4)), got);

  q.fake.add_fault({.kind = Fault::slow_body, .delay = 200ms});
  webapi::BeastTransport http(local_options());
  std::string body;
  BOOST_TEST(timed([&] {
               auto r = http.send(q.qod());
               if (r) body = r->body;
             }) >= 180ms);
  BOOST_TEST(valid_json(body));
}

BOOST_AUTO_TEST_SUITE_END()
