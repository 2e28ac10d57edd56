#pragma once
// Who a call comes from: the three ways the service authenticates, checked before any handler runs.
//
//   Authorization: Bearer <client-credential token>    from generateAccessToken; 30 minutes; an admin
//                                                       token (the admin login name) or a user's
//   Authorization: Bearer <JWT>                         RS512, signed with the key whose public half was
//                                                       registered with generateApiKey (iss = the API key);
//                                                       with sub (a user's login name) it acts as that user,
//                                                       without it as the admin
//   Authorization: cobSession=<s>[,userSession=<u>]     from cobrandLogin (and samlLogin for the user
//                                                       session); also braced, never after "Bearer ";
//                                                       sessions end after 2 hours idle or 24 hours in all
//   Authorization: Basic base64(cobrandLogin:password)  for the API key calls only
//
// A missing, unknown, expired or revoked credential is 401 (Y007, Y020, Y023): the client may renew and
// resend. A working credential of the wrong kind is 403 Y015 and is not worth resending: administrative
// calls (registering users, event subscriptions, data extracts) refuse a user's credential, and calls on a
// user's data refuse the admin's. Revocation (deleteToken) takes effect at once: the service allows itself
// up to 2 minutes, and a fake that revokes at once makes a test relying on the old token fail, not pass.
// Refusals never repeat the credential.

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include <webapi/core/base64.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/errors.hpp>
#include <webapi/fakes/finance/state.hpp>
#include <webapi/finance/jwt.hpp>

