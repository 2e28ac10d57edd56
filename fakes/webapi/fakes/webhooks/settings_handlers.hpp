#pragma once
// An app's webhook settings: the one target URL its events go to, and the throttling of deliveries.
//
// There is one target URL per app: configuring again replaces the settings (createdAt stays, updatedAt
// moves). Reading settings that were never configured, or were cleared, is 404: the description's
// SettingsResponse requires a targetUrl, so it has no shape for "none". Clearing is 204 whether or not
// there was anything to clear; the app's subscriptions stay, and get nothing delivered until it is
// configured again.

#include <string>

#include <webapi/core/wire_enum.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/webhooks/call.hpp>
#include <webapi/fakes/webhooks/models.hpp>
#include <webapi/fakes/webhooks/target_url.hpp>

namespace webapi::fakes::webhooks {

/// The rules the model cannot carry: a deliverable target URL, and at least one concurrent request (a
/// delivery could otherwise never go). An absent period is the service's per-second default.
inline Settings read_settings_change(const wh::SettingsChangeRequest& body) {
  Settings s;
  s.target_url = body.target_url;
  if (s.target_url.empty()) invalid("targetUrl", "'targetUrl' is required");
  if (!is_deliverable_url(s.target_url))
    invalid("targetUrl", "'targetUrl' must be an absolute http or https URL, got '" + s.target_url + "'");
  s.throttling.max_concurrent_requests = body.throttling.max_concurrent_requests;
  if (s.throttling.max_concurrent_requests < 1)
    invalid("throttling.maxConcurrentRequests", "'throttling.maxConcurrentRequests' must be at least 1");
  if (body.throttling.period) s.throttling.period = known_value(*body.throttling.period, "throttling.period");
  return s;
}

namespace handlers {

/// GET /webhooks/v3/{appId}/settings
inline Response get_settings(Call& c) {
  if (!c.app.settings) not_found("app " + std::to_string(c.app.id) + " has no webhook settings configured");
  return model_response(settings_model(*c.app.settings));
}

/// PUT /webhooks/v3/{appId}/settings
inline Response configure_settings(Call& c, const wh::SettingsChangeRequest& body) {
  Settings s = read_settings_change(body);
  s.created_at = c.app.settings ? c.app.settings->created_at : c.now;
  s.updated_at = c.now;
  c.app.settings = std::move(s);
  return model_response(settings_model(*c.app.settings));
}

/// DELETE /webhooks/v3/{appId}/settings
inline Response clear_settings(Call& c) {
  c.app.settings.reset();
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::webhooks
