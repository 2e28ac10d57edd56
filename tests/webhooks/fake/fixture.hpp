#pragma once
// A webhooks fake with two apps, each managed by its own key, a typed client per key, and hand-built
// requests for what the typed client cannot send (no key, a body the description forbids).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/webhooks.hpp>
#include <webapi/webhooks.hpp>

namespace test {

namespace fw = webapi::fakes::webhooks;
namespace wh = webapi::webhooks;
using WebhooksClient = wh::Client<fw::Fake>;
using EventType = wh::SubscriptionCreateRequestEventType;

struct WebhooksFixture {
  static constexpr std::int32_t app = 1234;
  static constexpr std::int32_t other_app = 5678;

  fw::Fake fake;
  std::string key = fake.add_api_key({.apps = {app}});
  std::string other_key = fake.add_api_key({.apps = {other_app}});
  WebhooksClient client{fake, {.hapikey = key}};

  /// A client presenting `hapikey`.
  WebhooksClient client_with(std::string hapikey) { return WebhooksClient{fake, {.hapikey = std::move(hapikey)}}; }

  /// Configures `app` through the client, failing the test if refused.
  wh::SettingsResponse configure(std::string url = "https://example.com/hooks", std::int32_t max = 10,
                                 wh::ThrottlingSettingsPeriod period = wh::ThrottlingSettingsPeriod::SECONDLY) {
    auto r = client.settings_configure(app, {.body = {.target_url = std::move(url),
                                                      .throttling = {.max_concurrent_requests = max, .period = period}}});
    BOOST_REQUIRE_MESSAGE(r.has_value(), "configure failed: " << (r ? "" : r.error().what()));
    return *r;
  }

  /// Creates a subscription of `app` through the client; returns its id as the path takes it.
  std::int32_t subscribe(EventType type, bool active = true, std::optional<std::string> property = {}) {
    auto r = client.subscriptions_create(app, {.body = {.active = active, .event_type = type,
                                                        .property_name = std::move(property)}});
    BOOST_REQUIRE_MESSAGE(r.has_value(), "create failed: " << (r ? "" : r.error().what()));
    return std::stoi(r->id);
  }

  /// Sends a hand-built request; `hapikey`, when not empty, goes in the query. A transport error fails
  /// the test.
  webapi::Response raw(webapi::Method method, std::string path, const std::string& hapikey,
                       std::string body = {}, std::string content_type = "application/json") {
    webapi::Request r;
    r.method = method;
    r.base_url = "http://fake";
    r.path = std::move(path);
    if (!hapikey.empty()) r.query.push_back({"hapikey", hapikey});
    r.body = std::move(body);
    if (!r.body.empty()) r.content_type = std::move(content_type);
    auto result = fake.send(r);
    BOOST_REQUIRE_MESSAGE(result.has_value(), "transport error: " << (result ? "" : result.error().what()));
    return *result;
  }
  /// "/webhooks/v3/<app><rest>".
  static std::string path(std::int32_t app_id, const std::string& rest) {
    return "/webhooks/v3/" + std::to_string(app_id) + rest;
  }
};

inline boost::json::object json_object(std::string_view body) {
  boost::system::error_code ec;
  auto v = boost::json::parse(body, ec);
  BOOST_REQUIRE_MESSAGE(!ec && v.is_object(), "body is not a JSON object: " << body);
  return v.as_object();
}

/// An error answer in the description's Error shape, read back.
struct DescribedError {
  std::string category;
  std::string correlation_id;
  std::string message;
  std::string field;  ///< errors[0].in; empty when there is no errors list
  boost::json::object context;
};

/// Reads an Error body, checking the members the description requires are there.
inline DescribedError described_error(std::string_view body) {
  auto o = json_object(body);
  BOOST_REQUIRE_MESSAGE(o.contains("category") && o.contains("correlationId") && o.contains("message"),
                        "not the description's Error: " << body);
  DescribedError e;
  e.category = o.at("category").as_string();
  e.correlation_id = o.at("correlationId").as_string();
  e.message = o.at("message").as_string();
  if (const auto* errors = o.if_contains("errors")) {
    BOOST_REQUIRE(errors->is_array() && !errors->as_array().empty());
    const auto& first = errors->as_array().front().as_object();
    BOOST_TEST(first.at("message").as_string() == e.message);
    e.field = first.at("in").as_string();
  }
  if (const auto* c = o.if_contains("context")) e.context = c->as_object();
  return e;
}

/// The Error body of a refused typed call, after checking its status.
inline DescribedError refusal(const webapi::Error& error, int status) {
  BOOST_TEST(error.status == status);
  return described_error(error.body);
}

}  // namespace test
