// fakes::serve(): any Transport served over HTTP/1.1 on loopback, checked with BeastTransport and raw sockets.
#define BOOST_TEST_MODULE fake_server
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>

#include <webapi/fake_server/serve.hpp>
#include <webapi/transport.hpp>

#if __has_include(<webapi/fakes/quotes.hpp>) && __has_include(<webapi/quotes.hpp>)
#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>
#define WEBAPI_HAVE_QUOTES 1
#endif

using namespace std::chrono_literals;
using webapi::BeastTransport;
using webapi::ErrorKind;
using webapi::Method;
using webapi::Request;
using webapi::Response;
using webapi::Result;

namespace {

template <class T>
std::string why(const webapi::Result<T>& r) {
  return r ? std::string() : r.error().what();
}

/// Answers 201 with a summary of what it was sent, and keeps the last request.
class Echo {
 public:
  Result<Response> send(const Request& r) {
    const int now = ++in_flight_;
    int seen = max_in_flight_.load();
    while (now > seen && !max_in_flight_.compare_exchange_weak(seen, now)) {
    }
    if (delay_.count() > 0) std::this_thread::sleep_for(delay_);
    {
      std::lock_guard lock(mutex_);
      last_ = r;
    }
    --in_flight_;
    if (r.path == "/drop") return webapi::make_error(ErrorKind::transport, "connection dropped on purpose");
    if (r.path == "/broken") return webapi::make_error(ErrorKind::not_implemented, "no such thing");
    Response res;
    res.status = r.path == "/empty" ? 204 : 201;
    res.headers.set("X-Echo-Path", r.path);
    res.headers.set("Content-Type", "text/plain");
    if (res.status != 204) res.body = std::string(to_string(r.method)) + " " + r.path + " " + r.body;
    return res;
  }
  std::optional<Request> last() const {
    std::lock_guard lock(mutex_);
    return last_;
  }
  void delay(std::chrono::milliseconds d) { delay_ = d; }
  int max_in_flight() const { return max_in_flight_.load(); }

