// The served fake against bodies that cost more split than sent: megabytes of "a&a&a&..." on the finance
// token endpoint (form-encoded, before any credential) and of tiny multipart parts on a quotes upload. Each
// is answered 413 naming the limit, within seconds and without the memory a split would take, and the
// server answers a correct request afterwards.
#include <boost/test/unit_test.hpp>

#include <sys/resource.h>

#include <chrono>
#include <optional>
#include <string>

#include <webapi/fakes/finance.hpp>

#include "helpers.hpp"

using namespace served_test;

namespace served_body_limits {

webapi::fakes::ServeOptions options_for_big_bodies() {
  webapi::fakes::ServeOptions o;
  o.idle_timeout = 2s;
  o.body_timeout = 10s;  // megabytes take a while on a busy machine
  o.write_timeout = 2s;
  return o;
}

/// The peak resident size of this process so far, in bytes.
long peak_rss_bytes() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss * 1024L;  // kilobytes on Linux
}

std::string first_line(const std::string& reply) { return reply.substr(0, reply.find("\r\n")); }

std::string post(std::uint16_t port, const std::string& path, const std::string& content_type,
                 const std::string& body, const std::string& more_headers = {}) {
  return raw_exchange(port, "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: " +
                                content_type + "\r\n" + more_headers + "Content-Length: " +
                                std::to_string(body.size()) + "\r\n\r\n" + body);
}

/// The finance fake with its demo data set, served.
struct ServedFinance {
  explicit ServedFinance(webapi::fakes::ServeOptions o) {
    for (const auto& [name, value] : seed_demo(fake)) {
      if (name == "CLIENT_ID") client_id = value;
      if (name == "CLIENT_SECRET") secret = value;
      if (name == "LOGIN_NAME") login = value;
    }
    server.emplace(webapi::fakes::serve(fake, 0, std::move(o)));
  }
  /// A correct generateAccessToken: the demo user's token, 201.
  std::string token_request() {
    return post(server->port(), "/auth/token", "application/x-www-form-urlencoded",
                "clientId=" + client_id + "&secret=" + secret, "loginName: " + login + "\r\n");
  }
  webapi::fakes::finance::Fake fake;
  std::string client_id, secret, login;
  std::optional<webapi::fakes::Server> server;
};

// Split, each of these millions of fields took well over a hundred bytes: hundreds of megabytes here.
constexpr long memory_allowance = 200L * 1024 * 1024;

BOOST_AUTO_TEST_SUITE(body_limits)

BOOST_AUTO_TEST_CASE(an_8_mb_form_of_empty_fields_on_the_token_endpoint_is_refused_413_at_once) {
  ServedFinance f(options_for_big_bodies());
  std::string body;
  body.reserve(8 * 1024 * 1024);
  while (body.size() < 8 * 1024 * 1024) body += "a&";  // four million fields
  const long rss_before = peak_rss_bytes();
  const auto start = std::chrono::steady_clock::now();
  std::string reply = post(f.server->port(), "/auth/token", "application/x-www-form-urlencoded", body);
  const auto took = std::chrono::steady_clock::now() - start;
  BOOST_TEST(reply.starts_with("HTTP/1.1 413"), first_line(reply));
  BOOST_TEST(reply.find("max_form_fields") != std::string::npos, reply.substr(0, 600));
  BOOST_TEST(took < 5s, std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms");
  BOOST_TEST(peak_rss_bytes() - rss_before < memory_allowance, (peak_rss_bytes() - rss_before) / 1024 / 1024 << " MB");
  // Still serving: the demo user gets a token.
  std::string ok = f.token_request();
  BOOST_TEST(ok.starts_with("HTTP/1.1 201"), ok.substr(0, 600));
}

BOOST_AUTO_TEST_CASE(the_served_limit_is_the_one_in_serve_options) {
  auto o = options_for_big_bodies();
  o.max_form_fields = 2;
  ServedFinance f(o);
  BOOST_TEST(f.fake.body_limits().max_form_fields == 2u);
  BOOST_TEST(f.token_request().starts_with("HTTP/1.1 201"));  // two fields
  std::string reply = post(f.server->port(), "/auth/token", "application/x-www-form-urlencoded",
                           "clientId=" + f.client_id + "&secret=" + f.secret + "&loginName=" + f.login);
  BOOST_TEST(reply.starts_with("HTTP/1.1 413"), first_line(reply));
  BOOST_TEST(reply.find("more than 2 fields") != std::string::npos, reply.substr(0, 600));
}

BOOST_AUTO_TEST_CASE(four_mb_of_tiny_multipart_parts_on_an_upload_are_refused_413_at_once) {
  ServedQuotes q(options_for_big_bodies());
  const std::string part = "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n\r\n";
  std::string body;
  body.reserve(4 * 1024 * 1024 + 64);
  while (body.size() < 4 * 1024 * 1024) body += part;  // some eighty thousand parts
  body += "--b--\r\n";
  const long rss_before = peak_rss_bytes();
  const auto start = std::chrono::steady_clock::now();
  std::string reply = post(q.server->port(), "/quote/image/background", "multipart/form-data; boundary=b", body,
                           "X-Service-Api-Secret: " + q.key + "\r\n");
  const auto took = std::chrono::steady_clock::now() - start;
  BOOST_TEST(reply.starts_with("HTTP/1.1 413"), first_line(reply));
  BOOST_TEST(reply.find("max_multipart_parts") != std::string::npos, reply.substr(0, 600));
  BOOST_TEST(took < 5s, std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms");
  BOOST_TEST(peak_rss_bytes() - rss_before < memory_allowance, (peak_rss_bytes() - rss_before) / 1024 / 1024 << " MB");
  BOOST_TEST(q.answers_correctly());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace served_body_limits
