#pragma once
// Proxy settings the way curl reads them from the environment.
//
//   https_proxy / HTTPS_PROXY   proxy for https:// targets
//   http_proxy                  proxy for http:// targets (never HTTP_PROXY: under CGI a request's
//                               Proxy header arrives as that variable, "httpoxy")
//   all_proxy   / ALL_PROXY     fallback for both
//   no_proxy    / NO_PROXY      hosts reached directly: "*", or names, domains, IP addresses, CIDR ranges
//
// The lower-case name wins when both are set. A proxy URL names one of four kinds of proxy:
//
//   http://proxy:3128       an HTTP proxy: sent the absolute URL of an http:// target, asked with CONNECT
//                           for a tunnel to an https:// one; user:password becomes Proxy-Authorization: Basic
//   https://proxy:443       the same, spoken over TLS to the proxy, which is verified like any TLS peer (the
//                           transport's trust roots and TlsOptions, its certificate for the proxy's host);
//                           an https:// target then has a TLS session of its own inside that one
//   socks5://proxy:1080     a SOCKS5 proxy (RFC 1928) asked for a tunnel to the target's address, which is
//                           looked up here
//   socks5h://proxy:1080    the same, but the proxy is given the host name and looks it up itself, so names
//                           only the proxy's network knows work and no lookup leaks from here
//
// A URL may omit the scheme ("proxy:3128", meaning http) and the port (443 for https, else 1080, as curl
// assumes). user:password in a SOCKS URL is sent with the username/password method of RFC 1929 when the
// proxy asks for it. Other schemes (socks4://, socks4a://) are refused. Credentials never appear in an error
// message.

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <ostream>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/ip/address.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

#include <webapi/core/ascii.hpp>
#include <webapi/core/base64.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// What a proxy speaks; see the top of this file.
enum class ProxyKind {
  http,     ///< http://: absolute-form requests and CONNECT tunnels
  https,    ///< https://: as http, over a TLS connection to the proxy
  socks5,   ///< socks5://: a SOCKS5 tunnel to the address the target's name resolves to here
  socks5h,  ///< socks5h://: a SOCKS5 tunnel to the target's name, resolved by the proxy
};

/// The scheme that names the kind in a proxy URL.
constexpr std::string_view to_string(ProxyKind k) noexcept {
  switch (k) {
    case ProxyKind::http: return "http";
    case ProxyKind::https: return "https";
    case ProxyKind::socks5: return "socks5";
    case ProxyKind::socks5h: return "socks5h";
  }
  return "http";
}

/// Writes the kind's URL scheme.
inline std::ostream& operator<<(std::ostream& os, ProxyKind k) { return os << to_string(k); }

/// Where to send a request instead of its host, and how.
struct ProxyEndpoint {
  std::string host{};  ///< without brackets for IPv6
  /// the proxy's port
  std::uint16_t port = 1080;
  std::string authorization{};  ///< http, https: "Basic ..." when the proxy URL carries credentials, else empty
  /// how the proxy is spoken to
  ProxyKind kind = ProxyKind::http;
  /// socks5 and socks5h: the credentials of the proxy URL, percent-decoding undone, each at most 255 bytes.
  /// Sent only in the RFC 1929 sub-negotiation, never in an error message or a log.
  std::string username{};
  /// the proxy's password, with `username`
  std::string password{};

  /// Whether the proxy is asked for a SOCKS5 tunnel rather than spoken HTTP to.
  bool is_socks() const noexcept { return kind == ProxyKind::socks5 || kind == ProxyKind::socks5h; }
  /// Whether the connection to the proxy itself is TLS.
  bool is_tls() const noexcept { return kind == ProxyKind::https; }

  /// Equal when every member is equal.
  friend bool operator==(const ProxyEndpoint&, const ProxyEndpoint&) = default;
};

namespace detail {

inline std::optional<boost::asio::ip::address> ip_literal(std::string_view host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  boost::system::error_code ec;
  auto a = boost::asio::ip::make_address(std::string(host), ec);
  if (ec) return std::nullopt;
  return a;
}

/// Whether `addr` lies in `net`/`bits`; both of the same family.
inline bool in_prefix(const boost::asio::ip::address& addr, const boost::asio::ip::address& net, unsigned bits) {
  if (addr.is_v4() != net.is_v4()) return false;
  auto compare = [bits](const auto& a, const auto& b) {
    unsigned full = bits / 8, rest = bits % 8;
    if (full > a.size()) return false;
    for (unsigned i = 0; i < full; ++i)
      if (a[i] != b[i]) return false;
    if (rest == 0 || full == a.size()) return true;
    auto mask = static_cast<unsigned char>(0xFF << (8 - rest));
    return (a[full] & mask) == (b[full] & mask);
  };
  if (addr.is_v4()) return compare(addr.to_v4().to_bytes(), net.to_v4().to_bytes());
  return compare(addr.to_v6().to_bytes(), net.to_v6().to_bytes());
}

}  // namespace detail

