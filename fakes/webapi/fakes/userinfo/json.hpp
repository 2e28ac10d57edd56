#pragma once
// The JSON the userinfo fake answers with.
//
// Success bodies are the module's Tokeninfo and Userinfo models (webapi/userinfo/models.hpp), holding only
// what the token's scopes reveal and only what the account has. tokeninfo refuses a token the OAuth way,
// {"error":"invalid_token","error_description":"..."}; every other refusal is the fakes' usual
// {"error":{"code":...,"message":...}}.

#include <optional>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include <webapi/userinfo/models.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/userinfo/scopes.hpp>
#include <webapi/fakes/userinfo/state.hpp>
#include <webapi/fakes/userinfo/tokens.hpp>

namespace webapi::fakes::userinfo {

namespace model = webapi::userinfo;

namespace detail {
inline void put_if_set(webapi::Optional<std::string>& member, const std::string& value) {
  if (!value.empty()) member = value;
}
template <class Model>
void put_email(Model& m, const User& u) {
  if (u.email.empty()) return;
  m.email = u.email;
  m.verified_email = u.verified_email;
}
}  // namespace detail

/// The account as the userinfo endpoints show it to a token with `scopes`: the id always; email and
/// verified_email with the email scope; the profile fields with the profile scope.
inline model::Userinfo userinfo_model(const User& u, Scopes scopes) {
  model::Userinfo m;
  m.id = u.id;
  if (scopes.email) detail::put_email(m, u);
  if (scopes.profile) {
    detail::put_if_set(m.name, u.name);
    detail::put_if_set(m.given_name, u.given_name);
    detail::put_if_set(m.family_name, u.family_name);
    detail::put_if_set(m.picture, u.picture);
    detail::put_if_set(m.locale, u.locale);
    detail::put_if_set(m.link, u.link);
    detail::put_if_set(m.gender, u.gender);
    detail::put_if_set(m.hd, u.hd);
  }
  return m;
}

namespace detail {
/// What tokeninfo says of every token: the client it was issued to and for, its user, its time left.
inline model::Tokeninfo token_basics(const std::string& client, const User& u, ManualClock::time_point expires_at,
                                     ManualClock::time_point now) {
  model::Tokeninfo m;
  m.issued_to = client;
  m.audience = client;
  m.user_id = u.id;
  m.expires_in = seconds_left(expires_at, now);
  return m;
}
}  // namespace detail

/// tokeninfo for an access token: the basics, its scope, and the email when the scope grants it.
inline model::Tokeninfo tokeninfo_model(const AccessToken& t, const User& u, ManualClock::time_point now) {
  model::Tokeninfo m = detail::token_basics(t.client_id, u, t.expires_at, now);
  m.scope = t.scope;
  if (parse_scopes(t.scope).email) detail::put_email(m, u);
  return m;
}

/// tokeninfo for an ID token: the basics (no scope), and the email when the token carries it.
inline model::Tokeninfo tokeninfo_model(const IdToken& t, const User& u, ManualClock::time_point now) {
  model::Tokeninfo m = detail::token_basics(t.audience, u, t.expires_at, now);
  if (t.email) detail::put_email(m, u);
  return m;
}

/// An OAuth 2.0 error answer (RFC 6749 section 5.2): {"error": code, "error_description": description}.
/// The description gives errors no schema, so this one is written by hand.
inline Response oauth_error(int status, std::string_view code, std::string_view description) {
  return json_response(status, boost::json::object{{"error", code}, {"error_description", description}});
}

}  // namespace webapi::fakes::userinfo
