// The hapikey query parameter: 401 without a working key, 403 for an app the key does not manage; and
// the description's Error shape of every refusal.

#include <set>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::EventType;
using test::WebhooksFixture;

BOOST_FIXTURE_TEST_SUITE(hapikey, WebhooksFixture)

BOOST_AUTO_TEST_CASE(the_key_travels_in_the_hapikey_query_parameter) {
  BOOST_TEST(client.subscriptions_get_all(app).has_value());
  auto sent = fake.journal().last()->request;
  BOOST_TEST(*sent.query_value("hapikey") == key);
  BOOST_TEST(!sent.headers.get("Authorization"));
}

BOOST_AUTO_TEST_CASE(no_key_is_401) {
  auto r = raw(Method::get, path(app, "/subscriptions"), "");
  BOOST_TEST(r.status == 401);
  auto e = test::described_error(r.body);
  BOOST_TEST(e.category == "UNAUTHORIZED");
  BOOST_TEST(e.message == "no API key: send it as the hapikey query parameter");
  Request empty;
  empty.path = path(app, "/subscriptions");
  empty.query.push_back({"hapikey", ""});
  BOOST_TEST(fake.send(empty)->status == 401);
  // The typed client refuses to send without one, so the fake never hears of it.
  fake.clear_journal();
  auto refused = client_with("").settings_get_all(app);
  BOOST_REQUIRE(!refused);
  BOOST_TEST(int(refused.error().kind) == int(ErrorKind::auth));
  BOOST_TEST(fake.requests().empty());
}

BOOST_AUTO_TEST_CASE(an_unknown_or_revoked_key_is_401_without_repeating_it) {
  auto unknown = client_with("never-issued").subscriptions_get_all(app);
  BOOST_REQUIRE(!unknown);
  auto e = test::refusal(unknown.error(), 401);
  BOOST_TEST(e.message == "the API key is not one this service issued");
  BOOST_TEST(unknown.error().body.find("never-issued") == std::string::npos);

  BOOST_TEST(fake.revoke_api_key(key));
  BOOST_TEST(client.subscriptions_get_all(app).error().status == 401);
  BOOST_TEST(!fake.revoke_api_key(key));
  BOOST_TEST(client_with(other_key).subscriptions_get_all(other_app).has_value());
}

BOOST_AUTO_TEST_CASE(a_key_for_another_app_is_403_on_every_operation) {
  const auto mine = subscribe(EventType::contact_creation);
  auto intruder = client_with(other_key);
  BOOST_TEST(intruder.settings_get_all(app).error().status == 403);
  BOOST_TEST(intruder.settings_configure(app, {.body = {.target_url = "https://evil.example.com/",
                                                        .throttling = {.max_concurrent_requests = 1}}})
                 .error().status == 403);
  BOOST_TEST(intruder.settings_clear(app).error().status == 403);
  BOOST_TEST(intruder.subscriptions_get_all(app).error().status == 403);
  BOOST_TEST(intruder.subscriptions_create(app, {.body = {.event_type = EventType::deal_creation}}).error().status ==
             403);
  BOOST_TEST(intruder.subscriptions_get_by_id(app, mine).error().status == 403);
  BOOST_TEST(intruder.subscriptions_update(app, mine, {.body = {.active = false}}).error().status == 403);
  BOOST_TEST(intruder.subscriptions_archive(app, mine).error().status == 403);
  auto batch = intruder.subscriptions_update_batch(app, {.body = {.inputs = {{.active = false, .id = mine}}}});
  auto e = test::refusal(batch.error(), 403);
  BOOST_TEST(e.category == "FORBIDDEN");
  BOOST_TEST(e.message == "the API key may not manage app 1234");

  // Nothing changed.
  BOOST_TEST(client.subscriptions_get_by_id(app, mine)->active);
  BOOST_TEST(client.subscriptions_get_all(app)->results.size() == 1u);
  BOOST_TEST(!fake.settings(app));
  // An app nobody has added is refused alike: a key learns nothing about apps it does not manage.
  BOOST_TEST(client.subscriptions_get_all(4242).error().status == 403);
}

BOOST_AUTO_TEST_CASE(one_key_may_manage_several_apps) {
  std::string both = fake.add_api_key({.apps = {app, other_app}, .value = "developer-key"});
  BOOST_TEST(both == "developer-key");
  auto c = client_with(both);
  BOOST_TEST(c.subscriptions_get_all(app).has_value());
  BOOST_TEST(c.subscriptions_get_all(other_app).has_value());
}

BOOST_AUTO_TEST_CASE(an_app_id_that_is_not_an_integer_is_400_after_the_key_is_checked) {
  BOOST_TEST(raw(Method::get, "/webhooks/v3/abc/subscriptions", "").status == 401);
  auto r = raw(Method::get, "/webhooks/v3/abc/subscriptions", key);
  BOOST_TEST(r.status == 400);
  BOOST_TEST(test::described_error(r.body).message == "'appId' must be a 32-bit integer, got 'abc'");
}

BOOST_AUTO_TEST_CASE(every_refusal_has_the_description_error_shape_with_its_own_correlation_id) {
  std::set<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    auto r = client_with("nope").settings_get_all(app);
    auto e = test::refusal(r.error(), 401);
    BOOST_TEST(e.correlation_id.size() == 36u);
    BOOST_TEST(e.correlation_id[14] == '4');
    ids.insert(e.correlation_id);
    BOOST_TEST(r.error().body.find("\"error\"") == std::string::npos);
  }
  BOOST_TEST(ids.size() == 3u);
  auto r = raw(Method::get, path(app, "/subscriptions"), "");
  BOOST_TEST(*r.headers.get("Content-Type") == "application/json");
}

BOOST_AUTO_TEST_SUITE_END()
