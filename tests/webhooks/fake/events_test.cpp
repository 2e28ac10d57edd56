// Events: trigger() records a delivery per matching subscription in the outbox, to the app's one target
// URL with its throttling; nothing without settings.

#include <chrono>
#include <stdexcept>
#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/webhooks/signature.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::EventType;
using test::WebhooksFixture;
using Period = webapi::webhooks::ThrottlingSettingsPeriod;

BOOST_FIXTURE_TEST_SUITE(events, WebhooksFixture)

BOOST_AUTO_TEST_CASE(an_event_goes_to_each_active_subscription_of_its_type) {
  configure("https://example.com/hooks", 5, Period::ROLLING_MINUTE);
  const auto created = subscribe(EventType::contact_creation);
  const auto created_too = subscribe(EventType::contact_creation);
  const auto paused = subscribe(EventType::contact_creation, false);
  const auto deleted = subscribe(EventType::contact_deletion);
  fake.clock().advance(3s);

  const boost::json::value payload = {{"objectId", 42}, {"portalId", 7}};
  BOOST_TEST(fake.trigger(app, "contact.creation", payload) == 2u);
  auto out = fake.deliveries();
  BOOST_REQUIRE(out.size() == 2u);
  BOOST_TEST(out[0].subscription_id == created);
  BOOST_TEST(out[1].subscription_id == created_too);
  for (const auto& d : out) {
    BOOST_TEST(d.app_id == app);
    BOOST_TEST(d.event_type == "contact.creation");
    BOOST_TEST(d.target_url == "https://example.com/hooks");
    BOOST_TEST((d.throttling == test::fw::Throttling{5, "ROLLING_MINUTE"}));
    BOOST_TEST((d.payload == payload));
    BOOST_TEST((d.at == webapi::fakes::ManualClock::default_start() + 3s));
  }
  BOOST_TEST(out[0].sequence == 1u);
  BOOST_TEST(out[1].sequence == 2u);

  BOOST_TEST(fake.trigger(app, "contact.deletion") == 1u);
  BOOST_TEST(fake.deliveries().back().subscription_id == deleted);
  BOOST_TEST(fake.trigger(app, "deal.creation") == 0u);
  (void)paused;
}

BOOST_AUTO_TEST_CASE(pausing_archiving_and_resuming_decide_what_is_delivered) {
  configure();
  const auto a = subscribe(EventType::ticket_creation);
  const auto b = subscribe(EventType::ticket_creation);
  BOOST_TEST(client.subscriptions_update(app, a, {.body = {.active = false}}).has_value());
  BOOST_TEST(client.subscriptions_archive(app, b).has_value());
  BOOST_TEST(fake.trigger(app, "ticket.creation") == 0u);

  BOOST_TEST(client.subscriptions_update_batch(app, {.body = {.inputs = {{.active = true, .id = a}}}}).has_value());
  BOOST_TEST(fake.trigger(app, "ticket.creation") == 1u);
  BOOST_TEST(fake.deliveries().back().subscription_id == a);
}

BOOST_AUTO_TEST_CASE(nothing_is_delivered_without_settings) {
  subscribe(EventType::contact_creation);
  BOOST_TEST(fake.trigger(app, "contact.creation") == 0u);
  configure();
  BOOST_TEST(fake.trigger(app, "contact.creation") == 1u);
  BOOST_TEST(client.settings_clear(app).has_value());
  BOOST_TEST(fake.trigger(app, "contact.creation") == 0u);
  BOOST_TEST(fake.deliveries().size() == 1u);
}

BOOST_AUTO_TEST_CASE(deliveries_follow_the_one_target_url_as_configured_when_triggered) {
  configure("https://first.example.com/in", 10);
  subscribe(EventType::deal_creation);
  fake.trigger(app, "deal.creation");
  configure("https://second.example.com/in", 2, Period::ROLLING_MINUTE);
  fake.trigger(app, "deal.creation");
  auto out = fake.deliveries();
  BOOST_REQUIRE(out.size() == 2u);
  BOOST_TEST(out[0].target_url == "https://first.example.com/in");
  BOOST_TEST(out[0].throttling.max_concurrent_requests == 10);
  BOOST_TEST(out[1].target_url == "https://second.example.com/in");
  BOOST_TEST(out[1].throttling.period == "ROLLING_MINUTE");
}

BOOST_AUTO_TEST_CASE(a_property_change_subscription_hears_only_its_property) {
  configure();
  const auto email = subscribe(EventType::contact_propertyChange, true, "email");
  const auto any = subscribe(EventType::contact_propertyChange, true);
  BOOST_TEST(fake.trigger(app, "contact.propertyChange", {{"propertyName", "email"}, {"propertyValue", "a@b.c"}}) ==
             2u);
  BOOST_TEST(fake.trigger(app, "contact.propertyChange", {{"propertyName", "phone"}}) == 1u);
  BOOST_TEST(fake.deliveries().back().subscription_id == any);
  BOOST_TEST(fake.trigger(app, "contact.propertyChange") == 1u);
  auto out = fake.deliveries();
  BOOST_TEST(*out[0].property_name == "email");
  BOOST_TEST(out[0].subscription_id == email);
  BOOST_TEST(!out[1].property_name);
}

