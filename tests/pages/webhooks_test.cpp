// Testing against the webhooks fake (docs/webhooks.md): the demo's key and app, an event delivered to the
// active subscription only, and its signature checked at the fake clock's time.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/fakes/webhooks/compiled.hpp>
#include <webapi/webhooks.hpp>
#include <webapi/webhooks/signature.hpp>  // link OpenSSL::Crypto

namespace fw = webapi::fakes::webhooks;
namespace wh = webapi::webhooks;

namespace {

struct DemoFixture {
  fw::CompiledFake fake;  // its clock stands at 2024-01-01T00:00:00Z until the test moves it
  std::vector<std::pair<std::string, std::string>> demo = fake.seed_demo();  // HAPIKEY, APP_ID
  std::int32_t app = std::stoi(demo.at(1).second);
  wh::AnyClient webhooks{fake, {.hapikey = demo.at(0).second}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(webhooks_page, DemoFixture)

BOOST_AUTO_TEST_CASE(the_key_manages_the_demo_app_only) {
  BOOST_TEST(app == 1000001);
  auto subscriptions = webhooks.subscriptions_get_all(app);
  BOOST_TEST_REQUIRE(subscriptions.has_value());
  BOOST_TEST(subscriptions->results.size() == 2u);

  auto other = webhooks.settings_get_all(1000002);
  BOOST_TEST_REQUIRE(!other.has_value());
  BOOST_TEST(other.error().status == 403);
}

BOOST_AUTO_TEST_CASE(an_event_is_delivered_signed_at_the_fake_clock_time) {
  // contact.creation is active; contact.propertyChange (of "email") is paused, so it gets nothing.
  BOOST_TEST(fake.trigger(app, "contact.creation", {{"objectId", 42}}) == 1u);
  BOOST_TEST(fake.trigger(app, "contact.propertyChange", {{"propertyName", "email"}}) == 0u);

  const fw::Delivery d = fake.deliveries().at(0);
  BOOST_TEST(d.target_url == "https://hooks.example.com/hubspot");
  const std::string secret = fake.app_secret(app);
  // Signed at the fake's now: checked at the real now, it is a delivery of 2024, refused as too old.
  BOOST_TEST(wh::verify_v3(secret, d.method, d.target_url, d.body, d.headers, fake.clock().now()).has_value());
  BOOST_TEST(!wh::verify_v3(secret, d.method, d.target_url, d.body, d.headers).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
