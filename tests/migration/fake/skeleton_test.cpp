// The fake's frame: bearer tokens, any project, the fixed locations, every operation routed, Google's error
// shape, and resource names refused by the client before anything is sent.
#include <set>

#include "fixture.hpp"

using namespace test;

BOOST_FIXTURE_TEST_SUITE(skeleton, MigrationFixture)

BOOST_AUTO_TEST_CASE(a_call_without_a_token_is_401_in_googles_shape) {
  auto r = raw(webapi::Method::get, "/v1alpha1/projects/p1/locations", "");
  BOOST_TEST(r.status == 401);
  auto e = google_error_of(r);
  BOOST_TEST(e["code"].as_int64() == 401);
  BOOST_TEST(e["status"].as_string() == "UNAUTHENTICATED");
  BOOST_TEST(!e["message"].as_string().empty());
}

BOOST_AUTO_TEST_CASE(an_unknown_or_revoked_token_is_401_and_the_client_reads_it) {
  MigrationClient stranger{fake, {.access_token = "ya29.made-up"}};
  auto r = stranger.locations_list("projects/p1");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 401);
  BOOST_REQUIRE(r.error().service.has_value());
  BOOST_TEST(r.error().service->status == "UNAUTHENTICATED");
  BOOST_TEST(r.error().message.find("ya29.made-up") == std::string::npos);  // the token is a secret

  fake.revoke_token(token);
  BOOST_TEST(client.locations_list("projects/p1").error().status == 401);
}

BOOST_AUTO_TEST_CASE(a_token_may_use_any_project) {
  for (std::string project : {"p1", "another-project", "123456"}) {
    auto r = client.locations_list("projects/" + project);
    REQUIRE_OK(r);
    BOOST_TEST(r->locations->front().name.value() == "projects/" + project + "/locations/us-central1");
  }
}

BOOST_AUTO_TEST_CASE(locations_are_the_documented_fixed_list) {
  auto r = client.locations_list("projects/p1");
  REQUIRE_OK(r);
  std::vector<std::string> ids;
  for (const auto& l : *r->locations) ids.push_back(l.location_id.value_or(""));
  BOOST_TEST(ids == (std::vector<std::string>{"us-central1", "europe-west1", "asia-northeast1"}),
             boost::test_tools::per_element());
  auto one = client.locations_get("projects/p1/locations/europe-west1");
  REQUIRE_OK(one);
  BOOST_TEST(one->display_name.value_or("") == "Belgium");
}

BOOST_AUTO_TEST_CASE(a_name_under_another_location_is_404) {
  auto r = client.sources_list("projects/p1/locations/mars-north1");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 404);
  BOOST_TEST(r.error().message.find("mars-north1") != std::string::npos);
  BOOST_TEST(client.locations_get("projects/p1/locations/mars-north1").error().status == 404);
}

BOOST_AUTO_TEST_CASE(every_operation_of_the_module_is_routed) {
  std::set<std::string> routed;
  for (const auto& r : fake.routes()) routed.insert(r.operation);
  for (const auto& op : mig::operations) BOOST_TEST(routed.contains(std::string(op.name)), op.name);
}

BOOST_AUTO_TEST_CASE(an_unmodeled_operation_is_501_naming_it_in_googles_shape) {
  auto r = client.sources_error_frames_list(mig::SourceName(here, "crm").str());
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 501);
  BOOST_TEST(r.error().service->status == "UNIMPLEMENTED");
  BOOST_TEST(r.error().message.find("sources_error_frames_list") != std::string::npos);
  auto raw_answer = raw(webapi::Method::get, "/v1alpha1/projects/p1/locations/us-central1/sources/s/errorFrames/e");
  BOOST_TEST(google_error_of(raw_answer)["message"].as_string().find("sources_error_frames_get") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(operations_sharing_a_path_template_are_told_apart_by_the_name) {
  std::string source = make_source();
  auto s = client.sources_get(source);
  REQUIRE_OK(s);
  auto journal = fake.requests();
  BOOST_TEST(journal.back().operation == "sources_get");
  auto g = client.groups_get(mig::GroupName(here, "none").str());
  BOOST_TEST(g.error().status == 404);
  BOOST_TEST(fake.requests().back().operation == "groups_get");
}

BOOST_AUTO_TEST_CASE(a_malformed_name_is_refused_before_sending) {
  const auto sent = fake.requests().size();
  auto r = client.sources_get("projects/p1/locations/us-central1/groups/g1");  // not a source
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == webapi::ErrorKind::invalid_argument);
  BOOST_TEST(r.error().message.find("projects/*/locations/*/sources/*") != std::string::npos);
  BOOST_TEST(!client.groups_add_assets("projects/p1/locations//groups/g1"));
  BOOST_TEST(!client.operations_cancel("projects/p1/locations/us-central1/operations/../x"));
  BOOST_TEST(fake.requests().size() == sent);
  auto parsed = mig::ImportJobName::parse("projects/p1/locations/us-central1/importJobs/");
  BOOST_TEST(!parsed);
}

BOOST_AUTO_TEST_CASE(a_body_that_breaks_the_model_is_400_naming_the_member) {
  auto r = raw(webapi::Method::post, "/v1alpha1/projects/p1/locations/us-central1/sources", "use-fixture",
               R"({"priority":"high"})", {{"sourceId", "s1"}});
  BOOST_TEST(r.status == 400);
  auto e = google_error_of(r);
  BOOST_TEST(e["status"].as_string() == "INVALID_ARGUMENT");
  BOOST_TEST(e["message"].as_string().find("priority") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
