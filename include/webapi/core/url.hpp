#pragma once
// Percent-encoding of path segments and query components (RFC 3986).

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/ascii.hpp>
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

/// The parts of an absolute http(s)-style URL, `scheme://[userinfo@]host[:port][/path][?query]`, as written
/// (still percent-encoded). See parse_absolute.
struct AbsoluteUrl {
  std::string_view scheme;     ///< as written; compare case-insensitively
  std::string_view authority;  ///< userinfo, host and port, as written
  std::string_view host;       ///< a name, an IPv4 address or a bracketed IPv6 literal
  std::string_view port;       ///< digits, or empty when none is written
  std::string_view path;       ///< empty or starting with '/'
  std::string_view query;      ///< after '?', or empty
};

/// `text` split into its parts; nullopt unless it is an absolute URL with an authority ("//"), no fragment,
/// a numeric port if any, and only characters a URL may hold (no space or control character, every '%'
/// followed by two hex digits).
inline std::optional<AbsoluteUrl> parse_absolute(std::string_view text) {
  auto is_alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c <= 0x20 || c >= 0x7F || std::string_view("\"<>\\^`{|}#").find(static_cast<char>(c)) != std::string_view::npos)
      return std::nullopt;
    if (c == '%' && (i + 2 >= text.size() || detail::hex_value(text[i + 1]) < 0 || detail::hex_value(text[i + 2]) < 0))
      return std::nullopt;
  }
  AbsoluteUrl u;
  std::size_t colon = text.find(':');
  if (colon == 0 || colon == std::string_view::npos || !is_alpha(text[0])) return std::nullopt;
  u.scheme = text.substr(0, colon);
  for (char c : u.scheme)
    if (!is_alpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') return std::nullopt;
  std::string_view rest = text.substr(colon + 1);
  if (!rest.starts_with("//")) return std::nullopt;
  rest.remove_prefix(2);
  std::size_t end = rest.find_first_of("/?");
  u.authority = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
  std::size_t q = rest.find('?');
  u.path = rest.substr(0, q);
  if (q != std::string_view::npos) u.query = rest.substr(q + 1);
  std::string_view host_port = u.authority;
  if (auto at = host_port.rfind('@'); at != std::string_view::npos) host_port.remove_prefix(at + 1);
  std::size_t port_colon = std::string_view::npos;
  if (host_port.starts_with('[')) {
    std::size_t close = host_port.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    if (close + 1 < host_port.size()) {
      if (host_port[close + 1] != ':') return std::nullopt;
      port_colon = close + 1;
    }
  } else {
    port_colon = host_port.find(':');
  }
  u.host = host_port.substr(0, port_colon);
  if (port_colon != std::string_view::npos) u.port = host_port.substr(port_colon + 1);
  if (u.host.empty()) return std::nullopt;
  for (char c : u.port)
    if (c < '0' || c > '9') return std::nullopt;
  return u;
}

/// The origin (RFC 6454) of an absolute URL's scheme, host and port as one string to compare:
/// "scheme://host:port", scheme and host in lower case, an IPv6 host in brackets, the port without leading
/// zeros and written out where the URL leaves it to the scheme (80 for http, 443 for https). The one
/// function that decides "same origin", for the pager's next links and the transport's redirects alike.
inline std::string origin(std::string_view scheme, std::string_view host, std::string_view port) {
  std::string o = ascii::to_lower(scheme);
  const bool https = o == "https", http = o == "http";
  o += "://";
  const bool v6 = host.find(':') != std::string_view::npos && !host.starts_with('[');
  if (v6) o += '[';
  o += ascii::to_lower(host);
  if (v6) o += ']';
  while (port.size() > 1 && port.front() == '0') port.remove_prefix(1);
  o += ':';
  o += !port.empty() ? port : https ? std::string_view("443") : http ? std::string_view("80") : std::string_view();
  return o;
}

/// The origin of an absolute URL as parse_absolute reads it (see the other overload).
inline std::string origin(const AbsoluteUrl& u) { return origin(u.scheme, u.host, u.port); }

/// The pairs of "name=value&name=value" (a query, or an application/x-www-form-urlencoded body), decoded
/// with '+' as a space; empty pieces are skipped and a piece without '=' has an empty value. nullopt when an
/// escape is malformed.
inline std::optional<std::vector<QueryParam>> decode_query(std::string_view text) {
  std::vector<QueryParam> out;
  while (!text.empty()) {
    std::string_view piece = text.substr(0, text.find('&'));
    text.remove_prefix(std::min(text.size(), piece.size() + 1));
    if (piece.empty()) continue;
    std::size_t eq = piece.find('=');
    auto name = decode(piece.substr(0, eq), true);
    auto value = decode(eq == std::string_view::npos ? std::string_view() : piece.substr(eq + 1), true);
    if (!name || !value) return std::nullopt;
    out.push_back({std::move(*name), std::move(*value)});
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
