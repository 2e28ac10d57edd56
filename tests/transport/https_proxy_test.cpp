// BeastTransport through https:// proxies: TLS to the proxy, then a CONNECT tunnel with the target's own TLS
// session inside it (TLS in TLS), or absolute-form http:// requests over the proxy's TLS session.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <string>
#include <string_view>

#include <webapi/transport.hpp>

#include "client_support.hpp"
#include "loopback_server.hpp"

namespace https_proxy_test {

using namespace std::chrono_literals;
using webapi::BeastTransport;
using webapi::BeastTransportOptions;
using webapi::test::KeyAndCert;
using webapi::test::LoopbackServer;

/// One CA the transport trusts, with a leaf for loopback (used by proxies and targets alike) and one for
/// another name, and a leaf from a CA nobody trusts.
struct Certificates {
  webapi::test::TestPki ca{"https proxy test CA"};
  webapi::test::TestPki stranger{"https proxy stranger CA"};
  KeyAndCert loopback = ca.issue("DNS:localhost,IP:127.0.0.1");
  KeyAndCert elsewhere = ca.issue("DNS:proxy.elsewhere.example");
  KeyAndCert untrusted = stranger.issue("DNS:localhost,IP:127.0.0.1");
};
const Certificates& certificates() {
  static const Certificates c;
  return c;
}

LoopbackServer::Options tls_proxy(const KeyAndCert& kc) {
  return {.tls = webapi::test::server_tls_context(kc), .proxy = true};
}

LoopbackServer::Options tls_target(const KeyAndCert& kc) { return {.tls = webapi::test::server_tls_context(kc)}; }

/// "https://<userinfo>127.0.0.1:<port>" for `proxy`.
std::string proxy_url(const LoopbackServer& proxy, const std::string& userinfo = "") {
  return "https://" + userinfo + "127.0.0.1:" + std::to_string(proxy.port());
}

/// Every request through `url`, trusting only the test CA, each phase bounded.
BeastTransportOptions through(const std::string& url) {
  BeastTransportOptions o = webapi::test::local_options(url);
  o.tls.system_roots = false;
  o.tls.ca_pem = certificates().ca.ca_pem();
  return o;
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace https_proxy_test

BOOST_AUTO_TEST_SUITE(https_proxy)

using https_proxy_test::certificates;
using https_proxy_test::contains;
using https_proxy_test::proxy_url;
using https_proxy_test::through;
using https_proxy_test::tls_proxy;
using https_proxy_test::tls_target;
using namespace std::chrono_literals;
using webapi::BeastTransport;
using webapi::TransportFailure;
using webapi::test::field_of;
using webapi::test::make_request;
using webapi::test::why;
using webapi::test::BeastRequest;
using webapi::test::LoopbackServer;

BOOST_AUTO_TEST_CASE(an_https_target_is_reached_through_a_tunnel_inside_tls_to_the_proxy) {
  const auto& certs = certificates();
  LoopbackServer target(webapi::test::always("tls in tls"), tls_target(certs.loopback));
  LoopbackServer proxy(webapi::test::always("not a tunnel"), tls_proxy(certs.loopback));
  BeastTransport http(through(proxy_url(proxy, "user:p%40ss@")));
  for (int i = 0; i < 2; ++i) {
    auto res = http.send(make_request(target.base_url(), "/v1/x"));
    BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
    BOOST_TEST(res->body == "tls in tls");
  }
  auto seen = proxy.requests();
  BOOST_REQUIRE_EQUAL(seen.size(), 1u);  // one tunnel, reused
  BOOST_TEST(seen[0].method() == boost::beast::http::verb::connect);
  BOOST_TEST(std::string(seen[0].target()) == "127.0.0.1:" + std::to_string(target.port()));
  BOOST_TEST(field_of(seen[0], "Proxy-Authorization") == "Basic " + webapi::base64::encode("user:p@ss"));
  BOOST_TEST(proxy.connections() == 1u);
  BOOST_TEST(target.connections() == 1u);
  BOOST_TEST(target.request_count() == 2u);
  BOOST_TEST(field_of(target.requests().at(0), "Proxy-Authorization") == "<absent>");  // for the proxy only
  BOOST_TEST(http.idle_connections() == 1u);
}

BOOST_AUTO_TEST_CASE(an_http_target_is_sent_in_absolute_form_over_tls_to_the_proxy) {
  LoopbackServer proxy(
      [](const BeastRequest& r, const webapi::test::Context&) {
        return webapi::test::Reply{.body = "via " + std::string(r.target())};
      },
      tls_proxy(certificates().loopback));
  BeastTransport http(through(proxy_url(proxy, "user:pw@")));
  for (int i = 0; i < 2; ++i) {
    auto res = http.send(make_request("http://api.example.invalid:8080", "/v1/x"));
    BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
    BOOST_TEST(res->body == "via http://api.example.invalid:8080/v1/x");
  }
  auto seen = proxy.requests();
  BOOST_REQUIRE_EQUAL(seen.size(), 2u);
  BOOST_TEST(field_of(seen[0], "Host") == "api.example.invalid:8080");
  BOOST_TEST(field_of(seen[0], "Proxy-Authorization") == "Basic " + webapi::base64::encode("user:pw"));
  BOOST_TEST(proxy.connections() == 1u);  // the TLS connection to the proxy was kept and reused
}

BOOST_AUTO_TEST_CASE(large_bodies_cross_both_tls_sessions_intact) {
  LoopbackServer target([](const BeastRequest& r,
                           const webapi::test::Context&) { return webapi::test::Reply{.body = r.body() + r.body()}; },
                        tls_target(certificates().loopback));
  LoopbackServer proxy(webapi::test::always("not a tunnel"), tls_proxy(certificates().loopback));
  BeastTransport http(through(proxy_url(proxy)));
  std::string body(3 * 1024 * 1024 + 17, '\0');
  for (std::size_t i = 0; i < body.size(); ++i) body[i] = static_cast<char>('a' + (i * 7 + i / 5000) % 26);
  auto request = make_request(target.base_url(), "/echo");
  request.method = webapi::Method::post;
  request.body = body;
  request.content_type = "application/octet-stream";
  auto res = http.send(request);
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_REQUIRE_EQUAL(res->body.size(), 2 * body.size());
  BOOST_TEST((res->body == body + body));
}

BOOST_AUTO_TEST_CASE(an_untrusted_proxy_certificate_is_a_certificate_error_naming_the_proxy) {
  LoopbackServer proxy(webapi::test::always("never"), tls_proxy(certificates().untrusted));
  BeastTransport http(through(proxy_url(proxy, "user:hidden-pw@")));
  for (const std::string target : {"https://api.example.invalid", "http://api.example.invalid"}) {
    auto res = http.send(make_request(target));
    BOOST_REQUIRE(!res);
    const std::string m = res.error().message;
    BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::certificate, m);
    BOOST_TEST(contains(m, "handshake with proxy 127.0.0.1:" + std::to_string(proxy.port())), m);
    BOOST_TEST(contains(m, "certificate verify failed"), m);
    BOOST_TEST(!contains(res.error().what(), "hidden-pw"), res.error().what());
  }
  BOOST_TEST(proxy.requests().empty());
}

BOOST_AUTO_TEST_CASE(a_proxy_certificate_for_another_name_is_refused_unless_verification_is_off) {
  LoopbackServer proxy(
      [](const BeastRequest& r, const webapi::test::Context&) {
        return webapi::test::Reply{.body = std::string(r.target())};
      },
      tls_proxy(certificates().elsewhere));
  BeastTransport http(through(proxy_url(proxy)));
  auto res = http.send(make_request("http://api.example.invalid", "/x"));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::certificate);
  BOOST_TEST(contains(res.error().message, "proxy 127.0.0.1:"), res.error().message);
  BOOST_TEST(contains(res.error().message, "mismatch"), res.error().message);
  BOOST_TEST(proxy.requests().empty());

