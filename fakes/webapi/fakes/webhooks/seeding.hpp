#pragma once
// What the webhooks fake's seeding members take and return, apart from the records of its state
// (state.hpp): a header of their own, so that CompiledFake (compiled.hpp) declares those members without
// the fake's handlers.

#include <cstdint>
#include <string>
#include <vector>

namespace webapi::fakes::webhooks {

/// What Fake::add_api_key issues.
struct ApiKeyGrant {
  std::vector<std::int32_t> apps{};  ///< the apps the key may manage; each is added if new
  std::string value{};               ///< empty: a fresh UUID-shaped key
};

/// The first id Fake::add_app gives when asked for a fresh one.
inline constexpr std::int32_t first_generated_app_id = 1000001;

}  // namespace webapi::fakes::webhooks
