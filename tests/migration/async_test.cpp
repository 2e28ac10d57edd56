#define BOOST_TEST_MODULE async_migration
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): sources and groups made, read,
// listed and deleted, assets listed and filtered, a custom method (groups:addAssets, routed by the fake's
// own rule in both forms), the operations they start, and refusals (a duplicate, a missing resource, no
// token).
// The served suite (migration_async_served) makes the same calls, the twins co_awaited over HTTP
// against webapi-fake-server-migration (tests/support/async_served.sh starts it), the blocking ones in process.

#include <chrono>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/migration/compiled.hpp>
#include <webapi/migration.hpp>

#include "../support/async_twins.hpp"
#include "../support/served.hpp"

namespace fm = webapi::fakes::migration;
namespace mig = webapi::migration;

namespace {

// One side's clients over `transport`, with this side's demo token, in the demo's project and location.
struct Side {
  Side(webapi::AnyTransport t, test::served::Credentials demo, const std::string& base_url)
      : transport(t), credentials(std::move(demo)), here{credentials[1].second, credentials[2].second},
        client{transport, test::served::at(base_url, mig::Config{.access_token = credentials[0].second})},
        stranger{transport, test::served::at(base_url, mig::Config{.access_token = "ya29.unknown"})} {}
  webapi::AnyTransport transport;
  test::served::Credentials credentials;  // ACCESS_TOKEN, PROJECT, LOCATION
  mig::LocationName here;
  mig::AnyClient client;
  mig::AnyClient stranger;
};

// The calls, the blocking method on `b` and its twin co_awaited on `a`, both sides starting from the demo
// data set; written once for the in-process run and the served one.
boost::asio::awaitable<void> twins(Side& b, Side& a) {
  const std::string parent = b.here.str();
  const std::string group = mig::GroupName(b.here, "web").str();
  const std::string source = mig::SourceName(b.here, "crm").str();
  {
    auto& blocking = b.client;
    auto& async = a.client;
    auto assets = WEBAPI_SAME_ASYNC(assets_list, parent);
    BOOST_REQUIRE(assets && assets->assets && !assets->assets->empty());
    std::vector<std::string> names;
    for (const auto& asset : *assets->assets) names.push_back(asset.name.value_or(""));
    (void)WEBAPI_SAME_ASYNC(assets_get, names.front());
    (void)WEBAPI_SAME_ASYNC(sources_create, parent, {.source_id = "crm", .body = mig::Source{}});
    (void)WEBAPI_SAME_ASYNC(sources_get, source);
    (void)WEBAPI_SAME_ASYNC(sources_list, parent);
    (void)WEBAPI_SAME_ASYNC(groups_create, parent, {.group_id = "web", .body = mig::Group{}});
    (void)WEBAPI_SAME_ASYNC(groups_create, parent, {.group_id = "web", .body = mig::Group{}});  // 409
    auto started = WEBAPI_SAME_ASYNC(
        groups_add_assets, group, {.body = mig::AddAssetsToGroupRequest{{}, mig::AssetList{names}, {}}});
    BOOST_REQUIRE(started && started->name);
    (void)WEBAPI_SAME_ASYNC(operations_get, *started->name);
    (void)WEBAPI_SAME_ASYNC(groups_get, group);
    (void)WEBAPI_SAME_ASYNC(groups_list, parent);
    (void)WEBAPI_SAME_ASYNC(assets_list, parent, {.filter = "assignedGroups:" + group});
    (void)WEBAPI_SAME_ASYNC(sources_delete, source);
    (void)WEBAPI_SAME_ASYNC(sources_get, source);  // 404
    (void)WEBAPI_SAME_ASYNC(locations_list, "projects/" + b.credentials[1].second);
  }
  {
    auto& blocking = b.stranger;
    auto& async = a.stranger;
    (void)WEBAPI_SAME_ASYNC(sources_list, parent);  // 401
  }
}

// A fake of the demo data set, in process, and its side.
struct InProcess {
  fm::CompiledFake fake;
  Side side{fake, fake.seed_demo(), ""};
};

// every_operation::all: a call of every operation with sample arguments (tools/codegen writes it).
#include "every_operation.inc"

}  // namespace

static_assert(mig::AsyncTwins<mig::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(mig::operations, mig::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  InProcess b, a;
  test::run_coroutine([&] { return twins(b.side, a.side); });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}

BOOST_AUTO_TEST_CASE(waiting_for_an_operation_gives_the_blocking_result) {
  InProcess b, a;
  const std::string parent = b.side.here.str();
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    mig::GroupsCreateParams params{.group_id = "web", .body = mig::Group{}};
    auto want = b.side.client.groups_create_and_wait(parent, params, b.fake.poll_policy());
    auto got = co_await a.side.client.async_groups_create_and_wait(parent, params, a.fake.poll_policy(),
                                                              boost::asio::use_awaitable);
    test::check_same("groups_create_and_wait", want, got);
    BOOST_TEST(got.has_value());
  });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
  BOOST_TEST(a.fake.requests().size() > 1u);  // started, then polled
}

BOOST_AUTO_TEST_CASE(an_operation_that_never_ends_spends_the_budget_waiting_on_timers) {
  InProcess a;
  const std::string parent = a.side.here.str();
  const auto start = std::chrono::steady_clock::now();
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    mig::GroupsCreateParams params{.group_id = "web", .body = mig::Group{}};
    // The fake's clock never moves, so the operation never ends.
    webapi::PollPolicy policy{.initial_delay = std::chrono::milliseconds(5), .max_total = std::chrono::milliseconds(60)};
    auto got = co_await a.side.client.async_groups_create_and_wait(parent, params, policy, boost::asio::use_awaitable);
    BOOST_REQUIRE(!got.has_value());
    BOOST_TEST(int(got.error().kind) == int(webapi::ErrorKind::deadline_exceeded));
  });
  BOOST_TEST((std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(5)));
  BOOST_TEST(a.fake.requests().size() > 1u);
}

BOOST_AUTO_TEST_CASE(every_operation_twin_matches_its_blocking_call) {
  InProcess b, a;
  const std::size_t a_before = a.fake.requests().size(), b_before = b.fake.requests().size();
  test::Tally calls;
  test::run_coroutine([&] { return every_operation::all(b.side.client, a.side.client, calls); });
  test::check_every_operation_sent(calls, mig::operations.size(), a.fake.requests().size() - a_before,
                                   b.fake.requests().size() - b_before);
}

// The same calls, the twins co_awaited over HTTP against webapi-fake-server-migration (async_served.sh).
BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))

/// The served fake (a) and an in-process compiled one (b), each with its demo data.
struct Served {
  test::served::Fake served;
  fm::CompiledFake fake;
  Side b{fake, fake.seed_demo(), served.base_url()};
  Side a{served.transport(), served.seed_demo(), served.base_url()};
};

BOOST_FIXTURE_TEST_CASE(the_twins_give_the_blocking_results, Served) {
  served.run([&] { return twins(b, a); });
  BOOST_TEST(served.journal_size() == fake.requests().size());
}

BOOST_FIXTURE_TEST_CASE(every_operation_twin_matches_its_blocking_call, Served) {
  const std::size_t a_before = served.journal_size(), b_before = fake.requests().size();
  test::Tally calls;
  served.run([&] { return every_operation::all(b.client, a.client, calls); });
  test::check_every_operation_sent(calls, mig::operations.size(), served.journal_size() - a_before,
                                   fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_SUITE_END()
