// A state-changing GET (the quotes like toggle) through BeastTransport to the served quotes fake, which
// applies it and then drops the connection: the like flips exactly once, and the caller learns that the
// outcome is unknown instead of being told the call had no effect or seeing it sent again.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <string>

#include <webapi/fake_server/serve.hpp>
#include <webapi/transport.hpp>

#if __has_include(<webapi/fakes/quotes.hpp>)
#include <webapi/fakes/quotes.hpp>

namespace {

/// Passes every call to `inner`, and fails the next `drops` of them after they were applied: the server
/// then hangs up without an answer, as a service that crashed after its commit would.
template <webapi::Transport Inner>
struct DropAfterApplying {
  Inner& inner;
  std::atomic<int> drops{0};

  webapi::Result<webapi::Response> send(const webapi::Request& r) {
    auto result = inner.send(r);
    if (drops.fetch_sub(1) > 0) return webapi::make_error(webapi::ErrorKind::transport, "dropped after applying");
    return result;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(outcome_unknown_against_a_fake)

BOOST_AUTO_TEST_CASE(a_toggle_applied_before_the_connection_dropped_flips_once_and_says_so) {
  webapi::fakes::quotes::Fake fake;
  const std::string key = fake.add_api_key("alice");
  const std::string quote = fake.add_quote({.text = "Well done is better than well said.",
                                            .author = "Benjamin Franklin", .category = "inspire"});
  DropAfterApplying<webapi::fakes::quotes::Fake> flaky{fake};
  auto server = webapi::fakes::serve(flaky);

  auto options = webapi::BeastTransportOptions{};
  options.proxy = webapi::ProxyConfig{};
  webapi::BeastTransport http(options);
  auto request = [&](std::string path) {
    webapi::Request r;
    r.method = webapi::Method::get;
    r.base_url = server.base_url();
    r.path = std::move(path);
    r.operation = "get_quote_like_toggle";
    r.headers.set("X-Service-Api-Secret", key);
    return r;
  };
  webapi::Request toggle = request("/quote/like/toggle");
  toggle.query = {{"quote_id", quote}};
  toggle.idempotent = false;  // what the generator marks a state-changing GET with

  // A pooled connection first, so the toggle goes out on a connection that then dies under it.
  BOOST_REQUIRE(http.send(request("/qod/languages")));
  BOOST_REQUIRE_EQUAL(http.idle_connections(), 1u);
  flaky.drops = 1;
  webapi::Retrying retrying{http, {.max_attempts = 4, .sleep = [](auto) {}}};
  auto res = retrying.send(toggle);
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == webapi::TransportFailure::connection_lost_after_send);
  BOOST_TEST(res.error().message.find("outcome unknown") != std::string::npos, res.error().message);
  BOOST_TEST(fake.liked("alice", quote));  // applied once: not sent again, so not flipped back

  // The next toggle, answered, flips it back once.
  auto back = http.send(toggle);
  BOOST_REQUIRE(back);
  BOOST_TEST(back->status == 200);
  BOOST_TEST(!fake.liked("alice", quote));
}

BOOST_AUTO_TEST_SUITE_END()

#endif
