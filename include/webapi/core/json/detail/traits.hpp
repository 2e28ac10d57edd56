#pragma once
// Which C++ types the codec maps to JSON, and how each one is recognised.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <variant>
#include <vector>

#include <boost/json/fwd.hpp>
#include <boost/mp11/algorithm.hpp>

#include <webapi/core/box.hpp>
#include <webapi/core/members.hpp>
#include <webapi/core/open_enum.hpp>
#include <webapi/core/optional.hpp>
#include <webapi/core/wire_enum.hpp>

namespace webapi::json::detail {

template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
template <class T> struct is_optional<Optional<T>> : std::true_type {};

template <class T> struct is_vector : std::false_type {};
template <class T, class A> struct is_vector<std::vector<T, A>> : std::true_type {};

template <class T> struct is_string_map : std::false_type {};
template <class V, class C, class A> struct is_string_map<std::map<std::string, V, C, A>> : std::true_type {};
template <class V, class H, class E, class A>
struct is_string_map<std::unordered_map<std::string, V, H, E, A>> : std::true_type {};

template <class T> struct is_variant : std::false_type {};
template <class... Ts> struct is_variant<std::variant<Ts...>> : std::true_type {};

template <class T> struct is_box : std::false_type {};
template <class T> struct is_box<Box<T>> : std::true_type {};

// Character types are not numbers on the wire; signed and unsigned char are, being std::int8_t and uint8_t.
template <class T>
inline constexpr bool is_char_v = std::is_same_v<T, char> || std::is_same_v<T, wchar_t> ||
                                  std::is_same_v<T, char8_t> || std::is_same_v<T, char16_t> ||
                                  std::is_same_v<T, char32_t>;

template <class T>
inline constexpr bool is_integer_v = std::is_integral_v<T> && !std::is_same_v<T, bool> && !is_char_v<T>;

template <class T>
inline constexpr bool is_free_form_v = std::is_same_v<T, boost::json::value> ||
                                       std::is_same_v<T, boost::json::object> ||
                                       std::is_same_v<T, boost::json::array>;

// A model's members: its generated member table, or Boost.Describe's public and inherited ones.
using webapi::is_described_v;
using webapi::members_t;

template <class T> struct element { using type = void; };
template <class T> struct element<std::optional<T>> { using type = T; };
template <class T> struct element<Optional<T>> { using type = T; };
template <class T, class A> struct element<std::vector<T, A>> { using type = T; };
template <class V, class C, class A> struct element<std::map<std::string, V, C, A>> { using type = V; };
template <class V, class H, class E, class A>
struct element<std::unordered_map<std::string, V, H, E, A>> { using type = V; };

template <class T, class... Seen>
constexpr bool codable();

template <class T, class... Seen>
constexpr bool codable_members() {
  bool ok = std::is_default_constructible_v<T>;
  boost::mp11::mp_for_each<members_t<T>>([&](auto d) {
    using M = std::remove_cvref_t<decltype(std::declval<T&>().*d.pointer)>;
    ok = ok && codable<M, T, Seen...>();
  });
  return ok;
}

// `Seen` lists the structs already being checked, so a model that holds itself (through Box or a
// vector) is accepted instead of recursing forever. A Box is accepted as is for the same reason; its
// content is checked wherever that type is decoded on its own.
template <class T, class... Seen>
constexpr bool codable() {
  if constexpr ((std::is_same_v<T, Seen> || ...) || is_box<T>::value) {
    return true;
  } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, bool> || is_integer_v<T> ||
                       std::is_floating_point_v<T> || WireEnum<T> || is_open_enum_v<T> || is_free_form_v<T>) {
    return true;
  } else if constexpr (is_optional<T>::value || is_vector<T>::value || is_string_map<T>::value) {
    return codable<typename element<T>::type, Seen...>();
  } else if constexpr (is_variant<T>::value) {
    return []<class... As>(std::variant<As...>*) { return (codable<As, Seen...>() && ...); }(
        static_cast<T*>(nullptr));
  } else if constexpr (is_described_v<T>) {
    return codable_members<T, Seen...>();
  } else {
    return false;
  }
}

}  // namespace webapi::json::detail

namespace webapi::json {

/// A type the codec maps to JSON: a struct with a member table or described with Boost.Describe
/// (webapi/core/members.hpp) whose members are all Codable, std::optional or webapi::Optional, std::vector,
/// std::map or std::unordered_map keyed by std::string, std::string, bool, an integer or floating-point type,
/// an enum with wire names (WireEnum) or webapi::OpenEnum of one, std::variant (oneOf),
/// webapi::Box (for models that contain themselves), or boost::json::value, object or array.
template <class T>
concept Codable = detail::codable<T>();

}  // namespace webapi::json
