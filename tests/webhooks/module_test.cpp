#define BOOST_TEST_MODULE webapi webhooks module
#include <boost/test/unit_test.hpp>

#include <webapi/webhooks.hpp>

#include "../support/canned_client.hpp"

using namespace webapi;
using test::contains;
namespace wh = webapi::webhooks;

namespace {

const char* kSettings = R"({"createdAt": "2024-01-01T00:00:00Z", "targetUrl": "https://app.example/hook",
  "throttling": {"maxConcurrentRequests": 10, "period": "SECONDLY"}, "future": "ignored"})";

struct Fixture {
  test::CannedTransport transport{test::json(kSettings)};
  wh::Client<test::CannedTransport> client{transport, {.hapikey = "hk-1"}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(webhooks_client, Fixture)

BOOST_AUTO_TEST_CASE(configure_settings) {
  auto r = client.settings_configure(
      1234, {.body = {.target_url = "https://app.example/hook",
                      .throttling = {.max_concurrent_requests = 10, .period = wh::ThrottlingSettingsPeriod::SECONDLY}}});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::put);
  BOOST_TEST(req.base_url == "https://api.hubapi.com");
  BOOST_TEST(req.path == "/webhooks/v3/1234/settings");
  BOOST_TEST(test::query(req) == "hapikey=hk-1");
  BOOST_TEST(auth::is_secret(req, "hapikey"));
  BOOST_TEST(req.body ==
             R"({"targetUrl":"https://app.example/hook","throttling":{"maxConcurrentRequests":10,"period":"SECONDLY"}})");
  BOOST_TEST((r->throttling.period == wh::ThrottlingSettingsPeriod::SECONDLY));
  BOOST_TEST(r->created_at == "2024-01-01T00:00:00Z");
}

BOOST_AUTO_TEST_CASE(subscriptions_by_id) {
  transport.respond(test::json(R"({"id": "9", "eventType": "contact.propertyChange", "active": true,
    "createdAt": "2024-01-01T00:00:00Z", "propertyName": "email"})"));
  auto r = client.subscriptions_get_by_id(1234, 9);
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(test::sent(transport).path == "/webhooks/v3/1234/subscriptions/9");
  BOOST_TEST((r->event_type == wh::SubscriptionResponseEventType::contact_propertyChange));

  transport.respond(test::json("", 204));
  WEBAPI_REQUIRE_OK(client.subscriptions_archive(1234, 9));
  BOOST_TEST(test::sent(transport).method == Method::delete_);
}

BOOST_AUTO_TEST_CASE(create_subscription_sends_the_event_type) {
  transport.respond(test::json(R"({"id": "10", "eventType": "deal.creation", "active": false,
    "createdAt": "2024-01-01T00:00:00Z"})", 201));
  auto r = client.subscriptions_create(1, {.body = {.event_type = wh::SubscriptionCreateRequestEventType::deal_creation}});
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(test::sent(transport).body == R"({"eventType":"deal.creation"})");
}

BOOST_AUTO_TEST_CASE(missing_required_keeps_its_default_and_unknown_enum_survives) {
  // docs/json.md: an answer lacking a required member is kept, the member empty; a new enum value is kept.
  transport.respond(test::json(R"({"createdAt": "x", "throttling": {"maxConcurrentRequests": 1, "period": "SECONDLY"}})"));
  auto r = client.settings_get_all(1);
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(r->target_url.empty());
  BOOST_TEST((r->throttling.period == wh::ThrottlingSettingsPeriod::SECONDLY));

  transport.respond(test::json(R"({"createdAt": "x", "targetUrl": "u", "throttling": {"maxConcurrentRequests": 1, "period": "HOURLY"}})"));
  auto e = client.settings_get_all(1);
  WEBAPI_REQUIRE_OK(e);
  BOOST_REQUIRE(e->throttling.period);
  BOOST_TEST(!e->throttling.period->is_known());
  BOOST_TEST(e->throttling.period->wire() == "HOURLY");

  transport.respond(test::json(R"({"createdAt": "x", "targetUrl": 7, "throttling": {"maxConcurrentRequests": 1, "period": "SECONDLY"}})"));
  auto wrong = client.settings_get_all(1);
  BOOST_REQUIRE(!wrong);
  BOOST_TEST(wrong.error().kind == ErrorKind::decode);
  BOOST_TEST(contains(wrong.error().message, "at $.targetUrl: expected string, got number"));
}

BOOST_AUTO_TEST_CASE(missing_key) {
  test::CannedTransport fresh;
  wh::Client<test::CannedTransport> anonymous{fresh};
  auto r = anonymous.settings_clear(1);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::auth);
  BOOST_TEST(contains(r.error().message, "hapikey"));
  BOOST_TEST(!fresh.last().has_value());
}

BOOST_AUTO_TEST_SUITE_END()
