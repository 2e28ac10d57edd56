#pragma once
// An app's subscriptions: list, create, read, update (active), archive.
//
// The fake numbers subscriptions 1, 2, ... across all apps. A new subscription is paused unless the
// request says "active": true. Archiving is final: the subscription leaves the list, and reading,
// updating or archiving it again is 404 (the fake keeps it, marked archived, for inspection).

#include <string>

#include <webapi/core/wire_enum.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/webhooks/call.hpp>
#include <webapi/fakes/webhooks/models.hpp>

namespace webapi::fakes::webhooks {

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
inline Response list_subscriptions(Call& c) { return model_response(subscription_list_model(c.app)); }

/// POST /webhooks/v3/{appId}/subscriptions
inline Response create_subscription(Call& c, const wh::SubscriptionCreateRequest& body) {
  Subscription s;
  s.event_type = known_value(body.event_type, "eventType");
  s.property_name = body.property_name;
  s.object_type_id = body.object_type_id;
  s.active = body.active.value_or(false);
  return model_response(201, subscription_model(add_subscription(c.state, c.app, std::move(s), c.now)));
}

/// GET /webhooks/v3/{appId}/subscriptions/{subscriptionId}
inline Response get_subscription(Call& c) { return model_response(subscription_model(subscription_in_path(c))); }

/// PATCH /webhooks/v3/{appId}/subscriptions/{subscriptionId}: active may be left out (then nothing changes).
inline Response update_subscription(Call& c, const wh::SubscriptionPatchRequest& body) {
  Subscription& s = subscription_in_path(c);
  if (body.active) set_active(s, *body.active, c.now);
  return model_response(subscription_model(s));
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
