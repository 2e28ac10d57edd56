#pragma once
// Compile-time facts about a described struct's members: their JSON keys, which are required, and a
// key lookup that costs one comparison when keys arrive in declaration order (the common case) and a
// scan of the few members of equal key length otherwise.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include <boost/mp11/algorithm.hpp>

#include <webapi/core/json/detail/traits.hpp>
#include <webapi/core/wire_name.hpp>

namespace webapi::json::detail {

inline constexpr std::size_t no_member = static_cast<std::size_t>(-1);

template <class T, class D>
using member_type_t = std::remove_cvref_t<decltype(std::declval<T&>().*D::pointer)>;

// A member may be absent from the input when it is optional, or free-form (absent reads as null).
template <class M>
inline constexpr bool may_be_absent_v = is_optional<M>::value || std::is_same_v<M, boost::json::value>;

template <class T>
struct Members {
  static constexpr std::size_t size = boost::mp11::mp_size<members_t<T>>::value;
  static constexpr std::size_t words = (size + 63) / 64;

  static constexpr std::array<std::string_view, size> keys = [] {
    std::array<std::string_view, size> a{};
    std::size_t i = 0;
    boost::mp11::mp_for_each<members_t<T>>([&](auto d) { a[i++] = wire_name<T>(d.name); });
    return a;
  }();

  // Keys whose JSON text is the key itself between quotes, so the reader may match their raw bytes.
  static constexpr std::array<bool, size> plain = [] {
    std::array<bool, size> a{};
    for (std::size_t i = 0; i < size; ++i) {
      a[i] = true;
      for (char c : keys[i])
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x80)
          a[i] = false;
    }
    return a;
  }();

  static constexpr std::array<std::uint64_t, words> required = [] {
    std::array<std::uint64_t, words> a{};
    std::size_t i = 0;
    boost::mp11::mp_for_each<members_t<T>>([&](auto d) {
      if (!may_be_absent_v<member_type_t<T, decltype(d)>>) a[i / 64] |= std::uint64_t{1} << (i % 64);
      ++i;
    });
    return a;
  }();

  static constexpr std::size_t max_key = [] {
    std::size_t m = 0;
    for (auto k : keys) m = std::max(m, k.size());
    return m;
  }();

  // Members sorted by key length; those of length n are by_length[first[n]] .. by_length[first[n + 1] - 1].
  static constexpr std::array<std::uint16_t, size> by_length = [] {
    std::array<std::uint16_t, size> a{};
    std::size_t j = 0;
    for (std::size_t n = 0; n <= max_key; ++n)
      for (std::size_t i = 0; i < size; ++i)
        if (keys[i].size() == n) a[j++] = static_cast<std::uint16_t>(i);
    return a;
  }();
  static constexpr std::array<std::uint16_t, max_key + 2> first = [] {
    std::array<std::uint16_t, max_key + 2> a{};
    for (std::size_t n = 0; n <= max_key + 1; ++n) {
      std::size_t c = 0;
      for (auto k : keys) c += k.size() < n;
      a[n] = static_cast<std::uint16_t>(c);
    }
    return a;
  }();

  static std::size_t find(std::string_view key, std::size_t hint) noexcept {
    if (hint < size && keys[hint] == key) return hint;
    if (key.size() > max_key) return no_member;
    for (std::size_t j = first[key.size()]; j < first[key.size() + 1]; ++j)
      if (keys[by_length[j]] == key) return by_length[j];
    return no_member;
  }
};

template <std::size_t Words>
struct SeenSet {
  std::array<std::uint64_t, Words> bits{};
  void set(std::size_t i) noexcept { bits[i / 64] |= std::uint64_t{1} << (i % 64); }
  bool has(std::size_t i) const noexcept { return (bits[i / 64] >> (i % 64)) & 1u; }
  /// The first member in `required` not seen, or no_member.
  std::size_t first_missing(const std::array<std::uint64_t, Words>& required) const noexcept {
    for (std::size_t w = 0; w < Words; ++w)
      if (std::uint64_t m = required[w] & ~bits[w]) return w * 64 + static_cast<std::size_t>(std::countr_zero(m));
    return no_member;
  }
};

}  // namespace webapi::json::detail
