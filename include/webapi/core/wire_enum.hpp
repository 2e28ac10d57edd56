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

#include <algorithm>
#include <cstddef>
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

namespace detail {

/// The table of `E`, made once at compile time, and the same sorted by wire name (shorter names first,
/// then by bytes) for from_wire's binary search.
template <class E>
inline constexpr auto wire_table = wire_values(E{});

constexpr bool wire_name_less(std::string_view a, std::string_view b) noexcept {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

template <class E>
inline constexpr auto wire_table_by_name = [] {
  auto sorted = wire_table<E>;
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return wire_name_less(a.wire, b.wire); });
  return sorted;
}();

/// Whether the table lists the enumerators 0, 1, 2, ... in order, so that a value is its own index.
template <class E>
inline constexpr bool wire_table_is_dense = [] {
  std::size_t i = 0;
  for (const auto& v : wire_table<E>)
    if (static_cast<std::size_t>(v.value) != i++) return false;
  return true;
}();

}  // namespace detail

/// The wire name of `e`; empty if `wire_values` does not list `e`.
template <WireEnum E>
constexpr std::string_view to_wire(E e) noexcept {
  constexpr const auto& table = detail::wire_table<E>;
  if constexpr (detail::wire_table_is_dense<E>) {
    const auto i = static_cast<std::size_t>(e);
    return i < table.size() ? table[i].wire : std::string_view{};
  } else {
    for (const auto& v : table)
      if (v.value == e) return v.wire;
    return {};
  }
}

/// The value whose wire name is exactly `s` (case-sensitive); nullopt if no listed value has it.
template <WireEnum E>
constexpr std::optional<E> from_wire(std::string_view s) noexcept {
  constexpr const auto& table = detail::wire_table_by_name<E>;
  const auto* it = std::lower_bound(table.begin(), table.end(), s,
                                    [](const auto& v, std::string_view key) { return detail::wire_name_less(v.wire, key); });
  if (it != table.end() && it->wire == s) return it->value;
  return std::nullopt;
}

}  // namespace webapi