 private:
  mutable std::mutex mutex_;
  std::optional<Request> last_;
  std::atomic<int> in_flight_{0};
  std::atomic<int> max_in_flight_{0};
  std::chrono::milliseconds delay_{0};
};

webapi::BeastTransportOptions local_options() {
  webapi::BeastTransportOptions o;
  o.timeouts = {.connect = 2s, .tls_handshake = 2s, .request = 5s};
  o.proxy = webapi::ProxyConfig{};
  return o;
}

Request make_request(const webapi::fakes::Server& s, std::string path, Method m = Method::get) {
  Request r;
  r.method = m;
  r.base_url = s.base_url();
  r.path = std::move(path);
  return r;
}

/// Writes `bytes` on a fresh connection and reads until the peer closes or `until` has arrived.
std::string raw_exchange(std::uint16_t port, const std::string& bytes, const std::string& until = {}) {
  namespace asio = boost::asio;
  asio::io_context ioc;
  asio::ip::tcp::socket s(ioc);
  s.connect({asio::ip::make_address("127.0.0.1"), port});
  asio::write(s, asio::buffer(bytes));
  std::string got;
  boost::system::error_code ec;
  if (!until.empty()) {
    asio::read_until(s, asio::dynamic_buffer(got), until, ec);
  } else {
    asio::read(s, asio::dynamic_buffer(got), ec);
  }
  return got;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(serve)

BOOST_AUTO_TEST_CASE(round_trip_keeps_the_path_encoded_and_decodes_the_query) {
  Echo echo;
  auto server = webapi::fakes::serve(echo, 0);
  BOOST_TEST(server.port() != 0);
  BeastTransport http(local_options());
  Request r = make_request(server, "/files/a%2Fb/c%20d", Method::post);
  r.query = {{"q", "a b"}, {"plus", "1+1"}, {"amp", "x&y=z"}, {"empty", ""}};
  r.headers.set("X-Custom", "v1");
  r.headers.add("X-Multi", "one");
  r.headers.add("X-Multi", "two");
  r.body = "{\"k\":1}";
  r.content_type = "application/json";
  auto res = http.send(r);
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->status == 201);
  BOOST_TEST(res->body == "POST /files/a%2Fb/c%20d {\"k\":1}");
  BOOST_TEST(res->headers.get("X-Echo-Path").value_or("") == "/files/a%2Fb/c%20d");
  BOOST_TEST(res->content_type() == "text/plain");

  auto seen = echo.last();
  BOOST_REQUIRE(seen);
  BOOST_TEST(seen->method == Method::post);
  BOOST_TEST(seen->path == "/files/a%2Fb/c%20d");
  BOOST_TEST(seen->base_url == server.base_url());
  std::vector<webapi::QueryParam> want{{"q", "a b"}, {"plus", "1+1"}, {"amp", "x&y=z"}, {"empty", ""}};
  BOOST_TEST((seen->query == want));
  BOOST_TEST(seen->body == "{\"k\":1}");
  BOOST_TEST(seen->content_type == "application/json");
  BOOST_TEST(seen->headers.get("X-Custom").value_or("") == "v1");
  int multi = 0;
  for (const auto& [name, value] : seen->headers)
    if (name == "X-Multi") ++multi;
  BOOST_TEST(multi == 2);
  BOOST_TEST(!seen->headers.contains("Host"));
  BOOST_TEST(!seen->headers.contains("Content-Length"));
  BOOST_TEST(!seen->headers.contains("Content-Type"));
  BOOST_TEST(seen->headers.get("User-Agent").value_or("") == "webapi/0.1");
}

BOOST_AUTO_TEST_CASE(plus_in_a_query_reads_as_a_space_as_forms_and_curl_send_it) {
  Echo echo;
  auto server = webapi::fakes::serve(echo);
  std::string reply =
      raw_exchange(server.port(), "GET /s?q=a+b&r=%2B&bare HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  BOOST_TEST(reply.starts_with("HTTP/1.1 201"), reply);
  auto seen = echo.last();
  BOOST_REQUIRE(seen);
  std::vector<webapi::QueryParam> want{{"q", "a b"}, {"r", "+"}, {"bare", ""}};
  BOOST_TEST((seen->query == want));
  BOOST_TEST(seen->base_url == "http://x");
}

BOOST_AUTO_TEST_CASE(malformed_escapes_and_unknown_methods_are_refused) {
  Echo echo;
  auto server = webapi::fakes::serve(echo);
  std::string bad = raw_exchange(server.port(), "GET /s?q=%zz HTTP/1.1\r\nHost: x\r\n\r\n");
  BOOST_TEST(bad.starts_with("HTTP/1.1 400"), bad);
  std::string odd = raw_exchange(server.port(), "BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n");
  BOOST_TEST(odd.starts_with("HTTP/1.1 501"), odd);
  BOOST_TEST(!echo.last());
}

BOOST_AUTO_TEST_CASE(keep_alive_serves_many_requests_on_one_connection) {
  Echo echo;
  auto server = webapi::fakes::serve(echo);
  BeastTransport http(local_options());
  for (int i = 0; i < 10; ++i) {
    auto res = http.send(make_request(server, "/n/" + std::to_string(i)));
    BOOST_REQUIRE(res);
    BOOST_TEST(res->body == "GET /n/" + std::to_string(i) + " ");
  }
  BOOST_TEST(server.connections() == 1u);
  BOOST_TEST(server.requests() == 10u);
}

BOOST_AUTO_TEST_CASE(many_connections_are_served_at_once) {
  Echo echo;
  echo.delay(20ms);
  auto server = webapi::fakes::serve(echo, 0, {.handler_threads = 4});
  BeastTransport http(local_options());
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 5; ++i) {
        auto res = http.send(make_request(server, "/t/" + std::to_string(t)));
        if (res && res->status == 201) ++good;
      }
    });
  for (auto& t : threads) t.join();
  BOOST_TEST(good.load() == 40);
  BOOST_TEST(server.connections() >= 2u);
  BOOST_TEST(echo.max_in_flight() >= 2);  // calls into the transport overlapped
}

BOOST_AUTO_TEST_CASE(head_and_no_content_answers_carry_no_body) {
  Echo echo;
  auto server = webapi::fakes::serve(echo);
  BeastTransport http(local_options());
  auto head = http.send(make_request(server, "/h", Method::head));
  BOOST_REQUIRE_MESSAGE(head.has_value(), why(head));
  BOOST_TEST(head->body.empty());
  BOOST_TEST(head->headers.get("Content-Length").value_or("") == std::to_string(std::string("HEAD /h ").size()));
  auto empty = http.send(make_request(server, "/empty", Method::delete_));
  BOOST_REQUIRE(empty);
  BOOST_TEST(empty->status == 204);
  BOOST_TEST(empty->body.empty());
  auto after = http.send(make_request(server, "/after"));
  BOOST_REQUIRE(after);
  BOOST_TEST(after->status == 201);
  BOOST_TEST(server.connections() == 1u);
}

