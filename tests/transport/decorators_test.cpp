// Retrying, Logging, proxy settings and HTTP dates: no network.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <deque>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <webapi/core/auth.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/transport/logging.hpp>
#include <webapi/transport/proxy.hpp>
#include <webapi/transport/retrying.hpp>

using namespace std::chrono_literals;
using webapi::Error;
using webapi::ErrorKind;
using webapi::Method;
using webapi::Request;
using webapi::Response;
using webapi::Result;
using webapi::TransportFailure;

namespace {

/// Answers from a script, one entry per call; records how many calls it got.
struct Scripted {
  std::deque<Result<Response>> script;
  int calls = 0;
  Result<Response> send(const Request&) {
    ++calls;
    if (script.empty()) return Response{.status = 200, .headers = {}, .body = "default"};
    Result<Response> r = script.front();
    script.pop_front();
    return r;
  }
};

Response status(int s, webapi::Headers h = {}) { return Response{.status = s, .headers = std::move(h), .body = {}}; }

/// A clock that only moves when the retry loop sleeps.
struct FakeTime {
  std::chrono::system_clock::time_point now = std::chrono::sys_days{std::chrono::year{2024} / 3 / 1} + 12h;
  std::vector<std::chrono::milliseconds> waits;
  webapi::RetryPolicy policy(webapi::RetryPolicy p = {}) {
    p.sleep = [this](std::chrono::milliseconds d) {
      waits.push_back(d);
      now += d;
    };
    p.now = [this] { return now; };
    return p;
  }
};

Request get(Method m = Method::get) {
  Request r;
  r.method = m;
  r.base_url = "https://api.example.com";
  r.path = "/v1/items";
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(retrying)

BOOST_AUTO_TEST_CASE(backs_off_exponentially_then_succeeds) {
  Scripted inner{{status(503), status(502), status(504), status(200)}};
  FakeTime t;
  webapi::Retrying r{inner, t.policy({.max_attempts = 5, .initial_backoff = 100ms, .jitter = 0.0})};
  auto res = r.send(get());
  BOOST_REQUIRE(res);
  BOOST_TEST(res->status == 200);
  BOOST_TEST(inner.calls == 4);
  BOOST_REQUIRE_EQUAL(t.waits.size(), 3u);
  BOOST_TEST(t.waits[0].count() == 100);
  BOOST_TEST(t.waits[1].count() == 200);
  BOOST_TEST(t.waits[2].count() == 400);
}

BOOST_AUTO_TEST_CASE(backoff_is_capped) {
  Scripted inner{{status(503), status(503), status(503), status(503)}};
  FakeTime t;
  webapi::Retrying r{inner,
                     t.policy({.max_attempts = 4, .initial_backoff = 300ms, .max_backoff = 500ms, .jitter = 0.0})};
  (void)r.send(get());
  BOOST_REQUIRE_EQUAL(t.waits.size(), 3u);
  BOOST_TEST(t.waits[1].count() == 500);
  BOOST_TEST(t.waits[2].count() == 500);
}

BOOST_AUTO_TEST_CASE(jitter_shortens_waits_within_its_fraction) {
  Scripted inner{{status(503), status(503), status(200)}};
  FakeTime t;
  double draws[] = {0.0, 0.999};
  int i = 0;
  auto p = t.policy({.initial_backoff = 1000ms, .jitter = 0.5});
  p.random = [&] { return draws[i++]; };
  webapi::Retrying r{inner, p};
  BOOST_REQUIRE(r.send(get()));
  BOOST_REQUIRE_EQUAL(t.waits.size(), 2u);
  BOOST_TEST(t.waits[0].count() == 1000);  // r = 0: the full wait
  BOOST_TEST(t.waits[1].count() >= 1000);  // r ~ 1: about half of 2000
  BOOST_TEST(t.waits[1].count() <= 1002);
}

BOOST_AUTO_TEST_CASE(default_jitter_stays_in_range) {
  FakeTime t;
  Scripted inner{{status(503), status(503), status(503), status(503), status(503)}};
  webapi::Retrying r{inner, t.policy({.max_attempts = 6, .initial_backoff = 1000ms, .max_backoff = 1000ms})};
  (void)r.send(get());
  BOOST_REQUIRE_EQUAL(t.waits.size(), 5u);
  for (auto w : t.waits) {
    BOOST_TEST(w.count() >= 500);
    BOOST_TEST(w.count() <= 1000);
  }
}

BOOST_AUTO_TEST_CASE(attempts_are_bounded_and_the_last_answer_returned) {
  Scripted inner{{status(503), status(503), status(503), status(503), status(503)}};
  FakeTime t;
  webapi::Retrying r{inner, t.policy({.max_attempts = 3})};
  auto res = r.send(get());
  BOOST_REQUIRE(res);
  BOOST_TEST(res->status == 503);
  BOOST_TEST(inner.calls == 3);
}

BOOST_AUTO_TEST_CASE(total_time_is_bounded) {
  Scripted inner;
  for (int i = 0; i < 20; ++i) inner.script.push_back(status(503));
  FakeTime t;
  webapi::Retrying r{inner,
                     t.policy({.max_attempts = 20, .initial_backoff = 400ms, .jitter = 0.0, .max_total = 2000ms})};
  (void)r.send(get());
  // waits 400 + 800 = 1200; the next (1600) would end past 2000.
  BOOST_TEST(inner.calls == 3);
  BOOST_TEST(t.waits.size() == 2u);
}

BOOST_AUTO_TEST_CASE(retry_after_in_seconds_sets_the_wait) {
  Scripted inner{{status(429, {{"Retry-After", "3"}}), status(200)}};
  FakeTime t;
  webapi::Retrying r{inner, t.policy({.initial_backoff = 10ms})};
  BOOST_REQUIRE(r.send(get()));
  BOOST_REQUIRE_EQUAL(t.waits.size(), 1u);
  BOOST_TEST(t.waits[0].count() == 3000);
}

BOOST_AUTO_TEST_CASE(retry_after_as_an_http_date_sets_the_wait) {
  FakeTime t;  // 2024-03-01 12:00:00 UTC, a Friday
  Scripted inner{{status(503, {{"Retry-After", "Fri, 01 Mar 2024 12:00:07 GMT"}}), status(200)}};
  webapi::Retrying r{inner, t.policy({.initial_backoff = 10ms})};
  BOOST_REQUIRE(r.send(get()));
  BOOST_REQUIRE_EQUAL(t.waits.size(), 1u);
  BOOST_TEST(t.waits[0].count() == 7000);
}

BOOST_AUTO_TEST_CASE(a_retry_after_beyond_the_budget_ends_retrying) {
  Scripted inner{{status(429, {{"Retry-After", "120"}}), status(200)}};
  FakeTime t;
  webapi::Retrying r{inner, t.policy({.max_total = 30s})};
  auto res = r.send(get());
  BOOST_REQUIRE(res);
  BOOST_TEST(res->status == 429);
  BOOST_TEST(inner.calls == 1);
}

BOOST_AUTO_TEST_CASE(non_idempotent_requests_are_sent_once) {
  for (Method m : {Method::post, Method::patch}) {
    Scripted inner{{status(503), status(200)}};
    FakeTime t;
    webapi::Retrying r{inner, t.policy()};
    auto res = r.send(get(m));
    BOOST_TEST(res->status == 503);
    BOOST_TEST(inner.calls == 1);
  }
  Scripted inner{{status(503), status(200)}};
  FakeTime t;
  webapi::Retrying r{inner, t.policy()};
  Request marked = get(Method::post);
  marked.idempotent = true;
  BOOST_TEST(r.send(marked)->status == 200);
  BOOST_TEST(inner.calls == 2);

  Scripted inner2{{status(503), status(200)}};
  webapi::Retrying r2{inner2, t.policy()};
  Request unmarked = get(Method::put);
  unmarked.idempotent = false;
  BOOST_TEST(r2.send(unmarked)->status == 503);
}

BOOST_AUTO_TEST_CASE(a_request_that_is_not_idempotent_is_retried_only_when_it_was_never_sent) {
  using webapi::TransportPhase;
  auto error_of = [](TransportFailure f, TransportPhase p) { return webapi::transport_error(f, p, "details"); };
  Request toggle = get(Method::get);
  toggle.idempotent = false;  // a GET that changes state
  for (auto e : {error_of(TransportFailure::resolve, TransportPhase::resolve),
                 error_of(TransportFailure::connect, TransportPhase::connect),
                 error_of(TransportFailure::connect_timeout, TransportPhase::connect),
                 error_of(TransportFailure::request_timeout, TransportPhase::connect),
                 error_of(TransportFailure::tls_handshake_timeout, TransportPhase::tls_handshake),
                 error_of(TransportFailure::connection_lost, TransportPhase::send)}) {
    Scripted inner{{e, status(200)}};
    FakeTime t;
    webapi::Retrying r{inner, t.policy()};
    BOOST_TEST(r.send(toggle)->status == 200, e.message);
    BOOST_TEST(inner.calls == 2);
  }
  for (auto e : {error_of(TransportFailure::connection_lost_after_send, TransportPhase::receive),
                 error_of(TransportFailure::request_timeout, TransportPhase::receive),
                 error_of(TransportFailure::request_timeout, TransportPhase::send)}) {
    Scripted inner{{e, status(200)}};
    FakeTime t;
    webapi::Retrying r{inner, t.policy()};
    auto res = r.send(toggle);
    BOOST_REQUIRE(!res);
    BOOST_TEST(webapi::transport_failure(res.error()) == webapi::transport_failure(e));
    BOOST_TEST(inner.calls == 1, e.message);
  }
}

BOOST_AUTO_TEST_CASE(other_statuses_are_not_retried) {
  for (int s : {200, 400, 401, 404, 500, 501}) {
    Scripted inner{{status(s), status(200)}};
    FakeTime t;
    webapi::Retrying r{inner, t.policy()};
    BOOST_TEST(r.send(get())->status == s);
    BOOST_TEST(inner.calls == 1);
  }
}

BOOST_AUTO_TEST_CASE(connect_failures_timeouts_and_lost_connections_are_retried_other_errors_not) {
  auto error_of = [](TransportFailure f) { return webapi::transport_error(f, "details"); };
  for (auto f : {TransportFailure::resolve, TransportFailure::connect, TransportFailure::connect_timeout,
                 TransportFailure::tls_handshake_timeout, TransportFailure::request_timeout,
                 TransportFailure::connection_lost, TransportFailure::connection_lost_after_send}) {
    Scripted inner{{error_of(f), status(200)}};
    FakeTime t;
    webapi::Retrying r{inner, t.policy()};
    BOOST_TEST(r.send(get())->status == 200);
    BOOST_TEST(inner.calls == 2);
  }
  for (auto e : {error_of(TransportFailure::tls), error_of(TransportFailure::certificate),
                 error_of(TransportFailure::body_too_large), error_of(TransportFailure::header_too_large),
                 error_of(TransportFailure::protocol), webapi::make_error(ErrorKind::invalid_argument, "bad"),
                 // the words of a retried failure in a message do not make it one: only the field counts
                 webapi::make_error(ErrorKind::transport, "connect timeout: injected by a fake")}) {
    Scripted inner{{e, status(200)}};
    FakeTime t;
    webapi::Retrying r{inner, t.policy()};
    BOOST_TEST(!r.send(get()));
    BOOST_TEST(inner.calls == 1);
  }
}

BOOST_AUTO_TEST_CASE(the_error_predicate_can_be_replaced) {
  Scripted inner{{webapi::transport_error(TransportFailure::connection_lost, "reset"), status(200)}};
  FakeTime t;
  auto p = t.policy();
  p.retry_error = [](const Error& e) { return webapi::transport_failure(e) == TransportFailure::connection_lost; };
  webapi::Retrying r{inner, p};
  BOOST_TEST(r.send(get())->status == 200);
}

BOOST_AUTO_TEST_CASE(retry_after_values_are_read) {
  const auto now = std::chrono::sys_days{std::chrono::year{1994} / 11 / 6} + 8h + 49min + 30s;
  BOOST_TEST(webapi::retry_after("0", now)->count() == 0);
  BOOST_TEST(webapi::retry_after(" 17 ", now)->count() == 17000);
  BOOST_TEST(webapi::retry_after("Sun, 06 Nov 1994 08:49:37 GMT", now)->count() == 7000);
  BOOST_TEST(webapi::retry_after("Sunday, 06-Nov-94 08:49:37 GMT", now)->count() == 7000);
  BOOST_TEST(webapi::retry_after("Sun Nov  6 08:49:37 1994", now)->count() == 7000);
  BOOST_TEST(webapi::retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now)->count() == 0);  // already past
  BOOST_TEST(!webapi::retry_after("", now));
  BOOST_TEST(!webapi::retry_after("-5", now));
  BOOST_TEST(!webapi::retry_after("soon", now));
  BOOST_TEST(!webapi::retry_after("Sun, 36 Nov 1994 08:49:37 GMT", now));
  BOOST_TEST(!webapi::retry_after("Sun, 06 Nov 1994 08:49:37 UTC", now));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(logging)

BOOST_AUTO_TEST_CASE(one_line_per_request_with_secrets_redacted) {
  webapi::CannedTransport inner(Response{.status = 204, .headers = {}, .body = {}});
  std::vector<std::string> lines;
  webapi::Logging log{inner, [&](std::string_view l) { lines.emplace_back(l); }};
  Request r = get();
  r.operation = "list_items";
  r.query = {{"page", "2"}, {"q", "a b"}};
  webapi::auth::ApiKeyQuery{"hapikey", "qsecret-111"}.apply(r);
  webapi::auth::BearerToken{"tsecret-222"}.apply(r);
  BOOST_TEST(log.send(r)->status == 204);
  BOOST_REQUIRE_EQUAL(lines.size(), 1u);
  const std::string& line = lines[0];
  BOOST_TEST(
      line.starts_with("list_items GET https://api.example.com/v1/items?page=2&q=a%20b&hapikey=REDACTED -> 204 in "),
      line);
  BOOST_TEST(line.ends_with(" ms"));
  BOOST_TEST(line.find("qsecret-111") == std::string::npos);
  BOOST_TEST(line.find("tsecret-222") == std::string::npos);
  BOOST_TEST(line.find("Authorization") == std::string::npos);  // headers are off by default
}

BOOST_AUTO_TEST_CASE(headers_when_asked_for_hide_credentials) {
  webapi::CannedTransport inner;
  std::ostringstream out;
  webapi::Logging log{inner, out, {.headers = true, .redact = {"X-Session"}}};
  Request r = get(Method::post);
  webapi::auth::ApiKeyHeader{"X-Service-Api-Secret", "hsecret-333"}.apply(r);
  r.headers.set("Authorization", "Basic dXNlcjpwdw==");
  r.headers.set("Cookie", "sid=cookie-444");
  r.headers.set("X-Session", "sess-555");
  r.headers.set("X-Request-Id", "rid-1");
  (void)log.send(r);
  const std::string text = out.str();
  BOOST_TEST(text.ends_with("\n"));
  BOOST_TEST(text.find("X-Request-Id: rid-1") != std::string::npos, text);
  BOOST_TEST(text.find("X-Service-Api-Secret: REDACTED") != std::string::npos, text);
  BOOST_TEST(text.find("Authorization: REDACTED") != std::string::npos, text);
  for (const char* secret : {"hsecret-333", "dXNlcjpwdw==", "cookie-444", "sess-555"})
    BOOST_TEST(text.find(secret) == std::string::npos, secret);
}

BOOST_AUTO_TEST_CASE(a_message_with_line_breaks_and_escapes_stays_one_line) {
  struct Forging {
    Result<Response> send(const Request&) {
      return webapi::make_error(ErrorKind::decode, "bad\r\n0 GET /admin -> 200 in 1 ms\x1b[2J");
    }
  } inner;
  std::vector<std::string> lines;
  webapi::Logging log{inner, [&](std::string_view l) { lines.emplace_back(l); }};
  BOOST_TEST(!log.send(get()));
  BOOST_REQUIRE_EQUAL(lines.size(), 1u);
  BOOST_TEST(lines[0].find_first_of("\r\n\x1b") == std::string::npos, lines[0]);
  BOOST_TEST(lines[0].ends_with("decode: bad\\r\\n0 GET /admin -> 200 in 1 ms\\x1b[2J"), lines[0]);
}

BOOST_AUTO_TEST_CASE(failures_are_logged_with_credentials_scrubbed_from_the_message) {
  struct Leaky {
    Result<Response> send(const Request&) {
      return webapi::make_error(ErrorKind::transport, "upstream said: bad key lsecret-666 and Bearer ltoken-777");
    }
  } inner;
  std::vector<std::string> lines;
  webapi::Logging log{inner, [&](std::string_view l) { lines.emplace_back(l); }};
  Request r = get();
  webapi::auth::ApiKeyQuery{"key", "lsecret-666"}.apply(r);
  webapi::auth::BearerToken{"ltoken-777"}.apply(r);
  BOOST_TEST(!log.send(r));
  BOOST_REQUIRE_EQUAL(lines.size(), 1u);
  BOOST_TEST(lines[0].find("-> failed in ") != std::string::npos, lines[0]);
  BOOST_TEST(lines[0].find("transport: upstream said") != std::string::npos, lines[0]);
  BOOST_TEST(lines[0].find("lsecret-666") == std::string::npos, lines[0]);
  BOOST_TEST(lines[0].find("ltoken-777") == std::string::npos, lines[0]);
}

BOOST_AUTO_TEST_CASE(user_info_in_the_base_url_is_not_logged) {
  Request r = get();
  r.base_url = "https://user:pw-888@api.example.com/base/";
  r.path = "/x";
  BOOST_TEST(webapi::redacted_url(r) == "https://api.example.com/base/x");
}

BOOST_AUTO_TEST_CASE(a_credential_in_a_path_segment_is_not_logged) {
  // As RequestBuilder::secret_segment sends it: percent-encoded in the path, decoded in secret_segments.
  Request r = get();
  r.base_url = "https://api.example.com";
  r.path = "/auth/apiKey/k%2F1%20x/uses/tok";
  r.secret_segments = {"k/1 x", "tok"};
  r.query = {{"page", "2"}};
  BOOST_TEST(webapi::redacted_url(r) == "https://api.example.com/auth/apiKey/REDACTED/uses/REDACTED?page=2");
  // Only whole segments: a secret that is part of a segment's text leaves the segment alone.
  r.path = "/tokens/k/1";
  BOOST_TEST(webapi::redacted_url(r) == "https://api.example.com/tokens/k/1?page=2");
  // And error texts lose it in any form it was sent in.
  r.secret_segments = {"k/1 x"};
  BOOST_TEST(webapi::scrub("DELETE /auth/apiKey/k%2F1%20x failed: no key k/1 x", r) ==
             "DELETE /auth/apiKey/REDACTED failed: no key REDACTED");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(proxy_settings)

BOOST_AUTO_TEST_CASE(read_from_the_environment_lower_case_first) {
  std::map<std::string, std::string> env{{"HTTPS_PROXY", "http://upper:1"},
                                         {"https_proxy", "http://lower:2"},
                                         {"HTTP_PROXY", "http://plain:3"},
                                         {"NO_PROXY", "internal.example"}};
  auto lookup = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  auto c = webapi::ProxyConfig::from_env(lookup);
  BOOST_TEST(c.https == "http://lower:2");
  BOOST_TEST(c.http.empty());  // upper-case HTTP_PROXY may come from a request header under CGI (httpoxy)
  BOOST_TEST(c.no_proxy == "internal.example");
  BOOST_TEST(c.proxy_for("https", "api.example.com") == "http://lower:2");
  BOOST_TEST(c.proxy_for("http", "api.example.com").empty());
  BOOST_TEST(c.proxy_for("https", "svc.internal.example").empty());

  env = {{"ALL_PROXY", "http://all:4"}, {"http_proxy", "http://only-http:5"}};
  auto d = webapi::ProxyConfig::from_env(lookup);
  BOOST_TEST(d.https == "http://all:4");
  BOOST_TEST(d.http == "http://only-http:5");

  env = {{"HTTP_PROXY", "http://injected:6"}, {"ALL_PROXY", "http://all:4"}};
  auto e = webapi::ProxyConfig::from_env(lookup);
  BOOST_TEST(e.http == "http://all:4");

  env.clear();
  auto none = webapi::ProxyConfig::from_env(lookup);
  BOOST_TEST(none.proxy_for("https", "api.example.com").empty());
}

BOOST_AUTO_TEST_CASE(no_proxy_matching_follows_curl) {
  using webapi::no_proxy_matches;
  BOOST_TEST(no_proxy_matches("*", "anything.example"));
  BOOST_TEST(no_proxy_matches("example.com", "example.com"));
  BOOST_TEST(no_proxy_matches("example.com", "api.example.com"));
  BOOST_TEST(no_proxy_matches(".example.com", "api.example.com"));
  BOOST_TEST(no_proxy_matches(".example.com", "example.com"));
  BOOST_TEST(no_proxy_matches("EXAMPLE.com", "Api.Example.COM."));
  BOOST_TEST(!no_proxy_matches("example.com", "badexample.com"));
  BOOST_TEST(!no_proxy_matches("api.example.com", "example.com"));
  BOOST_TEST(no_proxy_matches("foo.test, example.com ,bar.test", "example.com"));
  BOOST_TEST(no_proxy_matches("foo.test example.com", "www.example.com"));
  BOOST_TEST(!no_proxy_matches("", "example.com"));
  BOOST_TEST(!no_proxy_matches("*.example.com", "api.example.com"));  // not a wildcard syntax curl knows

  BOOST_TEST(no_proxy_matches("127.0.0.1", "127.0.0.1"));
  BOOST_TEST(!no_proxy_matches("127.0.0.1", "127.0.0.2"));
  BOOST_TEST(no_proxy_matches("10.0.0.0/8", "10.20.30.40"));
  BOOST_TEST(!no_proxy_matches("10.0.0.0/8", "11.0.0.1"));
  BOOST_TEST(no_proxy_matches("192.168.1.0/23", "192.168.0.9"));
  BOOST_TEST(!no_proxy_matches("192.168.1.0/24", "192.168.0.9"));
  BOOST_TEST(no_proxy_matches("::1", "[::1]"));
  BOOST_TEST(no_proxy_matches("fd00::/8", "fd12:3456::1"));
  BOOST_TEST(!no_proxy_matches("fd00::/8", "fe80::1"));
  BOOST_TEST(!no_proxy_matches("10.0.0.0/8", "ten.example"));
  BOOST_TEST(!no_proxy_matches("10.0.0.0/99", "10.0.0.1"));
}

BOOST_AUTO_TEST_CASE(proxy_urls_are_parsed_like_curl) {
  auto a = webapi::parse_proxy_url("proxy.corp:3128");
  BOOST_REQUIRE(a);
  BOOST_TEST(a->host == "proxy.corp");
  BOOST_TEST(a->port == 3128);
  BOOST_TEST(a->authorization.empty());

  auto b = webapi::parse_proxy_url("http://us%65r:p%40ss@10.1.2.3");
  BOOST_REQUIRE(b);
  BOOST_TEST(b->host == "10.1.2.3");
  BOOST_TEST(b->port == 1080);
  BOOST_TEST(b->authorization == "Basic " + webapi::base64::encode("user:p@ss"));

  auto c = webapi::parse_proxy_url("http://[::1]:8080/");
  BOOST_REQUIRE(c);
  BOOST_TEST(c->host == "::1");
  BOOST_TEST(c->port == 8080);

  auto socks = webapi::parse_proxy_url("socks4://u:hidden-pw@h:1");
  BOOST_REQUIRE(!socks);
  BOOST_TEST(socks.error().message.find("socks4") != std::string::npos);
  BOOST_TEST(socks.error().message.find("hidden-pw") == std::string::npos);
  BOOST_TEST(!webapi::parse_proxy_url("http://h:0"));
  BOOST_TEST(!webapi::parse_proxy_url("http://"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(failures)

BOOST_AUTO_TEST_CASE(a_failure_is_a_field_of_the_error_and_its_message_starts_with_its_phrase) {
  for (auto f : {TransportFailure::resolve, TransportFailure::connect, TransportFailure::connect_timeout,
                 TransportFailure::tls_handshake_timeout, TransportFailure::request_timeout, TransportFailure::tls,
                 TransportFailure::certificate, TransportFailure::proxy, TransportFailure::connection_lost,
                 TransportFailure::connection_lost_after_send, TransportFailure::header_too_large,
                 TransportFailure::body_too_large, TransportFailure::protocol}) {
    auto e = webapi::transport_error(f, webapi::TransportPhase::receive, "x");
    BOOST_TEST(webapi::transport_failure(e) == f, to_string(f));
    BOOST_TEST((e.transport_failure == f));
    BOOST_TEST((e.transport_phase == webapi::TransportPhase::receive));
    BOOST_TEST(e.message == std::string(to_string(f)) + ": x");
  }
  BOOST_TEST(webapi::transport_failure(webapi::make_error(ErrorKind::http, "connect: x")) == TransportFailure::none);
  BOOST_TEST(webapi::transport_failure(webapi::make_error(ErrorKind::transport, "dropped")) == TransportFailure::other);
  // The message is for people: a phrase in it makes no failure.
  BOOST_TEST(webapi::transport_failure(webapi::make_error(ErrorKind::transport, "connect: x")) ==
             TransportFailure::other);
  BOOST_TEST(webapi::is_too_large(TransportFailure::header_too_large));
  BOOST_TEST(webapi::is_too_large(TransportFailure::body_too_large));
  BOOST_TEST(!webapi::is_too_large(TransportFailure::protocol));
  BOOST_TEST(webapi::is_timeout(TransportFailure::request_timeout));
  BOOST_TEST(!webapi::is_timeout(TransportFailure::connect));
}

BOOST_AUTO_TEST_SUITE_END()
