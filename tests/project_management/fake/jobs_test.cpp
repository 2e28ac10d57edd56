// A job's vendor and the price profile it was assigned by are two facts, answered apart.

#include <cstdint>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;

namespace {
struct JobFixture : PmFixture {
  std::string project = fake.add_project({.smart = true, .name = "Manual"});
  std::string job = fake.add_job({.project_id = project, .name = "Proofreading"});
  std::int64_t vendor = fake.add_provider({.name = "Lingua GmbH"});
  std::int64_t other_vendor = fake.add_provider({.name = "Words Ltd"});
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(job_vendor, JobFixture)

BOOST_AUTO_TEST_CASE(a_price_profile_gives_the_job_its_vendor_and_both_are_answered) {
  fake.add_vendor_price_profile(other_vendor);
  const std::int64_t profile = fake.add_vendor_price_profile(vendor);
  BOOST_REQUIRE(client.put_jobs_job_id_vendor(job, {.body = {.vendor_price_profile_id = profile}}).has_value());
  auto read = client.get_jobs_job_id(job);
  BOOST_REQUIRE(read.has_value());
  BOOST_TEST(read->vendor_id.value_or(0) == vendor);
  BOOST_TEST(read->vendor_price_profile_id.value_or(0) == profile);
  BOOST_TEST(fake.job(job)->vendor_id.value_or(0) == vendor);
  BOOST_TEST(fake.job(job)->vendor_price_profile_id.value_or(0) == profile);
}

BOOST_AUTO_TEST_CASE(the_v2_operation_assigns_by_price_profile_too) {
  const std::int64_t first = fake.add_vendor_price_profile(vendor);
  const std::int64_t second = fake.add_vendor_price_profile(other_vendor);
  BOOST_REQUIRE(client.put_v2_jobs_job_id_vendor(job, {.body = {.vendor_price_profile_id = first}}).has_value());
  BOOST_REQUIRE(client.put_v2_jobs_job_id_vendor(job, {.body = {.vendor_price_profile_id = second}}).has_value());
  auto read = client.get_jobs_job_id(job);
  BOOST_REQUIRE(read.has_value());
  BOOST_TEST(read->vendor_id.value_or(0) == other_vendor);
  BOOST_TEST(read->vendor_price_profile_id.value_or(0) == second);
}

BOOST_AUTO_TEST_CASE(a_price_profile_no_vendor_has_is_400_and_changes_nothing) {
  auto r = client.put_jobs_job_id_vendor(job, {.body = {.vendor_price_profile_id = 77}});
  BOOST_TEST(test::refusal(r, 400) == "no vendor has the price profile 77");
  const std::int64_t profile = fake.add_vendor_price_profile(vendor);
  BOOST_REQUIRE(client.delete_providers_provider_id(vendor).has_value());
  auto gone = client.put_v2_jobs_job_id_vendor(job, {.body = {.vendor_price_profile_id = profile}});
  BOOST_TEST(test::refusal(gone, 400) == "no vendor has the price profile " + std::to_string(profile));
  BOOST_TEST(!client.get_jobs_job_id(job)->vendor_id.has_value());
  BOOST_TEST(!fake.job(job)->vendor_price_profile_id.has_value());
}

BOOST_AUTO_TEST_CASE(a_price_profile_needs_a_known_provider) {
  BOOST_CHECK_THROW(fake.add_vendor_price_profile(999), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
