#pragma once
// String enums and their wire names.
//
// A model enum opts in by declaring, next to it, a function found by argument-dependent lookup:
//
//   enum class Kind { track, playlist };
//   constexpr auto wire_values(Kind) noexcept {
//     return std::array<webapi::EnumValue<Kind>, 2>{{{Kind::track, "track"}, {Kind::playlist, "playlist"}}};
//   }
//
// The JSON codec and the query encoder then write and read the wire names, and reject any other.

#include <optional>
#include <string_view>
#include <type_traits>

namespace webapi {

/// One value of a string enum and the string that stands for it on the wire.
template <class E>
struct EnumValue {
  /// the C++ enumerator
  E value;
  /// its wire name, e.g. "playlist"
  std::string_view wire;
};

/// An enum with a `wire_values(E)` found by argument-dependent lookup, listing each value's wire name.
template <class E>
concept WireEnum = std::is_enum_v<E> && requires(E e) {
  { wire_values(e).size() } -> std::convertible_to<std::size_t>;
};

/// The wire name of `e`; empty if `wire_values` does not list `e`.
template <WireEnum E>
constexpr std::string_view to_wire(E e) noexcept {
  for (const auto& v : wire_values(E{}))
    if (v.value == e) return v.wire;
  return {};
}

/// The value whose wire name is exactly `s` (case-sensitive); nullopt if no listed value has it.
template <WireEnum E>
constexpr std::optional<E> from_wire(std::string_view s) noexcept {
  for (const auto& v : wire_values(E{}))
    if (v.wire == s) return v.value;
  return std::nullopt;
}

}  // namespace webapi
