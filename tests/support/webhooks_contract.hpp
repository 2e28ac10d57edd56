#pragma once
// Scenarios of the webhooks rules written against the client alone, so that each runs on the in-process
// fake, on a served one, from a cassette, and on the live service (contract.hpp): subscriptions created,
// paused and resumed, listed, archived; the rules that refuse a subscription or an update; settings
// configured, read and cleared. Each needs only an app its key manages, with no settings and no
// subscriptions of its own making left behind (each scenario cleans up what it made).

#include <cstdint>
#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/webhooks.hpp>

namespace test::webhooks_contract {

namespace wh = webapi::webhooks;

/// What a scenario drives: a client, the app it manages, and raw requests for what a client cannot send.
struct Target {
  Target(webapi::AnyTransport t, std::string base_url, std::string key, std::int32_t app_id)
      : transport(t), hapikey(std::move(key)), app(app_id),
        client(transport, wh::Config{.base_url = std::move(base_url), .hapikey = hapikey}) {}

  webapi::AnyTransport transport;
  std::string hapikey;
  std::int32_t app;
  wh::Client<webapi::AnyTransport> client;

  /// Sends a hand-built request to `rest` under the app, with the key in the query.
  webapi::Response raw(webapi::Method method, const std::string& rest, std::string body = {}) {
    webapi::Request r;
    r.method = method;
    r.base_url = client.config().base_url;
    r.path = "/webhooks/v3/" + std::to_string(app) + rest;
    r.query.push_back({"hapikey", hapikey});
    r.body = std::move(body);
    if (!r.body.empty()) r.content_type = "application/json";
    auto result = transport.send(r);
    BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().what()));
    return *result;
  }
};

/// A subscription created paused, resumed, read, listed, paused again and archived.
inline void subscription_lifecycle(Target& t) {
  auto created = t.client.subscriptions_create(
      t.app, {.body = {.active = false, .event_type = wh::SubscriptionCreateRequestEventType::contact_creation}});
  BOOST_REQUIRE_MESSAGE(created, (created ? "" : created.error().what()));
  BOOST_TEST(!created->active);
  const std::int32_t id = std::stoi(created->id);

  auto resumed = t.client.subscriptions_update(t.app, id, {.body = {.active = true}});
  BOOST_REQUIRE_MESSAGE(resumed, (resumed ? "" : resumed.error().what()));
  BOOST_TEST(resumed->active);
  auto read = t.client.subscriptions_get_by_id(t.app, id);
  BOOST_REQUIRE(read);
  BOOST_TEST(read->active);
  BOOST_TEST((read->event_type == wh::SubscriptionResponseEventType::contact_creation));

  auto all = t.client.subscriptions_get_all(t.app);
  BOOST_REQUIRE(all);
  bool listed = false;
  for (const auto& s : all->results) listed = listed || s.id == created->id;
  BOOST_TEST(listed);

  auto paused = t.client.subscriptions_update(t.app, id, {.body = {.active = false}});
  BOOST_REQUIRE(paused);
  BOOST_TEST(!paused->active);
  BOOST_TEST(t.client.subscriptions_archive(t.app, id).has_value());
  BOOST_TEST(t.client.subscriptions_get_by_id(t.app, id).error().status == 404);
}

/// What the service refuses: a subscription without an event type or with one it does not list, an update
/// whose active is no boolean, settings without a target URL.
inline void rules_refuse_invalid_requests(Target& t) {
  BOOST_TEST(t.raw(webapi::Method::post, "/subscriptions", R"({"active":true})").status == 400);
  BOOST_TEST(t.raw(webapi::Method::post, "/subscriptions", R"({"eventType":"contact.birthday"})").status == 400);
  auto created = t.client.subscriptions_create(
      t.app, {.body = {.event_type = wh::SubscriptionCreateRequestEventType::deal_creation}});
  BOOST_REQUIRE(created);
  BOOST_TEST(t.raw(webapi::Method::patch, "/subscriptions/" + created->id, R"({"active":"yes"})").status == 400);
  BOOST_TEST(t.client.subscriptions_archive(t.app, std::stoi(created->id)).has_value());
  BOOST_TEST(t.raw(webapi::Method::put, "/settings", R"({"throttling":{"maxConcurrentRequests":5}})").status == 400);
}

/// Settings configured, read back, and cleared.
inline void settings_round_trip(Target& t) {
  auto set = t.client.settings_configure(
      t.app, {.body = {.target_url = "https://example.com/contract-hook",
                       .throttling = {.max_concurrent_requests = 7, .period = wh::ThrottlingSettingsPeriod::SECONDLY}}});
  BOOST_REQUIRE_MESSAGE(set, (set ? "" : set.error().what()));
  auto read = t.client.settings_get_all(t.app);
  BOOST_REQUIRE(read);
  BOOST_TEST(read->target_url == "https://example.com/contract-hook");
  BOOST_TEST(read->throttling.max_concurrent_requests == 7);
  BOOST_TEST(t.client.settings_clear(t.app).has_value());
  BOOST_TEST(t.client.settings_get_all(t.app).error().status == 404);
}

}  // namespace test::webhooks_contract
