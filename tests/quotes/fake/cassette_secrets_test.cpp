// No credential of the quotes API survives in a cassette: the key travels in a header of every call.
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>

#include "../../support/cassette_secrets.hpp"

BOOST_AUTO_TEST_CASE(no_quotes_credential_survives_in_a_cassette) {
  webapi::fakes::quotes::Fake fake;
  const auto demo = seed_demo(fake);
  test::cassette_secrets::Recorded rec(fake, "quotes");
  {
    webapi::quotes::Client alice(rec.transport(), {.api_key = demo.at(0).second});
    webapi::quotes::Client bob(rec.transport(), {.api_key = demo.at(1).second});
    BOOST_TEST(alice.get_qod().has_value());
    BOOST_TEST(bob.get_qod().has_value());
  }
  rec.recorder.reset();
  test::cassette_secrets::require_none_survive(rec.path, {demo.at(0).second, demo.at(1).second}, 2);
}
