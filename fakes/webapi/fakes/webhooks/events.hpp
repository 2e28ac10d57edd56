#pragma once
// What happens when an event occurs in the platform: Fake::trigger(app, eventType, payload).
//
// The fake sends nothing over the network; it records each delivery it would make in an outbox
// (State::deliveries) for the test to inspect. An event goes to every subscription of the app that is
// of its type, active and not archived, and, for a subscription watching one property (propertyName),
// only when the payload's "propertyName" member names that property. An app without settings has no
// target URL, so nothing is delivered. Each delivery records the app's throttling as it stood; the fake
// does not delay or drop deliveries to honour it. Each delivery is signed as the service signs what it
// sends (webapi/webhooks/signature.hpp, version 3): HMAC-SHA256 with the app's client secret over the
// method, the target URL, the body and the fake clock's time, so a receiving app under test can check
// it with verify_v3().

#include <cstddef>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include <webapi/webhooks/signature.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/webhooks/state.hpp>

namespace webapi::fakes::webhooks {

/// Whether an event of `event_type` carrying `payload` goes to `s`.
inline bool delivers(const Subscription& s, std::string_view event_type, const boost::json::value& payload) {
  if (s.archived || !s.active || s.event_type != event_type) return false;
  if (!s.property_name) return true;
  const auto* o = payload.if_object();
  const auto* property = o ? o->if_contains("propertyName") : nullptr;
  return property && property->is_string() && property->get_string() == *s.property_name;
}

/// Records a delivery of the event for every subscription of `app` it goes to; returns how many.
inline std::size_t record_deliveries(State& state, const App& app, std::string_view event_type,
                                     const boost::json::value& payload, ManualClock::time_point now) {
  if (!app.settings) return 0;
  std::size_t recorded = 0;
  for (const Subscription* s : app.subscriptions.where([&](const Subscription& s) {
         return delivers(s, event_type, payload);
       })) {
    Delivery d;
    d.sequence = ++state.deliveries_recorded;
    d.app_id = app.id;
    d.subscription_id = s->id;
    d.event_type = s->event_type;
    d.property_name = s->property_name;
    d.target_url = app.settings->target_url;
    d.throttling = app.settings->throttling;
    d.payload = payload;
    d.at = now;
    d.body = boost::json::serialize(payload);
    d.headers.set("Content-Type", "application/json");
    webapi::webhooks::sign_v3(app.client_secret, d.method, d.target_url, d.body, now).apply_to(d.headers);
    state.deliveries.push_back(std::move(d));
    ++recorded;
  }
  return recorded;
}

}  // namespace webapi::fakes::webhooks
