#pragma once
// Cassettes: HTTP traffic written down as JSON Lines, with every credential taken out, to replay in tests
// (core/cassette_replay.hpp) or to check a fake against (verify() in fakes/core/drift.hpp).
//
// The first line names what was recorded; every further line is one exchange, the exchange record of
// core/exchange_record.hpp (the format the fakes' exchange logs write, by the same code) between the
// operation's name and the times: how long the answer took, and when the request went, counted from the
// recording's start (so that a replay can keep time with it: an operation polled until done):
//
//   {"cassette":1,"api":"webhooks","version":"0.3.0","date":"2026-11-27T07:30:00Z"}
//   {"operation":"subscriptions_get_all","method":"GET","path":"/webhooks/v3/1/subscriptions",
//    "query":[["hapikey","REDACTED"]],"request_headers":[],"request_body":"","status":200,
//    "response_headers":[["Content-Type","application/json"]],"response_body":"{...}","elapsed_ms":3,
//    "at_ms":1250}
//
// An exchange that failed below HTTP has "error" (the message, scrubbed) in place of the answer's members.
//
// What is scrubbed (CassetteScrubber), by the rules the logs and errors follow (core/secrets.hpp), extended
// to what a cassette holds beyond a log line:
// - header fields and query parameters whose name is a credential's (is_credential_name), answers'
//   headers too (Set-Cookie): the value becomes "REDACTED", after its auth scheme where it has one
//   ("Bearer REDACTED"), so a replay knows which kind of credential stood there;
// - the request's secret path segments (Request::secret_segments);
// - form fields (application/x-www-form-urlencoded) named like credentials, and JSON members so named at any
//   depth, in requests and answers alike: a token response's access_token, refresh_token and id_token, a
//   created key's apiKey, a login's session (a member whose last word is "session": cobSession); string
//   values only, so a member named like one but holding a number stays;
// - parameters named like credentials in the query and fragment of an answer's Location (an OAuth redirect
//   carrying its code, or an implicit grant's access_token);
// - then every value found so, and every one found in earlier exchanges of the same cassette, wherever else
//   it appears in the exchange (echoed in a body, in a URL, in a message), in each encoding scrub() knows.

#include <chrono>
#include <ctime>
#include <fstream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <webapi/core/ascii.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/exchange_record.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/secrets.hpp>
#include <webapi/core/url.hpp>
#include <webapi/core/redact.hpp>
#include <webapi/version.hpp>

