// What the webhooks fake shares with every fake: its routes, 404/405, faults, the journal, reset,
// seeding and inspection; here with error bodies in the description's shape.

#include <chrono>
#include <stdexcept>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::EventType;
using test::WebhooksFixture;

BOOST_FIXTURE_TEST_SUITE(protocol, WebhooksFixture)

BOOST_AUTO_TEST_CASE(every_client_operation_reaches_a_modeled_route_of_the_same_name) {
  for (const auto& op : webapi::webhooks::operations) {
    bool found = false;
    for (const auto& r : fake.routes())
      found = found || (r.operation == op.name && r.method == op.method && r.path == op.path && r.modeled);
    BOOST_TEST(found, op.name << " is routed and modeled");
  }
  for (const auto& r : fake.routes()) BOOST_TEST(r.modeled, r.operation << " is modeled");
  BOOST_TEST(fake.routes().size() == webapi::webhooks::operations.size());
}

BOOST_AUTO_TEST_CASE(unknown_paths_are_404_and_wrong_methods_405_in_the_error_shape) {
  auto missing = raw(Method::get, "/webhooks/v3/1234/nothing", key);
  BOOST_TEST(missing.status == 404);
  auto e = test::described_error(missing.body);
  BOOST_TEST(e.category == "NOT_FOUND");
  BOOST_TEST(e.message.find("/webhooks/v3/1234/nothing") != std::string::npos);

  auto wrong = raw(Method::post, path(app, "/settings"), key, "{}");
  BOOST_TEST(wrong.status == 405);
  BOOST_TEST(test::described_error(wrong.body).category == "METHOD_NOT_ALLOWED");
  BOOST_TEST(*wrong.headers.get("Allow") == "GET, PUT, DELETE");
  BOOST_TEST(*raw(Method::get, path(app, "/subscriptions/batch/update"), key).headers.get("Allow") == "POST");
}

BOOST_AUTO_TEST_CASE(an_unmodeled_operation_would_answer_501_in_the_error_shape_naming_it) {
  // Every operation is modeled, so the error format is checked on the facts the Dispatcher gives a 501.
  auto described = test::fw::described_error(501, "operation 'subscriptions_frobnicate' is not modeled by this fake",
                                             {{"operation", "subscriptions_frobnicate"}},
                                             "00000000-0000-4000-8000-000000000001");
  BOOST_TEST(described.status == 501);
  auto e = test::described_error(described.body);
  BOOST_TEST(e.category == "NOT_IMPLEMENTED");
  BOOST_TEST(e.correlation_id == "00000000-0000-4000-8000-000000000001");
  BOOST_TEST(e.message.find("subscriptions_frobnicate") != std::string::npos);
  BOOST_TEST(e.context.at("operation").as_array()[0].as_string() == "subscriptions_frobnicate");
  BOOST_TEST(e.field.empty());
}

BOOST_AUTO_TEST_CASE(fail_next_answers_the_status_in_the_error_shape_then_recovers) {
  fake.fail_next(1, 503, "subscriptions_get_all");
  BOOST_TEST(client.settings_clear(app).has_value());  // another operation is not affected
  auto failed = client.subscriptions_get_all(app);
  BOOST_REQUIRE(!failed);
  auto e = test::refusal(failed.error(), 503);
  BOOST_TEST(e.category == "SERVICE_UNAVAILABLE");
  BOOST_TEST(e.message == "injected fault: status 503");
  BOOST_TEST(fake.journal().last()->injected);
  BOOST_TEST(client.subscriptions_get_all(app).has_value());

  fake.fail_next(2, 429);
  BOOST_TEST(test::refusal(client.settings_get_all(app).error(), 429).category == "TOO_MANY_REQUESTS");
  BOOST_TEST(client.subscriptions_create(app, {.body = {.event_type = EventType::deal_creation}}).error().status ==
             429);
  BOOST_TEST(fake.snapshot().subscriptions_created == 0);  // refused before the fake's rules ran
  BOOST_TEST(client.subscriptions_create(app, {.body = {.event_type = EventType::deal_creation}}).has_value());
}

BOOST_AUTO_TEST_CASE(drop_next_is_a_transport_error) {
  fake.drop_next(1, "subscriptions_create");
  auto dropped = client.subscriptions_create(app, {.body = {.event_type = EventType::deal_creation}});
  BOOST_REQUIRE(!dropped);
  BOOST_TEST(int(dropped.error().kind) == int(ErrorKind::transport));
  BOOST_TEST(dropped.error().operation == "subscriptions_create");
  BOOST_TEST(fake.journal().last()->status == 0);
  BOOST_TEST(client.subscriptions_get_all(app)->results.empty());
}

BOOST_AUTO_TEST_CASE(latency_delays_every_call) {
  fake.set_latency(30ms);
  auto start = std::chrono::steady_clock::now();
  BOOST_TEST(client.subscriptions_get_all(app).has_value());
  BOOST_TEST((std::chrono::steady_clock::now() - start >= 30ms));
  fake.clear_faults();
}

