// Groups: created and listed; assets added and removed, with membership visible from both sides.
#include "fixture.hpp"

using namespace test;

namespace {
mig::AssetList asset_list(std::vector<std::string> ids) {
  mig::AssetList l;
  l.asset_ids = std::move(ids);
  return l;
}
}  // namespace

BOOST_FIXTURE_TEST_SUITE(groups, MigrationFixture)

BOOST_AUTO_TEST_CASE(groups_are_created_read_and_listed) {
  std::string g = make_group("web");
  make_group("db");
  BOOST_TEST(client.groups_get(g)->display_name.value() == "web");
  auto all = client.groups_list(parent());
  REQUIRE_OK(all);
  BOOST_TEST(all->groups->size() == 2u);
  BOOST_TEST(client.groups_list(parent(), {.filter = "displayName = db"})->groups->size() == 1u);
  BOOST_TEST(client.groups_create(parent(), {.group_id = "web", .body = mig::Group{}}).error().status == 409);
}

BOOST_AUTO_TEST_CASE(adding_and_removing_assets_shows_both_ways) {
  auto assets = make_assets({{"web-1", 4, 8192}, {"web-2", 2, 4096}, {"db-1", 16, 65536}});
  std::string g = make_group("web");
  auto added = client.groups_add_assets_and_wait(
      g, {.body = mig::AddAssetsToGroupRequest{{}, asset_list({assets[0], "asset-2"}), {}}}, fake.poll_policy());
  REQUIRE_OK(added);
  BOOST_TEST(added->name.value() == g);
  BOOST_TEST(client.assets_get(assets[0])->assigned_groups->front() == g);
  auto members = client.assets_list(parent(), {.filter = "assignedGroups:" + g});
  BOOST_TEST(members->assets->size() == 2u);

  REQUIRE_OK(
      client.groups_remove_assets(g, {.body = mig::RemoveAssetsFromGroupRequest{{}, asset_list({assets[0]}), {}}}));
  BOOST_TEST(client.assets_get(assets[0])->assigned_groups->empty());
  members = client.assets_list(parent(), {.filter = "assignedGroups:" + g});
  BOOST_REQUIRE_EQUAL(members->assets->size(), 1u);
  BOOST_TEST(members->assets->front().name.value() == assets[1]);
}

BOOST_AUTO_TEST_CASE(adding_a_member_again_needs_allow_existing) {
  auto assets = make_assets({{"web-1", 4, 8192}});
  std::string g = make_group("web");
  REQUIRE_OK(client.groups_add_assets(g, {.body = mig::AddAssetsToGroupRequest{{}, asset_list(assets), {}}}));
  auto again = client.groups_add_assets(g, {.body = mig::AddAssetsToGroupRequest{{}, asset_list(assets), {}}});
  BOOST_TEST(again.error().status == 409);
  REQUIRE_OK(client.groups_add_assets(g, {.body = mig::AddAssetsToGroupRequest{true, asset_list(assets), {}}}));
  BOOST_TEST(client.assets_get(assets[0])->assigned_groups->size() == 1u);
}

BOOST_AUTO_TEST_CASE(removing_a_non_member_needs_allow_missing) {
  auto assets = make_assets({{"web-1", 4, 8192}});
  std::string g = make_group("web");
  auto r = client.groups_remove_assets(g, {.body = mig::RemoveAssetsFromGroupRequest{{}, asset_list(assets), {}}});
  BOOST_TEST(r.error().status == 404);
  REQUIRE_OK(client.groups_remove_assets(g, {.body = mig::RemoveAssetsFromGroupRequest{true, asset_list(assets), {}}}));
}

BOOST_AUTO_TEST_CASE(unknown_assets_and_groups_are_404) {
  std::string g = make_group("web");
  auto r = client.groups_add_assets(g, {.body = mig::AddAssetsToGroupRequest{{}, asset_list({"nope"}), {}}});
  BOOST_TEST(r.error().status == 404);
  BOOST_TEST(r.error().body.find("assets.assetIds[0]") != std::string::npos);
  auto none = client.groups_add_assets(mig::GroupName(here, "none").str(),
                                       {.body = mig::AddAssetsToGroupRequest{{}, asset_list({"x"}), {}}});
  BOOST_TEST(none.error().status == 404);
}

BOOST_AUTO_TEST_CASE(deleting_an_asset_takes_it_out_of_its_group) {
  auto assets = make_assets({{"web-1", 4, 8192}});
  std::string g = make_group("web");
  REQUIRE_OK(client.groups_add_assets(g, {.body = mig::AddAssetsToGroupRequest{{}, asset_list(assets), {}}}));
  REQUIRE_OK(client.assets_batch_delete(parent(), {.body = mig::BatchDeleteAssetsRequest{{}, assets}}));
  BOOST_TEST(client.assets_list(parent(), {.filter = "assignedGroups:" + g})->assets->empty());
}

BOOST_AUTO_TEST_SUITE_END()
