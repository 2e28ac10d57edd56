#pragma once
// The calls that hand out and take back credentials, and the user records they name.
//
// - generateAccessToken: a form body with the cobrand's clientId and secret and the loginName the token
//   names (also read from a loginName header, which the service's own SDKs send); the admin login name
//   gets an admin token, an unknown login name creates its user. 201, valid for 30 minutes.
// - deleteToken: revokes the token (or JWT) the call presents, at once (see auth.hpp); 204.
// - generateApiKey / getApiKeys / deleteApiKey: register an RSA 2048 public key (SubjectPublicKeyInfo PEM)
//   and get the API key its JWTs name as issuer; at most 5 keys, each public key once.
// - cobrandLogin / cobrandLogout: a cobrand session; logging out also ends the user sessions opened in it.
// - samlLogin: within a cobrand session, a user session for the user the SAML response names. The fake
//   checks the issuer is the cobrand's and reads the login name from the base64 response's <NameID>
//   element; it verifies no XML signature. A login name new to the fake creates its user.
// - registerUser (admin): a user with details; getUser / updateUser: the caller's own record.
// - unregister: the caller's user goes, with everything recorded for them; their tokens and sessions stop
//   working.

#include <string>
#include <string_view>

#include <webapi/core/base64.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/store.hpp>
#include <webapi/fakes/finance/account_handlers.hpp>
#include <webapi/fakes/finance/auth.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/models.hpp>

