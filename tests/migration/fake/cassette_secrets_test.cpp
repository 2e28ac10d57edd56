// No credential of the migration API survives in a cassette: bearer tokens, the demo's and one added, in
// reads, a long-running create and its operation.
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/migration.hpp>
#include <webapi/migration.hpp>

#include "../../support/cassette_secrets.hpp"

BOOST_AUTO_TEST_CASE(no_migration_credential_survives_in_a_cassette) {
  webapi::fakes::migration::Fake fake;
  const auto demo = seed_demo(fake);
  const std::string token = demo.at(0).second;
  const std::string other = fake.add_token();
  const std::string parent = "projects/" + demo.at(1).second + "/locations/" + demo.at(2).second;
  test::cassette_secrets::Recorded rec(fake, "migration");
  {
    webapi::migration::Client client(rec.transport(), {.access_token = token});
    webapi::migration::Client second(rec.transport(), {.access_token = other});
    BOOST_TEST(client.assets_list(parent).has_value());
    BOOST_TEST(second.sources_list(parent).has_value());
    webapi::migration::Client revoked(rec.transport(), {.access_token = "ya29.not-a-token-of-the-fake"});
    BOOST_TEST(revoked.assets_list(parent).error().status == 401);
  }
  rec.recorder.reset();
  test::cassette_secrets::require_none_survive(rec.path, {token, other, "ya29.not-a-token-of-the-fake"}, 3);
}
