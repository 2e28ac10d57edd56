#pragma once
// The developer API key every call presents in the hapikey query parameter, and the app it may manage.
//
// A missing key is 401, and so is one the fake did not issue (or has revoked); a working key naming an
// app it does not manage is 403, whether that app exists or not, so a key learns nothing about other
// developers' apps. Refusals never repeat the key: answers and journals may end up in logs.

#include <string>
#include <string_view>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/webhooks/call.hpp>
#include <webapi/fakes/webhooks/state.hpp>

namespace webapi::fakes::webhooks {

/// The query parameter the key travels in.
inline constexpr std::string_view api_key_parameter = "hapikey";

/// The app `app_text` names, after checking the request's key may manage it.
inline App& authorized_app(State& s, const Request& r, std::string_view app_text) {
  auto key = r.query_value(api_key_parameter);
  if (!key || key->empty()) fail(401, "no API key: send it as the hapikey query parameter");
  auto found = s.api_keys.find(*key);
  if (found == s.api_keys.end()) fail(401, "the API key is not one this service issued");
  const std::int32_t app = path_int32(app_text, "appId");
  if (!found->second.apps.contains(app)) forbidden("the API key may not manage app " + std::to_string(app));
  App& a = s.apps[app];
  a.id = app;
  return a;
}

}  // namespace webapi::fakes::webhooks