namespace webapi::fakes::finance {

inline constexpr std::size_t max_api_keys = 5;
inline constexpr std::size_t min_login_name_length = 3;
inline constexpr std::size_t max_login_name_length = 150;

/// A fresh secret-looking value for a token, session or key.
inline std::string issue_value(State& s, std::string_view kind) {
  return deterministic_token("", ++s.credentials_issued, std::string("finance-") + std::string(kind));
}

inline void check_login_name(std::string_view name) {
  if (name.size() < min_login_name_length || name.size() > max_login_name_length)
    yodlee_error(400, "Y801", "Invalid length for loginName: it must have 3 to 150 characters");
  for (char ch : name)
    if (ch == ' ' || static_cast<unsigned char>(ch) < 0x20) invalid_value("loginName", "it may hold no spaces");
}

/// The user `login_name`, created (implicitly, with no details) when new.
inline User& user_named(State& s, const std::string& login_name) {
  auto [it, added] = s.users.try_emplace(login_name);
  if (added) {
    it->second.id = next_id(s);
    it->second.login_name = login_name;
    it->second.implicit = true;
  }
  return it->second;
}

inline fin::User user_model(const User& u) {
  fin::User m;
  m.id = u.id;
  m.login_name = u.login_name;
  if (u.first_name || u.last_name) m.name = fin::Name{u.first_name, std::nullopt, u.last_name, std::nullopt};
  m.role_type = fin::UserRoleType::INDIVIDUAL;
  return m;
}

/// Issues a client-credential token for `login_name` at `now`.
inline AccessToken& issue_token(State& s, const std::string& login_name, Time now) {
  AccessToken t;
  t.value = issue_value(s, "token");
  t.login_name = login_name;
  t.admin = login_name == s.cobrand.admin_login_name;
  t.issued_at = now;
  t.expires_at = now + token_lifetime;
  if (!t.admin) user_named(s, login_name);
  std::string key = t.value;
  return s.tokens[key] = std::move(t);
}

/// Opens a session (a cobrand session when `login_name` is empty) at `now`.
inline Session& open_session(State& s, std::string cob_session, std::optional<std::string> login_name, Time now) {
  Session session;
  session.value = issue_value(s, login_name ? "user-session" : "cob-session");
  session.cob_session = std::move(cob_session);
  session.login_name = std::move(login_name);
  session.started_at = session.last_used = now;
  std::string key = session.value;
  return s.sessions[key] = std::move(session);
}

/// The login name a SAML response names in its <NameID> element.
inline std::optional<std::string> saml_name_id(std::string_view encoded) {
  auto xml = webapi::base64::decode(encoded);
  if (!xml) return std::nullopt;
  std::size_t open = xml->find("NameID");
  if (open == std::string::npos) return std::nullopt;
  std::size_t start = xml->find('>', open);
  std::size_t end = start == std::string::npos ? start : xml->find('<', start);
  if (end == std::string::npos || end == start + 1) return std::nullopt;
  return xml->substr(start + 1, end - start - 1);
}

namespace handlers {

/// POST /auth/token
inline Response generate_access_token(Call& c) {
  auto client_id = c.params.non_empty("clientId");
  auto secret = c.params.non_empty("secret");
  if (!client_id || !secret) yodlee_error(400, "Y303", "clientId or secret is missing");
  if (*client_id != c.state.cobrand.client_id || *secret != c.state.cobrand.secret)
    yodlee_error(400, "Y301", "Invalid clientId or secret");
  std::optional<std::string> login = c.params.non_empty("loginName");
  if (!login)
    if (auto header = c.request.headers.get("loginName"); header && !header->empty()) login = std::string(*header);
  if (!login) yodlee_error(400, "Y800", "Invalid value for loginName: send the user's login name in the form");
  check_login_name(*login);
  const AccessToken& t = issue_token(c.state, *login, c.now);
  fin::ClientCredentialTokenResponse r;
  r.token = fin::ClientCredentialToken{t.value, static_cast<std::int32_t>(std::chrono::seconds(token_lifetime).count()),
                                       timestamp_string(t.issued_at)};
  return model_response(201, r);
}

/// DELETE /auth/token
inline Response delete_token(Call& c) {
  if (c.caller.mechanism == "jwt") c.state.revoked_jwts.insert(c.caller.credential);
  else c.state.tokens.at(c.caller.credential).revoked = true;
  return no_content();
}

inline fin::ApiKeyOutput api_key_model(const ApiKey& k) {
  fin::ApiKeyOutput m;
  m.key = k.key;
  m.public_key = k.public_key_pem;
  m.created_date = timestamp_string(k.created_at);
  return m;
}

/// GET /auth/apiKey
inline Response get_api_keys(Call& c) {
  std::vector<fin::ApiKeyOutput> keys;
  for (const auto& [_, k] : c.state.api_keys) keys.push_back(api_key_model(k));
  return model_response(fin::ApiKeyResponse{std::move(keys)});
}

/// POST /auth/apiKey
inline Response generate_api_key(Call& c, const fin::ApiKeyRequest& body) {
  if (!body.public_key || body.public_key->empty()) yodlee_error(400, "Y806", "Invalid input: publicKey is required");
  auto parsed = webapi::finance::RsaPublicKey::from_pem(*body.public_key);
  if (!parsed)
    yodlee_error(400, "Y800", "Invalid value for RS512 publicKey: an RSA 2048 SubjectPublicKeyInfo PEM is required");
  for (const auto& [_, k] : c.state.api_keys)
    if (k.public_key_pem == *body.public_key) yodlee_error(400, "Y811", "publicKey value already exists");
  if (c.state.api_keys.size() >= max_api_keys) yodlee_error(400, "Y824", "The maximum number of apiKey permitted is 5");
  ApiKey k{issue_value(c.state, "api-key"), *body.public_key, c.now};
  fin::ApiKeyResponse r{std::vector<fin::ApiKeyOutput>{api_key_model(k)}};
  c.state.api_keys[k.key] = k;
  return model_response(201, r);
}

/// DELETE /auth/apiKey/{key}
inline Response delete_api_key(Call& c) {
  if (!c.state.api_keys.erase(std::string(c.captures.get("key").value_or(""))))
    resource_not_found("API key");
  return no_content();
}

/// POST /cobrand/login
inline Response cobrand_login(Call& c, const fin::CobrandLoginRequest& body) {
  const Cobrand& cob = c.state.cobrand;
  if (body.cobrand.cobrand_login != cob.login || body.cobrand.cobrand_password != cob.password)
    yodlee_error(401, "Y002", "Invalid cobrand login or password");
  const Session& s = open_session(c.state, {}, std::nullopt, c.now);
  fin::CobrandLoginResponse r;
  r.application_id = cob.application_id;
  r.cobrand_id = cob.id;
  r.locale = body.cobrand.locale.value_or("en_US");
  r.session = fin::CobrandSession{s.value};
  return model_response(r);
}

/// POST /cobrand/logout
inline Response cobrand_logout(Call& c) {
  for (auto& [_, s] : c.state.sessions)
    if (s.value == c.caller.credential || s.cob_session == c.caller.credential) s.ended = true;
  return no_content();
}

/// POST /user/samlLogin
inline Response saml_login(Call& c) {
  if (c.params.required("issuer") != c.state.cobrand.saml_issuer)
    yodlee_error(400, "Y013", "Invalid value for issuer: not the identity provider this cobrand trusts");
  auto login = saml_name_id(c.params.required("samlResponse"));
  if (!login) yodlee_error(400, "Y013", "Invalid value for samlResponse: base64 SAML XML naming the user in <NameID>");
  check_login_name(*login);
  const User& u = user_named(c.state, *login);
  const Session& s = open_session(c.state, c.caller.credential, *login, c.now);
  fin::User m = user_model(u);
  m.session = fin::UserSession{s.value};
  return model_response(fin::UserResponse{std::move(m)});
}

/// POST /user/logout
inline Response user_logout(Call& c) {
  c.state.sessions.at(c.caller.credential).ended = true;
  return no_content();
}

/// POST /user/register
inline Response register_user(Call& c, const fin::UserRequest& body) {
  const fin::UserRegistration& reg = body.user;
  check_login_name(reg.login_name);
  if (reg.login_name == c.state.cobrand.admin_login_name || c.state.users.contains(reg.login_name))
    yodlee_error(400, "Y811", "loginName value already exists");
  if (reg.email && reg.email->find('@') == std::string::npos) invalid_value("email", "not an email address");
  User& u = user_named(c.state, reg.login_name);
  u.implicit = false;
  u.email = reg.email;
  if (reg.name) {
    u.first_name = reg.name->first;
    u.last_name = reg.name->last;
  }
  if (reg.preferences && reg.preferences->currency) u.currency = std::string(reg.preferences->currency->wire());
  return model_response(fin::UserResponse{user_model(u)});
}

/// PUT /user
inline Response update_user(Call& c, const fin::UpdateUserRequest& body) {
  User& u = me(c);
  const fin::UpdateUserRegistration& reg = body.user;
  if (reg.email && reg.email->find('@') == std::string::npos) invalid_value("email", "not an email address");
  if (reg.email) u.email = reg.email;
  if (reg.name && reg.name->first) u.first_name = reg.name->first;
  if (reg.name && reg.name->last) u.last_name = reg.name->last;
  if (reg.preferences && reg.preferences->currency) u.currency = known_wire(*reg.preferences->currency, "currency");
  return no_content();
}

/// DELETE /user/unregister
inline Response unregister(Call& c) {
  const std::string login = c.caller.login_name;
  State& s = c.state;
  std::vector<std::int64_t> accounts;
  for (const auto& [id, a] : s.accounts)
    if (a.login_name == login) accounts.push_back(id);
  for (std::int64_t id : accounts) erase_account(s, id);
  std::erase_if(s.provider_accounts, [&](const auto& kv) { return kv.second.login_name == login; });
  std::erase_if(s.rules, [&](const auto& kv) { return kv.second.login_name == login; });
  std::erase_if(s.categories, [&](const auto& kv) { return kv.second.login_name == login; });
  std::erase_if(s.tokens, [&](const auto& kv) { return kv.second.login_name == login; });
  for (auto& [_, session] : s.sessions)
    if (session.login_name == login) session.ended = true;
  s.users.erase(login);
  return no_content();
}

/// GET /user
inline Response get_user(Call& c) {
  const User& u = me(c);
  fin::UserDetail d;
  d.id = u.id;
  d.login_name = u.login_name;
  d.email = u.email;
  if (u.first_name || u.last_name) d.name = fin::Name{u.first_name, std::nullopt, u.last_name, std::nullopt};
  d.role_type = fin::UserRoleType::INDIVIDUAL;
  fin::UserResponsePreferences p;
  p.currency = wire<fin::MoneyCurrency>(u.currency);
  d.preferences = std::move(p);
  return model_response(fin::UserDetailResponse{std::move(d)});
}

}  // namespace handlers
}  // namespace webapi::fakes::finance
