#pragma once
// Percent-encoding of path segments and query components (RFC 3986).

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <webapi/core/request.hpp>

namespace webapi::url {

namespace detail {
// RFC 3986's unreserved characters: ALPHA / DIGIT / "-" / "." / "_" / "~".
constexpr bool unreserved(unsigned char c) noexcept {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '~';
}
// The value of a hex digit, or -1.
constexpr int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}
// Every byte outside the unreserved set as %XX, upper-case hex.
inline std::string encode_unreserved(std::string_view value) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(value.size());
  for (char ch : value) {
    auto c = static_cast<unsigned char>(ch);
    if (unreserved(c)) {
      out += ch;
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 0xF];
    }
  }
  return out;
}
}  // namespace detail

/// Encodes `value` as exactly one path segment: every byte outside RFC 3986's unreserved set is
/// percent-encoded, and the dot segments "." and ".." are encoded too, so no value can change the route.
inline std::string encode_segment(std::string_view value) {
  if (value == ".") return "%2E";
  if (value == "..") return "%2E%2E";
  return detail::encode_unreserved(value);
}

/// Encodes a query name or value; '&', '=', '+', '#', space and every other reserved byte are escaped.
inline std::string encode_query_component(std::string_view value) { return detail::encode_unreserved(value); }

/// Decodes percent-escapes; nullopt when an escape is malformed ('%' not followed by two hex digits). With
/// `plus_as_space`, '+' means ' '.
inline std::optional<std::string> decode(std::string_view encoded, bool plus_as_space = false) {
  std::string out;
  out.reserve(encoded.size());
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    char c = encoded[i];
    if (c == '%') {
      if (i + 2 >= encoded.size()) return std::nullopt;
      int hi = detail::hex_value(encoded[i + 1]), lo = detail::hex_value(encoded[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += plus_as_space && c == '+' ? ' ' : c;
    }
  }
  return out;
}

/// "name=value&name=value", each part encoded.
inline std::string encode_query(std::span<const QueryParam> query) {
  std::string out;
  for (const auto& q : query) {
    if (!out.empty()) out += '&';
    out += encode_query_component(q.name);
    out += '=';
    out += encode_query_component(q.value);
  }
  return out;
}

/// The request target: encoded path, then '?' and the encoded query when there is one.
inline std::string target(const Request& r) {
  std::string t = r.path.empty() ? std::string("/") : r.path;
  if (!r.query.empty()) {
    t += '?';
    t += encode_query(r.query);
  }
  return t;
}

/// base_url without its trailing '/'s.
inline std::string_view trimmed_base(const Request& r) {
  std::string_view base = r.base_url;
  while (!base.empty() && base.back() == '/') base.remove_suffix(1);
  return base;
}

/// base_url joined to the target with exactly one '/' between them.
inline std::string full_url(const Request& r) { return std::string(trimmed_base(r)) + target(r); }

}  // namespace webapi::url
