#pragma once
// How a typed parameter value is written in a path segment, query string or header.

#include <charconv>
#include <concepts>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

#include <webapi/core/open_enum.hpp>
#include <webapi/core/wire_enum.hpp>

namespace webapi {

/// A string parameter travels as it is; escaping is left to where it is placed (path, query, header).
inline std::string to_param_string(std::string_view v) { return std::string(v); }
/// A string parameter travels as it is.
inline std::string to_param_string(const std::string& v) { return v; }
/// A string parameter travels as it is.
inline std::string to_param_string(const char* v) { return v; }
/// A boolean travels as "true" or "false".
inline std::string to_param_string(bool v) { return v ? "true" : "false"; }

/// A number travels in std::to_chars form: decimal integers, shortest round-trip floating point.
template <class T>
  requires(std::integral<T> && !std::same_as<T, bool>) || std::floating_point<T>
std::string to_param_string(T v) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form for floating point
  return std::string(buf, r.ptr);
}

/// A string enum travels as its wire name.
template <WireEnum E>
std::string to_param_string(E v) {
  return std::string(to_wire(v));
}

/// A value the enum does not list travels as the string it holds.
template <class E>
std::string to_param_string(const OpenEnum<E>& v) {
  return std::string(v.wire());
}

/// A type that has a to_param_string() overload, so it can be a path, query or header parameter.
template <class T>
concept ParamValue = requires(const T& v) {
  { to_param_string(v) } -> std::convertible_to<std::string>;
};

}  // namespace webapi
