// Fuzz target: "same origin" as the pager decides it for next links (the project's own URL reader,
// url::parse_absolute) and as the transport decides it for redirects (Boost.URL, detail::set_origin), both
// through url::origin.
//
// Properties, for two URLs that both readers accept as http or https with a host:
// - the pager never calls "same origin" what the transport calls another (credentials go nowhere new);
// - where neither host has a percent-escape, they agree. With one, the pager compares the host as written
//   and Boost.URL decoded: "ex%61mple.com" is example.com to the transport and another host to the pager,
//   which refuses such a link, the safe way round.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/url/parse.hpp>

#include <webapi/core/url.hpp>
#include <webapi/transport/detail/target.hpp>

#include "support/fuzz.hpp"

namespace fuzz_url_origin {

using webapi_fuzz::check;

struct Read {
  std::string own, transport;
  bool escaped_host = false;
};

std::optional<Read> read(const std::string& text) {
  auto own = webapi::url::parse_absolute(text);
  auto parsed = boost::urls::parse_absolute_uri(text);
  if (!own || !parsed) return std::nullopt;
  webapi::detail::Target t;
  if (webapi::detail::set_origin(*parsed, t)) return std::nullopt;  // not http(s), no host, a bad port
  return Read{webapi::url::origin(*own), t.origin(), own->host.find('%') != std::string_view::npos};
}

// A URL from pieces that meet at the edges where readers differ, or raw bytes.
std::string url(webapi_fuzz::Input& in) {
  if (in.flag()) return in.text(96);
  static constexpr std::string_view schemes[] = {"http", "https", "HTTPS", "Http", "ftp"};
  static constexpr std::string_view hosts[] = {"example.com", "EXAMPLE.com", "ex%61mple.com", "example.com.",
                                               "127.0.0.1",   "[::1]",       "[0:0::1]",      "user@example.com",
                                               "a:b@example.com"};
  static constexpr std::string_view ports[] = {"", ":", ":80", ":443", ":080", ":8443", ":0", ":65536", ":1"};
  std::string u(schemes[in.pick(std::size(schemes))]);
  u += "://";
  u += hosts[in.pick(std::size(hosts))];
  u += ports[in.pick(std::size(ports))];
  u += in.flag() ? "/next?page=2" : "";
  u += in.text(8);
  return u;
}

int one(const std::uint8_t* data, std::size_t size) {
  webapi_fuzz::Input in(data, size);
  const std::string a = url(in), b = url(in);
  auto ra = read(a), rb = read(b);
  if (!ra || !rb) return 0;
  const bool pager_same = ra->own == rb->own, transport_same = ra->transport == rb->transport;
  if (pager_same) check(transport_same, "the pager's same origin is the transport's", a + " | " + b);
  if (!ra->escaped_host && !rb->escaped_host)
    check(pager_same == transport_same, "without escapes in the host, the two agree",
          a + " | " + b + " -> " + ra->own + " " + rb->own + " / " + ra->transport + " " + rb->transport);
  return 0;
}

std::vector<std::string> seeds() {
  auto text = [](std::string_view s) { return std::string(1, static_cast<char>(s.size())) + std::string(s); };
  std::vector<std::string> seeds;
  for (std::string_view a : {"https://api.example.com/v1", "HTTPS://API.example.com:443/x", "http://[::1]:080/"})
    for (std::string_view b : {"https://api.example.com:0443/p?x=1", "http://api.example.com/", "http://[::1]/"})
      seeds.push_back("\x01" + text(a) + "\x01" + text(b));
  seeds.push_back(std::string("\x00\x01\x02\x02\x01", 5) + text("") + std::string("\x00\x00\x00\x00\x00", 5));
  return seeds;
}

}  // namespace fuzz_url_origin

WEBAPI_FUZZ_TARGET(fuzz_url_origin)
