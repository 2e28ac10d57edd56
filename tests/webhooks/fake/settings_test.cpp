// An app's settings: one target URL with its throttling; configure, read, replace, clear; validation.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::WebhooksFixture;
using Period = webapi::webhooks::ThrottlingSettingsPeriod;

BOOST_FIXTURE_TEST_SUITE(settings, WebhooksFixture)

BOOST_AUTO_TEST_CASE(unconfigured_settings_are_404) {
  auto r = client.settings_get_all(app);
  BOOST_REQUIRE(!r);
  auto e = test::refusal(r.error(), 404);
  BOOST_TEST(e.category == "NOT_FOUND");
  BOOST_TEST(e.message == "app 1234 has no webhook settings configured");
}

BOOST_AUTO_TEST_CASE(configure_answers_and_stores_the_settings_with_timestamps) {
  fake.clock().advance(90s);
  auto configured = configure("https://example.com/hooks", 7, Period::ROLLING_MINUTE);
  BOOST_TEST(configured.target_url == "https://example.com/hooks");
  BOOST_TEST(configured.throttling.max_concurrent_requests == 7);
  BOOST_TEST((configured.throttling.period == Period::ROLLING_MINUTE));
  BOOST_TEST(configured.created_at == "2024-01-01T00:01:30Z");
  BOOST_TEST(*configured.updated_at == "2024-01-01T00:01:30Z");
  BOOST_TEST(fake.journal().last()->status == 200);

  auto read = client.settings_get_all(app);
  BOOST_REQUIRE(read);
  BOOST_TEST((*read == configured));
  auto stored = *fake.settings(app);
  BOOST_TEST(stored.target_url == "https://example.com/hooks");
  BOOST_TEST((stored.throttling == test::fw::Throttling{7, "ROLLING_MINUTE"}));
}

BOOST_AUTO_TEST_CASE(configuring_again_replaces_the_one_target_url) {
  configure("https://first.example.com/in");
  fake.clock().advance(1h);
  auto second = configure("http://second.example.com:8080/in?x=1", 3);
  BOOST_TEST(second.target_url == "http://second.example.com:8080/in?x=1");
  BOOST_TEST(second.created_at == "2024-01-01T00:00:00Z");  // created once, updated since
  BOOST_TEST(*second.updated_at == "2024-01-01T01:00:00Z");
  BOOST_TEST(client.settings_get_all(app)->target_url == "http://second.example.com:8080/in?x=1");
  BOOST_TEST(client.settings_get_all(app)->throttling.max_concurrent_requests == 3);
}

