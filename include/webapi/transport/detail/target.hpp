#pragma once
// The parts of an absolute http(s) URL a transport needs: where to connect and what to ask for.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

#include <webapi/core/ascii.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/url.hpp>

namespace webapi::detail {

/// "host:port" with IPv6 in brackets, as CONNECT and error messages write it.
inline std::string host_port(std::string_view host, std::uint16_t port) {
  std::string s;
  s.reserve(host.size() + 8);
  const bool v6 = host.find(':') != std::string_view::npos;
  if (v6) s += '[';
  s += host;
  if (v6) s += ']';
  s += ':';
  char digits[5];
  int n = 0;
  for (unsigned p = port; n == 0 || p != 0; p /= 10) digits[n++] = static_cast<char>('0' + p % 10);
  while (n > 0) s += digits[--n];
  return s;
}

class Target;
inline std::optional<Error> set_origin(const boost::urls::url_view& u, Target& t);

/// Where a request goes. Its origin (scheme, host, port) is set only by set_origin(), which also makes
/// origin() and authority() once: the three and their text never disagree. The origin is shared by the
/// copies of a Target, as the Targets of one base URL share it (request_target): copying one copies its
/// request target only.
class Target {
 public:
  std::string target;  ///< origin-form request target: encoded path and query

  bool tls() const noexcept { return origin_->tls; }
  /// For connecting, SNI and certificate checks; IPv6 without brackets.
  const std::string& host() const noexcept { return origin_->host; }
  std::uint16_t port() const noexcept { return origin_->port; }
  std::string_view scheme() const { return tls() ? "https" : "http"; }
  /// The Host header: host, IPv6 in brackets, ":port" unless the scheme's default.
  const std::string& authority() const noexcept { return origin_->authority; }
  /// "https://host:port" (url::origin): for errors, for comparing origins and as the connection pool's key.
  /// Never holds the path or query.
  const std::string& origin() const noexcept { return origin_->text; }
  /// "host:port" with IPv6 in brackets, as CONNECT and error messages write it.
  std::string host_port() const { return detail::host_port(host(), port()); }

 private:
  friend std::optional<Error> set_origin(const boost::urls::url_view& u, Target& t);
  struct Origin {
    bool tls = false;
    std::string host;
    std::uint16_t port = 0;
    std::string authority;
    std::string text;
  };
  std::shared_ptr<const Origin> origin_;
};

/// Sets `t`'s scheme, host, port and authority from `u`; an error for what a request cannot be sent to.
/// Errors never quote the URL, since its query may hold a credential.
inline std::optional<Error> set_origin(const boost::urls::url_view& u, Target& t) {
  Target::Origin o;
  if (iequals(u.scheme(), "https"))
    o.tls = true;
  else if (!iequals(u.scheme(), "http"))
    return make_error(ErrorKind::invalid_argument,
                      "request URL scheme '" + std::string(u.scheme()) + "' is not supported; use http or https");
  if (!u.has_authority() || u.encoded_host().empty())
    return make_error(ErrorKind::invalid_argument, "request URL has no host");
  // After an authority the path is empty or starts with '/' (RFC 3986, path-abempty). Boost.URL 1.81 reads
  // "http://127.0.0.1evil.com/" as the IPv4 host 127.0.0.1 and the path "evil.com/": refused, not sent there.
  if (!u.encoded_path().empty() && !u.encoded_path().starts_with('/'))
    return make_error(ErrorKind::invalid_argument, "request URL's host is not a host name or address");
  o.host = ascii::to_lower(u.host_address());
  const std::uint16_t default_port = o.tls ? 443 : 80;
  o.port = default_port;
  if (u.has_port()) {
    if (u.port().empty() || u.port_number() == 0)
      return make_error(ErrorKind::invalid_argument, "request URL port is not a number from 1 to 65535");
    o.port = u.port_number();
  }
  o.authority = u.encoded_host();
  if (o.port != default_port) o.authority += ":" + std::to_string(o.port);
  o.text = url::origin(o.tls ? "https" : "http", o.host, std::to_string(o.port));
  t.origin_ = std::make_shared<const Target::Origin>(std::move(o));
  return std::nullopt;
}

/// Parses `url`; an error never quotes the URL.
inline Result<Target> parse_target(std::string_view url) {
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) return make_error(ErrorKind::invalid_argument, "request URL is not an absolute http(s) URL");
  const boost::urls::url_view u = *parsed;
  Target t;
  if (auto problem = set_origin(u, t)) return *std::move(problem);
  t.target = u.encoded_path().empty() ? std::string("/") : std::string(u.encoded_path());
  if (u.has_query()) {
    t.target += '?';
    t.target += u.encoded_query();
  }
  return t;
}

/// Whether `text` is made only of what RFC 3986 allows in a path, or in a query when `query`: unreserved
/// and sub-delims characters, ':', '@', '/', well-formed percent-escapes, and '?' in a query.
inline bool is_uri_text(std::string_view text, bool query) noexcept {
  // unreserved, sub-delims, ':', '@' and '/'
  static constexpr std::array<bool, 256> plain = ascii::alnum_or("-._~!$&'()*+,;=:@/");
  auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (plain[static_cast<unsigned char>(c)] || (query && c == '?')) continue;
    if (c == '%' && i + 2 < text.size() && hex(text[i + 1]) && hex(text[i + 2])) {
      i += 2;
      continue;
    }
    return false;
  }
  return true;
}

/// The Target of a request whose URL is `base` (its base_url without trailing '/') followed by `rest`, its
/// encoded path and query (url::target). Gives what parse_target() gives for the whole URL, but parses
/// `base` only the first time a thread sees it (each thread remembers its last few): with a valid path the
/// rest is appended as is.
inline Result<Target> request_target(std::string_view base, std::string_view rest) {
  struct Parsed {
    std::string base;
    Target origin;  ///< target: the base's encoded path, possibly empty; its origin is the Targets' own
  };
  constexpr std::size_t remembered = 4;
  thread_local Parsed cache[remembered];
  thread_local std::size_t next = 0;

  auto whole = [&] { return parse_target(std::string(base) + std::string(rest)); };
  const std::size_t query = std::min(rest.find('?'), rest.size());
  if (!rest.starts_with('/') || !is_uri_text(rest.substr(0, query), false) ||
      !is_uri_text(rest.substr(query), true))
    return whole();
  const Parsed* hit = nullptr;
  for (const auto& p : cache)
    if (!p.base.empty() && p.base == base) hit = &p;
  if (!hit) {
    auto parsed = boost::urls::parse_absolute_uri(base);
    if (!parsed || parsed->has_query() || parsed->has_fragment()) return whole();
    Parsed& slot = cache[next++ % remembered];
    slot.origin = Target{};
    if (set_origin(*parsed, slot.origin)) {
      slot.base.clear();
      return whole();  // the error, as the whole URL gives it
    }
    slot.origin.target = parsed->encoded_path();
    slot.base = base;
    hit = &slot;
  }
  Target t = hit->origin;
  t.target += rest;
  return t;
}

}  // namespace webapi::detail
