// Mocks (publish / unpublish) and monitors (accepted cron schedules in a tz database zone; run).

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

namespace {

ap::CreateMonitorParams monitor_on(std::string collection, std::string cron, std::string tz) {
  return {.body = ap::CreateMonitorRequest{{{.collection = std::move(collection), .name = "m",
                                             .schedule = ap::CreateMonitorRequestMonitorSchedule{.cron = std::move(cron),
                                                                                                 .timezone = std::move(tz)}}}}};
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(mocks_and_monitors, PlatformFixture)

BOOST_AUTO_TEST_CASE(a_mock_of_a_collection_with_an_environment) {
  const std::string col = collection();
  const std::string env = environment();
  auto made = ok(client.create_mock({.body = ap::CreateMockRequest{{{.collection = col, .environment = env}}}}));
  BOOST_TEST(*made.mock->collection == col);
  BOOST_TEST(*made.mock->environment == env);
  BOOST_TEST(*made.mock->mock_url == "https://" + *made.mock->id + ".mock.pstmn.io");
  BOOST_TEST(*ok(client.single_mock(*made.mock->uid)).mock->id == *made.mock->id);
  BOOST_TEST(ok(client.all_mocks()).mocks->size() == 1u);

  BOOST_TEST(refused(client.create_mock({.body = ap::CreateMockRequest{{{.collection = "nope"}}}}), 400).param ==
             "mock.collection");
  BOOST_TEST(refused(client.create_mock({.body = ap::CreateMockRequest{{{.collection = col, .environment = "nope"}}}}), 400).param ==
             "mock.environment");
  BOOST_TEST(*ok(client.delete_mock(*made.mock->uid)).mock->uid == *made.mock->uid);
  refused(client.single_mock(*made.mock->uid), 404);
}

BOOST_AUTO_TEST_CASE(a_mock_is_published_and_unpublished) {
  auto [id, uid] = mock();
  BOOST_TEST(!fake.mock(id)->published);
  refused(client.unpublish_mock(uid), 400);
  BOOST_TEST(*ok(client.publish_mock(uid)).mock->id == id);
  BOOST_TEST(fake.mock(id)->published);
  refused(client.publish_mock(uid), 400);
  ok(client.unpublish_mock(uid));
  BOOST_TEST(!fake.mock(id)->published);
}

BOOST_AUTO_TEST_CASE(monitors_take_the_accepted_schedules) {
  const std::string col = collection();
  for (const char* cron : {"*/5 * * * *", "*/10 * * * *", "*/15 * * * *", "*/30 * * * *", "0 */1 * * *", "0 */6 * * *",
                           "0 */12 * * *", "0 0 * * *", "0 17 * * *", "0 12 * * MON", "0 6 * * MON-FRI", "0 23 * * SUN"})
    ok(client.create_monitor(monitor_on(col, cron, "Asia/Kolkata")), cron);
  for (const char* cron : {"* * * * *", "*/7 * * * *", "0 */5 * * *", "30 9 * * *", "0 24 * * *", "0 9 1 * *",
                           "0 9 * 1 *", "0 9 * * MON-SAT", "0 9 * *", "0 9 * * * *", "", "@daily"}) {
    BOOST_TEST(refused(client.create_monitor(monitor_on(col, cron, "UTC")), 400).param == "monitor.schedule.cron", cron);
  }
  BOOST_TEST(ok(client.all_monitors()).monitors->size() == 12u);
}

BOOST_AUTO_TEST_CASE(monitors_take_tz_database_zones) {
  const std::string col = collection();
  for (const char* tz : {"UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Asia/Calcutta"})
    ok(client.create_monitor(monitor_on(col, "0 9 * * *", tz)), tz);
  for (const char* tz : {"CEST", "Europe/Atlantis", "utc", "+02:00", ""})
    BOOST_TEST(refused(client.create_monitor(monitor_on(col, "0 9 * * *", tz)), 400).param == "monitor.schedule.timezone", tz);
  BOOST_TEST(refused(client.create_monitor(monitor_on("nope", "0 9 * * *", "UTC")), 400).param == "monitor.collection");
}

BOOST_AUTO_TEST_CASE(a_monitor_is_read_changed_run_and_deleted) {
  auto [id, uid] = monitor("0 9 * * *", "Europe/Paris");
  auto got = ok(client.single_monitor(uid));
  BOOST_TEST(*got.monitor->schedule->cron == "0 9 * * *");
  BOOST_TEST(*got.monitor->schedule->timezone == "Europe/Paris");
  BOOST_TEST(!got.monitor->last_run.has_value());

  auto bad = client.update_monitor(uid, {.body = ap::UpdateMonitorRequest{{{
                                             .name = "renamed",
                                             .schedule = ap::UpdateMonitorRequestMonitorSchedule{.cron = "1 2 3 4 5",
                                                                                                 .timezone = "UTC"}}}}});
  BOOST_TEST(refused(bad, 400).param == "monitor.schedule.cron");
  BOOST_TEST(fake.monitor(id)->name == "Check");  // nothing changed
  ok(client.update_monitor(uid, {.body = ap::UpdateMonitorRequest{{{
                                     .name = "renamed",
                                     .schedule = ap::UpdateMonitorRequestMonitorSchedule{.cron = "*/15 * * * *",
                                                                                         .timezone = "UTC"}}}}}));
  BOOST_TEST(fake.monitor(id)->cron == "*/15 * * * *");

  auto run = ok(client.run_a_monitor(uid));
  BOOST_TEST(*run.run->info->monitor_id == id);
  BOOST_TEST(*run.run->info->status == "success");
  BOOST_TEST(fake.monitor(id)->runs.size() == 1u);
  ok(client.run_a_monitor(uid));
  BOOST_TEST(fake.monitor(id)->runs.size() == 2u);
  BOOST_TEST(ok(client.single_monitor(uid)).monitor->last_run.has_value());

  BOOST_TEST(*ok(client.delete_monitor(uid)).monitor->id == id);
  refused(client.run_a_monitor(uid), 404);
}

BOOST_AUTO_TEST_SUITE_END()
