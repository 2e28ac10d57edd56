// Long-running migration operations awaited against CannedTransport: the canned answer changes while the
// poller "sleeps", as the service's operation would between polls.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/core/recording.hpp>
#include <webapi/migration/client.hpp>

using namespace std::chrono_literals;

namespace {

webapi::Response json(std::string body) {
  webapi::Response r;
  r.headers.set("Content-Type", "application/json");
  r.body = std::move(body);
  return r;
}

constexpr const char* running = R"({"name":"projects/p1/locations/l1/operations/op-7","done":false})";

struct Migration {
  webapi::CannedTransport canned{json(running)};
  webapi::migration::Client<webapi::CannedTransport> client{canned, {.access_token = "ya29.test-token"}};
  std::vector<std::chrono::milliseconds> waits;
  std::chrono::steady_clock::time_point clock{};
  /// A policy on a clock the test moves: each wait advances it and may change the service's answer.
  webapi::PollPolicy policy(std::function<void(std::size_t)> between_polls = {}) {
    return {.initial_delay = 100ms,
            .max_delay = 400ms,
            .multiplier = 2.0,
            .max_total = 5s,
            .sleep = [this, between_polls](std::chrono::milliseconds d) {
              waits.push_back(d);
              clock += d;
              if (between_polls) between_polls(waits.size());
            },
            .now = [this] { return clock; }};
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(long_running, Migration)

BOOST_AUTO_TEST_CASE(an_operation_done_after_two_polls_resolves_to_its_resource) {
  auto group = client.groups_create_and_wait("projects/p1/locations/l1", {.group_id = "g1"},
                                             policy([&](std::size_t wait) {
                                               if (wait == 2)
                                                 canned.respond(json(R"({"name":"projects/p1/locations/l1/operations/op-7",
                                                   "done":true,"response":{"name":"projects/p1/locations/l1/groups/g1",
                                                   "displayName":"Web tier"}})"));
                                             }));
  BOOST_REQUIRE_MESSAGE(group, (group ? "" : group.error().what()));
  BOOST_TEST(group->name.value_or("") == "projects/p1/locations/l1/groups/g1");
  BOOST_TEST(group->display_name.value_or("") == "Web tier");
  BOOST_TEST((waits == std::vector<std::chrono::milliseconds>{100ms, 200ms}));
  auto last = canned.last();
  BOOST_TEST(last->path == "/v1alpha1/projects/p1/locations/l1/operations/op-7");
  BOOST_TEST(last->operation == "operations_get");
}

BOOST_AUTO_TEST_CASE(an_operation_that_fails_gives_its_error) {
  auto r = client.sources_create_and_wait("projects/p1/locations/l1", {}, policy([&](std::size_t) {
    canned.respond(json(R"({"name":"projects/p1/locations/l1/operations/op-7","done":true,
                           "error":{"code":3,"message":"source type is not supported"}})"));
  }));
  BOOST_REQUIRE(!r);
  BOOST_TEST(int(r.error().kind) == int(webapi::ErrorKind::operation_failed));
  BOOST_TEST(r.error().message.find("source type is not supported (code 3)") != std::string::npos);
  BOOST_TEST(waits.size() == 1u);
}

BOOST_AUTO_TEST_CASE(an_operation_that_never_finishes_runs_out_of_time) {
  auto r = client.import_jobs_run_and_wait("projects/p1/locations/l1/importJobs/j1", {}, policy());
  BOOST_REQUIRE(!r);
  BOOST_TEST(int(r.error().kind) == int(webapi::ErrorKind::deadline_exceeded));
  // 100 + 200 + 400 * 11 = 4700 ms waited; one more 400 ms wait would end past the 5 s budget.
  BOOST_TEST(waits.size() == 13u);
  BOOST_TEST(clock.time_since_epoch() == 4700ms);
}

BOOST_AUTO_TEST_CASE(a_cancelled_wait_stops_before_the_next_poll) {
  bool stop = false;
  auto p = policy([&](std::size_t wait) { stop = wait == 3; });
  p.cancelled = [&] { return stop; };
  auto r = client.sources_delete_and_wait("projects/p1/locations/l1/sources/s1", {}, p);
  BOOST_REQUIRE(!r);
  BOOST_TEST(int(r.error().kind) == int(webapi::ErrorKind::cancelled));
  BOOST_TEST(waits.size() == 3u);
}

BOOST_AUTO_TEST_CASE(a_void_operation_is_done_when_the_service_says_so) {
  canned.respond(json(R"({"name":"projects/p1/locations/l1/operations/op-8","done":true})"));
  auto r = client.sources_delete_and_wait("projects/p1/locations/l1/sources/s1", {}, policy());
  BOOST_TEST(r.has_value());
  BOOST_TEST(waits.empty());
}

BOOST_AUTO_TEST_CASE(a_call_that_fails_to_start_is_not_polled) {
  canned.respond(json(R"({"error":{"code":403}})"));
  canned.respond([] {
    auto r = json(R"({"error":{"code":403,"message":"denied"}})");
    r.status = 403;
    return r;
  }());
  auto r = client.groups_create_and_wait("projects/p1/locations/l1", {}, policy());
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 403);
  BOOST_TEST(waits.empty());
}

BOOST_AUTO_TEST_CASE(without_a_sleep_function_the_thread_sleeps_each_wait) {
  // Only the real clock and the default sleep: two waits of 30 ms and 60 ms before the operation is done.
  int polls = 0;
  auto started = std::chrono::steady_clock::now();
  auto done = webapi::await_operation<int>(
      webapi::Result<int>(0), [&](const int&) { return webapi::Result<int>(++polls); },
      [](const int& p) { return p == 2 ? std::optional<webapi::Result<int>>(p) : std::nullopt; },
      {.initial_delay = 30ms, .max_delay = 60ms, .multiplier = 2.0, .max_total = 10s}, "op");
  auto waited = std::chrono::steady_clock::now() - started;
  BOOST_REQUIRE(done);
  BOOST_TEST(*done == 2);
  BOOST_TEST(waited >= 90ms);
}

BOOST_AUTO_TEST_SUITE_END()
