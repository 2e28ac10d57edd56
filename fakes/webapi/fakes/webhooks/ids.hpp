#pragma once
// UUID-shaped values the same on every run: generated API keys and error correlation ids.

#include <cstdint>
#include <string>
#include <string_view>

#include <webapi/fakes/core/store.hpp>

namespace webapi::fakes::webhooks {

/// "xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx" (a version-4 layout) derived from `n` and `salt`.
inline std::string uuid_like(std::uint64_t n, std::string_view salt) {
  std::string hex = deterministic_token("", n, salt);  // 32 hex digits
  hex[12] = '4';
  hex[16] = '8';
  return hex.substr(0, 8) + '-' + hex.substr(8, 4) + '-' + hex.substr(12, 4) + '-' + hex.substr(16, 4) + '-' +
         hex.substr(20, 12);
}

}  // namespace webapi::fakes::webhooks