BOOST_AUTO_TEST_CASE(clear_is_204_then_the_settings_are_gone) {
  configure();
  auto cleared = client.settings_clear(app);
  BOOST_TEST(cleared.has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(fake.journal().last()->operation == "settings_clear");
  BOOST_TEST(client.settings_get_all(app).error().status == 404);
  BOOST_TEST(!fake.settings(app));
  // Clearing nothing is fine too; configuring afterwards starts a new createdAt.
  BOOST_TEST(client.settings_clear(app).has_value());
  fake.clock().advance(5min);
  BOOST_TEST(configure().created_at == "2024-01-01T00:05:00Z");
}

BOOST_AUTO_TEST_CASE(each_app_has_its_own_settings) {
  configure("https://mine.example.com/");
  auto theirs = client_with(other_key).settings_get_all(other_app);
  BOOST_TEST(theirs.error().status == 404);
}

BOOST_AUTO_TEST_CASE(a_missing_or_empty_target_url_is_400_naming_it) {
  auto empty = client.settings_configure(app, {.body = {.target_url = "", .throttling = {.max_concurrent_requests = 1}}});
  BOOST_REQUIRE(!empty);
  auto e = test::refusal(empty.error(), 400);
  BOOST_TEST(e.category == "VALIDATION_ERROR");
  BOOST_TEST(e.field == "targetUrl");
  BOOST_TEST(e.message == "'targetUrl' is required");

  auto missing = raw(Method::put, path(app, "/settings"), key,
                     R"({"throttling":{"maxConcurrentRequests":1,"period":"SECONDLY"}})");
  BOOST_TEST(missing.status == 400);
  BOOST_TEST(test::described_error(missing.body).field == "targetUrl");
  BOOST_TEST(!fake.settings(app));
}

BOOST_AUTO_TEST_CASE(a_target_url_must_be_an_absolute_http_or_https_url) {
  for (const char* url : {"/relative/path", "example.com/hooks", "ftp://example.com/in", "mailto:a@example.com",
                          "https://", "not a url"}) {
    auto r = client.settings_configure(app, {.body = {.target_url = url, .throttling = {.max_concurrent_requests = 1}}});
    BOOST_REQUIRE_MESSAGE(!r, url);
    auto e = test::refusal(r.error(), 400);
    BOOST_TEST(e.field == "targetUrl", url);
    BOOST_TEST(e.message.find("absolute http or https URL") != std::string::npos, url);
  }
  BOOST_TEST(!fake.settings(app));
  BOOST_TEST(client.settings_configure(app, {.body = {.target_url = "HTTPS://Example.com",
                                                      .throttling = {.max_concurrent_requests = 1}}})
                 .has_value());
}

BOOST_AUTO_TEST_CASE(throttling_is_required_with_both_members) {
  struct Case {
    const char* body;
    const char* field;
  };
  const Case cases[] = {
      {R"({"targetUrl":"https://example.com/in"})", "throttling"},
      {R"({"targetUrl":"https://example.com/in","throttling":null})", "throttling"},
      {R"({"targetUrl":"https://example.com/in","throttling":5})", "throttling"},
      {R"({"targetUrl":"https://example.com/in","throttling":{"period":"SECONDLY"}})",
       "throttling.maxConcurrentRequests"},
      {R"({"targetUrl":"https://example.com/in","throttling":{"maxConcurrentRequests":"10","period":"SECONDLY"}})",
       "throttling.maxConcurrentRequests"},
      {R"({"targetUrl":"https://example.com/in","throttling":{"maxConcurrentRequests":0,"period":"SECONDLY"}})",
       "throttling.maxConcurrentRequests"},
      {R"({"targetUrl":"https://example.com/in","throttling":{"maxConcurrentRequests":4294967296,"period":"SECONDLY"}})",
       "throttling.maxConcurrentRequests"},
      {R"({"targetUrl":"https://example.com/in","throttling":{"maxConcurrentRequests":2,"period":"HOURLY"}})",
       "throttling.period"},
      {R"({"targetUrl":42,"throttling":{"maxConcurrentRequests":2,"period":"SECONDLY"}})", "targetUrl"},
  };
  for (const auto& c : cases) {
    auto r = raw(Method::put, path(app, "/settings"), key, c.body);
    BOOST_TEST(r.status == 400, c.body);
    auto e = test::described_error(r.body);
    BOOST_TEST(e.field == c.field, c.body);
    BOOST_TEST(e.message.find(c.field) != std::string::npos, c.body);
  }
  auto period = raw(Method::put, path(app, "/settings"), key, cases[7].body);
  BOOST_TEST(test::described_error(period.body).message.find("ROLLING_MINUTE") != std::string::npos);
  BOOST_TEST(!fake.settings(app));
}

// The current service and its Node client v14 leave period out (specs/overlays/webhooks.json).
BOOST_AUTO_TEST_CASE(throttling_without_period_is_accepted_as_per_second) {
  auto r = raw(Method::put, path(app, "/settings"), key,
               R"({"targetUrl":"https://example.com/in","throttling":{"maxConcurrentRequests":10}})");
  BOOST_TEST(r.status == 200);
  BOOST_TEST(fake.settings(app)->throttling.period == "SECONDLY");
  BOOST_TEST(fake.settings(app)->throttling.max_concurrent_requests == 10);
}

BOOST_AUTO_TEST_CASE(a_body_that_is_not_a_json_object_is_400) {
  for (const char* body : {"", "not json", "[1,2]", "\"text\""}) {
    auto r = raw(Method::put, path(app, "/settings"), key, body);
    BOOST_TEST(r.status == 400, body);
    BOOST_TEST(test::described_error(r.body).field == "body", body);
  }
}

BOOST_AUTO_TEST_SUITE_END()
