#pragma once
// The webhooks module's own models, between the fake's state and the wire: answers are encoded from the
// description's response models, and the wire values of event types and throttling periods are the
// module's enums, so the fake accepts exactly what the module's models accept (specs/overlays/webhooks.json
// records where that is more than the published description).

#include <optional>
#include <string>
#include <string_view>

#include <webapi/core/open_enum.hpp>
#include <webapi/core/wire_enum.hpp>
#include <webapi/fakes/webhooks/errors.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/webhooks/state.hpp>
#include <webapi/webhooks/models.hpp>

namespace webapi::fakes::webhooks {

namespace wh = webapi::webhooks;

inline bool is_event_type(std::string_view value) {
  return webapi::from_wire<wh::SubscriptionCreateRequestEventType>(value).has_value();
}
inline bool is_throttling_period(std::string_view value) {
  return webapi::from_wire<wh::ThrottlingSettingsPeriod>(value).has_value();
}

/// The models keep a value they do not list (open enums, for clients); the service refuses one in a request,
/// so the fake does, naming the member and what it takes.
template <class E>
std::string known_value(const webapi::OpenEnum<E>& v, const std::string& field) {
  if (!v.is_known()) {
    std::string allowed;
    for (const auto& w : wire_values(E{})) allowed.append(allowed.empty() ? "\"" : ", \"").append(w.wire).append("\"");
    invalid(field, "'" + field + "' must be one of " + allowed + ", got \"" + std::string(v.wire()) + "\"");
  }
  return std::string(v.wire());
}

inline wh::ThrottlingSettings throttling_model(const Throttling& t) {
  return {t.max_concurrent_requests, webapi::from_wire<wh::ThrottlingSettingsPeriod>(t.period)};
}

inline wh::SettingsResponse settings_model(const Settings& s) {
  return {timestamp_string(s.created_at), s.target_url, throttling_model(s.throttling),
          timestamp_string(s.updated_at)};
}

inline wh::SubscriptionResponse subscription_model(const Subscription& s) {
  wh::SubscriptionResponse r;
  r.active = s.active;
  r.created_at = timestamp_string(s.created_at);
  // Every stored event type came through SubscriptionCreateRequest, whose values SubscriptionResponse shares.
  r.event_type = webapi::OpenEnum<wh::SubscriptionResponseEventType>::raw(s.event_type);
  r.id = std::to_string(s.id);
  r.property_name = s.property_name;
  r.object_type_id = s.object_type_id;
  r.updated_at = timestamp_string(s.updated_at);
  return r;
}

/// The app's subscriptions that are not archived, oldest first.
inline wh::SubscriptionListResponse subscription_list_model(const App& app) {
  wh::SubscriptionListResponse list;
  for (const Subscription* s : app.subscriptions.where([](const Subscription& s) { return !s.archived; }))
    list.results.push_back(subscription_model(*s));
  return list;
}

}  // namespace webapi::fakes::webhooks
