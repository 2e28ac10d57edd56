// Event subscriptions (admin calls; a valid callback URL required), the notification a refresh records
// for REFRESH subscribers, and data-extract events between two dates.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include <thread>

#include <webapi/core/recording.hpp>
#include <webapi/fake_server/serve.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::FinanceFixture;
namespace fin = webapi::finance;
using Event = fin::CobrandNotificationEventName;

BOOST_FIXTURE_TEST_SUITE(event_subscriptions, FinanceFixture)

BOOST_AUTO_TEST_CASE(subscribe_list_update_and_unsubscribe) {
  BOOST_REQUIRE(admin.create_subscription_event(Event::REFRESH, {.body = {.event = {.callback_url = "https://hooks.example.com/refresh"}}})
                    .has_value());
  BOOST_TEST(fake.journal().last()->status == 201);
  // The /configs paths name the same subscriptions.
  auto listed = admin.get_subscribed_notification_events();
  BOOST_REQUIRE(listed->event->size() == 1u);
  BOOST_TEST(*listed->event->front().callback_url == "https://hooks.example.com/refresh");
  BOOST_TEST(admin.update_subscribed_notification_event(Event::REFRESH, {.body = {.event = {.callback_url = "https://hooks.example.com/v2"}}})
                 .has_value());
  BOOST_TEST(*admin.get_subscribed_events()->event->front().callback_url == "https://hooks.example.com/v2");
  auto twice = admin.create_subscription_notification_event(Event::REFRESH, {.body = {.event = {.callback_url = "https://a.example.com/"}}});
  BOOST_TEST(twice.error().status == 400);
  BOOST_TEST(admin.delete_subscribed_event(Event::REFRESH).has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(admin.get_subscribed_events()->event->empty());
  BOOST_TEST(admin.delete_subscribed_event(Event::REFRESH).error().status == 404);
}

BOOST_AUTO_TEST_CASE(an_invalid_or_missing_callback_url_fails_the_subscription) {
  for (std::string url : {"not a url", "ftp://hooks.example.com/x", "https://", "https:///path"}) {
    auto r = admin.create_subscription_event(Event::DATA_UPDATES, {.body = {.event = {.callback_url = url}}});
    BOOST_REQUIRE_MESSAGE(!r, url);
    auto e = test::refusal(r.error(), 400);
    BOOST_TEST(e.code == "Y800");
    BOOST_TEST(e.message.find("callbackUrl") != std::string::npos);
  }
  auto missing = admin.create_subscription_event(Event::AUTO_REFRESH_UPDATES, {.body = {.event = {}}});
  BOOST_TEST(test::refusal(missing.error(), 400).code == "Y803");
  auto unknown = admin.create_subscription_event(webapi::OpenEnum<Event>::raw("WEATHER"),
                                                 {.body = {.event = {.callback_url = "https://hooks.example.com/"}}});
  BOOST_TEST(test::refusal(unknown.error(), 400).message.find("eventName") != std::string::npos);
  BOOST_TEST(admin.get_subscribed_events()->event->empty());
}

BOOST_AUTO_TEST_CASE(a_refresh_records_a_notification_for_refresh_subscribers) {
  const auto pa = fake.add_provider_account("ada", {.provider_id = 1});
  (void)client.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(pa)});
  BOOST_TEST(fake.notifications().empty());  // nobody subscribed yet
  BOOST_REQUIRE(admin.create_subscription_event(Event::REFRESH, {.body = {.event = {.callback_url = "http://127.0.0.1:9/cb"}}}));
  fake.clock().advance(15min);
  auto refreshed = client.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(pa)});
  BOOST_REQUIRE(refreshed.has_value());
  auto sent = fake.notifications();
  BOOST_REQUIRE(sent.size() == 1u);
  BOOST_TEST(sent[0].event_name == "REFRESH");
  BOOST_TEST(sent[0].callback_url == "http://127.0.0.1:9/cb");
  const auto& event = sent[0].payload.at("event");
  BOOST_TEST(event.at("loginName").as_string() == "ada");
  const auto& started = event.at("data").at("providerAccount").at(0);
  BOOST_TEST(started.at("id").as_int64() == pa);
  BOOST_TEST(started.at("requestId").as_string() == *refreshed->provider_account->front().request_id);
}

BOOST_AUTO_TEST_CASE(a_served_fake_delivers_notifications_to_a_loopback_callback) {
  webapi::CannedTransport subscriber{webapi::Response{200, {}, ""}};
  auto listening = webapi::fakes::serve(subscriber, 0);
  fake.deliver_to_loopback(true);
  const std::string url = "http://127.0.0.1:" + std::to_string(listening.port()) + "/hooks/refresh";
  BOOST_REQUIRE(admin.create_subscription_event(Event::REFRESH, {.body = {.event = {.callback_url = url}}}));
  const auto pa = fake.add_provider_account("ada", {.provider_id = 1});
  REQUIRE_OK(client.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(pa)}));
  // Delivery runs in the background; wait for it, within a bound.
  for (int i = 0; i < 500 && !subscriber.last(); ++i) std::this_thread::sleep_for(10ms);
  auto received = subscriber.last();
  BOOST_REQUIRE_MESSAGE(received, "no notification reached " << url);
  BOOST_TEST(received->method == Method::post);
  BOOST_TEST(received->path == "/hooks/refresh");
  BOOST_TEST(boost::json::parse(received->body).at("event").at("name").as_string() == "REFRESH");
  BOOST_TEST(!test::ff::loopback_target("https://hooks.example.com/x"));
  BOOST_TEST(!test::ff::loopback_target("http://10.0.0.1:80/x"));
}

BOOST_AUTO_TEST_CASE(data_extract_events_between_two_dates) {
  const auto pa = fake.add_provider_account("ada", {.provider_id = 1});
  fake.clock().advance(1h);
  const std::string before = webapi::fakes::timestamp_string(fake.clock().now());
  fake.clock().advance(1h);
  auto client = client_with(fake.issue_token("ada"));  // the fixture's token has run out by now
  REQUIRE_OK(client.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(pa)}));
  fake.clock().advance(1h);
  const std::string after = webapi::fakes::timestamp_string(fake.clock().now());
  auto admin = client_with(fake.issue_token(fake.cobrand().admin_login_name));

  auto r = admin.get_data_extracts_events({.event_name = "DATA_UPDATES", .from_date = before, .to_date = after});
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST(*r->event->data->user_count == 1);
  BOOST_TEST(*r->event->data->user_data->front().user->login_name == "ada");
  auto earlier = admin.get_data_extracts_events({.event_name = "DATA_UPDATES", .from_date = before, .to_date = before});
  BOOST_TEST(*earlier->event->data->user_count == 0);

  BOOST_TEST(admin.get_data_extracts_events({.event_name = "DATA_UPDATES", .from_date = after, .to_date = before})
                 .error().status == 400);
  fake.clock().advance(std::chrono::days(8));
  admin = client_with(fake.issue_token(fake.cobrand().admin_login_name));
  auto stale = admin.get_data_extracts_events({.event_name = "DATA_UPDATES", .from_date = before, .to_date = after});
  BOOST_TEST(test::refusal(stale.error(), 400).message.find("7 days") != std::string::npos);
  BOOST_TEST(client_with(fake.issue_token("ada"))
                 .get_data_extracts_events({.event_name = "DATA_UPDATES", .from_date = before, .to_date = after})
                 .error().status == 403);  // an admin call
}

BOOST_AUTO_TEST_SUITE_END()
