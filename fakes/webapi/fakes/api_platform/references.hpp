#pragma once
// Members of a request body that refer to an existing collection or environment by its uid: each must
// name one the caller can open (access.hpp), or the call is 400 naming the member.

#include <optional>
#include <string>

#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>

namespace webapi::fakes::api_platform {

/// `uid` when it names an environment; 400 naming `field` otherwise. Empty stays empty.
inline std::string environment_uid(Call& c, const webapi::Optional<std::string>& uid, const std::string& field) {
  if (!uid || uid->empty()) return {};
  const Environment* e = with_uid(c.state.environments, *uid);
  if (!e || !can_open(c.state, *e, c.caller())) invalid(field, "'" + field + "': environment '" + *uid + "' not found");
  return *uid;
}

/// `uid` when it names a collection; 400 naming `field` otherwise.
inline std::string collection_uid(Call& c, const webapi::Optional<std::string>& uid, const std::string& field) {
  const std::string& given = required(uid, field);
  const Collection* col = with_uid(c.state.collections, given);
  if (!col || !can_open(c.state, *col, c.caller())) invalid(field, "'" + field + "': collection '" + given + "' not found");
  return given;
}

}  // namespace webapi::fakes::api_platform