BOOST_AUTO_TEST_CASE(events_stay_within_their_app) {
  configure();
  subscribe(EventType::contact_creation);
  auto other = client_with(other_key);
  BOOST_TEST(other.settings_configure(other_app, {.body = {.target_url = "https://other.example.com/",
                                                           .throttling = {.max_concurrent_requests = 1}}})
                 .has_value());
  BOOST_TEST(other.subscriptions_create(other_app, {.body = {.active = true, .event_type = EventType::contact_creation}})
                 .has_value());
  BOOST_TEST(fake.trigger(other_app, "contact.creation") == 1u);
  BOOST_TEST(fake.deliveries().back().target_url == "https://other.example.com/");
  BOOST_TEST(fake.deliveries().back().app_id == other_app);
}

BOOST_AUTO_TEST_CASE(the_outbox_can_be_cleared_and_numbering_carries_on) {
  configure();
  subscribe(EventType::contact_creation);
  fake.trigger(app, "contact.creation");
  fake.trigger(app, "contact.creation");
  fake.clear_deliveries();
  BOOST_TEST(fake.deliveries().empty());
  fake.trigger(app, "contact.creation");
  BOOST_TEST(fake.deliveries().front().sequence == 3u);
}

BOOST_AUTO_TEST_CASE(triggering_for_an_unknown_app_or_event_type_is_a_test_mistake) {
  BOOST_CHECK_THROW(fake.trigger(9999, "contact.creation"), std::invalid_argument);
  BOOST_CHECK_THROW(fake.trigger(app, "contact.birthday"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(each_delivery_is_signed_so_the_receiver_can_verify_it) {
  configure("https://example.com/hooks?portal=62515");
  subscribe(EventType::contact_creation);
  fake.set_app_secret(app, "app-client-secret");
  fake.clock().advance(90s);
  const boost::json::value payload = boost::json::array{{{"objectId", 42}, {"subscriptionType", "contact.creation"}}};
  fake.trigger(app, "contact.creation", payload);
  const auto d = fake.deliveries().back();
  BOOST_TEST(d.method == "POST");
  BOOST_TEST((boost::json::parse(d.body) == payload));
  BOOST_TEST(d.headers.get("Content-Type").value_or("") == "application/json");
  const auto sent = webapi::fakes::ManualClock::default_start() + 90s;
  BOOST_TEST(d.headers.get(test::wh::request_timestamp_header).value_or("") ==
             std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(sent.time_since_epoch()).count()));

  // What a receiving app does with it, a minute after it was sent.
  auto verified = test::wh::verify_v3("app-client-secret", d.method, d.target_url, d.body, d.headers, sent + 60s);
  BOOST_TEST(verified.has_value(), (verified ? "" : verified.error().message));
}

BOOST_AUTO_TEST_CASE(a_tampered_stale_or_wrongly_keyed_delivery_fails_verification) {
  configure("https://example.com/hooks");
  subscribe(EventType::contact_creation);
  fake.set_app_secret(app, "app-client-secret");
  fake.trigger(app, "contact.creation", {{"objectId", 42}});
  const auto d = fake.deliveries().back();
  const auto sent = webapi::fakes::ManualClock::default_start();

  auto tampered = test::wh::verify_v3("app-client-secret", d.method, d.target_url, R"({"objectId":43})", d.headers, sent);
  BOOST_REQUIRE(!tampered.has_value());
  BOOST_TEST(tampered.error().message.find("does not match") != std::string::npos);
  BOOST_TEST(!test::wh::verify_v3("app-client-secret", d.method, "https://example.com/other", d.body, d.headers, sent));
  BOOST_TEST(!test::wh::verify_v3("another-secret", d.method, d.target_url, d.body, d.headers, sent));
  auto stale = test::wh::verify_v3("app-client-secret", d.method, d.target_url, d.body, d.headers, sent + 6min);
  BOOST_REQUIRE(!stale.has_value());
  BOOST_TEST(stale.error().message.find("old") != std::string::npos);
  BOOST_TEST(test::wh::verify_v3("app-client-secret", d.method, d.target_url, d.body, d.headers, sent + 4min).has_value());
}

BOOST_AUTO_TEST_CASE(every_app_signs_with_a_secret_of_its_own_until_one_is_set) {
  const std::string first = fake.app_secret(app);
  BOOST_TEST(!first.empty());
  BOOST_TEST(fake.app_secret(other_app) != first);
  configure();
  subscribe(EventType::contact_creation);
  fake.trigger(app, "contact.creation");
  const auto before = fake.deliveries().back();
  BOOST_TEST(test::wh::verify_v3(first, before.method, before.target_url, before.body, before.headers,
                           webapi::fakes::ManualClock::default_start())
                 .has_value());
  fake.set_app_secret(app, "rotated");
  BOOST_TEST(fake.app_secret(app) == "rotated");
  fake.trigger(app, "contact.creation");
  const auto after = fake.deliveries().back();
  BOOST_TEST((after.headers.get(test::wh::signature_v3_header) != before.headers.get(test::wh::signature_v3_header)));
  BOOST_TEST(test::wh::verify_v3("rotated", after.method, after.target_url, after.body, after.headers,
                           webapi::fakes::ManualClock::default_start())
                 .has_value());
  BOOST_CHECK_THROW(fake.set_app_secret(app, ""), std::invalid_argument);
  BOOST_CHECK_THROW(fake.set_app_secret(9999, "s"), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
