// Assets: listing with a filter and paging, batch update and delete, frames reported by a source, and
// aggregates whose counts and sums match the assets held.
#include "fixture.hpp"

using namespace test;

namespace {
mig::Aggregation aggregation(std::string field, bool count, bool sum, bool frequency = false) {
  mig::Aggregation a;
  a.field = std::move(field);
  if (count) a.count = boost::json::object{};
  if (sum) a.sum = boost::json::object{};
  if (frequency) a.frequency = boost::json::object{};
  return a;
}
}  // namespace

BOOST_FIXTURE_TEST_SUITE(assets, MigrationFixture)

BOOST_AUTO_TEST_CASE(reported_frames_become_assets_naming_their_source) {
  auto names = make_assets({{"web-1", 4, 8192}, {"db-1", 16, 65536}}, "scan");
  auto a = client.assets_get(names[1]);
  REQUIRE_OK(a);
  BOOST_TEST(a->virtual_machine_details->core_count.value() == 16);
  BOOST_TEST((a->sources->front() == mig::SourceName(here, "scan").str()));
}

BOOST_AUTO_TEST_CASE(a_frame_for_a_known_machine_updates_its_asset) {
  auto names = make_assets({{"web-1", 4, 8192}}, "scan");
  mig::Frames frames;
  mig::AssetFrame f;
  f.virtual_machine_details.emplace();
  f.virtual_machine_details->vm_name = "web-1";
  f.virtual_machine_details->core_count = 8;
  frames.frames_data = std::vector<mig::AssetFrame>{f};
  REQUIRE_OK(
      client.assets_report_asset_frames(parent(), {.source = mig::SourceName(here, "scan").str(), .body = frames}));
  auto all = client.assets_list(parent());
  BOOST_REQUIRE_EQUAL(all->assets->size(), 1u);
  BOOST_TEST(all->assets->front().virtual_machine_details->core_count.value() == 8);
}

BOOST_AUTO_TEST_CASE(a_frame_in_the_current_clients_machine_details_shape_makes_an_asset) {
  // specs/overlays/migration.json: googleapis 188.0.0 sends machineDetails where the description has only
  // virtualMachineDetails; the fake takes either and answers what it was sent.
  std::string source = make_source();
  mig::AssetFrame f;
  f.machine_details = mig::MachineDetails{};
  f.machine_details->machine_name = "batch-1";
  f.machine_details->core_count = 2;
  f.machine_details->memory_mb = 2048;
  mig::Frames frames;
  frames.frames_data = std::vector<mig::AssetFrame>{f, f};  // the same machine twice: one asset
  REQUIRE_OK(client.assets_report_asset_frames(parent(), {.source = source, .body = frames}));
  auto all = client.assets_list(parent());
  BOOST_REQUIRE_EQUAL(all->assets->size(), 1u);
  const auto& made = all->assets->front();
  BOOST_TEST(made.machine_details->machine_name.value_or("") == "batch-1");
  BOOST_TEST(made.machine_details->core_count.value_or(0) == 2);
  BOOST_TEST(made.virtual_machine_details->vm_name.value_or("") == "batch-1");  // filters on it still work
}

