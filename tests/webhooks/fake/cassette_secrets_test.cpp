// No credential of the webhooks API survives in a cassette: the app's key travels in the query of every call.
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/webhooks.hpp>
#include <webapi/webhooks.hpp>

#include "../../support/cassette_secrets.hpp"

BOOST_AUTO_TEST_CASE(no_webhooks_credential_survives_in_a_cassette) {
  webapi::fakes::webhooks::Fake fake;
  const auto demo = seed_demo(fake);
  const std::string key = demo.at(0).second;
  const std::int32_t app = std::stoi(demo.at(1).second);
  test::cassette_secrets::Recorded rec(fake, "webhooks");
  {
    webapi::webhooks::Client client(rec.transport(), {.hapikey = key});
    BOOST_TEST(client.subscriptions_get_all(app).has_value());
    BOOST_TEST(client.settings_get_all(app).has_value());
    webapi::webhooks::Client wrong(rec.transport(), {.hapikey = "a-wrong-key-of-mine"});
    BOOST_TEST(wrong.subscriptions_get_all(app).error().status == 401);
  }
  rec.recorder.reset();
  test::cassette_secrets::require_none_survive(rec.path, {key, "a-wrong-key-of-mine"}, 3);
}
