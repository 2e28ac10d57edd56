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
#include <array>
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

/// The table of `E`, made once at compile time.
template <class E>
inline constexpr auto wire_table = wire_values(E{});

/// The order from_wire searches in: shorter names first, then by bytes.
struct WireNameLess {
  constexpr bool operator()(std::string_view a, std::string_view b) const noexcept {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  }
};

/// A name and where the table lists it. Sorting these rather than the table's own entries instantiates
/// std::sort once for all enums, not once per enum. A name listed twice finds its first listing.
struct WireKey {
  std::string_view wire;
  std::size_t index = 0;

  friend constexpr bool operator<(const WireKey& a, const WireKey& b) noexcept {
    if (a.wire != b.wire) return WireNameLess{}(a.wire, b.wire);
    return a.index < b.index;
  }
};

/// The table's names in WireNameLess order, each with the value it stands for.
template <class E>
struct WireIndex {
  static constexpr std::size_t size = wire_table<E>.size();
  std::array<std::string_view, size> names{};
  std::array<E, size> values{};
};

template <class E>
inline constexpr WireIndex<E> wire_index = [] {
  constexpr const auto& table = wire_table<E>;
  std::array<WireKey, table.size()> keys{};
  for (std::size_t i = 0; i < table.size(); ++i) keys[i] = {table[i].wire, i};
  std::sort(keys.data(), keys.data() + keys.size());
  WireIndex<E> index;
  for (std::size_t i = 0; i < table.size(); ++i) {
    index.names[i] = keys[i].wire;
    index.values[i] = table[keys[i].index].value;
  }
  return index;
}();

/// Where `s` is in `names` (sorted by WireNameLess), or `count` when it is not there.
inline constexpr std::size_t find_wire_name(const std::string_view* names, std::size_t count,
                                            std::string_view s) noexcept {
  const std::string_view* it = std::lower_bound(names, names + count, s, WireNameLess{});
  return it != names + count && *it == s ? static_cast<std::size_t>(it - names) : count;
}

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
  constexpr const auto& index = detail::wire_index<E>;
  const std::size_t at = detail::find_wire_name(index.names.data(), index.size, s);
  if (at == index.size) return std::nullopt;
  return index.values[at];
}

}  // namespace webapi
