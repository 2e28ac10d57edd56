// BeastTransport against an in-test server on loopback, plain and TLS.
#define BOOST_TEST_MODULE transport
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>

#include <webapi/transport.hpp>

#include "client_support.hpp"
#include "loopback_server.hpp"

using namespace std::chrono_literals;
using webapi::BeastTransport;
using webapi::BeastTransportOptions;
using webapi::ErrorKind;
using webapi::Method;
using webapi::Request;
using webapi::TransportFailure;
using webapi::test::BeastRequest;
using webapi::test::Context;
using webapi::test::local_options;
using webapi::test::make_request;
using webapi::test::why;
using webapi::test::field_of;
using webapi::test::LoopbackServer;
using webapi::test::Reply;

namespace {

std::string gzip(const std::string& in) {
  z_stream z{};
  BOOST_REQUIRE(deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, in.size()) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  BOOST_REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

template <class F>
std::chrono::milliseconds timed(F&& f) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
}

/// A shared PKI for the TLS cases: one trusted CA, a leaf for 127.0.0.1 and localhost, a leaf for another
/// name, and a leaf from a CA nobody trusts.
struct Pki {
  webapi::test::TestPki ca{"webapi test CA"};
  webapi::test::TestPki stranger{"untrusted CA"};
  webapi::test::KeyAndCert good = ca.issue("DNS:localhost,IP:127.0.0.1");
  webapi::test::KeyAndCert wrong_name = ca.issue("DNS:wrong.example");
  webapi::test::KeyAndCert untrusted = stranger.issue("DNS:localhost,IP:127.0.0.1");
  webapi::test::KeyAndCert client = ca.issue("DNS:client.example", "clientAuth");
  webapi::test::KeyAndCert stranger_client = stranger.issue("DNS:client.example", "clientAuth");
};
const Pki& pki() {
  static const Pki p;
  return p;
}

LoopbackServer::Options tls_server(const webapi::test::KeyAndCert& kc) {
  return {.tls = webapi::test::server_tls_context(kc)};
}

/// A TLS server that insists on a client certificate from the test CA.
LoopbackServer::Options mutual_tls_server() {
  auto ctx = webapi::test::server_tls_context(pki().good);
  const std::string ca = pki().ca.ca_pem();
  ctx->add_certificate_authority(boost::asio::buffer(ca));
  ctx->set_verify_mode(boost::asio::ssl::verify_peer | boost::asio::ssl::verify_fail_if_no_peer_cert);
  return {.tls = ctx};
}

/// A file holding `text` for as long as it lives.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& text) {
    char name[] = "/tmp/webapi-pem-XXXXXX";
    const int fd = ::mkstemp(name);
    BOOST_REQUIRE(fd >= 0);
    BOOST_REQUIRE(::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    ::close(fd);
    path = name;
  }
  ~TempFile() { ::unlink(path.c_str()); }
};

/// The message of the Exception the transport's constructor throws for `options`, or "" when it throws none.
std::string construction_error(const BeastTransportOptions& options) {
  try {
    BeastTransport http(options);
  } catch (const webapi::Exception& e) {
    BOOST_TEST((e.error().kind == ErrorKind::invalid_argument));
    return e.error().message;
  }
  return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(beast_transport)

BOOST_AUTO_TEST_CASE(sends_framing_headers_and_returns_the_response) {
  LoopbackServer server([](const BeastRequest&, const Context&) {
    return Reply{
        .status = 201, .headers = {{"X-Reply", "yes"}, {"Content-Type", "application/json"}}, .body = "{\"id\":7}"};
  });
  BeastTransport http(local_options());
  Request r = make_request(server.base_url(), "/items/a%2Fb", Method::post);
  r.query = {{"q", "a b"}, {"x", "1&2"}};
  r.headers.set("X-Custom", "v1");
  r.body = "{\"name\":\"n\"}";
  r.content_type = "application/json";

  auto res = http.send(r);
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->status == 201);
  BOOST_TEST(res->body == "{\"id\":7}");
  BOOST_TEST(res->headers.get("X-Reply").value_or("") == "yes");
  BOOST_TEST(res->content_type() == "application/json");

  auto seen = server.requests();
  BOOST_REQUIRE_EQUAL(seen.size(), 1u);
  const auto& req = seen[0];
  BOOST_TEST(req.method() == boost::beast::http::verb::post);
  BOOST_TEST(std::string(req.target()) == "/items/a%2Fb?q=a%20b&x=1%262");
  BOOST_TEST(field_of(req, "Host") == "127.0.0.1:" + std::to_string(server.port()));
  BOOST_TEST(field_of(req, "User-Agent") == "webapi/0.1");
  BOOST_TEST(field_of(req, "Content-Type") == "application/json");
  BOOST_TEST(field_of(req, "Content-Length") == std::to_string(r.body.size()));
  BOOST_TEST(field_of(req, "X-Custom") == "v1");
  BOOST_TEST(req.body() == r.body);
}

