#pragma once
// The OAuth 2.0 server: the authorization endpoint (GET /connect) and the token operation.
//
// /connect stands for the service's login page: the user signed in there (Fake::sign_in) approves at
// once, and the browser is sent (302) to the app's redirect_uri with a code and the state it came with.
// A client_id or redirect_uri the service does not know is refused with 400 and no redirect (sending the
// browser to an unregistered address is how codes leak); any other problem is reported to the app by a
// redirect carrying `error` (RFC 6749 section 4.1.2.1). The code flow needs PKCE with S256.
// response_type=token, the discouraged implicit flow, puts the access token in the redirect's fragment.
//
// The token operation takes a form body and authenticates the app by client_id and client_secret in the
// form or in HTTP Basic. Grants: authorization_code (the code once, as `code` or, as the description's
// form model names it, `authorization_code`; its redirect_uri; the PKCE verifier),
// refresh_token (a new pair; the old refresh token stops working) and client_credentials (an app-only
// token). Refusals are the OAuth error answers of RFC 6749 section 5.2: 400 {"error":"invalid_grant",
// "error_description":...}, 401 invalid_client; no description repeats a code, token or secret.

#include <optional>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include <webapi/core/base64.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/pkce.hpp>
#include <webapi/fakes/audio/state.hpp>
#include <webapi/fakes/audio/tokens.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes::audio::handlers {

/// `base` with the pairs of `fields` appended after `separator` ('?', or '&' when it has a query; '#').
inline std::string with_fields(std::string base, char separator, std::initializer_list<std::pair<std::string_view, std::string>> fields) {
  if (separator == '?' && base.find('?') != std::string::npos) separator = '&';
  for (const auto& [name, value] : fields) {
    base += separator;
    base += url::encode_query_component(name);
    base += '=';
    base += url::encode_query_component(value);
    separator = '&';
  }
  return base;
}

inline Response redirect_to(std::string location) {
  Response r;
  r.status = 302;
  r.headers.set("Location", std::move(location));
  return r;
}

inline Response connect(Call& c) {
  const std::string client_id = c.params.required("client_id");
  const std::string redirect_uri = c.params.required("redirect_uri");
  auto app = c.state.apps.find(client_id);
  if (app == c.state.apps.end())
    throw Failure(400, "client_id is not a registered application", {{"in", "client_id"}});
  if (!app->second.redirect_uris.contains(redirect_uri))
    throw Failure(400, "redirect_uri is not registered for this application", {{"in", "redirect_uri"}});

  const std::string state = c.params.get("state").value_or("");
  auto refuse = [&](std::string_view error, std::string description) {
    return redirect_to(with_fields(redirect_uri, '?',
                                   {{"error", std::string(error)}, {"error_description", std::move(description)}, {"state", state}}));
  };
  const std::string response_type = c.params.get("response_type").value_or("");
  if (response_type != "code" && response_type != "token")
    return refuse("unsupported_response_type", "response_type must be 'code' (or the discouraged 'token')");
  if (!c.state.signed_in) return refuse("access_denied", "no user is signed in to approve the request");
  const std::string scope = c.params.get("scope").value_or("");

  if (response_type == "token") {
    const AccessToken& t = issue_access_token(c.state, client_id, *c.state.signed_in, scope, c.now);
    return redirect_to(with_fields(redirect_uri, '#',
                                   {{"access_token", t.value},
                                    {"token_type", "bearer"},
                                    {"expires_in", std::to_string(access_token_lifetime.count())},
                                    {"scope", scope},
                                    {"state", state}}));
  }
  const std::string challenge = c.params.get("code_challenge").value_or("");
  if (challenge.empty()) return refuse("invalid_request", "code_challenge is required (PKCE)");
  if (c.params.get("code_challenge_method").value_or("") != "S256")
    return refuse("invalid_request", "code_challenge_method must be S256");

  AuthorizationCode code{new_secret(c.state, "code-"), client_id, redirect_uri, challenge, scope,
                         *c.state.signed_in, c.now + code_lifetime};
  std::string value = code.value;
  c.state.codes[value] = std::move(code);
  return redirect_to(with_fields(redirect_uri, '?', {{"code", value}, {"state", state}}));
}

