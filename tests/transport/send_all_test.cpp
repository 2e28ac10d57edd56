// BeastTransport::send_all: many requests in flight from one thread, each with the outcome send() gives it.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <webapi/core/any_transport.hpp>
#include <webapi/transport.hpp>

#include "certs.hpp"
#include "client_support.hpp"
#include "loopback_server.hpp"

using namespace std::chrono_literals;
using webapi::BeastTransport;
using webapi::Request;
using webapi::TransportFailure;
using webapi::test::BeastRequest;
using webapi::test::Context;
using webapi::test::echo_target;
using webapi::test::local_options;
using webapi::test::LoopbackServer;
using webapi::test::make_request;
using webapi::test::Reply;
using webapi::test::why;

namespace {

std::vector<Request> numbered(const std::string& base, int n) {
  std::vector<Request> out;
  for (int i = 0; i < n; ++i) out.push_back(make_request(base, "/n/" + std::to_string(i)));
  return out;
}

/// Holds each request until `count` of them are being answered at once, or until `patience` runs out; says
/// which in the status (200 or 503). Requests sent one after another never get a 200.
class Gate {
 public:
  Gate(std::size_t count, std::chrono::milliseconds patience) : count_(count), patience_(patience) {}

  Reply operator()(const BeastRequest&, const Context&) {
    std::unique_lock lock(mutex_);
    if (++arrived_ >= count_) opened_.notify_all();
    const bool together = opened_.wait_for(lock, patience_, [&] { return arrived_ >= count_; });
    return Reply{.status = together ? 200u : 503u, .body = "gate"};
  }

 private:
  std::mutex mutex_;
  std::condition_variable opened_;
  std::size_t arrived_ = 0;
  const std::size_t count_;
  const std::chrono::milliseconds patience_;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(send_all)

BOOST_AUTO_TEST_CASE(returns_every_response_in_the_order_of_the_requests) {
  LoopbackServer server(echo_target);
  auto options = local_options();
  options.pool.max_idle_per_host = 8;
  BeastTransport http(options);
  const auto requests = numbered(server.base_url(), 40);
  const auto results = http.send_all(requests, 8);
  BOOST_REQUIRE_EQUAL(results.size(), requests.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    BOOST_REQUIRE_MESSAGE(results[i], why(results[i]));
    BOOST_TEST(results[i]->status == 200);
    BOOST_TEST(results[i]->body == "/n/" + std::to_string(i));
  }
  // At most 8 in flight, each on a connection of its own, and every connection kept for the next call.
  BOOST_TEST(server.connections() <= 8u);
  BOOST_TEST(http.idle_connections() == server.connections());
  BOOST_TEST(server.request_count() == 40u);
}

BOOST_AUTO_TEST_CASE(keeps_as_many_requests_in_flight_as_asked_from_one_thread) {
  // `concurrency` requests to a gate that answers 200 only once four of them are in at the same time.
  // AnyTransport and webapi::send_all hand the batch to BeastTransport::send_all: sent one after another,
  // no request would ever pass.
  auto statuses = [](std::size_t concurrency, std::chrono::milliseconds patience) {
    Gate gate(4, patience);
    LoopbackServer server(std::ref(gate));
    BeastTransport http(local_options());
    webapi::AnyTransport any(http);  // through AnyTransport and webapi::send_all, as generic code sends it
    std::vector<unsigned> out;
    const auto requests = numbered(server.base_url(), static_cast<int>(concurrency));
    for (const auto& r : webapi::send_all(any, requests, concurrency)) {
      BOOST_REQUIRE_MESSAGE(r, why(r));
      out.push_back(static_cast<unsigned>(r->status));
    }
    BOOST_TEST(server.connections() == concurrency);
    return out;
  };
  BOOST_TEST(statuses(4, 3s) == std::vector<unsigned>(4, 200), boost::test_tools::per_element());
  // Three at a time never bring four to the gate.
  BOOST_TEST(statuses(3, 300ms) == std::vector<unsigned>(3, 503), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_failure_is_that_requests_result_and_the_others_go_on) {
  std::uint16_t refused_port;
  {
    LoopbackServer gone(webapi::test::always(""));
    refused_port = gone.port();
  }
  LoopbackServer server([](const BeastRequest& r, const Context&) {
    if (r.target() == "/hang") return Reply{.hang = true};
    return Reply{.body = std::string(r.target())};
  });
  auto options = local_options();
  options.timeouts.request = 500ms;
  BeastTransport http(options);
  std::vector<Request> requests = numbered(server.base_url(), 6);
  requests.insert(requests.begin() + 2, make_request(server.base_url(), "/hang"));
  requests.insert(requests.begin() + 4, make_request("http://127.0.0.1:" + std::to_string(refused_port), "/x"));
  requests.push_back(make_request(server.base_url(), "/refused-before-sending"));
  requests.back().headers.set("X-Injected", "a\r\nX-Evil: 1");

  const auto results = http.send_all(requests, 3);
  BOOST_REQUIRE_EQUAL(results.size(), 9u);
  BOOST_REQUIRE(!results[2]);
  BOOST_TEST(webapi::transport_failure(results[2].error()) == TransportFailure::request_timeout);
  BOOST_REQUIRE(!results[4]);
  BOOST_TEST(webapi::transport_failure(results[4].error()) == TransportFailure::connect);
  BOOST_REQUIRE(!results[8]);
  BOOST_TEST((results[8].error().kind == webapi::ErrorKind::invalid_argument));
  for (std::size_t i : {0u, 1u, 3u, 5u, 6u, 7u}) {
    BOOST_REQUIRE_MESSAGE(results[i], why(results[i]));
    BOOST_TEST(results[i]->body.rfind("/n/", 0) == 0u);
  }
}

BOOST_AUTO_TEST_CASE(works_over_tls_beside_threads_calling_send) {
  webapi::test::TestPki ca{"send_all test CA"};
  const auto leaf = ca.issue("DNS:localhost,IP:127.0.0.1");
  LoopbackServer server(echo_target, {.tls = webapi::test::server_tls_context(leaf)});
  auto options = local_options();
  options.tls.ca_pem = ca.ca_pem();
  options.pool.max_idle_per_host = 16;
  BeastTransport http(options);

  // Another thread shares the transport and its pool meanwhile.
  std::atomic<int> other_ok{0};
  std::thread other([&] {
    for (int i = 0; i < 10; ++i)
      if (auto r = http.send(make_request(server.base_url(), "/other")); r && r->body == "/other") ++other_ok;
  });
  const auto requests = numbered(server.base_url(), 12);
  const auto results = http.send_all(requests, 4);
  other.join();
  for (std::size_t i = 0; i < results.size(); ++i) {
    BOOST_REQUIRE_MESSAGE(results[i], why(results[i]));
    BOOST_TEST(results[i]->body == "/n/" + std::to_string(i));
  }
  BOOST_TEST(other_ok.load() == 10);
}

BOOST_AUTO_TEST_CASE(nothing_to_send_and_a_concurrency_of_zero_are_handled) {
  LoopbackServer server(echo_target);
  BeastTransport http(local_options());
  BOOST_TEST(http.send_all({}).empty());
  const auto results = http.send_all(numbered(server.base_url(), 3), 0);  // taken as 1
  BOOST_REQUIRE_EQUAL(results.size(), 3u);
  for (const auto& r : results) BOOST_TEST(static_cast<bool>(r));
  BOOST_TEST(server.connections() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
