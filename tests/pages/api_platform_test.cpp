// Testing against the API-development platform fake (docs/api_platform.md): the demo's key and what it
// owns, and a monitor run stamped with the fake's clock.
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/api_platform.hpp>
#include <webapi/fakes/api_platform/compiled.hpp>

namespace fap = webapi::fakes::api_platform;
namespace ap = webapi::api_platform;
using namespace std::chrono_literals;

namespace {

struct DemoFixture {
  fap::CompiledFake fake;  // its clock stands at 2024-01-01T00:00:00Z until the test moves it
  std::vector<std::pair<std::string, std::string>> demo = fake.seed_demo();  // API_KEY, USER_ID
  ap::AnyClient platform{fake, {.api_key = demo.at(0).second}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(api_platform_page, DemoFixture)

BOOST_AUTO_TEST_CASE(the_key_belongs_to_the_demo_user_and_its_workspace) {
  auto owner = platform.api_key_owner();
  BOOST_TEST_REQUIRE((owner && owner->user));
  BOOST_TEST(owner->user->username.value_or("") == "demo");
  BOOST_TEST(owner->user->id.value_or("") == demo.at(1).second);

  auto workspaces = platform.all_workspaces();
  BOOST_TEST_REQUIRE((workspaces && workspaces->workspaces && workspaces->workspaces->size() == 1u));
  BOOST_TEST(workspaces->workspaces->front().id.value_or("") == "workspace-1");
  BOOST_TEST(workspaces->workspaces->front().name.value_or("") == "Demo workspace");
}

BOOST_AUTO_TEST_CASE(a_monitor_runs_when_asked_at_the_fake_clock_time) {
  auto monitors = platform.all_monitors();
  BOOST_TEST_REQUIRE((monitors && monitors->monitors && monitors->monitors->size() == 1u));
  const std::string uid = monitors->monitors->front().uid.value_or("");
  BOOST_TEST(uid == "12345678-monitor-5");

  fake.clock().advance(90min);  // no run happens on the schedule: only run_a_monitor records one
  BOOST_TEST(!platform.single_monitor(uid)->monitor->last_run.has_value());
  BOOST_TEST_REQUIRE(platform.run_a_monitor(uid).has_value());
  auto monitor = platform.single_monitor(uid);
  BOOST_TEST_REQUIRE((monitor && monitor->monitor && monitor->monitor->last_run));
  BOOST_TEST(monitor->monitor->last_run->started_at.value_or("") == "2024-01-01T01:30:00Z");
}

BOOST_AUTO_TEST_SUITE_END()