BOOST_AUTO_TEST_CASE(a_transport_error_drops_the_connection_other_errors_are_502) {
  Echo echo;
  auto server = webapi::fakes::serve(echo);
  BeastTransport http(local_options());
  auto dropped = http.send(make_request(server, "/drop", Method::post));
  BOOST_REQUIRE(!dropped);
  // The server read the POST before it hung up: whether it acted on it is unknown.
  BOOST_TEST(webapi::transport_failure(dropped.error()) == webapi::TransportFailure::connection_lost_after_send);
  auto broken = http.send(make_request(server, "/broken"));
  BOOST_REQUIRE(broken);
  BOOST_TEST(broken->status == 502);
  BOOST_TEST(broken->body.find("no such thing") != std::string::npos);
  BOOST_TEST(broken->content_type() == "application/json");
}

BOOST_AUTO_TEST_CASE(expect_100_continue_and_chunked_uploads_are_handled) {
  Echo echo;
  auto server = webapi::fakes::serve(echo);
  std::string reply = raw_exchange(
      server.port(), "PUT /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n", "\r\n\r\n");
  BOOST_TEST(reply.starts_with("HTTP/1.1 100 Continue"), reply);

  std::string chunked =
      raw_exchange(server.port(),
                   "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n"
                   "Content-Type: text/plain\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
  BOOST_TEST(chunked.starts_with("HTTP/1.1 201"), chunked);
  BOOST_TEST(chunked.ends_with("POST /c abcde"), chunked);
  BOOST_TEST(echo.last()->content_type == "text/plain");
}

BOOST_AUTO_TEST_CASE(an_oversize_request_body_is_answered_413) {
  Echo echo;
  auto server = webapi::fakes::serve(echo, 0, {.max_body_bytes = 100});
  BeastTransport http(local_options());
  Request r = make_request(server, "/big", Method::post);
  r.body = std::string(1000, 'b');
  auto res = http.send(r);
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->status == 413);
  BOOST_TEST(!echo.last());
}

BOOST_AUTO_TEST_CASE(stop_closes_the_port_and_is_idempotent) {
  Echo echo;
  auto server = webapi::fakes::serve(echo);
  const auto port = server.port();
  BeastTransport http(local_options());
  BOOST_REQUIRE(http.send(make_request(server, "/")));  // leaves an idle keep-alive connection behind
  webapi::fakes::Server moved = std::move(server);
  BOOST_TEST(!server.running());
  BOOST_TEST(moved.running());
  moved.stop();
  moved.stop();
  BOOST_TEST(!moved.running());
  Request r;
  r.base_url = "http://127.0.0.1:" + std::to_string(port);
  r.path = "/";
  auto res = http.send(r);
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == webapi::TransportFailure::connect);
}

BOOST_AUTO_TEST_CASE(stop_waits_for_a_slow_transport) {
  Echo echo;
  echo.delay(300ms);
  auto server = webapi::fakes::serve(echo);
  std::thread client([&] {
    BeastTransport http(local_options());
    (void)http.send(make_request(server, "/slow"));
  });
  for (int i = 0; i < 500 && server.requests() == 0; ++i) std::this_thread::sleep_for(2ms);
  BOOST_REQUIRE(server.requests() == 1u);
  server.stop();  // must not return while the transport is still being called
  BOOST_TEST(echo.last().has_value());
  client.join();
}

#ifdef WEBAPI_HAVE_QUOTES
BOOST_AUTO_TEST_CASE(the_quotes_client_runs_over_beast_against_the_served_fake) {
  webapi::fakes::quotes::Fake fake;
  std::string key;
  for (const auto& [name, value] : webapi::fakes::quotes::seed_demo(fake))
    if (name == "API_KEY") key = value;
  BOOST_REQUIRE(!key.empty());
  auto server = webapi::fakes::serve(fake);
  BeastTransport http(local_options());
  webapi::quotes::Client quotes{http, {.base_url = server.base_url(), .api_key = key}};
  auto found = quotes.get_quote_search({.author = "Oscar Wilde", .limit = 10});
  BOOST_REQUIRE_MESSAGE(found.has_value(), why(found));
  BOOST_REQUIRE(found->contents && found->contents->quotes);
  BOOST_TEST(found->contents->quotes->size() == 2u);
  for (const auto& q : *found->contents->quotes) BOOST_TEST(q.author.value_or("") == "Oscar Wilde");

  webapi::quotes::Client stranger{http, {.base_url = server.base_url(), .api_key = "not-a-key"}};
  auto denied = stranger.get_quote_search({.author = "Oscar Wilde"});
  BOOST_REQUIRE(!denied);
  BOOST_TEST(denied.error().kind == ErrorKind::http);
  BOOST_TEST(denied.error().status == 401);
  BOOST_TEST(server.connections() == 1u);  // both clients share the transport's pooled connection
}
#endif

BOOST_AUTO_TEST_SUITE_END()
