#pragma once
// One authorised call to the webhooks fake, and the lookups its handlers share.
//
// Every path names an app (appId) and some a subscription (subscriptionId); both are 32-bit integers in
// the description, so anything else there is 400. The app has already been checked against the caller's
// API key (hapikey.hpp) by the time a handler runs.

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/router.hpp>
#include <webapi/fakes/webhooks/errors.hpp>
#include <webapi/fakes/webhooks/state.hpp>

namespace webapi::fakes::webhooks {

struct Call {
  State& state;
  const Request& request;
  App& app;           ///< the app in the path, which the caller's key may manage
  Captures captures;  ///< the path's values: appId, and subscriptionId where there is one
  ManualClock::time_point now;
};

/// A path value that must be a 32-bit integer; 400 naming `name` otherwise.
inline std::int32_t path_int32(std::string_view text, std::string_view name) {
  std::int32_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    invalid(std::string(name), "'" + std::string(name) + "' must be a 32-bit integer, got '" + std::string(text) + "'");
  return n;
}

/// The key a subscription has in its app's table.
inline std::string subscription_key(std::int32_t id) { return std::to_string(id); }

/// The subscription `id` of the call's app, unless archived; 404 otherwise.
inline Subscription& live_subscription(Call& c, std::int32_t id) {
  Subscription* s = c.app.subscriptions.find(subscription_key(id));
  if (!s || s->archived)
    not_found("subscription " + std::to_string(id) + " not found in app " + std::to_string(c.app.id));
  return *s;
}

/// The subscription the path names.
inline Subscription& subscription_in_path(Call& c) {
  return live_subscription(c, path_int32(c.captures.get("subscriptionId").value_or(""), "subscriptionId"));
}

/// 204 No Content.
inline Response no_content() {
  Response r;
  r.status = 204;
  return r;
}

}  // namespace webapi::fakes::webhooks
