// seed_demo: the data set behind `webapi-fake-server --api webhooks --seed demo`, and its credentials.

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
namespace fw = webapi::fakes::webhooks;

BOOST_AUTO_TEST_CASE(seed_demo_credentials_work_as_documented) {
  fw::Fake fake;
  auto creds = fw::seed_demo(fake);
  BOOST_REQUIRE(creds.size() == 2u);
  BOOST_TEST(creds[0].first == "HAPIKEY");
  BOOST_TEST(creds[1].first == "APP_ID");
  BOOST_TEST(creds[1].second == "1000001");
  const std::int32_t app = std::stoi(creds[1].second);

  test::WebhooksClient client{fake, {.hapikey = creds[0].second}};
  auto settings = client.settings_get_all(app);
  BOOST_REQUIRE(settings);
  BOOST_TEST(settings->target_url == "https://hooks.example.com/hubspot");
  BOOST_TEST(settings->throttling.max_concurrent_requests == 10);

  auto list = client.subscriptions_get_all(app);
  BOOST_REQUIRE(list);
  BOOST_REQUIRE(list->results.size() == 2u);
  BOOST_TEST(list->results[0].id == "1");
  BOOST_TEST((list->results[0].event_type == webapi::webhooks::SubscriptionResponseEventType::contact_creation));
  BOOST_TEST(list->results[0].active);
  BOOST_TEST(list->results[1].id == "2");
  BOOST_TEST(*list->results[1].property_name == "email");
  BOOST_TEST(!list->results[1].active);

  // The active subscription hears contact.creation; the paused one nothing until resumed.
  BOOST_TEST(fake.trigger(app, "contact.creation", {{"objectId", 1}}) == 1u);
  BOOST_TEST(fake.trigger(app, "contact.propertyChange", {{"propertyName", "email"}}) == 0u);
  BOOST_TEST(client.subscriptions_update(app, 2, {.body = {.active = true}}).has_value());
  BOOST_TEST(fake.trigger(app, "contact.propertyChange", {{"propertyName", "email"}}) == 1u);

  // The key manages that app only.
  BOOST_TEST(client.subscriptions_get_all(app + 1).error().status == 403);

  // The same data set every time.
  fw::Fake again;
  BOOST_TEST((fw::seed_demo(again) == creds));
}