namespace webapi::fakes::finance {

inline constexpr std::chrono::minutes token_lifetime{30};
inline constexpr std::chrono::hours session_idle_timeout{2};
inline constexpr std::chrono::hours session_absolute_timeout{24};

/// What an operation requires of its caller.
enum class Needs { nothing, user, admin, api_keys, cobrand_session, user_session, any_token };

inline Needs needs(std::string_view op) {
  constexpr std::string_view admin_ops[] = {
      "register_user",          "get_subscribed_events",  "create_subscription_event", "update_subscribed_event",
      "delete_subscribed_event", "get_subscribed_notification_events", "create_subscription_notification_event",
      "update_subscribed_notification_event", "delete_subscribed_notification_event", "get_data_extracts_events",
      "get_data_extracts_user_data", "get_public_key", "get_public_encryption_key"};
  if (op == "cobrand_login" || op == "generate_access_token") return Needs::nothing;
  if (op == "get_api_keys" || op == "generate_api_key" || op == "delete_api_key") return Needs::api_keys;
  if (op == "saml_login" || op == "cobrand_logout") return Needs::cobrand_session;
  if (op == "user_logout") return Needs::user_session;
  if (op == "delete_token") return Needs::any_token;
  for (auto a : admin_ops)
    if (a == op) return Needs::admin;
  return Needs::user;
}

[[noreturn]] inline void unauthorized(std::string_view code, std::string message) {
  yodlee_error(401, code, std::move(message));
}

/// The session `value`, if live at `now` (and then marked used); 401 otherwise.
inline Session& live_session(State& s, std::string_view value, Time now, std::string_view what) {
  auto it = s.sessions.find(value);
  if (it == s.sessions.end() || it->second.ended) unauthorized("Y020", "the " + std::string(what) + " is not valid");
  Session& session = it->second;
  if (now - session.last_used >= session_idle_timeout)
    unauthorized("Y023", "the " + std::string(what) + " has expired after 2 hours without use");
  if (now - session.started_at >= session_absolute_timeout)
    unauthorized("Y023", "the " + std::string(what) + " has expired 24 hours after it began");
  session.last_used = now;
  return session;
}

namespace detail {

/// "cobSession=a,userSession=b" (optionally braced) split into its two values.
inline bool parse_session_pair(std::string_view text, std::string& cob, std::string& user) {
  if (text.starts_with('{') && text.ends_with('}')) text = text.substr(1, text.size() - 2);
  bool any = false;
  while (!text.empty()) {
    std::string_view part = text.substr(0, text.find(','));
    text.remove_prefix(std::min(text.size(), part.size() + 1));
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    std::size_t eq = part.find('=');
    if (eq == std::string_view::npos) return false;
    std::string_view name = part.substr(0, eq), value = part.substr(eq + 1);
    if (name == "cobSession") cob = value, any = true;
    else if (name == "userSession") user = value;
    else return false;
  }
  return any && !cob.empty();
}

inline Caller session_caller(State& s, const std::string& cob, const std::string& user, Time now) {
  Session& cobrand = live_session(s, cob, now, "cobrand session");
  if (cobrand.login_name) unauthorized("Y020", "the cobSession value is a user session");
  if (user.empty()) return {Role::admin, s.cobrand.admin_login_name, "session", cob};
  Session& u = live_session(s, user, now, "user session");
  if (!u.login_name || u.cob_session != cob)
    unauthorized("Y020", "the user session was not opened in this cobrand session");
  return {Role::user, *u.login_name, "session", user};
}

inline Caller token_caller(State& s, const std::string& value, Time now) {
  auto it = s.tokens.find(value);
  if (it == s.tokens.end()) unauthorized("Y020", "Invalid token in authorization header");
  const AccessToken& t = it->second;
  if (t.revoked) unauthorized("Y020", "the access token has been revoked");
  if (now >= t.expires_at) unauthorized("Y023", "Token has expired");
  if (t.admin) return {Role::admin, t.login_name, "token", value};
  if (!s.users.contains(t.login_name)) unauthorized("Y020", "the token's user no longer exists");
  return {Role::user, t.login_name, "token", value};
}

/// The `iss` claim, read before verification to find the key to verify with.
inline std::optional<std::string> jwt_issuer(std::string_view token) {
  std::size_t a = token.find('.'), b = a == token.npos ? a : token.find('.', a + 1);
  if (b == token.npos) return std::nullopt;
  auto payload = webapi::finance::detail::base64url_decode(token.substr(a + 1, b - a - 1));
  if (!payload) return std::nullopt;
  boost::system::error_code ec;
  auto claims = boost::json::parse(*payload, ec);
  const auto* iss = !ec && claims.is_object() ? claims.as_object().if_contains("iss") : nullptr;
  if (!iss || !iss->is_string()) return std::nullopt;
  return std::string(iss->get_string());
}

inline Caller jwt_caller(State& s, const std::string& token, Time now) {
  auto issuer = jwt_issuer(token);
  if (!issuer) unauthorized("Y020", "the JWT names no issuer (iss, the API key)");
  auto key = s.api_keys.find(*issuer);
  if (key == s.api_keys.end()) unauthorized("Y020", "the JWT's issuer is not a registered API key");
  auto public_key = webapi::finance::RsaPublicKey::from_pem(key->second.public_key_pem);
  if (!public_key) unauthorized("Y020", "the API key's public key cannot be read");
  auto verified = webapi::finance::verify_jwt(*public_key, token, {}, now);
  if (!verified) {
    bool expired = verified.error().message.find("expired") != std::string::npos;
    unauthorized(expired ? "Y023" : "Y020", "Invalid JWT: " + verified.error().message.substr(5));
  }
  if (s.revoked_jwts.contains(token)) unauthorized("Y020", "the JWT has been revoked");
  if (!verified->subject) return {Role::admin, s.cobrand.admin_login_name, "jwt", token};
  if (!s.users.contains(*verified->subject))
    unauthorized("Y020", "the JWT's subject (sub) names no user of this cobrand; register the user first");
  return {Role::user, *verified->subject, "jwt", token};
}

inline bool basic_matches(const Cobrand& c, std::string_view encoded) {
  auto decoded = webapi::base64::decode(encoded);
  return decoded && *decoded == c.login + ":" + c.password;
}

}  // namespace detail

/// Authenticates `r`, a call to `operation`, at `now`; a Failure (401 or 403) refuses it.
inline Caller authenticate(State& s, const Request& r, std::string_view operation, Time now) {
  const Needs need = needs(operation);
  if (need == Needs::nothing) return {};
  auto header = r.headers.get("Authorization");
  if (!header || header->empty()) unauthorized("Y007", "Authorization header missing");
  std::string_view h = *header;

  Caller caller;
  std::string cob, user;
  constexpr std::string_view bearer = "Bearer ", basic = "Basic ";
  if (h.size() > basic.size() && iequals(h.substr(0, basic.size()), basic)) {
    if (need != Needs::api_keys) unauthorized("Y027", "HTTP Basic is accepted for the API key calls only");
    if (!detail::basic_matches(s.cobrand, h.substr(basic.size())))
      unauthorized("Y020", "the cobrand login or password is wrong");
    caller = {Role::admin, s.cobrand.admin_login_name, "basic", {}};
  } else {
    const bool as_bearer = h.size() > bearer.size() && iequals(h.substr(0, bearer.size()), bearer);
    if (as_bearer) h.remove_prefix(bearer.size());
    const std::string value(h);
    if (value.find("cobSession=") != std::string::npos) {
      if (as_bearer) unauthorized("Y027", "a session is sent as 'cobSession=...', not as a bearer token");
      if (!detail::parse_session_pair(value, cob, user))
        unauthorized("Y027", "expected cobSession=<session>[,userSession=<session>]");
      caller = detail::session_caller(s, cob, user, now);
    } else if (std::count(value.begin(), value.end(), '.') == 2) {
      caller = detail::jwt_caller(s, value, now);
    } else if (h.data() != header->data()) {
      caller = detail::token_caller(s, value, now);
    } else {
      unauthorized("Y027", "Unsupported authentication type");
    }
  }

  switch (need) {
    case Needs::cobrand_session:
      if (caller.mechanism != "session" || !user.empty())
        yodlee_error(403, "Y015", "this call takes a cobrand session (cobSession) alone");
      break;
    case Needs::user_session:
      if (caller.mechanism != "session" || user.empty())
        yodlee_error(403, "Y015", "this call takes a user session (cobSession with userSession)");
      break;
    case Needs::any_token:
      if (caller.mechanism != "token" && caller.mechanism != "jwt")
        unauthorized("Y027", "deleteToken revokes an access token or JWT; sessions end with a logout");
      break;
    case Needs::admin:
    case Needs::api_keys:
      if (caller.role != Role::admin)
        yodlee_error(403, "Y015", "an administrative call: use an admin credential, not a user's");
      break;
    case Needs::user:
      if (caller.role != Role::user)
        yodlee_error(403, "Y015", "this call acts on a user's data: use a credential naming the user");
      break;
    case Needs::nothing: break;
  }
  return caller;
}

}  // namespace webapi::fakes::finance
