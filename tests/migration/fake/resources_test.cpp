// Sources (create, get, patch under an update mask, delete), preference sets, report configs with reports.
#include "fixture.hpp"

using namespace test;

BOOST_FIXTURE_TEST_SUITE(sources, MigrationFixture)

BOOST_AUTO_TEST_CASE(a_source_is_created_read_and_listed) {
  std::string name = make_source("crm", "CRM export");
  auto s = client.sources_get(name);
  REQUIRE_OK(s);
  BOOST_TEST(s->display_name.value() == "CRM export");
  BOOST_TEST(s->create_time.value() == "2024-01-01T00:00:00Z");
  auto all = client.sources_list(parent());
  REQUIRE_OK(all);
  BOOST_TEST(all->sources->size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_source_id_is_required_well_formed_and_unique) {
  BOOST_TEST(client.sources_create(parent(), {.body = mig::Source{}}).error().status == 400);
  auto bad = client.sources_create(parent(), {.source_id = "Has Spaces", .body = mig::Source{}});
  BOOST_TEST(bad.error().status == 400);
  BOOST_TEST(bad.error().message.find("sourceId") != std::string::npos);
  make_source("crm");
  auto again = client.sources_create(parent(), {.source_id = "crm", .body = mig::Source{}});
  BOOST_TEST(again.error().status == 409);
  BOOST_TEST(again.error().service->status == "ALREADY_EXISTS");
}

BOOST_AUTO_TEST_CASE(patch_changes_only_what_the_update_mask_names) {
  std::string name = make_source("crm", "CRM export");
  mig::Source change;
  change.display_name = "Renamed";
  change.priority = 7;
  auto op = client.sources_patch(name, {.update_mask = "priority", .body = change});
  REQUIRE_OK(op);
  auto s = client.sources_get(name);
  BOOST_TEST(s->priority.value_or(0) == 7);
  BOOST_TEST(s->display_name.value() == "CRM export");  // not in the mask

  REQUIRE_OK(client.sources_patch(name, {.update_mask = mig::update_mask(change), .body = change}));
  BOOST_TEST(client.sources_get(name)->display_name.value() == "Renamed");

  auto waited =
      client.sources_patch_and_wait(name, {.update_mask = "description", .body = mig::Source{}}, fake.poll_policy());
  REQUIRE_OK(waited);
  BOOST_TEST(!waited->description);  // named but absent: cleared
}

BOOST_AUTO_TEST_CASE(a_mask_naming_what_cannot_change_is_400_naming_it) {
  std::string name = make_source();
  auto r = client.sources_patch(name, {.update_mask = "createTime", .body = mig::Source{}});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 400);
  BOOST_TEST(r.error().message.find("createTime") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(delete_removes_the_source_and_takes_it_off_its_assets) {
  auto assets = make_assets({{"vm-1", 2, 1024}}, "scan");
  std::string source = mig::SourceName(here, "scan").str();
  BOOST_TEST(client.assets_get(assets[0])->sources->size() == 1u);
  REQUIRE_OK(client.sources_delete(source));
  BOOST_TEST(client.sources_get(source).error().status == 404);
  BOOST_TEST(client.assets_get(assets[0])->sources->empty());
  BOOST_TEST(client.sources_delete(source).error().status == 404);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(assessments, MigrationFixture)

BOOST_AUTO_TEST_CASE(preference_sets_are_created_read_and_listed) {
  mig::PreferenceSet p;
  p.display_name = "Cheapest";
  auto made =
      client.preference_sets_create_and_wait(parent(), {.preference_set_id = "cheap", .body = p}, fake.poll_policy());
  REQUIRE_OK(made);
  BOOST_TEST((made->name.value() == mig::PreferenceSetName(here, "cheap").str()));
  BOOST_TEST(client.preference_sets_get(*made->name)->display_name.value() == "Cheapest");
  BOOST_TEST(client.preference_sets_list(parent())->preference_sets->size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_report_summarises_the_assets_of_its_configs_groups) {
  auto assets = make_assets({{"web-1", 4, 1024}, {"web-2", 2, 2048}, {"db-1", 16, 4096}});
  std::string group = make_group("web");
  mig::AssetList members;
  members.asset_ids = std::vector<std::string>{assets[0], assets[1]};
  REQUIRE_OK(client.groups_add_assets(group, {.body = mig::AddAssetsToGroupRequest{{}, members, {}}}));
  mig::PreferenceSet p;
  REQUIRE_OK(client.preference_sets_create(parent(), {.preference_set_id = "default", .body = p}));

  mig::ReportConfig config;
  config.group_preferenceset_assignments = std::vector<mig::ReportConfigGroupPreferenceSetAssignment>{
      {group, mig::PreferenceSetName(here, "default").str()}};
  auto made =
      client.report_configs_create_and_wait(parent(), {.report_config_id = "rc", .body = config}, fake.poll_policy());
  REQUIRE_OK(made);
  BOOST_TEST(client.report_configs_list(parent())->report_configs->size() == 1u);

  auto report = client.report_configs_reports_create_and_wait(*made->name, {.report_id = "r1", .body = mig::Report{}},
                                                              fake.poll_policy());
  REQUIRE_OK(report);
  BOOST_TEST((report->state.value() == mig::ReportState::SUCCEEDED));
  const auto& stats = report->summary->all_assets_stats.value();
  BOOST_TEST(stats.total_assets.value() == 2);
  BOOST_TEST(stats.total_cores.value() == 6);
  BOOST_TEST(stats.total_memory_bytes.value() == 3072LL * 1024 * 1024);
  BOOST_TEST(client.report_configs_reports_get(*report->name)->name.value() == *report->name);
  BOOST_TEST(client.report_configs_reports_list(*made->name)->reports->size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_report_config_naming_an_unknown_group_is_404_naming_the_assignment) {
  mig::ReportConfig config;
  config.group_preferenceset_assignments = std::vector<mig::ReportConfigGroupPreferenceSetAssignment>{
      {mig::GroupName(here, "none").str(), mig::PreferenceSetName(here, "none").str()}};
  auto r = client.report_configs_create(parent(), {.report_config_id = "rc", .body = config});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 404);
  BOOST_TEST(r.error().body.find("groupPreferencesetAssignments[0].group") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
