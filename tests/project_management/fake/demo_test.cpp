// The demo data set and the snapshot of the state as JSON.

#include <map>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

namespace fpm = webapi::fakes::project_management;
namespace pm = webapi::project_management;

BOOST_AUTO_TEST_SUITE(demo)

BOOST_AUTO_TEST_CASE(the_demo_seed_names_what_it_made) {
  fpm::Fake fake;
  std::map<std::string, std::string> v;
  for (auto& [name, value] : fpm::seed_demo(fake)) v[name] = value;
  pm::Client en{fake, {.access_token = v.at("ACCESS_TOKEN")}};
  pm::Client de{fake, {.access_token = v.at("ACCESS_TOKEN_DE")}};
  BOOST_TEST(*en.get_projects_project_id(v.at("CLASSIC_PROJECT_ID"))->name == "Website (Classic)");
  BOOST_TEST(*en.get_v2_projects_for_external_id_external_project_id("crm-1001")->id == v.at("SMART_PROJECT_ID"));
  BOOST_TEST(*en.get_v2_quotes_quote_id(v.at("SMART_QUOTE_ID"))->status == "REQUESTED");
  BOOST_TEST(*en.get_jobs_job_id(v.at("JOB_ID"))->status == "OPEN");
  BOOST_TEST(*en.get_customers_customer_id(std::stoll(v.at("CLIENT_ID")))->name == "Acme Translations Ltd");
  BOOST_TEST(de.get_dictionaries_type_id("language", 1)->name == "Englisch");
}

BOOST_AUTO_TEST_CASE(the_snapshot_shows_the_state) {
  fpm::Fake fake;
  const auto key = fake.add_api_key({.name = "Ada", .locale = "pl"});
  const auto project = fake.add_project({.smart = true, .name = "Manual", .external_id = "x-1"});
  pm::Client client{fake, {.access_token = key}};
  BOOST_REQUIRE(client.post_subscription({.body = {.event = "PROJECT_CREATED", .url = "https://h.example.com"}}));
  auto json = fake.snapshot_json().as_object();
  BOOST_TEST(json.at("api_keys").at(key).at("locale").as_string() == "pl");
  BOOST_TEST(json.at("projects").as_array().at(0).at("id").as_string() == project);
  BOOST_TEST(json.at("projects").as_array().at(0).at("external_id").as_string() == "x-1");
  BOOST_TEST(json.at("subscriptions").as_array().at(0).at("url").as_string() == "https://h.example.com");
  BOOST_TEST(json.at("dictionaries").at("currency").as_array().size() == 4u);
}

BOOST_AUTO_TEST_CASE(reset_forgets_everything_but_the_standard_dictionaries) {
  fpm::Fake fake;
  fpm::seed_demo(fake);
  fake.reset();
  auto json = fake.snapshot_json().as_object();
  BOOST_TEST(json.at("api_keys").as_object().empty());
  BOOST_TEST(json.at("projects").as_array().empty());
  BOOST_TEST(json.at("dictionaries").at("language").as_array().size() == 4u);
}

BOOST_AUTO_TEST_SUITE_END()
