// The demo data set, and the state snapshot the server's control plane serves.
#include "fixture.hpp"

using namespace test;

BOOST_AUTO_TEST_CASE(the_demo_seed_gives_a_token_and_the_documented_data) {
  fm::Fake fake;
  auto credentials = fm::seed_demo(fake);
  BOOST_REQUIRE_EQUAL(credentials.size(), 3u);
  BOOST_TEST(credentials[0].first == "ACCESS_TOKEN");
  MigrationClient client{fake, {.access_token = credentials[0].second}};
  mig::LocationName here{credentials[1].second, credentials[2].second};
  BOOST_TEST(client.assets_list(here.str())->assets->size() == 3u);
  auto web = client.assets_list(here.str(), {.filter = "assignedGroups:" + mig::GroupName(here, "web-tier").str()});
  BOOST_TEST(web->assets->size() == 2u);
  BOOST_TEST(client.preference_sets_get(mig::PreferenceSetName(here, "default").str()).has_value());
}

BOOST_AUTO_TEST_CASE(the_snapshot_lists_resources_and_never_a_token) {
  fm::Fake fake;
  auto credentials = fm::seed_demo(fake);
  auto json = fake.snapshot_json();
  const auto& o = json.as_object();
  BOOST_TEST(o.at("assets").as_array().size() == 3u);
  BOOST_TEST(o.at("tokens").to_number<std::int64_t>() == 1);
  BOOST_TEST(boost::json::serialize(json).find(credentials[0].second) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(reset_forgets_resources_tokens_and_the_clock) {
  fm::Fake fake;
  auto credentials = fm::seed_demo(fake);
  fake.clock().advance(std::chrono::hours(1));
  fake.reset();
  MigrationClient client{fake, {.access_token = credentials[0].second}};
  BOOST_TEST(client.sources_list("projects/demo-project/locations/us-central1").error().status == 401);
  MigrationClient fresh{fake, {.access_token = fake.add_token()}};
  BOOST_TEST(fresh.assets_list("projects/demo-project/locations/us-central1")->assets->empty());
  BOOST_TEST((fake.clock().now() == webapi::fakes::ManualClock::default_start()));
}
