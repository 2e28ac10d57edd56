#pragma once
// The JSON the webhooks fake answers with: the description's SettingsResponse, SubscriptionResponse,
// SubscriptionListResponse and the batch responses. Timestamps are the fake clock's, in UTC
// ("2024-01-01T00:00:00Z"); subscription ids are strings here, as the description has them.

#include <string>

#include <boost/json.hpp>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/webhooks/state.hpp>

namespace webapi::fakes::webhooks {

inline boost::json::object throttling_json(const Throttling& t) {
  return {{"maxConcurrentRequests", t.max_concurrent_requests}, {"period", t.period}};
}

inline boost::json::object settings_json(const Settings& s) {
  return {{"targetUrl", s.target_url},
          {"throttling", throttling_json(s.throttling)},
          {"createdAt", timestamp_string(s.created_at)},
          {"updatedAt", timestamp_string(s.updated_at)}};
}

inline boost::json::object subscription_json(const Subscription& s) {
  boost::json::object o{{"id", std::to_string(s.id)},
                        {"eventType", s.event_type},
                        {"active", s.active},
                        {"createdAt", timestamp_string(s.created_at)},
                        {"updatedAt", timestamp_string(s.updated_at)}};
  if (s.property_name) o["propertyName"] = *s.property_name;
  return o;
}

/// {"results":[...]}: the app's subscriptions that are not archived, oldest first.
inline boost::json::object subscription_list_json(const App& app) {
  boost::json::array results;
  for (const Subscription* s : app.subscriptions.where([](const Subscription& s) { return !s.archived; }))
    results.push_back(subscription_json(*s));
  return {{"results", std::move(results)}};
}

}  // namespace webapi::fakes::webhooks
