#pragma once
// The access token a userinfo call presents, and the answers refusing one.
//
// The token travels as "Authorization: Bearer <token>" or, as the service also allows, in the oauth_token
// query parameter; the header wins when both are sent. A missing credential is 401 with the challenge
// `WWW-Authenticate: Bearer realm="..."`; a token that is unknown, revoked or expired is 401 with
// `error="invalid_token"` added (RFC 6750 section 3); a working token without any of the openid, email and
// profile scopes is 403 with `error="insufficient_scope"`.

#include <optional>
#include <string>
#include <string_view>

#include <webapi/core/headers.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/userinfo/call.hpp>
#include <webapi/fakes/userinfo/scopes.hpp>
#include <webapi/fakes/userinfo/tokens.hpp>

namespace webapi::fakes::userinfo {

/// The realm the service names in its challenges.
inline constexpr std::string_view bearer_realm = "https://accounts.google.com/";

/// A working access token and its user; or, when `token` is null, the answer refusing the call.
struct Bearer {
  const AccessToken* token = nullptr;
  const User* user = nullptr;
  Response refusal{};

  explicit operator bool() const noexcept { return token != nullptr; }
};

/// 401 with a Bearer challenge; `error` ("invalid_token") is added to it when given.
inline Response unauthorized(std::string_view message, std::string_view error = {}) {
  Response r = error_response(401, message, {{"status", "UNAUTHENTICATED"}});
  std::string challenge = "Bearer realm=\"" + std::string(bearer_realm) + "\"";
  if (!error.empty()) challenge += ", error=\"" + std::string(error) + "\"";
  r.headers.set("WWW-Authenticate", challenge);
  return r;
}

/// 403 for a token that may not read the account, naming the scopes that would do.
inline Response insufficient_scope() {
  Response r = error_response(403, "the access token grants none of the scopes openid, email and profile",
                              {{"status", "PERMISSION_DENIED"}});
  r.headers.set("WWW-Authenticate", "Bearer realm=\"" + std::string(bearer_realm) +
                                        "\", error=\"insufficient_scope\", scope=\"openid email profile\"");
  return r;
}

/// The call's access token, checked.
inline Bearer bearer(const Call& c) {
  std::optional<std::string> token;
  bool other_scheme = false;
  if (auto header = c.request.headers.get("Authorization")) {
    constexpr std::string_view scheme = "Bearer ";
    if (header->size() > scheme.size() && iequals(header->substr(0, scheme.size()), scheme))
      token = std::string(header->substr(scheme.size()));
    else
      other_scheme = true;
  }
  if (!token) token = c.params.non_empty("oauth_token");
  if (!token) {
    if (other_scheme) return {nullptr, nullptr, unauthorized("the Authorization header is not a Bearer credential")};
    return {nullptr, nullptr,
            unauthorized("no access token: send 'Authorization: Bearer <token>' or the oauth_token parameter")};
  }
  auto found = find_access_token(c.state, *token, c.now);
  if (!found) return {nullptr, nullptr, unauthorized(found.problem, "invalid_token")};
  if (!parse_scopes(found.token->scope).any_identity()) return {nullptr, nullptr, insufficient_scope()};
  return {found.token, found.user, {}};
}

}  // namespace webapi::fakes::userinfo
