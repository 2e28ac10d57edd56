#pragma once
// HTTP methods as a closed set, with their wire names.

#include <optional>
#include <ostream>
#include <string_view>

namespace webapi {

/// The HTTP methods a request can use; `delete_` is DELETE.
enum class Method { get, head, post, put, patch, delete_, options, trace };

/// The method's name on the wire, upper case: "GET", "DELETE", ...
constexpr std::string_view to_string(Method m) noexcept {
  switch (m) {
    case Method::get: return "GET";
    case Method::head: return "HEAD";
    case Method::post: return "POST";
    case Method::put: return "PUT";
    case Method::patch: return "PATCH";
    case Method::delete_: return "DELETE";
    case Method::options: return "OPTIONS";
    case Method::trace: return "TRACE";
  }
  return "GET";
}

/// The method whose wire name is exactly `s` (upper case, as to_string() writes it); nullopt for any other
/// string.
constexpr std::optional<Method> method_from_string(std::string_view s) noexcept {
  for (Method m : {Method::get, Method::head, Method::post, Method::put, Method::patch, Method::delete_,
                   Method::options, Method::trace})
    if (to_string(m) == s) return m;
  return std::nullopt;
}

/// Writes the method's wire name.
inline std::ostream& operator<<(std::ostream& os, Method m) { return os << to_string(m); }

/// Methods that RFC 9110 defines as idempotent, so safe to send again after a failure.
constexpr bool is_idempotent(Method m) noexcept { return m != Method::post && m != Method::patch; }

}  // namespace webapi