BOOST_AUTO_TEST_CASE(a_status_outside_2xx_is_a_response_not_an_error) {
  LoopbackServer server([](const BeastRequest&, const Context&) { return Reply{.status = 500, .body = "boom"}; });
  BeastTransport http(local_options());
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(res);
  BOOST_TEST(res->status == 500);
  BOOST_TEST(res->body == "boom");
}

BOOST_AUTO_TEST_CASE(keep_alive_reuses_one_connection) {
  LoopbackServer server(webapi::test::always("ok"));
  BeastTransport http(local_options());
  for (int i = 0; i < 5; ++i) {
    auto res = http.send(make_request(server.base_url(), "/n/" + std::to_string(i)));
    BOOST_REQUIRE(res);
    BOOST_TEST(res->body == "ok");
  }
  BOOST_TEST(server.connections() == 1u);
  BOOST_TEST(server.request_count() == 5u);
  BOOST_TEST(http.idle_connections() == 1u);
}

BOOST_AUTO_TEST_CASE(threads_share_one_transport_and_the_idle_pool_is_bounded) {
  LoopbackServer server(
      [](const BeastRequest& r, const Context&) { return Reply{.body = std::string(r.target()), .delay = 1ms}; });
  auto options = local_options();
  options.pool.max_idle_per_host = 2;
  BeastTransport http(options);
  constexpr int threads = 8, per_thread = 20;
  std::atomic<int> good{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int i = 0; i < per_thread; ++i) {
        std::string path = "/t" + std::to_string(t) + "/" + std::to_string(i);
        auto res = http.send(make_request(server.base_url(), path));
        if (res && res->status == 200 && res->body == path) ++good;
      }
    });
  for (auto& t : pool) t.join();
  BOOST_TEST(good.load() == threads * per_thread);
  BOOST_TEST(server.connections() < static_cast<std::size_t>(threads * per_thread));
  BOOST_TEST(http.idle_connections() <= 2u);
}

BOOST_AUTO_TEST_CASE(a_connection_the_server_closed_while_idle_is_not_reused) {
  // The server closes each connection after answering without announcing it.
  LoopbackServer server([](const BeastRequest&, const Context&) { return Reply{.body = "ok", .close = true}; });
  BeastTransport http(local_options());
  for (int i = 0; i < 3; ++i) {
    auto res = http.send(make_request(server.base_url()));
    BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
    BOOST_TEST(res->body == "ok");
    std::this_thread::sleep_for(20ms);
  }
  BOOST_TEST(server.connections() == 3u);
  BOOST_TEST(server.request_count() == 3u);
}

BOOST_AUTO_TEST_CASE(an_idempotent_request_is_resent_once_when_the_pooled_connection_dies) {
  // The second request on any connection finds it closed: the server reads it and hangs up.
  LoopbackServer server([](const BeastRequest&, const Context& c) {
    if (c.request >= 2) return Reply{.drop = true};
    return Reply{.body = "fresh"};
  });
  BeastTransport http(local_options());
  BOOST_REQUIRE(http.send(make_request(server.base_url())));
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->body == "fresh");
  BOOST_TEST(server.connections() == 2u);
  BOOST_TEST(server.request_count() == 3u);
}

BOOST_AUTO_TEST_CASE(a_post_is_not_resent_on_a_dead_pooled_connection) {
  LoopbackServer server([](const BeastRequest&, const Context& c) {
    if (c.request >= 2) return Reply{.drop = true};
    return Reply{.body = "fresh"};
  });
  BeastTransport http(local_options());
  BOOST_REQUIRE(http.send(make_request(server.base_url())));
  auto res = http.send(make_request(server.base_url(), "/orders", Method::post));
  BOOST_REQUIRE(!res);
  BOOST_TEST(res.error().kind == ErrorKind::transport);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connection_lost_after_send);
  BOOST_TEST(res.error().operation == "test_call");
  BOOST_TEST(server.request_count() == 2u);  // the POST reached the server once

  // Marked idempotent, the same POST may be sent again.
  BOOST_REQUIRE(http.send(make_request(server.base_url())));
  Request marked = make_request(server.base_url(), "/orders", Method::post);
  marked.idempotent = true;
  auto again = http.send(marked);
  BOOST_REQUIRE_MESSAGE(again.has_value(), why(again));
  BOOST_TEST(again->body == "fresh");
}

