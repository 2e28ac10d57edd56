// Notification subscriptions: listed at GET /subscription, removed when their target answers 404;
// whether hooks are supported.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;
namespace fpm = webapi::fakes::project_management;

namespace {
struct SubscriptionFixture : PmFixture {
  std::string subscribe(std::string event, std::string url) {
    auto r = client.post_subscription({.body = {.event = std::move(event), .url = std::move(url)}});
    BOOST_REQUIRE_MESSAGE(r.has_value(), "subscribing failed: " << (r ? "" : r.error().body));
    // The answer is a JSON string (the description's schema); the client hands a string result back as
    // the body's text, so the id comes with its quotes.
    return std::string(boost::json::parse(*r).as_string());
  }
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(subscriptions, SubscriptionFixture)

BOOST_AUTO_TEST_CASE(subscriptions_are_listed) {
  const auto id = subscribe("PROJECT_CREATED", "https://hooks.example.com/a");
  auto list = client.get_subscription();
  BOOST_REQUIRE(list.has_value());
  BOOST_REQUIRE(list->size() == 1u);
  BOOST_TEST(*list->front().subscription_id == id);
  BOOST_TEST(*list->front().event == "PROJECT_CREATED");
  BOOST_TEST(*list->front().url == "https://hooks.example.com/a");
  BOOST_REQUIRE(client.delete_subscription_subscription_id(id));
  BOOST_TEST(client.get_subscription()->empty());
}

BOOST_AUTO_TEST_CASE(a_subscription_needs_an_event_and_a_url) {
  BOOST_TEST(test::refusal(client.post_subscription({.body = {.url = "https://x.example.com"}}), 400) == "'event' is required");
  BOOST_TEST(test::refusal(client.post_subscription({.body = {.event = "E", .url = "x.example.com"}}), 400) ==
             "'url' must be an absolute http or https URL");
}

BOOST_AUTO_TEST_CASE(a_subscription_whose_target_answers_404_is_removed) {
  const auto gone = subscribe("JOB_STATUS_CHANGED", "https://gone.example.com/hook");
  const auto live = subscribe("JOB_STATUS_CHANGED", "https://live.example.com/hook");
  const auto other = subscribe("PROJECT_CREATED", "https://gone.example.com/other");
  std::vector<fpm::Notification> received;
  fake.set_deliverer([&](const fpm::Notification& n) {
    received.push_back(n);
    return n.url.starts_with("https://gone.") ? 404 : 200;
  });
  auto sent = fake.notify("JOB_STATUS_CHANGED", boost::json::object{{"jobId", "7"}});
  BOOST_TEST(sent.size() == 2u);
  BOOST_REQUIRE(received.size() == 2u);
  BOOST_TEST(received.front().payload.at("jobId").as_string() == "7");
  std::vector<std::string> left;
  for (const auto& s : *client.get_subscription()) left.push_back(*s.subscription_id);
  BOOST_TEST((left == std::vector<std::string>{live, other}));  // the 404 target's other event stays
  (void)gone;
}

BOOST_AUTO_TEST_CASE(other_failures_keep_the_subscription) {
  subscribe("JOB_STATUS_CHANGED", "https://flaky.example.com/hook");
  fake.set_deliverer([](const fpm::Notification&) { return 503; });
  fake.notify("JOB_STATUS_CHANGED");
  BOOST_TEST(client.get_subscription()->size() == 1u);
}

BOOST_AUTO_TEST_CASE(are_hooks_supported_answers) {
  BOOST_TEST(*client.get_subscription_supports() == true);
  fake.set_hooks_supported(false);
  BOOST_TEST(*client.get_subscription_supports() == false);
  BOOST_TEST(test::refusal(client.post_subscription({.body = {.event = "E", .url = "https://x.example.com"}}), 400) ==
             "hooks are not supported by this service");
}

BOOST_AUTO_TEST_SUITE_END()
