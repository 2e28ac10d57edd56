#pragma once
// A request written out for a log with its credentials replaced by "REDACTED".

#include <span>
#include <string>
#include <string_view>

#include <webapi/core/auth.hpp>
#include <webapi/core/secrets.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/url.hpp>

namespace webapi {

/// The request's path with every segment that is one of Request::secret_segments (percent-encoded as sent)
/// replaced by "REDACTED".
inline std::string redacted_path(const Request& r) {
  if (r.secret_segments.empty()) return r.path;
  std::string out;
  std::string_view rest = r.path;
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/', 1);
    std::string_view piece = rest.substr(0, slash);  // "/segment"
    rest.remove_prefix(piece.size());
    std::string_view segment = piece.starts_with('/') ? piece.substr(1) : piece;
    bool secret = false;
    for (const auto& v : r.secret_segments) secret = secret || segment == url::encode_segment(v);
    if (secret) {
      out.append(piece.substr(0, piece.size() - segment.size()));
      out.append(redacted);
    } else {
      out.append(piece);
    }
  }
  return out;
}

/// The request's full URL with the value of every credential query parameter (is_credential_name) and every
/// secret path segment (Request::secret_segments) replaced, and any user:password in the base URL removed.
/// `extra` names further parameters to treat as credentials.
inline std::string redacted_url(const Request& r, std::span<const std::string> extra = {}) {
  std::string_view base = r.base_url;
  while (!base.empty() && base.back() == '/') base.remove_suffix(1);
  std::string out;
  if (auto scheme_end = base.find("://"); scheme_end != std::string_view::npos) {
    std::size_t host_start = scheme_end + 3;
    std::size_t authority_end = base.find('/', host_start);
    std::size_t at = base.substr(0, authority_end).rfind('@');
    if (at != std::string_view::npos && at >= host_start) {
      out.append(base.substr(0, host_start));
      out.append(base.substr(at + 1));
    } else {
      out.append(base);
    }
  } else {
    out.append(base);
  }
  if (r.path.empty()) out += '/';
  else out += redacted_path(r);
  char sep = '?';
  for (const auto& q : r.query) {
    out += sep;
    sep = '&';
    out += url::encode_query_component(q.name);
    out += '=';
    if (is_credential_name(r, q.name, extra))
      out += redacted;
    else
      out += url::encode_query_component(q.value);
  }
  return out;
}

/// Whether the header `name` of `r` holds a credential (see is_credential_name in core/secrets.hpp).
inline bool is_credential_header(const Request& r, std::string_view name, std::span<const std::string> extra = {}) {
  return is_credential_name(r, name, extra);
}

/// "Name: value; Name: REDACTED" for every request header.
inline std::string redacted_headers(const Request& r, std::span<const std::string> extra = {}) {
  std::string out;
  for (const auto& [name, value] : r.headers) {
    if (!out.empty()) out += "; ";
    out += name;
    out += ": ";
    if (is_credential_header(r, name, extra))
      out += redacted;
    else
      out += value;
  }
  return out;
}

}  // namespace webapi