BOOST_AUTO_TEST_CASE(connect_timeout_fires_and_says_so) {
  // A listener whose accept queue is full: further SYNs go unanswered, so connect() hangs.
  int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  BOOST_REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  BOOST_REQUIRE(::listen(listener, 0) == 0);
  socklen_t len = sizeof addr;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  std::vector<int> fillers;
  for (int i = 0; i < 3; ++i) {
    int f = ::socket(AF_INET, SOCK_STREAM, 0);
    ::fcntl(f, F_SETFL, O_NONBLOCK);
    (void)::connect(f, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    fillers.push_back(f);
  }
  std::this_thread::sleep_for(50ms);

  auto options = local_options();
  options.timeouts.connect = 300ms;
  BeastTransport http(options);
  webapi::Result<webapi::Response> res = webapi::make_error(ErrorKind::auth, "unset");
  auto took = timed([&] { res = http.send(make_request("http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)))); });
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connect_timeout);
  BOOST_TEST(res.error().message.find("connect timeout") == 0u);
  BOOST_TEST(res.error().message.find("300 ms") != std::string::npos);
  BOOST_TEST(took >= 250ms);
  BOOST_TEST(took < 3000ms);
  for (int f : fillers) ::close(f);
  ::close(listener);
}

BOOST_AUTO_TEST_CASE(tls_handshake_timeout_fires_and_says_so) {
  LoopbackServer server(webapi::test::always("never"),
                        {.tls = webapi::test::server_tls_context(pki().good), .stall_handshake = true});
  auto options = local_options();
  options.tls.ca_pem = pki().ca.ca_pem();
  options.timeouts.tls_handshake = 300ms;
  BeastTransport http(options);
  webapi::Result<webapi::Response> res = webapi::make_error(ErrorKind::auth, "unset");
  auto took = timed([&] { res = http.send(make_request(server.base_url())); });
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::tls_handshake_timeout);
  BOOST_TEST(res.error().message.find("TLS handshake timeout") == 0u);
  BOOST_TEST(took >= 250ms);
  BOOST_TEST(took < 3000ms);
}

BOOST_AUTO_TEST_CASE(request_timeout_fires_and_says_so) {
  LoopbackServer server([](const BeastRequest&, const Context&) { return Reply{.hang = true}; });
  auto options = local_options();
  options.timeouts.request = 400ms;
  BeastTransport http(options);
  webapi::Result<webapi::Response> res = webapi::make_error(ErrorKind::auth, "unset");
  auto took = timed([&] { res = http.send(make_request(server.base_url())); });
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::request_timeout);
  BOOST_TEST(res.error().message.find("request timeout") == 0u);
  BOOST_TEST(took >= 350ms);
  BOOST_TEST(took < 3000ms);
  BOOST_TEST(http.idle_connections() == 0u);
}

BOOST_AUTO_TEST_CASE(a_refused_connection_is_a_connect_failure) {
  std::uint16_t port;
  {
    LoopbackServer gone(webapi::test::always(""));
    port = gone.port();
  }
  BeastTransport http(local_options());
  auto res = http.send(make_request("http://127.0.0.1:" + std::to_string(port)));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connect);
  BOOST_TEST(res.error().message.find("127.0.0.1:" + std::to_string(port)) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_oversize_body_is_a_clear_error) {
  LoopbackServer server(webapi::test::always(std::string(5000, 'x')));
  auto options = local_options();
  options.limits.max_body_bytes = 1000;
  BeastTransport http(options);
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::body_too_large);
  BOOST_TEST(res.error().message.find("exceeds the limit of 1000 bytes") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_huge_declared_length_fails_before_anything_is_allocated) {
  // 100 GB declared, nothing sent: the limit check must not wait for (or reserve) the body.
  LoopbackServer server([](const BeastRequest&, const Context&) {
    return Reply{.raw = "HTTP/1.1 200 OK\r\nContent-Length: 100000000000\r\n\r\nabc"};
  });
  BeastTransport http(local_options());
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::body_too_large);
  BOOST_TEST(res.error().message.find(std::to_string(64 * 1024 * 1024)) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_oversize_chunked_body_and_header_are_clear_errors) {
  std::string chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (int i = 0; i < 10; ++i) chunked += "100\r\n" + std::string(256, 'y') + "\r\n";
  chunked += "0\r\n\r\n";
  LoopbackServer server([&](const BeastRequest& r, const Context&) {
    if (r.target() == "/header") return Reply{.headers = {{"X-Big", std::string(4000, 'h')}}, .body = "b"};
    return Reply{.raw = chunked};
  });
  auto options = local_options();
  options.limits.max_body_bytes = 2000;
  options.limits.max_header_bytes = 1024;
  BeastTransport http(options);
  auto body = http.send(make_request(server.base_url(), "/body"));
  BOOST_REQUIRE(!body);
  BOOST_TEST(body.error().message.find("response body") != std::string::npos);
  auto head = http.send(make_request(server.base_url(), "/header"));
  BOOST_REQUIRE(!head);
  BOOST_TEST(webapi::transport_failure(head.error()) == TransportFailure::header_too_large);
  BOOST_TEST(head.error().message.find("response header") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(chunked_responses_are_assembled_and_the_connection_reused) {
  LoopbackServer server([](const BeastRequest&, const Context&) {
    return Reply{.raw =
                     "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n"
                     "5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n"};
  });
  BeastTransport http(local_options());
  for (int i = 0; i < 2; ++i) {
    auto res = http.send(make_request(server.base_url()));
    BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
    BOOST_TEST(res->body == "hello world");
  }
  BOOST_TEST(server.connections() == 1u);
}

BOOST_AUTO_TEST_CASE(gzip_responses_are_decoded) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "{\"quote\":\"" + std::to_string(i) + "\"},";
  LoopbackServer server([&](const BeastRequest& r, const Context&) {
    if (r[boost::beast::http::field::accept_encoding] != "gzip") return Reply{.body = text};
    return Reply{.headers = {{"Content-Encoding", "gzip"}, {"Content-Type", "application/json"}}, .body = gzip(text)};
  });
  BeastTransport http(local_options());
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->body == text);
  BOOST_TEST(!res->headers.contains("Content-Encoding"));
  BOOST_TEST(res->headers.get("Content-Length").value_or("") == std::to_string(text.size()));
  BOOST_TEST(field_of(server.requests().at(0), "Accept-Encoding") == "gzip");

  // A caller that asks for an encoding itself gets the bytes as sent.
  Request own = make_request(server.base_url());
  own.headers.set("Accept-Encoding", "gzip");
  auto raw = http.send(own);
  BOOST_REQUIRE(raw);
  BOOST_TEST(raw->body == gzip(text));
  BOOST_TEST(raw->headers.get("Content-Encoding").value_or("") == "gzip");
}

BOOST_AUTO_TEST_CASE(a_gzip_body_that_inflates_past_the_limit_is_refused) {
  const std::string bomb = gzip(std::string(4 * 1024 * 1024, '\0'));
  LoopbackServer server([&](const BeastRequest&, const Context&) {
    return Reply{.headers = {{"Content-Encoding", "gzip"}}, .body = bomb};
  });
  auto options = local_options();
  options.limits.max_body_bytes = 100 * 1024;
  BeastTransport http(options);
  BOOST_REQUIRE(bomb.size() < options.limits.max_body_bytes);
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::body_too_large);
}

BOOST_AUTO_TEST_CASE(head_responses_have_no_body_and_keep_the_connection) {
  LoopbackServer server([](const BeastRequest&, const Context&) { return Reply{.body = std::string(1234, 'z')}; });
  BeastTransport http(local_options());
  auto head = http.send(make_request(server.base_url(), "/", Method::head));
  BOOST_REQUIRE_MESSAGE(head.has_value(), why(head));
  BOOST_TEST(head->body.empty());
  BOOST_TEST(head->headers.get("Content-Length").value_or("") == "1234");
  auto get = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(get);
  BOOST_TEST(get->body.size() == 1234u);
  BOOST_TEST(server.connections() == 1u);
}

BOOST_AUTO_TEST_CASE(header_values_with_cr_or_lf_are_refused_before_connecting) {
  LoopbackServer server(webapi::test::always("ok"));
  BeastTransport http(local_options());
  Request r = make_request(server.base_url());
  r.headers.set("X-Injected", "a\r\nX-Evil: 1");
  auto res = http.send(r);
  BOOST_REQUIRE(!res);
  BOOST_TEST(res.error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(res.error().message.find("X-Evil") == std::string::npos);
  Request ct = make_request(server.base_url(), "/", Method::post);
  ct.content_type = "text/plain\nX-Evil: 1";
  BOOST_TEST(http.send(ct).error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(server.connections() == 0u);
}

BOOST_AUTO_TEST_CASE(a_user_agent_that_could_inject_a_header_is_refused_when_the_transport_is_made) {
  BeastTransportOptions o = local_options();
  o.user_agent = "app/1.0\r\nX-Injected: 1";
  const std::string message = construction_error(o);
  BOOST_TEST(message.find("user_agent") != std::string::npos, message);
  BOOST_TEST(message.find("CR or LF") != std::string::npos, message);
  o.user_agent = "app/1.0 (linux; x86_64)";
  BOOST_TEST(construction_error(o).empty());
}

BOOST_AUTO_TEST_CASE(errors_never_quote_credentials) {
  auto options = local_options();
  options.timeouts.request = 300ms;
  LoopbackServer stalled([](const BeastRequest&, const Context&) { return Reply{.hang = true}; });
  BeastTransport http(options);
  for (const std::string& base : {stalled.base_url(), std::string("http://127.0.0.1:1")}) {
    Request r = make_request(base);
    webapi::auth::ApiKeyQuery{"api_key", "query-secret-1234"}.apply(r);
    webapi::auth::BearerToken{"bearer-secret-5678"}.apply(r);
    auto res = http.send(r);
    BOOST_REQUIRE(!res);
    BOOST_TEST(res.error().what().find("query-secret-1234") == std::string::npos);
    BOOST_TEST(res.error().what().find("bearer-secret-5678") == std::string::npos);
  }
}

// ---- TLS ------------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(tls_with_a_custom_ca_in_memory_is_accepted_and_reused) {
  LoopbackServer server(webapi::test::always("secure"), tls_server(pki().good));
  auto options = local_options();
  options.tls.ca_pem = pki().ca.ca_pem();
  BeastTransport http(options);
  for (const std::string host : {"127.0.0.1", "localhost"}) {
    for (int i = 0; i < 3; ++i) {
      auto res = http.send(make_request(server.base_url(host)));
      BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
      BOOST_TEST(res->body == "secure");
    }
  }
  BOOST_TEST(server.connections() == 2u);  // one per host name, each reused
}

BOOST_AUTO_TEST_CASE(tls_with_a_custom_ca_file_is_accepted) {
  LoopbackServer server(webapi::test::always("secure"), tls_server(pki().good));
  TempFile ca(pki().ca.ca_pem());
  auto options = local_options();
  options.tls.ca_file = ca.path;
  options.tls.system_roots = false;
  BeastTransport http(options);
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->body == "secure");
}

BOOST_AUTO_TEST_CASE(a_missing_ca_file_is_refused_when_the_transport_is_made) {
  auto options = local_options();
  options.tls.ca_file = "/nonexistent/ca.pem";
  BOOST_CHECK_THROW(BeastTransport{options}, webapi::Exception);
}

BOOST_AUTO_TEST_CASE(an_untrusted_certificate_is_rejected) {
  LoopbackServer server(webapi::test::always("secure"), tls_server(pki().good));
  BeastTransport http(local_options());  // system roots only: the test CA is not among them
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::certificate);
  BOOST_TEST(res.error().message.find("certificate verify failed") != std::string::npos);

  // A leaf from another CA is no better when only the test CA is trusted.
  LoopbackServer other(webapi::test::always("secure"), tls_server(pki().untrusted));
  auto options = local_options();
  options.tls.ca_pem = pki().ca.ca_pem();
  BeastTransport trusting(options);
  auto res2 = trusting.send(make_request(other.base_url()));
  BOOST_REQUIRE(!res2);
  BOOST_TEST(webapi::transport_failure(res2.error()) == TransportFailure::certificate);
}

