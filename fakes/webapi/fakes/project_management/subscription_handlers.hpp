#pragma once
// Notification subscriptions: subscribe (an event and an absolute http(s) URL), list, unsubscribe, and
// whether hooks are supported at all. Delivering events, and removing subscriptions whose target is
// gone, is the Fake's (Fake::notify).

#include <string>
#include <string_view>
#include <vector>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/project_management/call.hpp>

namespace webapi::fakes::project_management {

inline bool is_http_url(std::string_view url) {
  for (std::string_view scheme : {std::string_view("http://"), std::string_view("https://")})
    if (url.starts_with(scheme) && url.size() > scheme.size()) return true;
  return false;
}

inline pm::ActiveSubscriptionDTO subscription_model(const Subscription& s) {
  return {s.subscription.embed, s.subscription.event, s.subscription.filter, s.id, s.subscription.url};
}

namespace handlers {

/// POST /subscription: answers 201 with the new subscription's id.
inline Response subscribe(Call& c, const pm::SubscriptionDTO& body) {
  if (!c.state.hooks_supported) fail(400, "hooks are not supported by this service");
  if (!body.event || body.event->empty()) invalid("event", "'event' is required");
  if (!body.url || !is_http_url(*body.url)) invalid("url", "'url' must be an absolute http or https URL");
  Subscription s{std::to_string(c.state.next_subscription_id++), body};
  const std::string id = s.id;
  c.state.subscriptions[id] = std::move(s);
  return model_response(201, id);
}

/// GET /subscription
inline Response list_subscriptions(Call& c) {
  std::vector<pm::ActiveSubscriptionDTO> out;
  for (const auto& [id, s] : c.state.subscriptions) out.push_back(subscription_model(s));
  return model_response(out);
}

/// DELETE /subscription/{subscriptionId}: 200 with no body, as the description documents.
inline Response unsubscribe(Call& c) {
  erase_existing(c.state.subscriptions, path_text(c, "subscriptionId"), "subscription");
  Response r;
  r.status = 200;
  return r;
}

/// GET /subscription/supports
inline Response hooks_supported(Call& c) { return model_response(c.state.hooks_supported); }

}  // namespace handlers
}  // namespace webapi::fakes::project_management
