#define BOOST_TEST_MODULE async_migration
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): sources and groups made, read,
// listed and deleted, assets listed and filtered, a custom method (groups:addAssets, routed by the fake's
// own rule in both forms), the operations they start, and refusals (a duplicate, a missing resource, no
// token).

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/fakes/migration.hpp>
#include <webapi/migration.hpp>

#include "../support/async_twins.hpp"

namespace fm = webapi::fakes::migration;
namespace mig = webapi::migration;

namespace {
struct Side {
  fm::Fake fake;
  std::vector<std::pair<std::string, std::string>> credentials = fm::seed_demo(fake);
  mig::LocationName here{credentials[1].second, credentials[2].second};
  mig::Client<fm::Fake> client{fake, {.access_token = credentials[0].second}};
  mig::Client<fm::Fake> stranger{fake, {.access_token = "ya29.unknown"}};
};
}  // namespace

static_assert(mig::AsyncTwins<mig::Client<fm::Fake>, boost::asio::use_awaitable_t<>>);
static_assert(mig::AsyncTwins<mig::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(mig::operations, mig::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  Side b, a;
  const std::string parent = b.here.str();
  const std::string group = mig::GroupName(b.here, "web").str();
  const std::string source = mig::SourceName(b.here, "crm").str();
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    {
      auto& blocking = b.client;
      auto& async = a.client;
      auto assets = WEBAPI_SAME_ASYNC(assets_list, parent);
      BOOST_REQUIRE(assets && assets->assets && !assets->assets->empty());
      std::vector<std::string> names;
      for (const auto& asset : *assets->assets) names.push_back(asset.name.value_or(""));
      WEBAPI_SAME_ASYNC(assets_get, names.front());
      WEBAPI_SAME_ASYNC(sources_create, parent, {.source_id = "crm", .body = mig::Source{}});
      WEBAPI_SAME_ASYNC(sources_get, source);
      WEBAPI_SAME_ASYNC(sources_list, parent);
      WEBAPI_SAME_ASYNC(groups_create, parent, {.group_id = "web", .body = mig::Group{}});
      WEBAPI_SAME_ASYNC(groups_create, parent, {.group_id = "web", .body = mig::Group{}});  // 409
      auto started = WEBAPI_SAME_ASYNC(
          groups_add_assets, group, {.body = mig::AddAssetsToGroupRequest{{}, mig::AssetList{names}, {}}});
      BOOST_REQUIRE(started && started->name);
      WEBAPI_SAME_ASYNC(operations_get, *started->name);
      WEBAPI_SAME_ASYNC(groups_get, group);
      WEBAPI_SAME_ASYNC(groups_list, parent);
      WEBAPI_SAME_ASYNC(assets_list, parent, {.filter = "assignedGroups:" + group});
      WEBAPI_SAME_ASYNC(sources_delete, source);
      WEBAPI_SAME_ASYNC(sources_get, source);  // 404
      WEBAPI_SAME_ASYNC(locations_list, "projects/" + b.credentials[1].second);
    }
    {
      auto& blocking = b.stranger;
      auto& async = a.stranger;
      WEBAPI_SAME_ASYNC(sources_list, parent);  // 401
    }
  });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}
