// The API key in X-AUTH-ACCESS-TOKEN, and the routing of every operation of the module.

#include <algorithm>
#include <set>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::PmFixture;

BOOST_FIXTURE_TEST_SUITE(access_token, PmFixture)

BOOST_AUTO_TEST_CASE(the_key_travels_in_its_header) {
  BOOST_TEST(client.get_subscription().has_value());
  auto sent = fake.journal().last()->request;
  BOOST_TEST(*sent.headers.get("X-AUTH-ACCESS-TOKEN") == key);
}

BOOST_AUTO_TEST_CASE(no_key_is_401) {
  auto r = raw(Method::get, "/subscription", "");
  BOOST_TEST(r.status == 401);
  BOOST_TEST(test::error_message(r.body) == "no API key: send it in the X-AUTH-ACCESS-TOKEN header");
}

BOOST_AUTO_TEST_CASE(an_unknown_key_is_401_without_repeating_it) {
  auto r = client_with("never-issued").get_customers_ids();
  BOOST_TEST(test::refusal(r, 401) == "the API key is not one this service issued");
  BOOST_TEST(r.error().body.find("never-issued") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(even_an_unmodeled_operation_needs_a_key) {
  BOOST_TEST(raw(Method::get, "/license", "").status == 401);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(routing, PmFixture)

BOOST_AUTO_TEST_CASE(every_operation_of_the_module_is_routed_once) {
  std::multiset<std::string> routed;
  for (const auto& r : fake.routes()) routed.insert(r.operation);
  for (const auto& op : test::pm::service::operations) BOOST_TEST(routed.count(std::string(op.name)) == 1u, op.name);
  BOOST_TEST(routed.size() == test::pm::service::operations.size());
}

BOOST_AUTO_TEST_CASE(an_unmodeled_operation_answers_501_naming_it) {
  auto r = client.get_license();
  BOOST_TEST(test::refusal(r, 501) == "operation 'get_license' is not modeled by this fake");
  auto modeled = fake.modeled_operations();
  BOOST_TEST(modeled.size() == 96u);  // as docs/fakes.md and README.md say
  BOOST_TEST((std::find(modeled.begin(), modeled.end(), "get_subscription") != modeled.end()));
  BOOST_TEST((std::find(modeled.begin(), modeled.end(), "get_license") == modeled.end()));
}

BOOST_AUTO_TEST_SUITE_END()
