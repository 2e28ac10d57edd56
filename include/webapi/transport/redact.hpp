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

/// The request's full URL with the value of every credential query parameter (is_credential_name) replaced,
/// and any user:password in the base URL removed.
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
  out += r.path.empty() ? "/" : r.path;
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