/// An OAuth 2.0 error answer (RFC 6749 section 5.2).
inline Response oauth_error(int status, std::string_view error, std::string_view description) {
  Response r = json_response(status, boost::json::object{{"error", error}, {"error_description", description}});
  r.headers.set("Cache-Control", "no-store");
  return r;
}

/// The client_id and client_secret of a token request: form fields, or HTTP Basic.
inline std::pair<std::string, std::string> client_credentials_of(const Call& c) {
  if (auto header = c.request.headers.get("Authorization");
      header && header->size() > 6 && iequals(header->substr(0, 6), "Basic ")) {
    auto decoded = base64::decode(header->substr(6));
    if (decoded)
      if (std::size_t colon = decoded->find(':'); colon != std::string::npos) {
        auto id = url::decode(std::string_view(*decoded).substr(0, colon), true);
        auto secret = url::decode(std::string_view(*decoded).substr(colon + 1), true);
        if (id && secret) return {*id, *secret};
      }
  }
  return {c.params.get("client_id").value_or(""), c.params.get("client_secret").value_or("")};
}

/// A token answer; like every answer of the token operation it must not be cached (RFC 6749 section 5.1).
inline Response token_response(const boost::json::object& answer) {
  Response r = json_response(answer);
  r.headers.set("Cache-Control", "no-store");
  return r;
}

inline Response exchange_code(Call& c, const std::string& client_id) {
  // OAuth 2.0 names the field `code`; the description's form model names it `authorization_code`.
  auto code = c.params.non_empty("code");
  if (!code) code = c.params.non_empty("authorization_code");
  if (!code) return oauth_error(400, "invalid_request", "the authorization_code grant needs 'code'");
  auto it = c.state.codes.find(*code);
  if (it == c.state.codes.end()) return oauth_error(400, "invalid_grant", "the authorization code is not one this service issued");
  AuthorizationCode& found = it->second;
  if (found.used) return oauth_error(400, "invalid_grant", "the authorization code has already been used");
  if (c.now >= found.expires_at) return oauth_error(400, "invalid_grant", "the authorization code has expired");
  if (found.client_id != client_id)
    return oauth_error(400, "invalid_grant", "the authorization code was issued to another application");
  if (c.params.get("redirect_uri").value_or("") != found.redirect_uri)
    return oauth_error(400, "invalid_grant", "redirect_uri differs from the one the code was issued for");
  auto verifier = c.params.non_empty("code_verifier");
  if (!verifier) return oauth_error(400, "invalid_grant", "code_verifier is required: the code was issued with PKCE");
  if (!is_code_verifier(*verifier) || challenge_s256(*verifier) != found.code_challenge)
    return oauth_error(400, "invalid_grant", "code_verifier does not match the code_challenge");
  found.used = true;
  return token_response(token_answer(c.state, client_id, found.user_id, found.scope, c.now));
}

inline Response refresh(Call& c, const std::string& client_id) {
  auto value = c.params.non_empty("refresh_token");
  if (!value) return oauth_error(400, "invalid_request", "the refresh_token grant needs 'refresh_token'");
  auto it = c.state.refresh_tokens.find(*value);
  if (it == c.state.refresh_tokens.end() || it->second.client_id != client_id)
    return oauth_error(400, "invalid_grant", "the refresh token is unknown, already used, or another application's");
  const RefreshToken old = it->second;
  c.state.refresh_tokens.erase(it);  // retired: a refresh token works once
  return token_response(token_answer(c.state, client_id, old.user_id, old.scope, c.now));
}

inline Response token(Call& c) {
  const auto [client_id, client_secret] = client_credentials_of(c);
  auto app = c.state.apps.find(client_id);
  if (client_id.empty() || app == c.state.apps.end() || app->second.client_secret != client_secret)
    return oauth_error(401, "invalid_client", "client authentication failed: unknown client_id or wrong client_secret");
  const std::string grant = c.params.get("grant_type").value_or("");
  if (grant == "authorization_code") return exchange_code(c, client_id);
  if (grant == "refresh_token") return refresh(c, client_id);
  if (grant == "client_credentials")
    return token_response(token_answer(c.state, client_id, std::nullopt, c.params.get("scope").value_or(""), c.now));
  if (grant.empty()) return oauth_error(400, "invalid_request", "'grant_type' is required");
  return oauth_error(400, "unsupported_grant_type",
                     "grant_type must be authorization_code, refresh_token or client_credentials");
}

}  // namespace webapi::fakes::audio::handlers
