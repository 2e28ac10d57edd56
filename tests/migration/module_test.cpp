#define BOOST_TEST_MODULE webapi migration module
#include <boost/test/unit_test.hpp>

#include <webapi/migration.hpp>

#include "../support/canned_client.hpp"

using namespace webapi;
using test::contains;
namespace mc = webapi::migration;

namespace {

constexpr const char* kSource = "projects/p1/locations/us-central1/sources/s1";

struct Fixture {
  test::CannedTransport transport{test::json(R"({"name": "projects/p1/locations/us-central1/sources/s1",
    "displayName": "VMware", "priority": 3, "brandNew": {"a": [1]}})")};
  mc::Client<test::CannedTransport> client{transport, {.access_token = "ya29"}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(migration_client, Fixture)

BOOST_AUTO_TEST_CASE(a_source_by_its_resource_name) {
  auto r = client.sources_get(kSource);
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::get);
  BOOST_TEST(req.base_url == "https://migrationcenter.googleapis.com");
  BOOST_TEST(req.path == "/v1alpha1/projects/p1/locations/us-central1/sources/s1");
  BOOST_TEST(req.headers.get("Authorization").value_or("") == "Bearer ya29");
  BOOST_TEST(r->display_name.value_or("") == "VMware");
  BOOST_TEST(r->priority.value_or(0) == 3);
}

BOOST_AUTO_TEST_CASE(names_are_checked_against_their_pattern) {
  test::CannedTransport fresh;
  mc::Client<test::CannedTransport> c{fresh, {.access_token = "ya29"}};
  for (const char* bad : {"projects/p1/locations/us-central1/assets/a1", "projects/p1/locations/us-central1/sources",
                          "projects/p1/locations/../sources/s1", "projects/p1/locations/l1/sources/s1/extra", ""}) {
    auto r = c.sources_get(bad);
    BOOST_TEST_CONTEXT(bad) {
      BOOST_REQUIRE(!r);
      BOOST_TEST(r.error().kind == ErrorKind::invalid_argument);
      BOOST_TEST(contains(r.error().message, "projects/*/locations/*/sources/*"));
    }
  }
  BOOST_TEST(!fresh.last().has_value());
}

BOOST_AUTO_TEST_CASE(each_segment_is_encoded_and_slashes_stay) {
  transport.respond(test::json(R"({"name": "x"})"));
  WEBAPI_REQUIRE_OK(client.assets_get("projects/my proj/locations/eu?/assets/a#1", {.view = mc::AssetsGetView::ASSET_VIEW_FULL}));
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/v1alpha1/projects/my%20proj/locations/eu%3F/assets/a%231");
  BOOST_TEST(test::query(req) == "view=ASSET_VIEW_FULL");
}

BOOST_AUTO_TEST_CASE(listing_assets_with_paging) {
  transport.respond(test::json(R"({"assets": [{"name": "a1"}], "nextPageToken": "t2", "unreachable": []})"));
  auto r = client.assets_list("projects/p1/locations/us-central1",
                              {.page_size = 50, .page_token = "t1", .view = mc::AssetsListView::ASSET_VIEW_BASIC});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/v1alpha1/projects/p1/locations/us-central1/assets");
  BOOST_TEST(test::query(req) == "pageSize=50&pageToken=t1&view=ASSET_VIEW_BASIC");
  BOOST_TEST(r->next_page_token.value_or("") == "t2");
  BOOST_REQUIRE(r->assets && r->assets->size() == 1u);
}

BOOST_AUTO_TEST_CASE(custom_verbs_follow_the_name) {
  transport.respond(test::json(R"({"name": "operations/op1", "done": false})"));
  auto r = client.groups_add_assets("projects/p1/locations/l1/groups/g1",
                                    {.body = mc::AddAssetsToGroupRequest{.assets = mc::AssetList{.asset_ids = std::vector<std::string>{"a1"}}}});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::post);
  BOOST_TEST(req.path == "/v1alpha1/projects/p1/locations/l1/groups/g1:addAssets");
  BOOST_TEST(req.body == R"({"assets":{"assetIds":["a1"]}})");
  BOOST_TEST(r->name.value_or("") == "operations/op1");

