#pragma once
// Looking up a presented token, and saying why it does not work when it does not.
//
// A token works from the moment it is issued until its expiry instant on the fake's clock, unless revoked.
// The reasons given never repeat the token's value: answers and journals may end up in logs.

#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/store.hpp>
#include <webapi/fakes/userinfo/state.hpp>

namespace webapi::fakes::userinfo {

/// A token that works and its user; or, when `token` is null, `problem` says why it does not.
template <class Token>
struct Found {
  const Token* token = nullptr;
  const User* user = nullptr;
  std::string problem{};

  explicit operator bool() const noexcept { return token != nullptr; }
};

/// `value` in `table`, checked against revocation, expiry at `now`, and its user still existing.
/// `kind` names the token in the problem: "access token", "ID token".
template <class Token>
Found<Token> look_up(const State& state, const Table<Token>& table, std::string_view value,
                     ManualClock::time_point now, std::string_view kind) {
  const std::string what = "the " + std::string(kind);
  const Token* t = table.find(value);
  if (!t) return {nullptr, nullptr, what + " is not one this service issued"};
  if (t->revoked) return {nullptr, nullptr, what + " has been revoked"};
  if (now >= t->expires_at) return {nullptr, nullptr, what + " expired at " + timestamp_string(t->expires_at)};
  const User* u = state.users.find(t->user_id);
  if (!u) return {nullptr, nullptr, what + " belongs to no known account"};
  return {t, u, {}};
}

inline Found<AccessToken> find_access_token(const State& s, std::string_view value, ManualClock::time_point now) {
  return look_up(s, s.access_tokens, value, now, "access token");
}

inline Found<IdToken> find_id_token(const State& s, std::string_view value, ManualClock::time_point now) {
  return look_up(s, s.id_tokens, value, now, "ID token");
}

/// Whole seconds a working token has left at `now`, as tokeninfo's expires_in counts them.
inline std::int32_t seconds_left(ManualClock::time_point expires_at, ManualClock::time_point now) {
  auto left = std::chrono::floor<std::chrono::seconds>(expires_at - now).count();
  if (left < 0) return 0;
  // A token made to outlive an int32 of seconds (about 68 years) still says something sensible.
  if (left > std::numeric_limits<std::int32_t>::max()) return std::numeric_limits<std::int32_t>::max();
  return static_cast<std::int32_t>(left);
}

}  // namespace webapi::fakes::userinfo
