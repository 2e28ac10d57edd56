// Credentials consulted per request: fixed values as before, and a bearer token that is fetched on
// demand, renewed shortly before it runs out and once after the service refused it.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/credentials.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/fakes/userinfo.hpp>
#include <webapi/userinfo.hpp>
#include <webapi/webhooks/client.hpp>

namespace fu = webapi::fakes::userinfo;
using namespace std::chrono_literals;

namespace {

struct Accounts {
  fu::Fake fake;
  std::string ada = fake.add_user({.email = "ada@analytical.example", .name = "Ada Lovelace"});
  std::chrono::seconds lifetime{3600};
  /// The provider a client is given: each fetch is a new token from the fake, on the fake's clock.
  webapi::Credential token = webapi::refreshing_token(
      [this]() -> webapi::Result<webapi::AccessToken> {
        std::string v = fake.issue_access_token({.user_id = ada, .lifetime = lifetime});
        return webapi::AccessToken{v, fake.clock().now() + lifetime};
      },
      {.margin = 60s, .now = [this] { return fake.clock().now(); }});
  webapi::userinfo::Client<fu::Fake> client{fake, {.access_token = token}};

  std::size_t fetches() const { return static_cast<webapi::RefreshingToken&>(*token.provider()).fetches(); }
  std::string bearer_sent(std::size_t i) const {
    return std::string(*fake.journal().entries().at(i).request.headers.get("Authorization"));
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(credentials, Accounts)

BOOST_AUTO_TEST_CASE(a_token_is_fetched_once_and_reused_while_it_lasts) {
  BOOST_TEST(fetches() == 0u);
  BOOST_REQUIRE(client.oauth2_userinfo_get());
  fake.clock().advance(3000s);
  BOOST_REQUIRE(client.oauth2_userinfo_get());
  BOOST_TEST(fetches() == 1u);
  BOOST_TEST(bearer_sent(0) == bearer_sent(1));
}

BOOST_AUTO_TEST_CASE(a_token_about_to_run_out_is_renewed_before_it_is_sent) {
  BOOST_REQUIRE(client.oauth2_userinfo_get());
  fake.clock().advance(3550s);  // ten seconds short of expiry: within the minute's margin
  auto r = client.oauth2_userinfo_get();
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().what()));
  BOOST_TEST(fetches() == 2u);
  BOOST_TEST(bearer_sent(0) != bearer_sent(1));
  BOOST_TEST(fake.journal().size() == 2u);  // no refused request in between
}

BOOST_AUTO_TEST_CASE(a_refused_token_is_renewed_and_the_call_sent_once_more) {
  BOOST_REQUIRE(client.oauth2_userinfo_get());
  std::string first = bearer_sent(0).substr(7);
  BOOST_REQUIRE(fake.revoke_token(first));
  auto r = client.oauth2_userinfo_get();
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().what()));
  BOOST_TEST(r->email.value_or("") == "ada@analytical.example");
  BOOST_TEST(fetches() == 2u);
  BOOST_REQUIRE(fake.journal().size() == 3u);
  BOOST_TEST(bearer_sent(1) == "Bearer " + first);
  BOOST_TEST(bearer_sent(2) != bearer_sent(1));
}

BOOST_AUTO_TEST_CASE(a_second_refusal_is_the_answer_not_a_loop) {
  lifetime = 0s;  // every token the provider fetches is dead on arrival
  auto r = client.oauth2_userinfo_get();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 401);
  BOOST_TEST(fake.journal().size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_fixed_token_that_is_refused_is_sent_once) {
  webapi::userinfo::Client<fu::Fake> fixed{fake, {.access_token = "ya29.revoked-long-ago"}};
  auto r = fixed.oauth2_userinfo_get();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 401);
  BOOST_TEST(fake.journal().size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_provider_that_cannot_fetch_stops_the_call_before_sending) {
  webapi::userinfo::Client<fu::Fake> c{
      fake, {.access_token = webapi::refreshing_token([]() -> webapi::Result<webapi::AccessToken> {
               return webapi::make_error(webapi::ErrorKind::http, "token endpoint answered 500");
             })}};
  auto r = c.oauth2_userinfo_get();
  BOOST_REQUIRE(!r);
  BOOST_TEST(int(r.error().kind) == int(webapi::ErrorKind::auth));
  BOOST_TEST(r.error().operation == "oauth2_userinfo_get");
  BOOST_TEST(r.error().message.find("token endpoint answered 500") != std::string::npos);
  BOOST_TEST(fake.journal().size() == 0u);
}

BOOST_AUTO_TEST_CASE(a_refused_post_is_sent_again_since_the_service_did_nothing_with_it) {
  // A transport that refuses the first key it sees with 401 and accepts the next.
  struct Refusing {
    int calls = 0;
    std::vector<std::string> keys;
    webapi::Result<webapi::Response> send(const webapi::Request& r) {
      ++calls;
      keys.emplace_back(r.query_value("hapikey").value_or(""));
      webapi::Response res;
      res.status = calls == 1 ? 401 : 200;
      res.headers.set("Content-Type", "application/json");
      res.body = R"({"id":"7","createdAt":"2024-01-01T00:00:00Z","eventType":"contact.creation","propertyName":"","active":true})";
      return res;
    }
  } refusing;
  struct Rotating final : webapi::CredentialProvider {
    int n = 1;
    webapi::Result<std::string> current() override { return "key-" + std::to_string(n); }
    bool refused(std::string_view) override { ++n; return true; }
  };
  webapi::webhooks::Client<Refusing> hooks{refusing, {.hapikey = std::make_shared<Rotating>()}};
  (void)hooks.subscriptions_create(
      7, {.body = {.active = true, .event_type = webapi::webhooks::SubscriptionCreateRequestEventType::contact_creation}});
  BOOST_TEST(refusing.calls == 2);
  BOOST_TEST((refusing.keys == std::vector<std::string>{"key-1", "key-2"}));
}

BOOST_AUTO_TEST_CASE(fixed_values_are_as_easy_as_strings) {
  webapi::CannedTransport canned;
  webapi::webhooks::Config config{.hapikey = "k-static"};
  std::string from_string = "k-other";
  config.hapikey = from_string;
  webapi::webhooks::Client hooks{canned, config};
  (void)hooks.send<webapi::Response>(webapi::Method::get, "/x");
  BOOST_TEST(canned.last()->query_value("hapikey").value_or("") == "k-other");
  BOOST_TEST(webapi::auth::is_secret(*canned.last(), "hapikey"));
}

BOOST_AUTO_TEST_SUITE_END()