/// Whether `host` is exempt from proxying under a NO_PROXY list. Entries are separated by commas or
/// spaces; "*" matches every host; a name matches itself and its subdomains (a leading '.' is ignored,
/// case does not matter); an IP address matches itself, a CIDR range (10.0.0.0/8, fd00::/8) its members.
inline bool no_proxy_matches(std::string_view no_proxy, std::string_view host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  while (!host.empty() && host.back() == '.') host.remove_suffix(1);
  const std::string lhost = ascii::to_lower(host);
  const auto host_ip = detail::ip_literal(lhost);

  std::size_t pos = 0;
  while (pos <= no_proxy.size()) {
    std::size_t end = no_proxy.find_first_of(", \t", pos);
    if (end == std::string_view::npos) end = no_proxy.size();
    std::string_view entry = ascii::trim_ows(no_proxy.substr(pos, end - pos));
    pos = end + 1;
    if (entry.empty()) continue;
    if (entry == "*") return true;

    if (host_ip) {
      std::string_view addr = entry;
      std::optional<unsigned> bits;
      if (auto slash = entry.find('/'); slash != std::string_view::npos) {
        addr = entry.substr(0, slash);
        unsigned n = 0;
        std::string_view digits = entry.substr(slash + 1);
        if (digits.empty() || digits.size() > 3) continue;
        for (char c : digits) {
          if (c < '0' || c > '9') {
            n = 1000;
            break;
          }
          n = n * 10 + static_cast<unsigned>(c - '0');
        }
        bits = n;
      }
      auto net = detail::ip_literal(addr);
      if (!net) continue;
      const unsigned width = net->is_v4() ? 32 : 128;
      if (bits && *bits > width) continue;
      if (detail::in_prefix(*host_ip, *net, bits.value_or(width))) return true;
      continue;
    }

    while (!entry.empty() && entry.front() == '.') entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == '.') entry.remove_suffix(1);
    if (entry.empty()) continue;
    const std::string lentry = ascii::to_lower(entry);
    if (lhost == lentry) return true;
    if (lhost.size() > lentry.size() && lhost.ends_with(lentry) && lhost[lhost.size() - lentry.size() - 1] == '.')
      return true;
  }
  return false;
}

/// Parses a proxy URL such as "http://user:pass@proxy.example:3128", "https://proxy.example",
/// "socks5h://proxy.example" or "proxy:3128". Only http://, https://, socks5:// and socks5h:// proxies are
/// supported; an error names the URL's scheme or host, never its credentials.
inline Result<ProxyEndpoint> parse_proxy_url(std::string_view text) {
  text = ascii::trim_ows(text);
  std::string with_scheme(text);
  if (text.find("://") == std::string_view::npos) with_scheme = "http://" + with_scheme;
  auto parsed = boost::urls::parse_absolute_uri(with_scheme);
  if (!parsed || !parsed->has_authority() || parsed->host_address().empty())
    return make_error(ErrorKind::invalid_argument, "proxy setting is not a URL of the form http://host:port");
  const boost::urls::url_view u = *parsed;
  ProxyEndpoint p;
  const std::string scheme = ascii::to_lower(u.scheme());
  if (scheme == "http")
    p.kind = ProxyKind::http;
  else if (scheme == "https")
    p.kind = ProxyKind::https;
  else if (scheme == "socks5")
    p.kind = ProxyKind::socks5;
  else if (scheme == "socks5h")
    p.kind = ProxyKind::socks5h;
  else
    return make_error(ErrorKind::invalid_argument,
                      "proxy scheme '" + std::string(u.scheme()) +
                          "' is not supported; use an http://, https://, socks5:// or socks5h:// proxy");
  p.host = u.host_address();
  if (p.kind == ProxyKind::https) p.port = 443;
  if (u.has_port()) {
    if (u.port().empty() || u.port_number() == 0)
      return make_error(ErrorKind::invalid_argument, "proxy port of '" + p.host + "' is not a number from 1 to 65535");
    p.port = u.port_number();
  }
  if (u.has_userinfo()) {
    std::string user = u.user();
    std::string password = u.password();
    if (!p.is_socks()) {
      p.authorization = "Basic " + base64::encode(user + ":" + password);
    } else {
      // RFC 1929 gives each a one-byte length.
      if (user.size() > 255 || password.size() > 255)
        return make_error(ErrorKind::invalid_argument, std::string("SOCKS5 proxy ") +
                                                           (user.size() > 255 ? "user name" : "password") + " for '" +
                                                           p.host + "' is longer than the 255 bytes SOCKS5 allows");
      p.username = std::move(user);
      p.password = std::move(password);
    }
  }
  return p;
}

/// The proxy settings a transport uses. An empty field means no proxy for that scheme.
struct ProxyConfig {
  std::string http{};      ///< proxy URL for http:// targets
  std::string https{};     ///< proxy URL for https:// targets
  std::string no_proxy{};  ///< hosts reached directly, as no_proxy_matches() reads it

  /// Reads the environment through `lookup` (std::getenv by default), lower-case names first.
  static ProxyConfig from_env(const std::function<const char*(const char*)>& lookup = {}) {
    auto get = [&](const char* lower, const char* upper) -> std::string {
      for (const char* name : {lower, upper}) {
        if (!name) continue;
        const char* v = lookup ? lookup(name) : std::getenv(name);
        if (v && *v) return v;
      }
      return {};
    };
    ProxyConfig c;
    const std::string all = get("all_proxy", "ALL_PROXY");
    // Lower case only: under CGI a request's "Proxy:" header arrives as HTTP_PROXY ("httpoxy"), as curl knows.
    c.http = get("http_proxy", nullptr);
    c.https = get("https_proxy", "HTTPS_PROXY");
    if (c.http.empty()) c.http = all;
    if (c.https.empty()) c.https = all;
    c.no_proxy = get("no_proxy", "NO_PROXY");
    return c;
  }

  /// The proxy URL to use for a target of `scheme` ("http" or "https") on `host`, or empty for a direct
  /// connection.
  std::string_view proxy_for(std::string_view scheme, std::string_view host) const {
    const std::string& url = iequals(scheme, "https") ? https : http;
    if (url.empty() || no_proxy_matches(no_proxy, host)) return {};
    return url;
  }

  /// Equal when every member is equal.
  friend bool operator==(const ProxyConfig&, const ProxyConfig&) = default;
};

}  // namespace webapi
