#pragma once
// GET /me: the key's owner, and how many calls the account has made.

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform::handlers {

namespace ap = webapi::api_platform;

/// The monthly allowance of API calls the fake reports (the service's default plan).
inline constexpr double api_call_limit = 1000000;

inline Response key_owner(Call& c) {
  const User& u = c.caller();
  return model_response(ap::ApiKeyOwnerResponse{
      .operations = std::vector<ap::ApiKeyOwnerResponseOperationsItem>{
          {.limit = api_call_limit, .name = "api_usage", .overage = 0, .usage = static_cast<double>(u.calls)}},
      .user = ap::ApiKeyOwnerResponseUser{.email = u.email, .full_name = u.full_name, .id = u.id,
                                          .is_public = false, .username = u.username}});
}

}  // namespace webapi::fakes::api_platform::handlers
