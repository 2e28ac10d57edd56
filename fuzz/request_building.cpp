// Fuzz target: building a request from hostile parameter values.
//
// Properties: a value never changes the route (a path segment decodes back to exactly the value and the
// path keeps its number of segments; a resource name is accepted only in its pattern's shape); no CR, LF
// or NUL reaches a header; query and form values decode back to what was given; a multipart body holds
// every part intact between boundaries that occur in no part; whatever is refused is an invalid_argument
// Error naming the parameter; the transport's request target, from a base URL it may remember, is what
// parsing the whole URL gives.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/url/parse.hpp>

#include <webapi/core/form_body.hpp>
#include <webapi/core/multipart.hpp>
#include <webapi/core/request_builder.hpp>
#include <webapi/core/url.hpp>
#include <webapi/core/validate.hpp>
#include <webapi/transport/detail/target.hpp>

#include "support/fuzz.hpp"

namespace fuzz_request_building {

using webapi_fuzz::check;

std::vector<std::string_view> segments_of(std::string_view path) {
  std::vector<std::string_view> out;
  for (std::size_t start = 1; start <= path.size();) {
    std::size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    out.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return out;
}

void path_and_query(webapi_fuzz::Input& in) {
  const std::string id = in.text(), name = in.text(96), q = in.text(), header = in.text();
  std::vector<std::string> tags;
  for (std::size_t n = in.pick(4); n > 0; --n) tags.push_back(in.text(16));
  const char* pattern = in.flag() ? "projects/*/locations/*/sources/*" : "projects/*/locations/*/**";

  webapi::RequestBuilder b(webapi::Method::get, "fuzz_operation", "https://api.example.com/v1");
  b.path("/items/").segment("item_id", id).path("/");
  b.resource_name("name", name, pattern);
  b.query("q", q).query("tags", tags).query_joined("joined", tags, ',');
  b.header("X-Fuzz", header);
  auto built = std::move(b).build();
  if (!built) {
    check(built.error().kind == webapi::ErrorKind::invalid_argument, "a refused value is an invalid_argument");
    const std::string& m = built.error().message;
    check(m.find("item_id") != m.npos || m.find("'name'") != m.npos || m.find("X-Fuzz") != m.npos,
          "a refused value names the parameter", m);
    return;
  }
  const webapi::Request& r = *built;
  check(!webapi::validate(r), "a built request passes validation");
  for (const auto& [hname, value] : r.headers)
    check(value.find_first_of(std::string_view("\r\n\0", 3)) == std::string::npos, "no CR, LF or NUL in a header");

  // "/items/{item_id}/{name...}": segment 1 is the id, the resource name follows with its own slashes.
  auto segs = segments_of(r.path);
  std::size_t name_segments = 1;
  for (char c : name) name_segments += c == '/';
  check(segs.size() == 2 + name_segments, "the number of path segments is fixed by the template", r.path);
  check(segs[0] == "items", "the literal part of the path is untouched", r.path);
  auto decoded_id = webapi::url::decode(segs[1]);
  check(decoded_id && *decoded_id == id, "a segment decodes back to its value", r.path);
  for (std::size_t i = 1; i < segs.size(); ++i) check(segs[i] != "." && segs[i] != "..", "no dot segment", r.path);

  // The whole target parses as an origin-form URL with the same segments and query values.
  const std::string target = webapi::url::target(r);
  auto parsed = boost::urls::parse_origin_form(target);
  check(parsed.has_value(), "the request target is a valid origin-form URL", target);
  std::size_t count = 0;
  for (auto p : parsed->params()) {
    if (p.key == "q") check(p.value == q, "a query value decodes back to itself", target);
    ++count;
  }
  check(count == 1 + tags.size() + 1, "each query value is one parameter", target);

  // The transport's target for this request under a fuzzed base URL, and with a fuzzed raw path: what
  // parsing the whole URL gives, whether the base was parsed afresh or remembered.
  webapi::Request other = r;
  other.base_url = in.text(64);
  if (in.flag()) other.path = "/" + in.text(32);
  const std::string url = webapi::url::full_url(other);
  for (int pass = 0; pass < 2; ++pass) {
    auto fast = webapi::detail::request_target(webapi::url::trimmed_base(other), webapi::url::target(other));
    auto whole = webapi::detail::parse_target(url);
    check(fast.has_value() == whole.has_value(), "the transport's target fails exactly when the URL does", url);
    if (!whole) {
      check(fast.error().message == whole.error().message, "both ways give the same error", url);
      continue;
    }
    check(fast->tls() == whole->tls() && fast->host() == whole->host() && fast->port() == whole->port() &&
              fast->authority() == whole->authority() && fast->target == whole->target &&
              fast->origin() == whole->origin(),
          "the transport's target is what parsing the whole URL gives", url);
  }
}

void bodies(webapi_fuzz::Input& in) {
  if (in.flag()) {
    const std::string a = in.text(), b = in.text();
    webapi::RequestBuilder builder(webapi::Method::post, "fuzz_form", "https://api.example.com");
    builder.path("/form").form("a", a).form("b", b);
    auto built = std::move(builder).build();
    check(built.has_value(), "any form value is accepted");
    std::size_t fields = 0;
    const std::string as_target = "/?" + built->body;
    auto as_url = boost::urls::parse_origin_form(as_target);
    check(as_url.has_value(), "a form body is a valid query string", built->body);
    for (auto p : as_url->params()) {
      ++fields;
      std::string value(p.value);
      check(value == (p.key == "a" ? a : b), "a form value decodes back to itself", built->body);
    }
    check(fields == 2, "each form value is one field", built->body);
    return;
  }
  webapi::MultipartForm form;
  std::vector<std::string> data;
  for (std::size_t n = 1 + in.pick(3); n > 0; --n) {
    data.push_back(in.text(128));
    if (in.flag()) form.field("field", data.back());
    else form.file("file", in.text(16), data.back(), "application/octet-stream");
  }
  const std::string body = form.body(), type = form.content_type();
  const std::string boundary = type.substr(type.find("boundary=") + 9);
  check(!boundary.empty(), "a multipart body has a boundary", type);
  for (const auto& d : data) check(d.find(boundary) == std::string::npos, "the boundary occurs in no part");
  check(!webapi::header_problem("Content-Type", type), "the multipart content type is a safe header value");
  std::size_t parts = 0;
  for (std::size_t at = 0; (at = body.find("--" + boundary + "\r\n", at)) != std::string::npos; at += boundary.size())
    ++parts;
  check(parts == data.size(), "every part is delimited once", type);
}


int one(const std::uint8_t* data, std::size_t size) {
  webapi_fuzz::Input in(data, size);
  if (in.flag()) path_and_query(in);
  else bodies(in);
  return 0;
}

std::vector<std::string> seeds() {
  auto text = [](std::string_view s) { return std::string(1, static_cast<char>(s.size())) + std::string(s); };
  std::vector<std::string> seeds;
  for (std::string_view id : {"42", "../admin", "a/b", "%2e%2e", "x y?z#w", "\r\nX-Evil: 1"})
    seeds.push_back("\x01" + text(id) + text("projects/p1/locations/us-central1/sources/s1") + text("life") +
                    text("v") + "\x02" + text("a") + text("b,c") + "\x01");
  // The transport's target: bases it parses once, then one it cannot, with a path it appends or parses whole.
  for (std::string_view base : {"https://API.example.com:8443/v1/", "http://[::1]:80", "http://h.example?x=1",
                                "ftp://h.example", "http://h.example:0"})
    for (std::string_view path : {"a%2Fb", "a|b"})
      seeds.push_back("\x01" + text("42") + text("projects/p1/locations/l/sources/s") + text("q") + text("v") +
                      "\x00" + "\x01" + text(base) + "\x01" + text(path));
  seeds.push_back(std::string("\x00\x01", 2) + text("a=1&b") + text("+%20"));
  seeds.push_back(std::string("\x00\x00\x02", 3) + "\x00" + text("plain") + "\x01" + text("f.bin") + text("--x\r\n"));
  return seeds;
}

}  // namespace fuzz_request_building

WEBAPI_FUZZ_TARGET(fuzz_request_building)
