#define BOOST_TEST_MODULE compiled_finance_delivery
// The compiled finance fake delivers as the header-only one does: with deliver_to_loopback(true), as
// webapi-fake-server-finance turns it on, the notification a refresh records is POSTed to its subscriber's
// loopback callback; without it, as a CompiledFake starts, nothing is.

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/recording.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/fakes/finance/compiled.hpp>
#include <webapi/finance.hpp>

namespace fin = webapi::finance;
using namespace std::chrono_literals;

namespace {

/// Subscribes a loopback callback to REFRESH, refreshes one of ada's provider accounts, and returns what
/// the callback received within `wait`.
std::optional<webapi::Request> refresh_delivered(webapi::fakes::finance::CompiledFake& fake,
                                                 std::chrono::milliseconds wait) {
  webapi::CannedTransport subscriber{webapi::Response{200, {}, ""}};
  auto listening = webapi::fakes::serve(subscriber, 0);
  const std::string url = "http://127.0.0.1:" + std::to_string(listening.port()) + "/hooks/refresh";
  const std::string base_url = "https://finance.example";
  const std::string admin_token = fake.issue_token(fake.cobrand().admin_login_name);
  fin::AnyClient admin{fake, {.base_url = base_url, .access_token = admin_token}};
  fin::AnyClient ada{fake, {.base_url = base_url, .access_token = fake.issue_token("ada")}};
  BOOST_REQUIRE(admin.create_subscription_event(fin::CobrandNotificationEventName::REFRESH,
                                                {.body = {.event = {.callback_url = url}}}));
  const auto account = fake.add_provider_account("ada", {.provider_id = 1});
  BOOST_REQUIRE(ada.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(account)}));
  BOOST_REQUIRE(fake.notifications().size() == 1u);  // recorded either way
  // Delivery runs in the background.
  for (auto waited = 0ms; waited < wait && !subscriber.last(); waited += 10ms) std::this_thread::sleep_for(10ms);
  return subscriber.last();
}

}  // namespace

BOOST_AUTO_TEST_CASE(turned_on_it_posts_a_notification_to_a_loopback_callback) {
  webapi::fakes::finance::CompiledFake fake;
  fake.deliver_to_loopback(true);
  const auto received = refresh_delivered(fake, 5000ms);
  BOOST_REQUIRE_MESSAGE(received, "no notification reached the loopback callback");
  BOOST_TEST(received->method == webapi::Method::post);
  BOOST_TEST(received->path == "/hooks/refresh");
  BOOST_TEST(boost::json::parse(received->body).at("event").at("name").as_string() == "REFRESH");
}

BOOST_AUTO_TEST_CASE(left_off_it_only_records_the_notification) {
  webapi::fakes::finance::CompiledFake fake;
  BOOST_TEST(!refresh_delivered(fake, 300ms));
}
