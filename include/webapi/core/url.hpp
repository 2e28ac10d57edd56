#pragma once
// Percent-encoding of path segments and query components, on Boost.URL.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <boost/url/encode.hpp>
#include <boost/url/pct_string_view.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>

#include <webapi/core/request.hpp>

namespace webapi::url {

/// Encodes `value` as exactly one path segment: every byte outside RFC 3986's unreserved set is
/// percent-encoded, and the dot segments "." and ".." are encoded too, so no value can change the route.
inline std::string encode_segment(std::string_view value) {
  if (value == ".") return "%2E";
  if (value == "..") return "%2E%2E";
  return boost::urls::encode(value, boost::urls::unreserved_chars);
}

/// Encodes a query name or value; '&', '=', '+', '#', space and every other reserved byte are escaped.
inline std::string encode_query_component(std::string_view value) {
  return boost::urls::encode(value, boost::urls::unreserved_chars);
}

/// Decodes percent-escapes; nullopt when an escape is malformed. With `plus_as_space`, '+' means ' '.
inline std::optional<std::string> decode(std::string_view encoded, bool plus_as_space = false) {
  auto pct = boost::urls::make_pct_string_view(encoded);
  if (!pct) return std::nullopt;
  boost::urls::encoding_opts opt;
  opt.space_as_plus = plus_as_space;
  return pct->decode(opt);
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