BOOST_AUTO_TEST_CASE(frames_need_an_existing_source_and_a_machine) {
  mig::Frames frames;
  frames.frames_data = std::vector<mig::AssetFrame>{mig::AssetFrame{}};
  BOOST_TEST(client.assets_report_asset_frames(parent(), {.body = frames}).error().status == 400);
  BOOST_TEST(
      client.assets_report_asset_frames(parent(), {.source = mig::SourceName(here, "none").str(), .body = frames})
          .error()
          .status == 404);
  std::string source = make_source();
  auto r = client.assets_report_asset_frames(parent(), {.source = source, .body = frames});
  BOOST_TEST(r.error().status == 400);
  BOOST_TEST(r.error().body.find("framesData[0].virtualMachineDetails") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_list_filter_keeps_matching_assets) {
  make_assets({{"web-1", 4, 8192}, {"web-2", 2, 4096}, {"db-1", 16, 65536}});
  auto big = client.assets_list(parent(), {.filter = "virtualMachineDetails.coreCount >= 4"});
  REQUIRE_OK(big);
  BOOST_TEST(big->assets->size() == 2u);
  auto web = client.assets_list(
      parent(), {.filter = "virtualMachineDetails.vmName:web-* AND virtualMachineDetails.memoryMb < 5000"});
  REQUIRE_OK(web);
  BOOST_REQUIRE_EQUAL(web->assets->size(), 1u);
  BOOST_TEST(web->assets->front().virtual_machine_details->vm_name.value() == "web-2");
  auto ordered = client.assets_list(parent(), {.order_by = "virtualMachineDetails.coreCount desc"});
  BOOST_TEST(ordered->assets->front().virtual_machine_details->vm_name.value() == "db-1");
  auto bad = client.assets_list(parent(), {.filter = "virtualMachineDetails.coreCount 4"});
  BOOST_TEST(bad.error().status == 400);
  BOOST_TEST(bad.error().message.find("filter") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(batch_update_sets_labels_under_each_mask) {
  auto names = make_assets({{"web-1", 4, 8192}, {"web-2", 2, 4096}});
  mig::BatchUpdateAssetsRequest body;
  body.requests.emplace();
  for (const auto& n : names) {
    mig::Asset a;
    a.name = n;
    a.labels = std::map<std::string, std::string>{{"tier", "web"}};
    body.requests->push_back({a, {}, "labels"});
  }
  auto r = client.assets_batch_update(parent(), {.body = body});
  REQUIRE_OK(r);
  BOOST_TEST(r->assets->size() == 2u);
  auto tiered = client.assets_list(parent(), {.filter = "labels.tier = web"});
  BOOST_TEST(tiered->assets->size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_batch_update_with_one_bad_entry_changes_nothing) {
  auto names = make_assets({{"web-1", 4, 8192}});
  mig::BatchUpdateAssetsRequest body;
  mig::Asset good, missing;
  good.name = names[0];
  good.labels = std::map<std::string, std::string>{{"tier", "web"}};
  missing.name = mig::AssetName(here, "nope").str();
  missing.labels = good.labels;
  body.requests = std::vector<mig::UpdateAssetRequest>{{good, {}, "labels"}, {missing, {}, "labels"}};
  auto r = client.assets_batch_update(parent(), {.body = body});
  BOOST_TEST(r.error().status == 404);
  BOOST_TEST(r.error().body.find("requests[1].asset.name") != std::string::npos);
  BOOST_TEST(!client.assets_get(names[0])->labels);
}

BOOST_AUTO_TEST_CASE(batch_delete_removes_assets_and_honours_allow_missing) {
  auto names = make_assets({{"web-1", 4, 8192}, {"web-2", 2, 4096}});
  std::string ghost = mig::AssetName(here, "ghost").str();
  BOOST_TEST(
      client.assets_batch_delete(parent(), {.body = mig::BatchDeleteAssetsRequest{{}, std::vector{names[0], ghost}}})
          .error()
          .status == 404);
  BOOST_TEST(client.assets_list(parent())->assets->size() == 2u);  // all or nothing
  REQUIRE_OK(client.assets_batch_delete(parent(),
                                        {.body = mig::BatchDeleteAssetsRequest{true, std::vector{names[0], ghost}}}));
  auto left = client.assets_list(parent());
  BOOST_REQUIRE_EQUAL(left->assets->size(), 1u);
  BOOST_TEST(left->assets->front().name.value() == names[1]);
}

BOOST_AUTO_TEST_CASE(aggregates_count_and_sum_the_assets_held) {
  make_assets({{"web-1", 4, 8192}, {"web-2", 2, 4096}, {"db-1", 16, 65536}});
  mig::AggregateAssetsValuesRequest body;
  body.aggregations = std::vector<mig::Aggregation>{aggregation("virtualMachineDetails.coreCount", true, true),
                                                    aggregation("virtualMachineDetails.memoryMb", false, true),
                                                    aggregation("virtualMachineDetails.coreCount", false, false, true)};
  auto r = client.assets_aggregate_values(parent(), {.body = body});
  REQUIRE_OK(r);
  BOOST_REQUIRE_EQUAL(r->results->size(), 3u);
  BOOST_TEST(r->results->at(0).count->value.value() == 3);
  BOOST_TEST(r->results->at(0).sum->value.value() == 22.0);
  BOOST_TEST(r->results->at(1).sum->value.value() == 77824.0);
  BOOST_TEST(r->results->at(2).frequency->values->at("4") == 1);

  body.filter = "virtualMachineDetails.vmName:web-*";
  auto web = client.assets_aggregate_values(parent(), {.body = body});
  BOOST_TEST(web->results->at(0).count->value.value() == 2);
  BOOST_TEST(web->results->at(0).sum->value.value() == 6.0);

  // The sums follow what is held: after a delete they drop.
  auto all = client.assets_list(parent(), {.filter = "virtualMachineDetails.vmName = db-1"});
  REQUIRE_OK(client.assets_batch_delete(
      parent(), {.body = mig::BatchDeleteAssetsRequest{{}, std::vector{*all->assets->front().name}}}));
  body.filter.reset();
  BOOST_TEST(client.assets_aggregate_values(parent(), {.body = body})->results->at(0).sum->value.value() == 6.0);
}

// Counts are int64, which Google's JSON writes as strings: the fake answers "3", not 3.
BOOST_AUTO_TEST_CASE(aggregate_counts_are_answered_as_json_strings) {
  make_assets({{"web-1", 4, 8192}, {"web-2", 4, 4096}, {"db-1", 16, 65536}});
  auto r = raw(webapi::Method::post, "/v1alpha1/projects/p1/locations/us-central1/assets:aggregateValues",
               "use-fixture",
               R"({"aggregations":[{"field":"virtualMachineDetails.coreCount","count":{},"frequency":{}}]})");
  BOOST_TEST(r.status == 200);
  auto result = json_object(r.body).at("results").as_array().at(0).as_object();
  BOOST_TEST(result.at("count").at("value") == boost::json::value("3"), r.body);
  BOOST_TEST(result.at("frequency").at("values").at("4") == boost::json::value("2"), r.body);
}

BOOST_AUTO_TEST_SUITE_END()
