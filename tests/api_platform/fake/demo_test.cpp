// The demo data set, its credentials and its snapshot.

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

BOOST_AUTO_TEST_CASE(the_demo_account_is_usable_with_its_key) {
  fap::Fake fake;
  auto credentials = fap::seed_demo(fake);
  BOOST_REQUIRE(credentials.size() == 2u);
  BOOST_TEST(credentials[0].first == "API_KEY");
  BOOST_TEST(credentials[1].first == "USER_ID");
  BOOST_TEST(fake.journal().entries().empty());

  PlatformClient client{fake, {.api_key = credentials[0].second}};
  BOOST_TEST(*ok(client.api_key_owner()).user->id == credentials[1].second);
  BOOST_TEST(ok(client.all_collections()).collections->size() == 1u);
  BOOST_TEST(ok(client.all_environments()).environments->size() == 1u);
  BOOST_TEST(ok(client.all_mocks()).mocks->size() == 1u);
  BOOST_TEST(ok(client.all_monitors()).monitors->size() == 1u);
  auto apis = ok(client.get_all_apis());
  BOOST_REQUIRE(apis.apis->size() == 1u);
  const std::string api = *apis.apis->front().id;
  const std::string version = *ok(client.get_all_api_versions(api)).versions->front().id;
  BOOST_TEST(ok(client.get_documentation_relations(api, version)).documentation->size() == 1u);

  auto snapshot = fake.snapshot_json();
  BOOST_TEST(snapshot.at("collections").as_array().size() == 1u);
  BOOST_TEST(snapshot.at("apis").at(0).at("versions").at(0).at("relations").as_array().size() == 1u);
}
