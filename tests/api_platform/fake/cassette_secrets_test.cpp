// No credential of the API platform survives in a cassette: the key travels in a header of every call.
#include <boost/test/unit_test.hpp>

#include <webapi/api_platform.hpp>
#include <webapi/fakes/api_platform.hpp>

#include "../../support/cassette_secrets.hpp"

BOOST_AUTO_TEST_CASE(no_api_platform_credential_survives_in_a_cassette) {
  webapi::fakes::api_platform::Fake fake;
  const auto demo = seed_demo(fake);
  test::cassette_secrets::Recorded rec(fake, "api_platform");
  {
    webapi::api_platform::Client client(rec.transport(), {.api_key = demo.at(0).second});
    BOOST_TEST(client.api_key_owner().has_value());
    BOOST_TEST(client.all_collections().has_value());
  }
  rec.recorder.reset();
  test::cassette_secrets::require_none_survive(rec.path, {demo.at(0).second}, 2);
}
