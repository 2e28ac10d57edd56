#pragma once
// The JSON the userinfo fake answers with.
//
// Success bodies are the description's Tokeninfo and Userinfo objects, holding only what the token's scopes
// reveal and only what the account has. tokeninfo refuses a token the OAuth way, {"error":"invalid_token",
// "error_description":"..."}; every other refusal is the fakes' usual {"error":{"code":...,"message":...}}.

#include <array>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/userinfo/scopes.hpp>
#include <webapi/fakes/userinfo/state.hpp>
#include <webapi/fakes/userinfo/tokens.hpp>

namespace webapi::fakes::userinfo {

/// The members of each response type, for partial responses.
inline constexpr std::array<std::string_view, 7> tokeninfo_fields = {
    "audience", "email", "expires_in", "issued_to", "scope", "user_id", "verified_email"};
inline constexpr std::array<std::string_view, 11> userinfo_fields = {
    "email", "family_name", "gender", "given_name", "hd", "id",
    "link", "locale", "name", "picture", "verified_email"};

namespace detail {
inline void put_if_set(boost::json::object& o, std::string_view name, const std::string& value) {
  if (!value.empty()) o[name] = value;
}
inline void put_email(boost::json::object& o, const User& u) {
  if (u.email.empty()) return;
  o["email"] = u.email;
  o["verified_email"] = u.verified_email;
}
}  // namespace detail

/// The account as the userinfo endpoints show it to a token with `scopes`: the id always; email and
/// verified_email with the email scope; the profile fields with the profile scope.
inline boost::json::object userinfo_json(const User& u, Scopes scopes) {
  boost::json::object o;
  o["id"] = u.id;
  if (scopes.email) detail::put_email(o, u);
  if (scopes.profile) {
    detail::put_if_set(o, "name", u.name);
    detail::put_if_set(o, "given_name", u.given_name);
    detail::put_if_set(o, "family_name", u.family_name);
    detail::put_if_set(o, "picture", u.picture);
    detail::put_if_set(o, "locale", u.locale);
    detail::put_if_set(o, "link", u.link);
    detail::put_if_set(o, "gender", u.gender);
    detail::put_if_set(o, "hd", u.hd);
  }
  return o;
}

/// tokeninfo for an access token: who it was issued to and for, its scope, its time left, and the email
/// when the scope grants it.
inline boost::json::object tokeninfo_json(const AccessToken& t, const User& u, ManualClock::time_point now) {
  boost::json::object o;
  o["issued_to"] = t.client_id;
  o["audience"] = t.client_id;
  o["user_id"] = u.id;
  o["scope"] = t.scope;
  o["expires_in"] = seconds_left(t.expires_at, now);
  if (parse_scopes(t.scope).email) detail::put_email(o, u);
  return o;
}

/// tokeninfo for an ID token: the same without a scope; the email when the token carries it.
inline boost::json::object tokeninfo_json(const IdToken& t, const User& u, ManualClock::time_point now) {
  boost::json::object o;
  o["issued_to"] = t.audience;
  o["audience"] = t.audience;
  o["user_id"] = u.id;
  o["expires_in"] = seconds_left(t.expires_at, now);
  if (t.email) detail::put_email(o, u);
  return o;
}

/// An OAuth 2.0 error answer (RFC 6749 section 5.2): {"error": code, "error_description": description}.
inline Response oauth_error(int status, std::string_view code, std::string_view description) {
  return json_response(status, boost::json::object{{"error", code}, {"error_description", description}});
}

}  // namespace webapi::fakes::userinfo
