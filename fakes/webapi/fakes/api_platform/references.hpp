#pragma once
// Members of a request body that refer to an existing collection or environment by its uid: each must
// name one, or the call is 400 naming the member.

#include <optional>
#include <string>

#include <webapi/fakes/api_platform/call.hpp>

namespace webapi::fakes::api_platform {

/// `uid` when it names an environment; 400 naming `field` otherwise. Empty stays empty.
inline std::string environment_uid(const State& s, const std::optional<std::string>& uid, const std::string& field) {
  if (!uid || uid->empty()) return {};
  if (!with_uid(s.environments, *uid)) invalid(field, "'" + field + "': environment '" + *uid + "' not found");
  return *uid;
}

/// `uid` when it names a collection; 400 naming `field` otherwise.
inline std::string collection_uid(const State& s, const std::optional<std::string>& uid, const std::string& field) {
  const std::string& given = required(uid, field);
  if (!with_uid(s.collections, given)) invalid(field, "'" + field + "': collection '" + given + "' not found");
  return given;
}

}  // namespace webapi::fakes::api_platform
