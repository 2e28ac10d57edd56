// Status changes of jobs, Smart projects and Smart quotes follow the module's transition table; a move
// it does not allow is 400 and changes nothing.

#include <cstdint>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;
namespace pm = webapi::project_management;

// The table itself, usable by clients before they ask.
static_assert(pm::can_change_status(pm::StatusSubject::job, "OPEN", "ACCEPTED"));
static_assert(pm::can_change_status(pm::StatusSubject::job, "CANCELED", "OPEN"));
static_assert(!pm::can_change_status(pm::StatusSubject::job, "OPEN", "READY"));
static_assert(!pm::can_change_status(pm::StatusSubject::job, "STARTED", "OFFERS_SENT"));
static_assert(pm::can_change_status(pm::StatusSubject::project, "STARTED", "CANCELLED"));
static_assert(!pm::can_change_status(pm::StatusSubject::project, "CANCELLED", "OPEN"));
static_assert(pm::can_change_status(pm::StatusSubject::quote, "APPROVED_BY_CLIENT", "APPROVED"));
static_assert(!pm::can_change_status(pm::StatusSubject::quote, "SENT", "PENDING"));

namespace {
struct StatusFixture : PmFixture {
  std::string project = fake.add_project({.smart = true, .name = "Manual", .status = "OPEN"});
  std::string quote = fake.add_quote({.smart = true, .name = "Catalogue"});
  std::string job = fake.add_job({.project_id = project, .name = "Translation"});
  std::int64_t vendor = fake.add_provider({.name = "Lingua GmbH"});
  std::int64_t price_profile = fake.add_vendor_price_profile(vendor);

  void move_job(const std::string& to, bool v2 = false) {
    auto r = v2 ? client.put_v2_jobs_job_id_status(job, {.body = {.status = to}})
                : client.put_jobs_job_id_status(job, {.body = {.status = to}});
    BOOST_REQUIRE_MESSAGE(r.has_value(), "moving the job to " << to << " failed: " << (r ? "" : r.error().body));
  }
  void ready_the_job_to_accept() {
    BOOST_REQUIRE(client.put_jobs_job_id_vendor(job, {.body = {.vendor_price_profile_id = price_profile}}).has_value());
    BOOST_REQUIRE(client.put_jobs_job_id_dates(job, {.body = {.deadline = 2000, .start_date = 1000}}).has_value());
  }
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(status_transitions, StatusFixture)

BOOST_AUTO_TEST_CASE(a_job_walks_the_table_through_both_job_operations) {
  BOOST_TEST(*client.get_jobs_job_id(job)->status == "OPEN");
  ready_the_job_to_accept();
  move_job("ACCEPTED");
  move_job("STARTED", true);
  move_job("READY");
  move_job("STARTED", true);
  move_job("CANCELLED");
  move_job("OPEN", true);
  BOOST_TEST(fake.job(job)->status == "OPEN");
}

BOOST_AUTO_TEST_CASE(an_impossible_job_move_is_400_and_changes_nothing) {
  auto r = client.put_jobs_job_id_status(job, {.body = {.status = "READY"}});
  BOOST_TEST(test::refusal(r, 400) == "job " + job + " cannot move from OPEN to READY");
  BOOST_TEST(fake.job(job)->status == "OPEN");
  auto offers = client.put_v2_jobs_job_id_status(job, {.body = {.status = "OFFERS_SENT"}});
  BOOST_TEST(test::refusal(offers, 400) ==
             "'OFFERS_SENT' is not a status job " + job + " can be moved to; one of: OPEN, ACCEPTED, STARTED, READY, CANCELLED");
  BOOST_TEST(test::refusal(client.put_jobs_job_id_status(job, {}), 400) == "'status' is required");
}

BOOST_AUTO_TEST_CASE(accepting_a_job_needs_its_vendor_and_dates) {
  auto r = client.put_jobs_job_id_status(job, {.body = {.status = "ACCEPTED"}});
  BOOST_TEST(test::refusal(r, 400) == "job " + job + " needs a vendor and dates before it can move from OPEN to ACCEPTED");
  BOOST_TEST(fake.job(job)->status == "OPEN");
  ready_the_job_to_accept();
  move_job("ACCEPTED");
}

BOOST_AUTO_TEST_CASE(a_deadline_before_the_start_does_not_count_as_dates) {
  BOOST_REQUIRE(client.put_jobs_job_id_vendor(job, {.body = {.vendor_price_profile_id = price_profile}}).has_value());
  auto r = client.put_jobs_job_id_dates(job, {.body = {.deadline = 1000, .start_date = 2000}});
  BOOST_TEST(test::refusal(r, 400) == "'deadline' is before 'startDate'");
  BOOST_TEST(client.put_jobs_job_id_status(job, {.body = {.status = "ACCEPTED"}}).error().status == 400);
}

BOOST_AUTO_TEST_CASE(a_smart_project_can_only_be_cancelled_while_open_or_started) {
  BOOST_TEST(test::refusal(client.put_v2_projects_project_id_status(project, {.body = {.status = "CLOSED"}}), 400) ==
             "'CLOSED' is not a status project " + project + " can be moved to; one of: CANCELLED");
  BOOST_REQUIRE(client.put_v2_projects_project_id_status(project, {.body = {.status = "CANCELLED"}}).has_value());
  BOOST_TEST(*client.get_v2_projects_project_id(project)->status == "CANCELLED");
  auto again = client.put_v2_projects_project_id_status(project, {.body = {.status = "CANCELLED"}});
  BOOST_TEST(test::refusal(again, 400) == "project " + project + " cannot move from CANCELLED to CANCELLED");
}

BOOST_AUTO_TEST_CASE(a_classic_project_has_no_v2_status_change) {
  const auto classic = fake.add_project({.name = "Classic", .status = "OPENED"});
  BOOST_TEST(client.put_v2_projects_project_id_status(classic, {.body = {.status = "CANCELLED"}}).error().status == 400);
  BOOST_TEST(fake.project(classic)->status == "OPENED");
}

BOOST_AUTO_TEST_CASE(a_smart_quote_moves_by_the_table) {
  auto early = client.put_v2_quotes_quote_id_status(quote, {.body = {.status = "SENT"}});
  BOOST_TEST(test::refusal(early, 400) == "quote " + quote + " cannot move from REQUESTED to SENT");
  BOOST_TEST(fake.quote(quote)->status == "REQUESTED");
  for (std::string to : {"PENDING", "SENT", "APPROVED"})
    BOOST_REQUIRE(client.put_v2_quotes_quote_id_status(quote, {.body = {.status = to}}).has_value());
  BOOST_TEST(*client.get_v2_quotes_quote_id(quote)->status == "APPROVED");
  BOOST_TEST(client.put_v2_quotes_quote_id_status(quote, {.body = {.status = "REJECTED"}}).error().status == 400);
  BOOST_TEST(fake.quote(quote)->status == "APPROVED");
}

BOOST_AUTO_TEST_SUITE_END()
