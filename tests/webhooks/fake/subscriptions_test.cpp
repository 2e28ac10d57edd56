// An app's subscriptions: create (201), list, read, update (active), archive (204, then 404); validation.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::EventType;
using test::WebhooksFixture;

BOOST_FIXTURE_TEST_SUITE(subscriptions, WebhooksFixture)

BOOST_AUTO_TEST_CASE(create_is_201_with_an_id_the_fake_assigns) {
  fake.clock().advance(10s);
  auto created = client.subscriptions_create(
      app, {.body = {.active = true, .event_type = EventType::contact_propertyChange, .property_name = "email"}});
  BOOST_REQUIRE(created);
  BOOST_TEST(fake.journal().last()->status == 201);
  BOOST_TEST(created->id == "1");
  BOOST_TEST((created->event_type == webapi::webhooks::SubscriptionResponseEventType::contact_propertyChange));
  BOOST_TEST(created->active);
  BOOST_TEST(*created->property_name == "email");
  BOOST_TEST(created->created_at == "2024-01-01T00:00:10Z");
  BOOST_TEST(*created->updated_at == "2024-01-01T00:00:10Z");

  auto stored = *fake.subscription(app, 1);
  BOOST_TEST(stored.event_type == "contact.propertyChange");
  BOOST_TEST(stored.active);
  BOOST_TEST(!stored.archived);
}

BOOST_AUTO_TEST_CASE(the_object_type_current_clients_send_is_kept_and_answered) {
  // specs/overlays/webhooks.json: the official client declares objectTypeId; the description does not.
  auto created = client.subscriptions_create(
      app, {.body = {.event_type = EventType::contact_propertyChange, .object_type_id = "0-1", .property_name = "firstname"}});
  BOOST_REQUIRE(created);
  BOOST_TEST(created->object_type_id.value_or("") == "0-1");
  BOOST_TEST(client.subscriptions_get_by_id(app, 1)->object_type_id.value_or("") == "0-1");
  BOOST_TEST(fake.subscription(app, 1)->object_type_id.value_or("") == "0-1");
}

BOOST_AUTO_TEST_CASE(a_new_subscription_is_paused_unless_asked_active) {
  auto created = client.subscriptions_create(app, {.body = {.event_type = EventType::deal_creation}});
  BOOST_REQUIRE(created);
  BOOST_TEST(!created->active);
  BOOST_TEST(!created->property_name);
  // The typed client always sends active when set; a bare body behaves the same.
  auto bare = raw(Method::post, path(app, "/subscriptions"), key, R"({"eventType":"deal.deletion"})");
  BOOST_TEST(bare.status == 201);
  BOOST_TEST(test::json_object(bare.body).at("active").as_bool() == false);
}

BOOST_AUTO_TEST_CASE(ids_are_unique_across_apps) {
  auto other = client_with(other_key);
  BOOST_TEST(subscribe(EventType::contact_creation) == 1);
  BOOST_TEST(other.subscriptions_create(other_app, {.body = {.event_type = EventType::deal_creation}})->id == "2");
  BOOST_TEST(subscribe(EventType::contact_deletion) == 3);
}

BOOST_AUTO_TEST_CASE(list_shows_the_apps_live_subscriptions_oldest_first) {
  BOOST_TEST(client.subscriptions_get_all(app)->results.empty());
  const auto a = subscribe(EventType::contact_creation);
  const auto b = subscribe(EventType::ticket_deletion, false);
  const auto c = subscribe(EventType::conversation_newMessage);
  BOOST_TEST(client_with(other_key).subscriptions_create(other_app, {.body = {.event_type = EventType::deal_creation}})
                 .has_value());
  BOOST_TEST(client.subscriptions_archive(app, b).has_value());

  auto list = client.subscriptions_get_all(app);
  BOOST_REQUIRE(list);
  BOOST_REQUIRE(list->results.size() == 2u);
  BOOST_TEST(list->results[0].id == std::to_string(a));
  BOOST_TEST(list->results[1].id == std::to_string(c));
  BOOST_TEST((list->results[1].event_type == webapi::webhooks::SubscriptionResponseEventType::conversation_newMessage));
}

BOOST_AUTO_TEST_CASE(get_by_id_answers_the_subscription_or_404) {
  const auto id = subscribe(EventType::company_creation, true);
  auto got = client.subscriptions_get_by_id(app, id);
  BOOST_REQUIRE(got);
  BOOST_TEST(got->id == std::to_string(id));
  BOOST_TEST(got->active);

  auto missing = client.subscriptions_get_by_id(app, 999);
  BOOST_REQUIRE(!missing);
  auto e = test::refusal(missing.error(), 404);
  BOOST_TEST(e.message == "subscription 999 not found in app 1234");
  // Another app's subscription is not found through this app, even by its own key's app.
  const auto theirs = *client_with(other_key).subscriptions_create(
      other_app, {.body = {.event_type = EventType::deal_creation}});
  BOOST_TEST(client.subscriptions_get_by_id(app, std::stoi(theirs.id)).error().status == 404);
}

