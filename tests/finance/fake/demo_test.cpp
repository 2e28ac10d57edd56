// The demo data set webapi-fake-server serves, its credentials, and the state snapshot.

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
namespace fin = webapi::finance;

BOOST_AUTO_TEST_SUITE(demo)

BOOST_AUTO_TEST_CASE(the_demo_credentials_work_and_the_data_is_there) {
  test::ff::Fake fake;
  auto seeded = test::ff::seed_demo(fake);
  BOOST_REQUIRE(seeded.size() == 7u);
  BOOST_TEST(seeded[0].first == "COBRAND_LOGIN");
  BOOST_TEST(seeded[5].second == "demo-user");
  fin::ClientCredentialTokens tokens{fake, test::base_url, {seeded[2].second, seeded[3].second}};
  fin::Client demo{fake, {.base_url = test::base_url, .access_token = tokens.for_login(seeded[5].second)}};
  auto accounts = demo.get_all_accounts();
  BOOST_REQUIRE(accounts.has_value());
  BOOST_TEST(accounts->account->size() == 2u);
  BOOST_TEST(demo.get_transactions()->transaction->size() == 5u);
  BOOST_TEST(demo.get_networth()->networth->front().networth->amount == 2500 - 450);
  BOOST_TEST(demo.get_documents()->document->size() == 1u);
}

BOOST_AUTO_TEST_CASE(the_snapshot_lists_records_but_no_credential_values) {
  test::ff::Fake fake;
  test::ff::seed_demo(fake);
  const std::string token = fake.issue_token("demo-user");
  const std::string json = boost::json::serialize(fake.snapshot_json());
  BOOST_TEST(json.find("Everyday Checking") != std::string::npos);
  BOOST_TEST(json.find("STARBUCKS") != std::string::npos);
  BOOST_TEST(json.find(token) == std::string::npos);
  BOOST_TEST(json.find(fake.cobrand().password) == std::string::npos);
  BOOST_TEST(json.find(fake.cobrand().secret) == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
