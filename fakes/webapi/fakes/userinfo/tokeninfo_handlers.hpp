#pragma once
// tokeninfo: what an access token or an ID token is, for a backend checking a token it was handed.
//
// Exactly one of access_token and id_token names the token (in the query or a form body); neither or
// both is 400 invalid_request. A token that is unknown, revoked or expired is 400 invalid_token. No
// credential is needed to ask: the token asked about is the credential.

#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/userinfo/call.hpp>
#include <webapi/fakes/userinfo/json.hpp>
#include <webapi/fakes/userinfo/tokens.hpp>

namespace webapi::fakes::userinfo::handlers {

/// POST (or GET) /oauth2/v2/tokeninfo: `access_token` or `id_token`.
inline Response tokeninfo(Call& c) {
  const auto fields = output_parameters<model::Tokeninfo>(c);
  const auto access = c.params.non_empty("access_token");
  const auto id = c.params.non_empty("id_token");
  if (access && id) return oauth_error(400, "invalid_request", "send access_token or id_token, not both");
  if (!access && !id)
    return oauth_error(400, "invalid_request", "name the token to inspect in access_token or id_token");

  model::Tokeninfo body;
  if (access) {
    auto found = find_access_token(c.state, *access, c.now);
    if (!found) return oauth_error(400, "invalid_token", found.problem);
    body = tokeninfo_model(*found.token, *found.user, c.now);
  } else {
    auto found = find_id_token(c.state, *id, c.now);
    if (!found) return oauth_error(400, "invalid_token", found.problem);
    body = tokeninfo_model(*found.token, *found.user, c.now);
  }
  return fields.answer(body);
}

}  // namespace webapi::fakes::userinfo::handlers
