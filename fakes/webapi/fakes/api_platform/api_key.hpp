#pragma once
// The API key every call presents, in the X-Api-Key header or the apikey query parameter, and the user it
// belongs to.
//
// The header wins when both are sent, as the service's documentation says. A missing key, or one the fake
// did not issue, is 401; the refusal never repeats the key, since answers and journals may end up in logs.

#include <string_view>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/api_platform/state.hpp>

namespace webapi::fakes::api_platform {

inline constexpr std::string_view api_key_header = "X-Api-Key";
inline constexpr std::string_view api_key_query = "apikey";

/// The owner of the request's key.
inline User& authenticated_user(State& s, const Request& r) {
  auto key = r.headers.get(api_key_header);
  if (!key || key->empty()) key = r.query_value(api_key_query);
  if (!key || key->empty())
    fail(401, "API key missing: send it in the X-Api-Key header or the apikey query parameter");
  auto found = s.api_keys.find(*key);
  if (found == s.api_keys.end()) fail(401, "the API key is not valid");
  return s.users.at(found->second);
}

}  // namespace webapi::fakes::api_platform