  // TlsOptions govern the proxy's session as they do the target's.
  auto careless = through(proxy_url(proxy));
  careless.tls.insecure_skip_verify = true;
  BeastTransport lax(careless);
  auto through_anyway = lax.send(make_request("http://api.example.invalid", "/x"));
  BOOST_REQUIRE_MESSAGE(through_anyway.has_value(), why(through_anyway));
  BOOST_TEST(through_anyway->body == "http://api.example.invalid/x");
}

BOOST_AUTO_TEST_CASE(the_target_certificate_is_checked_inside_the_tunnel) {
  LoopbackServer target(webapi::test::always("never"), tls_target(certificates().untrusted));
  LoopbackServer proxy(webapi::test::always("not a tunnel"), tls_proxy(certificates().loopback));
  BeastTransport http(through(proxy_url(proxy)));
  auto res = http.send(make_request(target.base_url()));
  BOOST_REQUIRE(!res);
  const std::string m = res.error().message;
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::certificate, m);
  BOOST_TEST(contains(m, "handshake with 127.0.0.1:" + std::to_string(target.port())), m);
  BOOST_TEST(!contains(m, "proxy"), m);
  BOOST_TEST(proxy.request_count() == 1u);  // the CONNECT
  BOOST_TEST(target.request_count() == 0u);
}

BOOST_AUTO_TEST_CASE(a_proxy_that_never_completes_the_handshake_times_out) {
  LoopbackServer proxy(
      webapi::test::always("never"),
      {.tls = webapi::test::server_tls_context(certificates().loopback), .stall_handshake = true, .proxy = true});
  auto options = through(proxy_url(proxy));
  options.timeouts.tls_handshake = 300ms;
  BeastTransport http(options);
  const auto t0 = std::chrono::steady_clock::now();
  auto res = http.send(make_request("https://api.example.invalid"));
  const auto took = std::chrono::steady_clock::now() - t0;
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::tls_handshake_timeout, res.error().message);
  BOOST_TEST(contains(res.error().message, "no TLS session with proxy 127.0.0.1:"), res.error().message);
  BOOST_TEST(took < 2s);
}

BOOST_AUTO_TEST_CASE(https_proxy_urls_are_parsed_like_curl) {
  auto p = webapi::parse_proxy_url("https://user:pw@proxy.example");
  BOOST_REQUIRE(p);
  BOOST_TEST(p->kind == webapi::ProxyKind::https);
  BOOST_TEST(p->host == "proxy.example");
  BOOST_TEST(p->port == 443);  // curl's default for an https proxy
  BOOST_TEST(p->authorization == "Basic " + webapi::base64::encode("user:pw"));
  BOOST_TEST(p->username.empty());  // the SOCKS login fields stay empty
  BOOST_TEST(!p->is_socks());
  BOOST_TEST(p->is_tls());

  auto q = webapi::parse_proxy_url("HTTPS://[::1]:8443/");
  BOOST_REQUIRE(q);
  BOOST_TEST(q->kind == webapi::ProxyKind::https);
  BOOST_TEST(q->host == "::1");
  BOOST_TEST(q->port == 8443);
  BOOST_TEST(q->authorization.empty());

  BOOST_TEST(webapi::to_string(webapi::ProxyKind::https) == "https");
  BOOST_TEST(!webapi::parse_proxy_url("http://proxy.example")->is_tls());
  BOOST_TEST(webapi::parse_proxy_url("http://proxy.example")->port == 1080);
}

BOOST_AUTO_TEST_SUITE_END()
