#pragma once
// Issuing authorization codes and tokens. Values are deterministic (the same on every run of a test) but
// unguessable-looking, and each kind has its own prefix so a mix-up shows in test output.

#include <chrono>
#include <optional>
#include <string>

#include <boost/json/object.hpp>

#include <webapi/fakes/audio/state.hpp>
#include <webapi/fakes/core/store.hpp>

namespace webapi::fakes::audio {

/// How long an access token works, on the fake's clock.
inline constexpr std::chrono::seconds access_token_lifetime{3600};
/// How long an authorization code may wait to be exchanged.
inline constexpr std::chrono::seconds code_lifetime{600};

inline std::string new_secret(State& s, std::string_view prefix) {
  return deterministic_token(prefix, ++s.secrets_issued, "audio-fake");
}

inline AccessToken& issue_access_token(State& s, std::string client_id, std::optional<Id> user, std::string scope,
                                       Time now) {
  AccessToken t{new_secret(s, "at-"), std::move(client_id), user, std::move(scope), now + access_token_lifetime};
  std::string key = t.value;
  return s.access_tokens[key] = std::move(t);
}

/// A token answer as an OAuth 2.0 token endpoint gives it (RFC 6749 section 5.1): an access token, and a
/// refresh token when the grant acts for a user.
inline boost::json::object token_answer(State& s, const std::string& client_id, std::optional<Id> user,
                                        const std::string& scope, Time now) {
  const AccessToken& at = issue_access_token(s, client_id, user, scope, now);
  boost::json::object o{{"access_token", at.value},
                        {"token_type", "bearer"},
                        {"expires_in", access_token_lifetime.count()},
                        {"scope", scope}};
  if (user) {
    RefreshToken rt{new_secret(s, "rt-"), client_id, *user, scope};
    o["refresh_token"] = rt.value;
    std::string key = rt.value;
    s.refresh_tokens[key] = std::move(rt);
  }
  return o;
}

}  // namespace webapi::fakes::audio