BOOST_AUTO_TEST_CASE(a_host_name_mismatch_is_rejected) {
  LoopbackServer server(webapi::test::always("secure"), tls_server(pki().wrong_name));
  auto options = local_options();
  options.tls.ca_pem = pki().ca.ca_pem();
  BeastTransport http(options);
  for (const std::string host : {"127.0.0.1", "localhost"}) {
    auto res = http.send(make_request(server.base_url(host)));
    BOOST_REQUIRE(!res);
    BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::certificate);
    BOOST_TEST(res.error().message.find("mismatch") != std::string::npos, res.error().message);
  }
}

BOOST_AUTO_TEST_CASE(insecure_skip_verify_accepts_any_certificate) {
  LoopbackServer server(webapi::test::always("secure"), tls_server(pki().untrusted));
  auto options = local_options();
  options.tls.insecure_skip_verify = true;
  BeastTransport http(options);
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->body == "secure");
}

BOOST_AUTO_TEST_CASE(a_client_certificate_is_presented_when_the_server_asks_for_one) {
  LoopbackServer server(webapi::test::always("mutual"), mutual_tls_server());
  auto options = local_options();
  options.tls.ca_pem = pki().ca.ca_pem();

  BeastTransport anonymous(options);
  auto refused = anonymous.send(make_request(server.base_url()));
  BOOST_TEST(!refused.has_value());

  auto with_pem = options;
  with_pem.tls.client_cert_pem = pki().client.cert_pem;
  with_pem.tls.client_key_pem = pki().client.key_pem;
  BeastTransport from_memory(with_pem);
  for (int i = 0; i < 2; ++i) {
    auto res = from_memory.send(make_request(server.base_url()));
    BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
    BOOST_TEST(res->body == "mutual");
  }

  TempFile cert(pki().client.cert_pem), key(pki().client.key_pem);
  auto with_files = options;
  with_files.tls.client_cert_file = cert.path;
  with_files.tls.client_key_file = key.path;
  BeastTransport from_files(with_files);
  auto res = from_files.send(make_request(server.base_url()));
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));

  auto with_stranger = options;
  with_stranger.tls.client_cert_pem = pki().stranger_client.cert_pem;
  with_stranger.tls.client_key_pem = pki().stranger_client.key_pem;
  BeastTransport stranger(with_stranger);
  BOOST_TEST(!stranger.send(make_request(server.base_url())).has_value());
}