namespace webapi {

/// What a cassette's first line says.
struct CassetteHeader {
  std::string api;                                ///< the module recorded, e.g. "webhooks"
  std::string version = WEBAPI_VERSION_STRING;    ///< the library's version that recorded it
  std::string date;                               ///< when recording began, RFC 3339 in UTC
};

/// One exchange of a cassette, credentials already scrubbed.
struct CassetteExchange {
  std::string operation;  ///< the client operation's name (Request::operation); empty for a raw request
  Request request;        ///< as sent, scrubbed; base_url is not recorded
  Response response;      ///< as answered, scrubbed; empty when `error` is set
  std::string error;      ///< the transport failure's message when the exchange failed below HTTP
  std::chrono::milliseconds elapsed{0};  ///< from sending to the answer
  /// When the request was sent, from the start of the recording; none in cassettes written before it was kept.
  std::optional<std::chrono::milliseconds> sent_at{};
};

/// A cassette read back.
struct Cassette {
  CassetteHeader header;
  std::vector<CassetteExchange> exchanges;
};

namespace cassette {

/// The current time as RFC 3339 in UTC, to the second.
inline std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

/// The header line's JSON text, without the newline.
inline std::string header_line(const CassetteHeader& h) {
  boost::json::object o;
  o["cassette"] = 1;
  o["api"] = h.api;
  o["version"] = h.version;
  o["date"] = h.date;
  return boost::json::serialize(o);
}

/// An exchange's JSON text, without the newline: operation, the exchange record, elapsed_ms, at_ms.
inline std::string exchange_line(const CassetteExchange& e) {
  boost::json::object o;
  o["operation"] = e.operation;
  exchange_record::put_request(o, e.request);
  if (!e.error.empty())
    o["error"] = e.error;
  else
    exchange_record::put_response(o, e.response);
  o["elapsed_ms"] = e.elapsed.count();
  if (e.sent_at) o["at_ms"] = e.sent_at->count();
  return boost::json::serialize(o);
}

/// The exchange a line describes (exchange_line's inverse).
inline CassetteExchange exchange_of(const boost::json::object& o) {
  CassetteExchange e;
  e.request = exchange_record::request_of(o);
  e.operation = e.request.operation;
  if (const auto* err = o.if_contains("error"); err && err->is_string())
    e.error = std::string(err->as_string());
  else
    e.response = exchange_record::response_of(o);
  if (const auto* ms = o.if_contains("elapsed_ms"); ms && ms->is_int64())
    e.elapsed = std::chrono::milliseconds(ms->as_int64());
  if (const auto* at = o.if_contains("at_ms"); at && at->is_int64())
    e.sent_at = std::chrono::milliseconds(at->as_int64());
  return e;
}

/// Reads the cassette in `text` (JSON Lines, the header first); an Error names the first bad line.
inline Result<Cassette> parse(std::string_view text) {
  Cassette c;
  std::size_t line_no = 0;
  bool header_seen = false;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    boost::system::error_code ec;
    auto v = boost::json::parse(line, ec);
    if (ec || !v.is_object())
      return make_error(ErrorKind::decode, "cassette line " + std::to_string(line_no) + " is not a JSON object");
    const auto& o = v.as_object();
    if (!header_seen) {
      if (!o.contains("cassette"))
        return make_error(ErrorKind::decode, "cassette line 1 is no cassette header (\"cassette\":1 missing)");
      auto text_of = [&](std::string_view k) {
        const auto* s = o.if_contains(k);
        return s && s->is_string() ? std::string(s->as_string()) : std::string();
      };
      c.header = {text_of("api"), text_of("version"), text_of("date")};
      header_seen = true;
      continue;
    }
    c.exchanges.push_back(exchange_of(o));
  }
  if (!header_seen) return make_error(ErrorKind::decode, "empty cassette");
  return c;
}

/// Reads the cassette file at `path`.
inline Result<Cassette> load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(ErrorKind::invalid_argument, "cannot read the cassette " + path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse(text);
}

/// Whether a body of media type `content_type` is JSON (application/json, anything +json).
inline bool is_json(std::string_view content_type) {
  const std::string t = ascii::media_type_essence(content_type);
  return t.ends_with("/json") || t.ends_with("+json");
}
/// Whether a body of media type `content_type` is a form (application/x-www-form-urlencoded).
inline bool is_form(std::string_view content_type) {
  return ascii::media_type_essence(content_type) == "application/x-www-form-urlencoded";
}

}  // namespace cassette

/// Takes the credentials out of exchanges, remembering every value it took so that later exchanges of the
/// same cassette lose it too wherever it reappears (a token issued in one answer, sent in the next request).
/// Not thread-safe; the recorder holds it under its lock.
class CassetteScrubber {
 public:
  /// `extra`: further header, query, form-field and JSON-member names to treat as credentials.
  explicit CassetteScrubber(std::vector<std::string> extra = {}) : extra_(std::move(extra)) {}

  /// The exchange of `request` and `response` (or `error`, a transport failure's message) with every
  /// credential replaced: see the file's introduction.
  CassetteExchange scrub(const Request& request, const Response* response, std::string error = {}) {
    CassetteExchange e;
    e.operation = request.operation;
    for (auto& v : secret_values(request, extra_)) remember(std::move(v));

    Request& r = e.request;
    r.method = request.method;
    r.operation = request.operation;
    r.path = redacted_path(request);
    r.content_type = request.content_type;
    for (const auto& [name, value] : request.headers)
      r.headers.add(name, is_credential_name(request, name, extra_) ? redact_value(value) : value);
    for (const auto& q : request.query)
      r.query.push_back({q.name, is_credential_name(request, q.name, extra_) ? std::string(redacted) : q.value});
    r.body = redact_body(request.body, request.content_type);

    if (response) {
      Response& a = e.response;
      a.status = response->status;
      const Request none;
      for (const auto& [name, value] : response->headers) {
        const bool secret = is_credential_name(none, name, extra_);
        if (secret) remember(value);
        if (secret)
          a.headers.add(name, redacted);
        else if (iequals(name, "Location") || iequals(name, "Content-Location"))
          a.headers.add(name, redact_url_parameters(value));
        else
          a.headers.add(name, value);
      }
      a.body = redact_body(response->body, response->content_type());
    }
    e.error = std::move(error);

    // Every value known so far, wherever it is left.
    Request known;
    known.secret_segments = known_;
    auto clean = [&](std::string& text) { text = webapi::scrub(std::move(text), known); };
    clean(r.path);
    for (auto& q : r.query) clean(q.value);
    r.headers = clean_fields(r.headers, clean);
    clean(r.body);
    e.response.headers = clean_fields(e.response.headers, clean);
    clean(e.response.body);
    clean(e.error);
    return e;
  }

