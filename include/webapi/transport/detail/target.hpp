#pragma once
// The parts of an absolute http(s) URL a transport needs: where to connect and what to ask for.

#include <cstdint>
#include <string>
#include <string_view>

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

#include <webapi/core/error.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/result.hpp>

namespace webapi::detail {

struct Target {
  bool tls = false;
  std::string host;  ///< for connecting, SNI and certificate checks; IPv6 without brackets
  std::uint16_t port = 0;
  std::string authority;  ///< the Host header: host, IPv6 in brackets, ":port" unless the scheme's default
  std::string target;     ///< origin-form request target: encoded path and query

  std::string_view scheme() const { return tls ? "https" : "http"; }
  /// "https://host:port", for errors and for comparing origins. Never holds the path or query.
  std::string origin() const { return std::string(scheme()) + "://" + host_port(); }
  /// "host:port" with IPv6 in brackets, as CONNECT and error messages write it.
  std::string host_port() const {
    std::string s = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return s + ":" + std::to_string(port);
  }
};

/// Parses `url`; an error never quotes the URL, since its query may hold a credential.
inline Result<Target> parse_target(std::string_view url) {
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) return make_error(ErrorKind::invalid_argument, "request URL is not an absolute http(s) URL");
  const boost::urls::url_view u = *parsed;
  Target t;
  if (iequals(u.scheme(), "https"))
    t.tls = true;
  else if (!iequals(u.scheme(), "http"))
    return make_error(ErrorKind::invalid_argument,
                      "request URL scheme '" + std::string(u.scheme()) + "' is not supported; use http or https");
  if (!u.has_authority() || u.encoded_host().empty())
    return make_error(ErrorKind::invalid_argument, "request URL has no host");
  t.host = u.host_address();
  for (char& c : t.host)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  t.port = t.tls ? 443 : 80;
  std::string host_text(u.encoded_host());
  if (u.has_port()) {
    if (u.port().empty() || u.port_number() == 0)
      return make_error(ErrorKind::invalid_argument, "request URL port is not a number from 1 to 65535");
    t.port = u.port_number();
  }
  t.authority = host_text;
  if (t.port != (t.tls ? 443 : 80)) t.authority += ":" + std::to_string(t.port);
  t.target = u.encoded_path().empty() ? std::string("/") : std::string(u.encoded_path());
  if (u.has_query()) {
    t.target += '?';
    t.target += u.encoded_query();
  }
  return t;
}

}  // namespace webapi::detail