BOOST_AUTO_TEST_CASE(update_sets_active_and_moves_updated_at) {
  const auto id = subscribe(EventType::contact_creation, false);
  fake.clock().advance(1min);
  auto updated = client.subscriptions_update(app, id, {.body = {.active = true}});
  BOOST_REQUIRE(updated);
  BOOST_TEST(updated->active);
  BOOST_TEST(updated->created_at == "2024-01-01T00:00:00Z");
  BOOST_TEST(*updated->updated_at == "2024-01-01T00:01:00Z");
  BOOST_TEST(client.subscriptions_get_by_id(app, id)->active);

  // An empty patch changes nothing.
  fake.clock().advance(1min);
  auto same = client.subscriptions_update(app, id, {});
  BOOST_REQUIRE(same);
  BOOST_TEST(same->active);
  BOOST_TEST(*same->updated_at == "2024-01-01T00:01:00Z");

  auto bad = raw(Method::patch, path(app, "/subscriptions/" + std::to_string(id)), key, R"({"active":"yes"})");
  BOOST_TEST(bad.status == 400);
  BOOST_TEST(test::described_error(bad.body).field == "active");
  BOOST_TEST(client.subscriptions_update(app, 999, {.body = {.active = true}}).error().status == 404);
}

BOOST_AUTO_TEST_CASE(archive_is_204_then_the_subscription_is_gone) {
  const auto id = subscribe(EventType::contact_creation);
  fake.clock().advance(2s);
  BOOST_TEST(client.subscriptions_archive(app, id).has_value());
  BOOST_TEST(fake.journal().last()->status == 204);

  BOOST_TEST(client.subscriptions_get_by_id(app, id).error().status == 404);
  BOOST_TEST(client.subscriptions_update(app, id, {.body = {.active = true}}).error().status == 404);
  BOOST_TEST(client.subscriptions_archive(app, id).error().status == 404);
  BOOST_TEST(client.subscriptions_get_all(app)->results.empty());
  // Kept, marked, for inspection.
  auto kept = *fake.subscription(app, id);
  BOOST_TEST(kept.archived);
  BOOST_TEST((kept.updated_at == webapi::fakes::ManualClock::default_start() + 2s));
}

BOOST_AUTO_TEST_CASE(event_type_is_required_and_must_be_one_the_description_lists) {
  auto missing = raw(Method::post, path(app, "/subscriptions"), key, R"({"active":true})");
  BOOST_TEST(missing.status == 400);
  auto e = test::described_error(missing.body);
  BOOST_TEST(e.field == "eventType");
  BOOST_TEST(e.message == "'eventType' is required");

  auto unknown = raw(Method::post, path(app, "/subscriptions"), key, R"({"eventType":"contact.birthday"})");
  BOOST_TEST(unknown.status == 400);
  auto u = test::described_error(unknown.body);
  BOOST_TEST(u.field == "eventType");
  BOOST_TEST(u.message.find("\"contact.birthday\"") != std::string::npos);
  BOOST_TEST(u.message.find("conversation.privacyDeletion") != std::string::npos);

  auto wrong_active = raw(Method::post, path(app, "/subscriptions"), key,
                          R"({"eventType":"contact.creation","active":1})");
  BOOST_TEST(test::described_error(wrong_active.body).field == "active");
  auto wrong_property = raw(Method::post, path(app, "/subscriptions"), key,
                            R"({"eventType":"contact.propertyChange","propertyName":["a"]})");
  BOOST_TEST(test::described_error(wrong_property.body).field == "propertyName");
  BOOST_TEST(fake.snapshot().subscriptions_created == 0);
}

BOOST_AUTO_TEST_CASE(every_event_type_of_the_description_is_accepted) {
  for (const auto& [value, wire] : wire_values(EventType{})) {
    auto r = client.subscriptions_create(app, {.body = {.event_type = value}});
    BOOST_TEST(r.has_value(), wire);
  }
  BOOST_TEST(client.subscriptions_get_all(app)->results.size() == wire_values(EventType{}).size());
}

// The current service takes event types the description does not list (specs/overlays/webhooks.json).
BOOST_AUTO_TEST_CASE(the_current_services_event_types_are_accepted) {
  for (const char* type : {"contact.merge", "contact.restore", "contact.associationChange", "company.merge",
                           "deal.merge", "object.creation", "object.propertyChange"}) {
    auto r = raw(Method::post, path(app, "/subscriptions"), key, std::string(R"({"eventType":")") + type + "\"}");
    BOOST_TEST(r.status == 201, type);
    BOOST_TEST(test::json_object(r.body).at("eventType").as_string() == type);
  }
  auto typed = client.subscriptions_create(app, {.body = {.event_type = EventType::contact_merge}});
  BOOST_REQUIRE(typed);
  BOOST_TEST(fake.subscription(app, std::stoi(typed->id))->event_type == "contact.merge");
}

BOOST_AUTO_TEST_CASE(a_subscription_id_in_the_path_must_be_an_integer) {
  auto r = raw(Method::get, path(app, "/subscriptions/abc"), key);
  BOOST_TEST(r.status == 400);
  BOOST_TEST(test::described_error(r.body).message == "'subscriptionId' must be a 32-bit integer, got 'abc'");
  BOOST_TEST(raw(Method::get, path(app, "/subscriptions/99999999999"), key).status == 400);
}

BOOST_AUTO_TEST_SUITE_END()