BOOST_AUTO_TEST_CASE(client_certificate_settings_are_checked_when_the_transport_is_made) {
  auto options = local_options();
  options.tls.client_cert_pem = pki().client.cert_pem;
  BOOST_TEST(construction_error(options).find("no client key") != std::string::npos);

  options.tls.client_key_pem = pki().stranger_client.key_pem;  // a key of another certificate
  const std::string mismatch = construction_error(options);
  BOOST_TEST(mismatch.find("does not match") != std::string::npos, mismatch);
  BOOST_TEST(mismatch.find("PRIVATE KEY") == std::string::npos);

  options.tls.client_key_pem = "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n";
  const std::string garbled = construction_error(options);
  BOOST_TEST(garbled.find("cannot load the in-memory client key") == 0u, garbled);
  BOOST_TEST(garbled.find("bm90IGEga2V5") == std::string::npos);

  auto files = local_options();
  files.tls.client_cert_file = "/nonexistent/client.pem";
  files.tls.client_key_file = "/nonexistent/client.key";
  BOOST_TEST(construction_error(files).find("cannot load client certificate file '/nonexistent/client.pem'") == 0u);

  auto both = local_options();
  both.tls.client_cert_file = "/a.pem";
  both.tls.client_cert_pem = pki().client.cert_pem;
  both.tls.client_key_pem = pki().client.key_pem;
  BOOST_TEST(construction_error(both).find("not both") != std::string::npos);

  auto fine = local_options();
  fine.tls.client_cert_pem = pki().client.cert_pem;
  fine.tls.client_key_pem = pki().client.key_pem;
  BOOST_TEST(construction_error(fine).empty());
}

