// Testing against the project-management fake (docs/project_management.md): the demo's key and records,
// found by id and by external id, and a status move the service's rules refuse.
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/fakes/project_management/compiled.hpp>
#include <webapi/project_management.hpp>

namespace fpm = webapi::fakes::project_management;
namespace pm = webapi::project_management;

namespace {

struct DemoFixture {
  fpm::CompiledFake fake;
  // ACCESS_TOKEN, ACCESS_TOKEN_DE, CLASSIC_PROJECT_ID, SMART_PROJECT_ID, SMART_QUOTE_ID, JOB_ID, CLIENT_ID
  std::vector<std::pair<std::string, std::string>> demo = fake.seed_demo();
  pm::AnyClient client{fake, {.access_token = demo.at(0).second}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(project_management_page, DemoFixture)

BOOST_AUTO_TEST_CASE(the_demo_records_are_found_by_id_and_external_id) {
  auto classic = client.get_projects_project_id(demo.at(2).second);
  BOOST_TEST_REQUIRE(classic.has_value());
  BOOST_TEST(classic->name.value_or("") == "Website (Classic)");

  auto smart = client.get_v2_projects_for_external_id_external_project_id("crm-1001");
  BOOST_TEST_REQUIRE(smart.has_value());
  BOOST_TEST(smart->id.value_or("") == demo.at(3).second);

  auto client_record = client.get_customers_customer_id(std::stoll(demo.at(6).second));
  BOOST_TEST_REQUIRE(client_record.has_value());
  BOOST_TEST(client_record->name.value_or("") == "Acme Translations Ltd");
}

BOOST_AUTO_TEST_CASE(a_job_is_not_accepted_before_it_has_a_vendor_and_dates) {
  auto early = client.put_jobs_job_id_status(demo.at(5).second, {.body = {.status = "ACCEPTED"}});
  BOOST_TEST_REQUIRE(!early.has_value());
  BOOST_TEST(early.error().status == 400);
  BOOST_TEST(client.get_jobs_job_id(demo.at(5).second)->status.value_or("") == "OPEN");

  pm::AnyClient stranger{fake, {.access_token = "not-a-key"}};
  auto refused = stranger.get_jobs_job_id(demo.at(5).second);
  BOOST_TEST_REQUIRE(!refused.has_value());
  BOOST_TEST(refused.error().status == 401);
}

BOOST_AUTO_TEST_SUITE_END()