  /// Every credential value taken out so far.
  const std::vector<std::string>& known() const noexcept { return known_; }

 private:
  void remember(std::string v) {
    if (v.empty() || v == redacted) return;
    for (const auto& k : known_)
      if (k == v) return;
    known_.push_back(std::move(v));
  }

  /// "REDACTED", after the auth scheme where the value has one ("Bearer REDACTED").
  static std::string redact_value(std::string_view value) {
    const auto space = value.find(' ');
    if (space != std::string_view::npos && space > 0 && value.find(' ', space + 1) == std::string_view::npos)
      return std::string(value.substr(0, space + 1)) + std::string(redacted);
    return std::string(redacted);
  }

  bool credential_member(std::string_view name) const {
    if (looks_like_credential(name) || detail::named_in(extra_, name)) return true;
    const auto words = detail::name_words(name);
    return !words.empty() && words.back() == "session";
  }

  /// `url` with the value of each credential-named parameter of its query and fragment replaced.
  std::string redact_url_parameters(std::string_view url) {
    std::string out;
    std::size_t i = 0;
    while (i < url.size()) {
      const std::size_t start = url.find_first_of("?#", i);
      if (start == std::string_view::npos) break;
      out.append(url.substr(i, start + 1 - i));
      std::size_t end = url.find('#', start + 1);
      if (end == std::string_view::npos) end = url.size();
      std::string_view params = url.substr(start + 1, end - start - 1);
      for (bool first = true; first || !params.empty(); first = false) {
        std::string_view pair = params.substr(0, params.find('&'));
        params.remove_prefix(std::min(params.size(), pair.size() + 1));
        if (!first) out += '&';
        const std::size_t eq = pair.find('=');
        const auto name = url::decode(pair.substr(0, eq), true);
        if (eq != std::string_view::npos && name && credential_member(*name)) {
          if (auto v = url::decode(pair.substr(eq + 1), true)) remember(*v);
          out.append(pair.substr(0, eq + 1)).append(redacted);
        } else {
          out.append(pair);
        }
      }
      i = end;
    }
    out.append(url.substr(std::min(i, url.size())));
    return out;
  }

  void redact_json(boost::json::value& v, bool& changed) {
    if (auto* o = v.if_object()) {
      for (auto& [key, member] : *o) {
        if (member.is_string() && credential_member(key) && member.as_string() != redacted) {
          remember(std::string(member.as_string()));
          member = redacted;
          changed = true;
        } else {
          redact_json(member, changed);
        }
      }
    } else if (auto* a = v.if_array()) {
      for (auto& e : *a) redact_json(e, changed);
    }
  }

  std::string redact_body(const std::string& body, std::string_view content_type) {
    if (body.empty()) return body;
    if (cassette::is_form(content_type)) {
      auto fields = url::decode_query(body);
      if (!fields) return body;
      bool changed = false;
      for (auto& f : *fields)
        if (credential_member(f.name) && !f.value.empty() && f.value != redacted) {
          remember(f.value);
          f.value = redacted;
          changed = true;
        }
      return changed ? url::encode_query(*fields) : body;
    }
    // JSON by its media type, or by its look when the type is missing or wrong: a token answered as
    // text/plain is still a token.
    const auto first = body.find_first_not_of(" \t\r\n");
    if (cassette::is_json(content_type) || (first != std::string::npos && (body[first] == '{' || body[first] == '['))) {
      boost::system::error_code ec;
      auto v = boost::json::parse(body, ec);
      if (ec) return body;
      bool changed = false;
      redact_json(v, changed);
      return changed ? boost::json::serialize(v) : body;
    }
    return body;
  }

  template <class Clean>
  static Headers clean_fields(const Headers& in, Clean& clean) {
    Headers out;
    for (const auto& [name, value] : in) {
      std::string v = value;
      clean(v);
      out.add(name, v);
    }
    return out;
  }

  std::vector<std::string> extra_;
  std::vector<std::string> known_;
};

}  // namespace webapi