// ---- redirects ------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(redirects_are_returned_unless_following_is_asked_for) {
  LoopbackServer server([](const BeastRequest& r, const Context&) {
    if (r.target() == "/start") return Reply{.status = 302, .headers = {{"Location", "/end?x=1"}}};
    return Reply{.body = "landed " + std::string(r.target())};
  });
  BeastTransport plain(local_options());
  auto res = plain.send(make_request(server.base_url(), "/start"));
  BOOST_REQUIRE(res);
  BOOST_TEST(res->status == 302);
  BOOST_TEST(res->headers.get("Location").value_or("") == "/end?x=1");

  auto options = local_options();
  options.redirects.follow = true;
  BeastTransport following(options);
  auto followed = following.send(make_request(server.base_url(), "/start"));
  BOOST_REQUIRE_MESSAGE(followed.has_value(), why(followed));
  BOOST_TEST(followed->status == 200);
  BOOST_TEST(followed->body == "landed /end?x=1");
}

BOOST_AUTO_TEST_CASE(a_303_turns_a_post_into_a_get_and_hops_are_limited) {
  LoopbackServer server([](const BeastRequest& r, const Context&) {
    if (r.target() == "/form") return Reply{.status = 303, .headers = {{"Location", "/result"}}};
    if (r.target().starts_with("/loop")) return Reply{.status = 307, .headers = {{"Location", "/loop"}}};
    return Reply{.body = std::string(r.method_string()) + " " + r.body()};
  });
  auto options = local_options();
  options.redirects = {.follow = true, .max_hops = 3};
  BeastTransport http(options);
  Request post = make_request(server.base_url(), "/form", Method::post);
  post.body = "a=1";
  post.content_type = "application/x-www-form-urlencoded";
  auto res = http.send(post);
  BOOST_REQUIRE(res);
  BOOST_TEST(res->body == "GET ");

  auto loop = http.send(make_request(server.base_url(), "/loop"));
  BOOST_REQUIRE(!loop);
  BOOST_TEST(loop.error().message.find("3 redirects") != std::string::npos);
  BOOST_TEST(server.request_count() == 2u + 4u);
}

