// Refusals come in the service's error shape, so the typed client's error carries the service's message,
// code and category, whichever rule refused the call.

#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::PmFixture;

BOOST_FIXTURE_TEST_SUITE(error_shape, PmFixture)

BOOST_AUTO_TEST_CASE(a_missing_record_reads_as_the_services_not_found) {
  auto r = client.get_jobs_job_id("404");
  BOOST_REQUIRE(!r);
  const ServiceError* s = r.error().service_error();
  BOOST_REQUIRE(s != nullptr);
  BOOST_TEST(s->message == "job 404 not found");
  BOOST_TEST(s->code == "NOT_FOUND");
  BOOST_TEST(int(s->category) == int(ErrorCategory::not_found));
}

BOOST_AUTO_TEST_CASE(a_refused_move_names_the_member_at_fault_in_the_details) {
  const std::string project = fake.add_project({.smart = true, .name = "Manual"});
  auto r = client.put_v2_projects_project_id_status(project, {.body = {.status = "CLOSED"}});
  BOOST_REQUIRE(!r);
  const ServiceError* s = r.error().service_error();
  BOOST_REQUIRE(s != nullptr);
  BOOST_TEST(s->message == "'CLOSED' is not a status project " + project + " can be moved to; one of: CANCELLED");
  BOOST_TEST(s->code == "BAD_REQUEST");
  BOOST_TEST(int(s->category) == int(ErrorCategory::invalid_argument));
  BOOST_TEST(boost::json::serialize(s->details) == R"({"detailedMessage":"in: status"})");
}

BOOST_AUTO_TEST_CASE(the_toolkits_own_refusals_take_the_same_shape) {
  auto no_key = client_with("never-issued").get_customers_ids();
  BOOST_REQUIRE(!no_key);
  BOOST_REQUIRE(no_key.error().service_error() != nullptr);
  BOOST_TEST(no_key.error().service->message == "the API key is not one this service issued");
  BOOST_TEST(int(no_key.error().service->category) == int(ErrorCategory::unauthenticated));

  auto unmodeled = client.get_license();
  BOOST_REQUIRE(!unmodeled);
  BOOST_REQUIRE(unmodeled.error().service_error() != nullptr);
  BOOST_TEST(unmodeled.error().service->code == "NOT_IMPLEMENTED");
  BOOST_TEST(int(unmodeled.error().service->category) == int(ErrorCategory::unimplemented));

  auto r = raw(Method::get, "/no/such/path", key);
  BOOST_TEST(r.status == 404);
  auto body = boost::json::parse(r.body).as_object();
  BOOST_TEST(body.at("errorCode").as_string() == "NOT_FOUND");
  BOOST_TEST(!body.contains("error"));
}

BOOST_AUTO_TEST_SUITE_END()
