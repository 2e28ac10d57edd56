// Batch update: active on many subscriptions at once; 200 when all apply, 207 listing the inputs that
// name no live subscription, 400 (nothing applied) for a malformed batch.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::EventType;
using test::WebhooksFixture;

BOOST_FIXTURE_TEST_SUITE(batch_update, WebhooksFixture)

BOOST_AUTO_TEST_CASE(a_batch_naming_live_subscriptions_applies_all_and_is_200) {
  const auto a = subscribe(EventType::contact_creation, false);
  const auto b = subscribe(EventType::contact_deletion, true);
  const auto untouched = subscribe(EventType::deal_creation, false);
  fake.clock().advance(30s);

  auto r = client.subscriptions_update_batch(app, {.body = {.inputs = {{.active = true, .id = a},
                                                                       {.active = false, .id = b}}}});
  BOOST_REQUIRE(r);
  BOOST_TEST(fake.journal().last()->status == 200);
  BOOST_TEST((r->status == webapi::webhooks::BatchResponseSubscriptionResponseStatus::COMPLETE));
  BOOST_TEST(r->started_at == "2024-01-01T00:00:30Z");
  BOOST_TEST(r->completed_at == "2024-01-01T00:00:30Z");
  BOOST_REQUIRE(r->results.size() == 2u);
  BOOST_TEST(r->results[0].id == std::to_string(a));
  BOOST_TEST(r->results[0].active);
  BOOST_TEST(r->results[1].id == std::to_string(b));
  BOOST_TEST(!r->results[1].active);
  BOOST_TEST(*r->results[1].updated_at == "2024-01-01T00:00:30Z");

  BOOST_TEST(client.subscriptions_get_by_id(app, a)->active);
  BOOST_TEST(!client.subscriptions_get_by_id(app, b)->active);
  BOOST_TEST(!client.subscriptions_get_by_id(app, untouched)->active);
}

BOOST_AUTO_TEST_CASE(inputs_naming_no_live_subscription_make_it_207_with_errors) {
  const auto live = subscribe(EventType::contact_creation, false);
  const auto archived = subscribe(EventType::contact_deletion, false);
  BOOST_TEST(client.subscriptions_archive(app, archived).has_value());
  const auto theirs = std::stoi(client_with(other_key)
                                    .subscriptions_create(other_app, {.body = {.event_type = EventType::deal_creation}})
                                    ->id);

  const std::string body = R"({"inputs":[{"id":)" + std::to_string(live) + R"(,"active":true},{"id":777,"active":true},)"
                           R"({"id":)" + std::to_string(archived) + R"(,"active":true},{"id":)" +
                           std::to_string(theirs) + R"(,"active":true}]})";
  auto r = raw(Method::post, path(app, "/subscriptions/batch/update"), key, body);
  BOOST_TEST(r.status == 207);
  auto o = test::json_object(r.body);
  BOOST_TEST(o.at("status").as_string() == "COMPLETE");
  BOOST_REQUIRE(o.at("results").as_array().size() == 1u);
  BOOST_TEST(o.at("results").as_array()[0].at("id").as_string() == std::to_string(live));
  BOOST_TEST(o.at("numErrors").as_int64() == 3);
  const auto& errors = o.at("errors").as_array();
  BOOST_REQUIRE(errors.size() == 3u);
  const auto& first = errors[0].as_object();
  BOOST_TEST(first.at("message").as_string() == "subscription 777 not found in app 1234");
  // A string, as current clients read it; the module's StandardError takes both (specs/overlays).
  BOOST_TEST(first.at("category").as_string() == "OBJECT_NOT_FOUND");
  BOOST_TEST(first.at("context").at("id").as_array()[0].as_string() == "777");
  BOOST_TEST(first.at("errors").as_array()[0].at("in").as_string() == "inputs[1].id");
  BOOST_TEST(first.contains("status"));
  BOOST_TEST(first.contains("links"));
  BOOST_TEST(errors[2].at("context").at("id").as_array()[0].as_string() == std::to_string(theirs));

  // The inputs that could be applied were; the others changed nothing.
  BOOST_TEST(client.subscriptions_get_by_id(app, live)->active);
  BOOST_TEST(!fake.subscription(app, archived)->active);
  BOOST_TEST(!client_with(other_key).subscriptions_get_by_id(other_app, theirs)->active);

  // The typed client decodes the 207 as its batch response: the applied results.
  auto typed = client.subscriptions_update_batch(app, {.body = {.inputs = {{.active = false, .id = live},
                                                                           {.active = false, .id = 777}}}});
  BOOST_REQUIRE(typed);
  BOOST_TEST(typed->results.size() == 1u);
  BOOST_TEST(fake.journal().last()->status == 207);
}

BOOST_AUTO_TEST_CASE(a_malformed_batch_is_400_naming_the_member_and_applies_nothing) {
  const auto id = subscribe(EventType::contact_creation, false);
  const std::string ok = R"({"id":)" + std::to_string(id) + R"(,"active":true})";
  struct Case {
    std::string body;
    const char* field;
  };
  const Case cases[] = {
      {"{}", "inputs"},
      {R"({"inputs":null})", "inputs"},
      {R"({"inputs":{"id":1}})", "inputs"},
      {R"({"inputs":[)" + ok + R"(,{"active":true}]})", "inputs[1].id"},
      {R"({"inputs":[)" + ok + R"(,{"id":"2","active":true}]})", "inputs[1].id"},
      {R"({"inputs":[)" + ok + R"(,{"id":2}]})", "inputs[1].active"},
      {R"({"inputs":[)" + ok + R"(,7]})", "inputs[1]"},
      {R"({"inputs":[)" + ok + "," + ok + "]}", "inputs[1].id"},
  };
  for (const auto& c : cases) {
    auto r = raw(Method::post, path(app, "/subscriptions/batch/update"), key, c.body);
    BOOST_TEST(r.status == 400, c.body);
    BOOST_TEST(test::described_error(r.body).field == c.field, c.body);
  }
  BOOST_TEST(!fake.subscription(app, id)->active);
  auto twice = raw(Method::post, path(app, "/subscriptions/batch/update"), key, cases[7].body);
  BOOST_TEST(test::described_error(twice.body).message.find("more than once") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_empty_batch_changes_nothing) {
  auto r = client.subscriptions_update_batch(app, {});
  BOOST_REQUIRE(r);
  BOOST_TEST(r->results.empty());
  BOOST_TEST(fake.journal().last()->status == 200);
}

BOOST_AUTO_TEST_SUITE_END()