BOOST_AUTO_TEST_CASE(credentials_are_dropped_on_a_redirect_to_another_host) {
  LoopbackServer other(webapi::test::always("other host"));
  const std::string elsewhere = "http://localhost:" + std::to_string(other.port()) + "/landing?page=2&api_key=leaked";
  LoopbackServer origin([&](const BeastRequest& r, const Context&) {
    if (r.target().starts_with("/away")) return Reply{.status = 302, .headers = {{"Location", elsewhere}}};
    if (r.target().starts_with("/near")) return Reply{.status = 307, .headers = {{"Location", "/here"}}};
    return Reply{.body = "same host"};
  });
  auto options = local_options();
  options.redirects.follow = true;
  BeastTransport http(options);

  auto with_credentials = [&](std::string path) {
    Request r = make_request(origin.base_url(), std::move(path));
    webapi::auth::BearerToken{"token-abc"}.apply(r);
    webapi::auth::ApiKeyHeader{"X-Api-Key", "key-123"}.apply(r);
    webapi::auth::ApiKeyQuery{"api_key", "qkey-456"}.apply(r);
    r.headers.set("Cookie", "session=1");
    r.headers.set("X-Trace", "trace-1");
    return r;
  };

  auto away = http.send(with_credentials("/away"));
  BOOST_REQUIRE_MESSAGE(away.has_value(), why(away));
  BOOST_TEST(away->body == "other host");
  auto seen = other.requests();
  BOOST_REQUIRE_EQUAL(seen.size(), 1u);
  BOOST_TEST(field_of(seen[0], "Authorization") == "<absent>");
  BOOST_TEST(field_of(seen[0], "X-Api-Key") == "<absent>");
  BOOST_TEST(field_of(seen[0], "Cookie") == "<absent>");
  BOOST_TEST(field_of(seen[0], "X-Trace") == "trace-1");
  BOOST_TEST(std::string(seen[0].target()) == "/landing?page=2");

  auto near = http.send(with_credentials("/near"));
  BOOST_REQUIRE(near);
  BOOST_TEST(near->body == "same host");
  auto last = origin.requests().back();
  BOOST_TEST(std::string(last.target()) == "/here");
  BOOST_TEST(field_of(last, "Authorization") == "Bearer token-abc");
  BOOST_TEST(field_of(last, "X-Api-Key") == "key-123");
}

BOOST_AUTO_TEST_CASE(every_header_logs_would_redact_stays_with_its_origin) {
  // One rule for both (core/secrets.hpp, is_credential_name): a field set by hand and named like a
  // credential, or declared secret, never follows a redirect to another origin; on the same origin it does.
  LoopbackServer other(webapi::test::always("other origin"));
  const std::string elsewhere = "http://localhost:" + std::to_string(other.port()) + "/landing?sas_token=t&x=1";
  LoopbackServer origin([&](const BeastRequest& r, const Context&) {
    if (r.target().starts_with("/away")) return Reply{.status = 302, .headers = {{"Location", elsewhere}}};
    if (r.target().starts_with("/near")) return Reply{.status = 302, .headers = {{"Location", "/here"}}};
    return Reply{.body = "same origin"};
  });
  auto options = local_options();
  options.redirects.follow = true;
  BeastTransport http(options);
  auto with_credentials = [&](std::string path) {
    Request r = make_request(origin.base_url(), std::move(path));
    r.headers.set("X-Session-Token", "session-1");
    r.headers.set("X-Api-Key", "key-2");
    r.headers.set("X-Access-Id", "access-3");
    r.headers.set("X-Custom", "declared-4");
    r.secrets = {"X-Custom"};
    r.headers.set("X-Trace", "trace-5");
    r.headers.set("Accept-Language", "de");
    return r;
  };
  const std::vector<std::string> credentials = {"X-Session-Token", "X-Api-Key", "X-Access-Id", "X-Custom"};

  auto away = http.send(with_credentials("/away"));
  BOOST_REQUIRE_MESSAGE(away.has_value(), why(away));
  BOOST_TEST(away->body == "other origin");
  auto seen = other.requests();
  BOOST_REQUIRE_EQUAL(seen.size(), 1u);
  for (const auto& name : credentials) BOOST_TEST(field_of(seen[0], name) == "<absent>", name);
  BOOST_TEST(field_of(seen[0], "X-Trace") == "trace-5");
  BOOST_TEST(field_of(seen[0], "Accept-Language") == "de");
  BOOST_TEST(std::string(seen[0].target()) == "/landing?x=1");  // a credential in the Location goes too

  auto near = http.send(with_credentials("/near"));
  BOOST_REQUIRE_MESSAGE(near.has_value(), why(near));
  BOOST_TEST(near->body == "same origin");
  auto last = origin.requests().back();
  BOOST_TEST(std::string(last.target()) == "/here");
  BOOST_TEST(field_of(last, "X-Session-Token") == "session-1");
  BOOST_TEST(field_of(last, "X-Api-Key") == "key-2");
  BOOST_TEST(field_of(last, "X-Access-Id") == "access-3");
  BOOST_TEST(field_of(last, "X-Custom") == "declared-4");
}

