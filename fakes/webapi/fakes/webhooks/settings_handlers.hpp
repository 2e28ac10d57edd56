#pragma once
// An app's webhook settings: the one target URL its events go to, and the throttling of deliveries.
//
// There is one target URL per app: configuring again replaces the settings (createdAt stays, updatedAt
// moves). Reading settings that were never configured, or were cleared, is 404: the description's
// SettingsResponse requires a targetUrl, so it has no shape for "none". Clearing is 204 whether or not
// there was anything to clear; the app's subscriptions stay, and get nothing delivered until it is
// configured again.

#include <string>

#include <boost/json.hpp>

#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/webhooks/body.hpp>
#include <webapi/fakes/webhooks/call.hpp>
#include <webapi/fakes/webhooks/event_types.hpp>
#include <webapi/fakes/webhooks/json.hpp>
#include <webapi/fakes/webhooks/target_url.hpp>

namespace webapi::fakes::webhooks {

/// The description's ThrottlingSettings at `path`: maxConcurrentRequests (at least 1, since a delivery
/// could otherwise never go) and period (SECONDLY or ROLLING_MINUTE), both required.
inline Throttling read_throttling(const boost::json::value& v, const std::string& path) {
  const auto& o = as_object(v, path);
  Throttling t;
  const std::string max_path = member_path(path, "maxConcurrentRequests");
  t.max_concurrent_requests = as_int32(required_member(o, "maxConcurrentRequests", max_path), max_path);
  if (t.max_concurrent_requests < 1) invalid(max_path, "'" + max_path + "' must be at least 1");
  const std::string period_path = member_path(path, "period");
  t.period = as_string(required_member(o, "period", period_path), period_path);
  if (!is_throttling_period(t.period))
    invalid(period_path, "'" + period_path + "' must be one of " + joined(throttling_periods) + ", got '" +
                             t.period + "'");
  return t;
}

/// The description's SettingsChangeRequest: targetUrl and throttling, both required.
inline Settings read_settings_change(const boost::json::object& body) {
  Settings s;
  s.target_url = as_string(required_member(body, "targetUrl", "targetUrl"), "targetUrl");
  if (s.target_url.empty()) invalid("targetUrl", "'targetUrl' is required");
  if (!is_deliverable_url(s.target_url))
    invalid("targetUrl", "'targetUrl' must be an absolute http or https URL, got '" + s.target_url + "'");
  s.throttling = read_throttling(required_member(body, "throttling", "throttling"), "throttling");
  return s;
}

namespace handlers {

/// GET /webhooks/v3/{appId}/settings
inline Response get_settings(Call& c) {
  if (!c.app.settings) not_found("app " + std::to_string(c.app.id) + " has no webhook settings configured");
  return json_response(settings_json(*c.app.settings));
}

/// PUT /webhooks/v3/{appId}/settings
inline Response configure_settings(Call& c) {
  Settings s = read_settings_change(json_object_body(c.request));
  s.created_at = c.app.settings ? c.app.settings->created_at : c.now;
  s.updated_at = c.now;
  c.app.settings = std::move(s);
  return json_response(settings_json(*c.app.settings));
}

/// DELETE /webhooks/v3/{appId}/settings
inline Response clear_settings(Call& c) {
  c.app.settings.reset();
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::webhooks
