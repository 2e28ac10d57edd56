// Classic and Smart projects and quotes: each kind read only under its own paths, lookups by external id.

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;

namespace {
struct ProjectsFixture : PmFixture {
  std::string classic = fake.add_project({.name = "Website", .status = "OPENED"});
  std::string smart = fake.add_project({.smart = true, .name = "Manual", .status = "OPEN", .external_id = "crm-1"});
  std::string classic_quote = fake.add_quote({.name = "Old quote"});
  std::string smart_quote = fake.add_quote({.smart = true, .name = "Catalogue", .external_id = "crm-2"});
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(classic_and_smart, ProjectsFixture)

BOOST_AUTO_TEST_CASE(a_classic_project_is_read_without_the_v2_prefix) {
  auto p = client.get_projects_project_id(classic);
  BOOST_REQUIRE(p.has_value());
  BOOST_TEST(*p->name == "Website");
  BOOST_TEST(*p->is_classic_project);
  BOOST_TEST(std::string(p->status->wire()) == "OPENED");
  auto r = client.get_v2_projects_project_id(classic);
  BOOST_TEST(test::refusal(r, 400) == "project " + classic + " is a Classic project; read it at /projects/" + classic);
}

BOOST_AUTO_TEST_CASE(a_smart_project_is_read_only_under_v2) {
  auto p = client.get_v2_projects_project_id(smart);
  BOOST_REQUIRE(p.has_value());
  BOOST_TEST(*p->id == smart);
  BOOST_TEST(!*p->is_classic_project);
  auto r = client.get_projects_project_id(smart);
  BOOST_TEST(test::refusal(r, 400) == "project " + smart + " is a Smart project; read it at /v2/projects/" + smart);
}

BOOST_AUTO_TEST_CASE(quotes_keep_to_their_kind_too) {
  BOOST_TEST(*client.get_quotes_quote_id(classic_quote)->name == "Old quote");
  BOOST_TEST(*client.get_v2_quotes_quote_id(smart_quote)->name == "Catalogue");
  BOOST_TEST(client.get_quotes_quote_id(smart_quote).error().status == 400);
  BOOST_TEST(client.get_v2_quotes_quote_id(classic_quote).error().status == 400);
}

BOOST_AUTO_TEST_CASE(an_unknown_id_is_404_and_ids_do_not_cross_between_projects_and_quotes) {
  BOOST_TEST(test::refusal(client.get_v2_projects_project_id("999"), 404) == "project 999 not found");
  BOOST_TEST(client.get_v2_quotes_quote_id(smart).error().status == 404);
  BOOST_CHECK_THROW(fake.add_quote({.id = smart}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(smart_records_are_found_by_their_external_id) {
  auto p = client.get_v2_projects_for_external_id_external_project_id("crm-1");
  BOOST_REQUIRE(p.has_value());
  BOOST_TEST(*p->id == smart);
  auto q = client.get_v2_quotes_for_external_id_external_project_id("crm-2");
  BOOST_REQUIRE(q.has_value());
  BOOST_TEST(q->at("id").as_string() == smart_quote);
  BOOST_TEST(client.get_v2_projects_for_external_id_external_project_id("crm-2").error().status == 404);
  fake.add_project({.name = "Classic with external id", .external_id = "crm-3"});
  BOOST_TEST(client.get_v2_projects_for_external_id_external_project_id("crm-3").error().status == 400);
}

BOOST_AUTO_TEST_CASE(jobs_are_found_by_their_external_id) {
  const auto job = fake.add_job({.project_id = smart, .name = "Translation", .external_id = "j-1",
                                 .external_project_id = "crm-1"});
  auto j = client.get_v2_jobs_for_external_id({.external_project_id = "crm-1", .external_id = "j-1"});
  BOOST_REQUIRE(j.has_value());
  BOOST_TEST(j->at("id").as_string() == job);
  BOOST_TEST(client.get_v2_jobs_for_external_id({.external_project_id = "crm-9", .external_id = "j-1"}).error().status == 404);
  BOOST_TEST(test::refusal(client.get_v2_jobs_for_external_id({}), 400) == "'externalId' is required");
}

BOOST_AUTO_TEST_CASE(the_id_lists_hold_both_kinds) {
  auto ids = client.get_projects_ids();
  BOOST_REQUIRE(ids.has_value());
  BOOST_TEST(ids->size() == 2u);
  BOOST_TEST(client.get_quotes_ids()->size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