// ---- retries over the wire ------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(retrying_honours_503_and_429_with_retry_after) {
  LoopbackServer server([](const BeastRequest&, const Context&) {
    static std::atomic<int> n{0};
    switch (++n) {
      case 1: return Reply{.status = 503, .body = "busy"};
      case 2: return Reply{.status = 429, .headers = {{"Retry-After", "2"}}, .body = "slow down"};
      default: return Reply{.body = "finally"};
    }
  });
  BeastTransport http(local_options());
  std::vector<std::chrono::milliseconds> waits;
  webapi::Retrying retrying{http,
                            {.initial_backoff = 50ms, .jitter = 0.0, .sleep = [&](auto d) { waits.push_back(d); }}};
  auto res = retrying.send(make_request(server.base_url()));
  BOOST_REQUIRE(res);
  BOOST_TEST(res->body == "finally");
  BOOST_REQUIRE_EQUAL(waits.size(), 2u);
  BOOST_TEST(waits[0].count() == 50);
  BOOST_TEST(waits[1].count() == 2000);
  BOOST_TEST(server.request_count() == 3u);
}

BOOST_AUTO_TEST_CASE(retrying_leaves_a_post_alone) {
  LoopbackServer server([](const BeastRequest&, const Context&) { return Reply{.status = 503}; });
  BeastTransport http(local_options());
  int sleeps = 0;
  webapi::Retrying retrying{http, {.sleep = [&](auto) { ++sleeps; }}};
  auto res = retrying.send(make_request(server.base_url(), "/orders", Method::post));
  BOOST_REQUIRE(res);
  BOOST_TEST(res->status == 503);
  BOOST_TEST(sleeps == 0);
  BOOST_TEST(server.request_count() == 1u);
}

BOOST_AUTO_TEST_CASE(retrying_retries_a_connect_failure) {
  BeastTransport http(local_options());
  int sleeps = 0;
  webapi::Retrying retrying{http, {.max_attempts = 3, .sleep = [&](auto) { ++sleeps; }}};
  auto res = retrying.send(make_request("http://127.0.0.1:1"));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connect);
  BOOST_TEST(sleeps == 2);
}

// ---- proxies --------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(http_goes_through_a_proxy_in_absolute_form) {
  LoopbackServer proxy(
      [](const BeastRequest& r, const Context&) { return Reply{.body = "via proxy " + std::string(r.target())}; },
      {.proxy = true});
  auto options = local_options();
  options.proxy = webapi::ProxyConfig{.http = "http://user:p%40ss@127.0.0.1:" + std::to_string(proxy.port())};
  BeastTransport http(options);
  auto res = http.send(make_request("http://api.example.invalid:8080", "/v1/x"));
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->body == "via proxy http://api.example.invalid:8080/v1/x");
  auto seen = proxy.requests().at(0);
  BOOST_TEST(field_of(seen, "Host") == "api.example.invalid:8080");
  BOOST_TEST(field_of(seen, "Proxy-Authorization") == "Basic " + webapi::base64::encode("user:p@ss"));
}

BOOST_AUTO_TEST_CASE(https_goes_through_a_connect_tunnel) {
  LoopbackServer target(webapi::test::always("tunnelled"), tls_server(pki().good));
  LoopbackServer proxy(webapi::test::always("not a tunnel"), {.proxy = true});
  auto options = local_options();
  options.tls.ca_pem = pki().ca.ca_pem();
  options.proxy = webapi::ProxyConfig{.https = "127.0.0.1:" + std::to_string(proxy.port())};
  BeastTransport http(options);
  for (int i = 0; i < 2; ++i) {
    auto res = http.send(make_request(target.base_url()));
    BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
    BOOST_TEST(res->body == "tunnelled");
  }
  auto seen = proxy.requests();
  BOOST_REQUIRE_EQUAL(seen.size(), 1u);  // one tunnel, reused
  BOOST_TEST(seen[0].method() == boost::beast::http::verb::connect);
  BOOST_TEST(std::string(seen[0].target()) == "127.0.0.1:" + std::to_string(target.port()));
  BOOST_TEST(target.connections() == 1u);
}

BOOST_AUTO_TEST_CASE(no_proxy_hosts_are_reached_directly_and_refusals_are_reported) {
  LoopbackServer server(webapi::test::always("direct"));
  auto options = local_options();
  options.proxy = webapi::ProxyConfig{
      .http = "http://127.0.0.1:1", .https = "http://127.0.0.1:1", .no_proxy = "localhost,127.0.0.0/8"};
  BeastTransport http(options);
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->body == "direct");

  LoopbackServer refusing([](const BeastRequest&, const Context&) { return Reply{.status = 407}; }, {.proxy = false});
  auto via = local_options();
  via.proxy = webapi::ProxyConfig{.https = "http://127.0.0.1:" + std::to_string(refusing.port())};
  BeastTransport tunnelling(via);
  auto refused = tunnelling.send(make_request("https://api.example.invalid"));
  BOOST_REQUIRE(!refused);
  BOOST_TEST(webapi::transport_failure(refused.error()) == TransportFailure::proxy);
  BOOST_TEST(refused.error().message.find("407") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