  transport.respond(test::json("{}"));
  WEBAPI_REQUIRE_OK(client.operations_cancel("projects/p1/locations/l1/operations/op1"));
  BOOST_TEST(test::sent(transport).path == "/v1alpha1/projects/p1/locations/l1/operations/op1:cancel");
}

BOOST_AUTO_TEST_CASE(a_wrong_type_names_the_field) {
  transport.respond(test::json(R"({"name": "n", "priority": "high"})"));
  auto r = client.sources_get(kSource);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::decode);
  BOOST_TEST(contains(r.error().message, "priority"));
}

// `PayloadFile::data` is `format: byte`: the model holds the file's bytes and the wire carries their base64,
// exactly what Google's client sends. 0xE9 (Latin-1, not UTF-8) shows the member holds bytes, not text.
BOOST_AUTO_TEST_CASE(an_inline_payload_travels_as_base64) {
  const std::string csv = "MachineName,OsName\ncaf\xE9,Debian\n";
  transport.respond(test::json(R"({"name": "projects/p1/locations/l1/operations/op1"})"));
  mc::ImportJob job;
  job.inline_payload = mc::InlinePayloadInfo{mc::GCSPayloadInfoFormat::IMPORT_JOB_FORMAT_MANUAL_CSV,
                                             std::vector<mc::PayloadFile>{{csv, "machines.csv"}}};
  WEBAPI_REQUIRE_OK(client.import_jobs_create("projects/p1/locations/l1", {.import_job_id = "j1", .body = job}));
  BOOST_TEST(test::sent(transport).body ==
             R"({"inlinePayload":{"format":"IMPORT_JOB_FORMAT_MANUAL_CSV","payload":[)"
             R"({"data":"TWFjaGluZU5hbWUsT3NOYW1lCmNhZuksRGViaWFuCg==","name":"machines.csv"}]}})");

  transport.respond(test::json(R"({"name": "j1", "inlinePayload": {"payload": [{"data": "TWFjaGluZU5hbWUsT3NOYW1lCmNhZuksRGViaWFuCg=="}]}})"));
  auto got = client.import_jobs_get("projects/p1/locations/l1/importJobs/j1");
  WEBAPI_REQUIRE_OK(got);
  BOOST_TEST(got->inline_payload->payload->at(0).data.value() == csv);

  transport.respond(test::json(R"({"name": "j1", "inlinePayload": {"payload": [{"data": "MachineName,OsName"}]}})"));
  auto bad = client.import_jobs_get("projects/p1/locations/l1/importJobs/j1");
  BOOST_REQUIRE(!bad);
  BOOST_TEST(bad.error().kind == ErrorKind::decode);
  BOOST_TEST(contains(bad.error().message, "$.inlinePayload.payload[0].data: expected base64"), bad.error().message);
}

// Google's int64 members travel as JSON strings; they are std::int64_t here and survive above 2^53, where a
// double would round 9007199254740993 to ...992.
BOOST_AUTO_TEST_CASE(int64_members_are_integers_read_from_strings) {
  transport.respond(test::json(R"({"results": [{"count": {"value": "9007199254740993"},
    "frequency": {"values": {"4": "17179869184"}}}]})"));
  auto r = client.assets_aggregate_values("projects/p1/locations/l1");
  WEBAPI_REQUIRE_OK(r);
  const mc::AggregationResult& result = r->results->at(0);
  BOOST_TEST(result.count->value.value() == std::int64_t{9007199254740993});
  BOOST_TEST(result.frequency->values->at("4") == std::int64_t{17179869184});
  BOOST_TEST(json::encode(result) == R"({"count":{"value":"9007199254740993"},"frequency":{"values":{"4":"17179869184"}}})");

  for (const char* bad : {R"("12abc")", R"("9223372036854775808")"}) {
    transport.respond(test::json(std::string(R"({"results": [{"count": {"value": )") + bad + "}}]}"));
    auto e = client.assets_aggregate_values("projects/p1/locations/l1");
    BOOST_TEST_CONTEXT(bad) {
      BOOST_REQUIRE(!e);
      BOOST_TEST(e.error().kind == ErrorKind::decode);
      BOOST_TEST(contains(e.error().message, "$.results[0].count.value:"), e.error().message);
    }
  }
}

BOOST_AUTO_TEST_CASE(no_token_no_request) {
  test::CannedTransport fresh;
  mc::Client<test::CannedTransport> anonymous{fresh};
  BOOST_TEST(!anonymous.sources_list("projects/p1/locations/l1"));
  BOOST_TEST(!fresh.last().has_value());
}

BOOST_AUTO_TEST_SUITE_END()