BOOST_AUTO_TEST_CASE(the_journal_records_each_call_with_its_operation_status_and_body) {
  configure();
  const auto id = subscribe(EventType::contact_creation);
  BOOST_TEST(client.subscriptions_update(app, id, {.body = {.active = false}}).has_value());
  BOOST_TEST(client.subscriptions_archive(app, id).has_value());
  fake.clock().advance(5s);
  BOOST_TEST(!client.subscriptions_get_by_id(app, id));
  BOOST_TEST(!client_with("nope").subscriptions_get_all(app));

  auto journal = fake.journal();
  BOOST_REQUIRE(journal.size() == 6u);
  BOOST_TEST(journal.at(0).operation == "settings_configure");
  BOOST_TEST(journal.at(0).status == 200);
  BOOST_TEST(journal.at(1).operation == "subscriptions_create");
  BOOST_TEST(journal.at(1).status == 201);
  BOOST_TEST(journal.at(1).request.body.find("\"contact.creation\"") != std::string::npos);
  BOOST_TEST(journal.at(2).operation == "subscriptions_update");
  BOOST_TEST(journal.at(2).request.body == R"({"active":false})");
  BOOST_TEST(journal.at(3).status == 204);
  BOOST_TEST(journal.at(4).status == 404);
  BOOST_TEST((journal.at(4).at == webapi::fakes::ManualClock::default_start() + 5s));
  BOOST_TEST(journal.at(5).status == 401);
  BOOST_TEST(journal.at(5).operation == "subscriptions_get_all");
  BOOST_TEST(journal.count(Method::delete_, "/webhooks/v3/1234/subscriptions/" + std::to_string(id)) == 1u);
  fake.clear_journal();
  BOOST_TEST(fake.requests().empty());
}

BOOST_AUTO_TEST_CASE(reset_forgets_keys_apps_subscriptions_outbox_journal_faults_and_time) {
  configure();
  subscribe(EventType::contact_creation);
  fake.trigger(app, "contact.creation");
  fake.fail_next(3, 500);
  fake.clock().advance(24h);
  const std::string first_key = key;
  fake.reset();

  BOOST_TEST(client.subscriptions_get_all(app).error().status == 401);  // no faults left, no key
  auto s = fake.snapshot();
  BOOST_TEST(s.api_keys.empty());
  BOOST_TEST(s.apps.empty());
  BOOST_TEST(s.deliveries.empty());
  BOOST_TEST((fake.clock().now() == webapi::fakes::ManualClock::default_start()));
  BOOST_TEST(fake.requests().size() == 1u);
  // Keys and ids start over: runs repeat exactly.
  BOOST_TEST(fake.add_api_key({.apps = {app}}) == first_key);
  BOOST_TEST(subscribe(EventType::deal_creation) == 1);
  BOOST_TEST(fake.add_app() == test::fw::first_generated_app_id);
}

BOOST_AUTO_TEST_CASE(seeding_and_inspection) {
  const auto fresh = fake.add_app();
  BOOST_TEST(fresh == 1000001);
  BOOST_TEST(fake.add_app() == 1000002);
  BOOST_TEST(fake.add_app(app) == app);  // already there: unchanged
  BOOST_TEST(key.size() == 36u);
  BOOST_TEST(key != other_key);

  fake.set_settings(fresh, {.target_url = "https://seeded.example.com/"});
  auto seeded = *fake.settings(fresh);
  BOOST_TEST((seeded.throttling == test::fw::Throttling{10, "SECONDLY"}));
  BOOST_TEST((seeded.created_at == fake.clock().now()));
  const auto id = fake.add_subscription(fresh, {.event_type = "deal.creation", .active = true});
  BOOST_TEST(fake.subscription(fresh, id)->event_type == "deal.creation");
  BOOST_TEST(!fake.subscription(app, id));
  BOOST_TEST(fake.inspect([](const test::fw::State& s) { return s.apps.size(); }) == 4u);

  // A key for the seeded app reads what was seeded.
  auto seeded_client = client_with(fake.add_api_key({.apps = {fresh}}));
  BOOST_TEST(seeded_client.settings_get_all(fresh)->target_url == "https://seeded.example.com/");
  BOOST_TEST(seeded_client.subscriptions_get_by_id(fresh, id)->active);

  BOOST_CHECK_THROW(fake.set_settings(4242, {.target_url = "https://x.example.com/"}), std::invalid_argument);
  BOOST_CHECK_THROW(fake.set_settings(fresh, {.target_url = "relative"}), std::invalid_argument);
  BOOST_CHECK_THROW(fake.set_settings(fresh, {.target_url = "https://x.example.com/", .throttling = {1, "DAILY"}}),
                    std::invalid_argument);
  BOOST_CHECK_THROW(fake.add_subscription(4242, {.event_type = "deal.creation"}), std::invalid_argument);
  BOOST_CHECK_THROW(fake.add_subscription(fresh, {.event_type = "deal.birthday"}), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
