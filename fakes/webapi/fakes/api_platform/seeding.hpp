#pragma once
// What the API-platform fake's seeding members take and return, apart from the records of its state
// (state.hpp): a header of their own, so that CompiledFake (compiled.hpp) declares those members without
// the fake's handlers.

#include <cstdint>
#include <string>

namespace webapi::fakes::api_platform {

/// What Fake::add_user makes.
struct UserGrant {
  std::string username{};   ///< empty: "user<n>"
  std::string full_name{};
  std::string email{};      ///< empty: "<username>@example.com"
  std::string api_key{};    ///< empty: a fresh "PMAK-..." key
};

/// A user Fake::add_user made, with the key that acts as them.
struct AddedUser {
  std::string id;
  std::string api_key;
};

/// The id Fake::add_user gives its first user; later ones count up.
inline constexpr std::uint64_t first_user_id = 12345678;

}  // namespace webapi::fakes::api_platform
