#include <boost/test/unit_test.hpp>

#include "contains.hpp"

#include <webapi/core/recording.hpp>
#include <webapi/migration.hpp>  // the umbrella brings names.hpp and update_mask.hpp

namespace mig = webapi::migration;

using extras_test::contains;

// A bare string is no name: it must be parsed, or its ids given one by one.
static_assert(!std::is_convertible_v<std::string, mig::ProjectName>);
static_assert(!std::is_convertible_v<std::string, mig::SourceName>);

BOOST_AUTO_TEST_SUITE(migration_names)

BOOST_AUTO_TEST_CASE(build_every_pattern) {
  mig::LocationName loc{"p1", "us-central1"};
  BOOST_TEST(mig::ProjectName{"p1"}.str() == "projects/p1");
  BOOST_TEST(loc.str() == "projects/p1/locations/us-central1");
  BOOST_TEST(mig::SourceName(loc, "s1").str() == "projects/p1/locations/us-central1/sources/s1");
  BOOST_TEST(mig::OperationName(loc, "op").str() == "projects/p1/locations/us-central1/operations/op");
  BOOST_TEST(mig::AssetName(loc, "a").str() == "projects/p1/locations/us-central1/assets/a");
  BOOST_TEST(mig::GroupName(loc, "g").str() == "projects/p1/locations/us-central1/groups/g");
  BOOST_TEST(mig::ImportJobName(loc, "j").str() == "projects/p1/locations/us-central1/importJobs/j");
  BOOST_TEST(mig::PreferenceSetName(loc, "ps").str() == "projects/p1/locations/us-central1/preferenceSets/ps");
  BOOST_TEST(mig::ReportConfigName(loc, "rc").str() == "projects/p1/locations/us-central1/reportConfigs/rc");
  mig::ImportJobName job(loc, "j");
  BOOST_TEST(mig::ImportDataFileName(job, "f").str() ==
             "projects/p1/locations/us-central1/importJobs/j/importDataFiles/f");
  BOOST_TEST(mig::ReportName(mig::ReportConfigName(loc, "rc"), "r").str() ==
             "projects/p1/locations/us-central1/reportConfigs/rc/reports/r");
  BOOST_TEST(mig::ErrorFrameName(mig::SourceName(loc, "s"), "e").str() ==
             "projects/p1/locations/us-central1/sources/s/errorFrames/e");
}

BOOST_AUTO_TEST_CASE(parse_round_trips_and_knows_parents) {
  auto s = mig::SourceName::parse("projects/p1/locations/l1/sources/s1");
  BOOST_REQUIRE(s);
  BOOST_TEST(s->project == "p1");
  BOOST_TEST(s->location == "l1");
  BOOST_TEST(s->id == "s1");
  BOOST_TEST((s->parent() == mig::LocationName{"p1", "l1"}));
  auto f = mig::ImportDataFileName::parse("projects/p/locations/l/importJobs/j/importDataFiles/f");
  BOOST_REQUIRE(f);
  BOOST_TEST(f->parent_id == "j");
  BOOST_TEST(f->parent().str() == "projects/p/locations/l/importJobs/j");
}

BOOST_AUTO_TEST_CASE(parse_refuses_malformed_names) {
  auto wrong_word = mig::SourceName::parse("projects/p/locations/l/groups/s");
  BOOST_REQUIRE(!wrong_word);
  BOOST_TEST(wrong_word.error().kind == webapi::ErrorKind::invalid_argument);
  BOOST_TEST(contains(wrong_word.error().message, "source name: segment 5 is 'groups', not 'sources'"));

  auto empty = mig::SourceName::parse("projects/p/locations//sources/s");
  BOOST_REQUIRE(!empty);
  BOOST_TEST(contains(empty.error().message, "the id after 'locations/' is empty"));

  auto dots = mig::GroupName::parse("projects/../locations/l/groups/g");
  BOOST_REQUIRE(!dots);
  BOOST_TEST(contains(dots.error().message, "dot segment"));

  auto too_long = mig::SourceName::parse("projects/p/locations/l/sources/s/extra");
  BOOST_REQUIRE(!too_long);
  BOOST_TEST(contains(too_long.error().message, "wrong number of segments"));
  BOOST_TEST(!mig::SourceName::parse("projects/p/locations/l"));
  BOOST_TEST(!mig::SourceName::parse(""));
  BOOST_TEST(!mig::SourceName::parse("projects/p/locations/l/sources/"));
}

BOOST_AUTO_TEST_CASE(validate_refuses_slash_inside_an_id) {
  mig::SourceName s{"p", "l", "a/b"};
  auto r = s.checked_str();
  BOOST_REQUIRE(!r);
  BOOST_TEST(contains(r.error().message, "the id after 'sources/' holds a '/'"));
  BOOST_TEST(!mig::SourceName("p", "", "s").validate());
  BOOST_TEST(!mig::SourceName("p", "l", ".").validate());
  BOOST_TEST(mig::SourceName("p", "l", "s").checked_str().value() == "projects/p/locations/l/sources/s");
}

BOOST_AUTO_TEST_CASE(names_feed_the_client) {
  webapi::CannedTransport transport(webapi::Response{200, {}, "{}"});
  mig::Client client(transport, {.access_token = "t0k"});
  auto sent = client.build_sources_get(mig::SourceName("p", "l", "s").str());
  BOOST_REQUIRE_MESSAGE(sent, (sent ? "" : sent.error().what()));
  BOOST_TEST(sent->path == "/v1alpha1/projects/p/locations/l/sources/s");
}

BOOST_AUTO_TEST_SUITE_END()
