#pragma once
// An app's subscriptions: list, create, read, update (active), archive.
//
// The fake numbers subscriptions 1, 2, ... across all apps. A new subscription is paused unless the
// request says "active": true. Archiving is final: the subscription leaves the list, and reading,
// updating or archiving it again is 404 (the fake keeps it, marked archived, for inspection).

#include <string>

#include <boost/json.hpp>

#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/webhooks/body.hpp>
#include <webapi/fakes/webhooks/call.hpp>
#include <webapi/fakes/webhooks/event_types.hpp>
#include <webapi/fakes/webhooks/json.hpp>

namespace webapi::fakes::webhooks {

/// The description's SubscriptionCreateRequest: eventType (required, one of event_types), propertyName,
/// active.
inline Subscription read_subscription_create(const boost::json::object& body) {
  Subscription s;
  s.event_type = as_string(required_member(body, "eventType", "eventType"), "eventType");
  if (!is_event_type(s.event_type))
    invalid("eventType", "'eventType' must be one of " + joined(event_types) + ", got '" + s.event_type + "'");
  if (const auto* p = member(body, "propertyName")) s.property_name = as_string(*p, "propertyName");
  if (const auto* a = member(body, "active")) s.active = as_bool(*a, "active");
  return s;
}

/// Adds `s` to `app` with the next id, created and updated `now`; returns it.
inline Subscription& add_subscription(State& state, App& app, Subscription s, ManualClock::time_point now) {
  s.id = ++state.subscriptions_created;
  s.archived = false;
  s.created_at = s.updated_at = now;
  std::string key = subscription_key(s.id);
  return app.subscriptions.put(std::move(key), std::move(s));
}

/// Sets whether `s` delivers events, as of `now`.
inline void set_active(Subscription& s, bool active, ManualClock::time_point now) {
  s.active = active;
  s.updated_at = now;
}

namespace handlers {

/// GET /webhooks/v3/{appId}/subscriptions
inline Response list_subscriptions(Call& c) { return json_response(subscription_list_json(c.app)); }

/// POST /webhooks/v3/{appId}/subscriptions
inline Response create_subscription(Call& c) {
  Subscription s = read_subscription_create(json_object_body(c.request));
  return json_response(201, subscription_json(add_subscription(c.state, c.app, std::move(s), c.now)));
}

/// GET /webhooks/v3/{appId}/subscriptions/{subscriptionId}
inline Response get_subscription(Call& c) { return json_response(subscription_json(subscription_in_path(c))); }

/// PATCH /webhooks/v3/{appId}/subscriptions/{subscriptionId}: the description's SubscriptionPatchRequest,
/// whose one member, active, may be left out (then nothing changes).
inline Response update_subscription(Call& c) {
  Subscription& s = subscription_in_path(c);
  const boost::json::object body = json_object_body(c.request);
  if (const auto* a = member(body, "active")) set_active(s, as_bool(*a, "active"), c.now);
  return json_response(subscription_json(s));
}

/// DELETE /webhooks/v3/{appId}/subscriptions/{subscriptionId}
inline Response archive_subscription(Call& c) {
  Subscription& s = subscription_in_path(c);
  s.archived = true;
  s.updated_at = c.now;
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::webhooks
