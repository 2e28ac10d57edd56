#pragma once
// userinfo: the signed-in account, as much of it as the bearer token's scopes reveal.
//
// GET /oauth2/v2/userinfo and GET /userinfo/v2/me answer alike. The bearer check comes first (401/403,
// see bearer.hpp), then the standard parameters (400, see call.hpp).

#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/userinfo/bearer.hpp>
#include <webapi/fakes/userinfo/call.hpp>
#include <webapi/fakes/userinfo/json.hpp>
#include <webapi/fakes/userinfo/scopes.hpp>

namespace webapi::fakes::userinfo::handlers {

/// GET /oauth2/v2/userinfo, GET /userinfo/v2/me.
inline Response userinfo(Call& c) {
  Bearer who = bearer(c);
  if (!who) return std::move(who.refusal);
  const auto fields = output_parameters<model::Userinfo>(c);
  return fields.answer(userinfo_model(*who.user, parse_scopes(who.token->scope)));
}

}  // namespace webapi::fakes::userinfo::handlers
