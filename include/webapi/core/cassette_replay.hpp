#pragma once
// CassetteReplay: a transport that answers from a cassette (core/cassette.hpp), for tests that need neither
// the service nor a fake.
//
//   auto replay = webapi::CassetteReplay::open("traffic.jsonl", {.ignore = {"requestId"}}).value();
//   webapi::webhooks::Client<webapi::CassetteReplay> client(replay, {.hapikey = "any"});
//   client.subscriptions_get_all(app);   // the recorded answer
//
// A request is scrubbed as the recorder scrubbed it (so the credentials it carries compare as the REDACTED
// the cassette holds, whatever their value), then matched with a recorded exchange by method, path, query
// (in any order) and body (JSON bodies as JSON, member order aside; others byte for byte). Names in
// ReplayOptions::ignore are left out of the comparison wherever they appear: as query parameters, as
// header fields, as JSON members at any depth. Header fields are compared only when named in
// ReplayOptions::match_headers.
//
// In order (ReplayOptions::in_order), each request must match the next exchange not yet answered; in any
// order, the first one not yet answered that matches, or when all that match were answered, the last of
// them again. A request nothing matches is an Error of kind invalid_argument naming the closest recorded
// exchange and how it differs, field by field, expected against got; the cassette holds no credential
// value, and the request's own were scrubbed before comparing, so no message can show one.

#include <algorithm>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <webapi/core/ascii.hpp>
#include <webapi/core/cassette.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// How CassetteReplay matches requests with recorded exchanges.
struct ReplayOptions {
  /// Each request must be the next one recorded; otherwise any not yet answered may match.
  bool in_order = false;
  /// Volatile fields left out of matching: query parameter, header and JSON member names.
  std::vector<std::string> ignore{};
  /// Header fields compared (case aside); none unless named.
  std::vector<std::string> match_headers{};
  /// Further names whose values are credentials, as given to the recorder (CassetteOptions).
  std::vector<std::string> credential_names{};
};

/// A transport answering from a cassette; see the file's introduction. Thread-safe.
class CassetteReplay {
 public:
  /// Answers from `cassette`.
  explicit CassetteReplay(Cassette cassette, ReplayOptions options = {})
      : cassette_(std::move(cassette)), options_(std::move(options)), used_(cassette_.exchanges.size(), false) {}

  /// Answers from the cassette file at `path`.
  static Result<CassetteReplay> open(const std::string& path, ReplayOptions options = {}) {
    auto c = cassette::load(path);
    if (!c) return c.error();
    return CassetteReplay(std::move(*c), std::move(options));
  }

  CassetteReplay(CassetteReplay&& o) noexcept
      : cassette_(std::move(o.cassette_)), options_(std::move(o.options_)), used_(std::move(o.used_)),
        next_(o.next_) {}

  /// The recorded answer of the exchange `request` matches; see the file's introduction.
  Result<Response> send(const Request& request) {
    // Scrubbed as recorded, by a scrubber of its own: what this request carries is all it can know.
    CassetteScrubber scrubber(options_.credential_names);
    const CassetteExchange got = scrubber.scrub(request, nullptr);
    std::lock_guard lock(mutex_);
    const auto& all = cassette_.exchanges;
    std::optional<std::size_t> found;
    if (options_.in_order) {
      if (next_ < all.size() && differences(all[next_].request, got.request).empty()) found = next_;
    } else {
      std::optional<std::size_t> again;
      for (std::size_t i = 0; i < all.size() && !found; ++i)
        if (differences(all[i].request, got.request).empty()) (used_[i] ? again : found) = i;
      if (!found) found = again;
    }
    if (!found) return unmatched(got);
    used_[*found] = true;
    next_ = *found + 1;
    const auto& e = all[*found];
    if (!e.error.empty()) {
      Error err = make_error(ErrorKind::transport, "recorded failure: " + e.error, request.operation);
      err.transport_failure = TransportFailure::connection_lost_after_send;
      return err;
    }
    return e.response;
  }

  /// How many recorded exchanges have not been answered yet.
  std::size_t remaining() const {
    std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count(used_.begin(), used_.end(), false));
  }

  /// The cassette answered from.
  const Cassette& cassette() const noexcept { return cassette_; }

  /// How `got` differs from the recorded `expected`, one entry per field ("query parameter 'limit':
  /// expected '10', got '20'"), under the options' ignore list; empty when they match.
  std::vector<std::string> differences(const Request& expected, const Request& got) const {
    std::vector<std::string> out;
    if (expected.method != got.method)
      out.push_back("method: expected " + std::string(to_string(expected.method)) + ", got " +
                    std::string(to_string(got.method)));
    if (expected.path != got.path) out.push_back("path: expected " + expected.path + ", got " + got.path);
    compare_pairs("query parameter", query_of(expected), query_of(got), out);
    compare_pairs("header", headers_of(expected), headers_of(got), out);
    compare_bodies(expected, got, out);
    return out;
  }

 private:
  using Pairs = std::vector<std::pair<std::string, std::string>>;

  bool ignored(std::string_view name) const {
    for (const auto& n : options_.ignore)
      if (ascii::iequals(n, name)) return true;
    return false;
  }

  Pairs query_of(const Request& r) const {
    Pairs out;
    for (const auto& q : r.query)
      if (!ignored(q.name)) out.emplace_back(q.name, q.value);
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
  }
  Pairs headers_of(const Request& r) const {
    Pairs out;
    for (const auto& name : options_.match_headers)
      if (!ignored(name))
        if (auto v = r.headers.get(name)) out.emplace_back(ascii::to_lower(name), std::string(*v));
    return out;
  }

  static void compare_pairs(std::string_view what, const Pairs& expected, const Pairs& got,
                            std::vector<std::string>& out) {
    auto values = [](const Pairs& p, const std::string& name) {
      std::vector<std::string> v;
      for (const auto& [n, value] : p)
        if (n == name) v.push_back(value);
      return v;
    };
    std::vector<std::string> names;
    for (const auto& p : {expected, got})
      for (const auto& [n, v] : p)
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    for (const auto& n : names) {
      auto e = values(expected, n), g = values(got, n);
      if (e == g) continue;
      auto show = [](const std::vector<std::string>& v) {
        if (v.empty()) return std::string("absent");
        std::string s;
        for (const auto& x : v) s += (s.empty() ? "'" : ", '") + x + "'";
        return s;
      };
      out.push_back(std::string(what) + " '" + n + "': expected " + show(e) + ", got " + show(g));
    }
  }

  void strip(boost::json::value& v) const {
    if (auto* o = v.if_object()) {
      for (auto it = o->begin(); it != o->end();) {
        if (ignored(it->key())) {
          it = o->erase(it);
        } else {
          strip(it->value());
          ++it;
        }
      }
    } else if (auto* a = v.if_array()) {
      for (auto& e : *a) strip(e);
    }
  }

  static std::string shorten(std::string s) {
    if (s.size() > 80) s = s.substr(0, 77) + "...";
    return s;
  }

  /// The first JSON path where `e` and `g` differ, with both values.
  static void json_difference(const boost::json::value& e, const boost::json::value& g, const std::string& path,
                              std::vector<std::string>& out) {
    if (e.is_object() && g.is_object()) {
      for (const auto& m : e.as_object()) {
        const auto* other = g.as_object().if_contains(m.key());
        if (!other) {
          out.push_back("body member " + path + "." + std::string(m.key()) + ": expected " +
                        shorten(boost::json::serialize(m.value())) + ", got absent");
          return;
        }
        if (m.value() != *other) return json_difference(m.value(), *other, path + "." + std::string(m.key()), out);
      }
      for (const auto& m : g.as_object())
        if (!e.as_object().contains(m.key())) {
          out.push_back("body member " + path + "." + std::string(m.key()) + ": expected absent, got " +
                        shorten(boost::json::serialize(m.value())));
          return;
        }
    }
    if (e.is_array() && g.is_array() && e.as_array().size() == g.as_array().size()) {
      for (std::size_t i = 0; i < e.as_array().size(); ++i)
        if (e.as_array()[i] != g.as_array()[i])
          return json_difference(e.as_array()[i], g.as_array()[i], path + "[" + std::to_string(i) + "]", out);
    }
    out.push_back("body member " + path + ": expected " + shorten(boost::json::serialize(e)) + ", got " +
                  shorten(boost::json::serialize(g)));
  }

  void compare_bodies(const Request& expected, const Request& got, std::vector<std::string>& out) const {
    if (expected.body == got.body) return;
    boost::system::error_code ec1, ec2;
    auto e = boost::json::parse(expected.body, ec1);
    auto g = boost::json::parse(got.body, ec2);
    if (!ec1 && !ec2) {
      strip(e);
      strip(g);
      if (e != g) json_difference(e, g, "$", out);
      return;
    }
    out.push_back("body: expected " + shorten(expected.body) + ", got " + shorten(got.body));
  }

  Error unmatched(const CassetteExchange& got) const {
    const auto& all = cassette_.exchanges;
    std::string message = "no recorded exchange matches " + std::string(to_string(got.request.method)) + " " +
                          got.request.path;
    std::optional<std::size_t> best;
    std::vector<std::string> best_diff;
    auto score = [&](const std::vector<std::string>& d, const Request& r) {
      // The same method and path count for more than any number of other differences.
      return d.size() + (r.method != got.request.method ? 100 : 0) + (r.path != got.request.path ? 50 : 0);
    };
    const std::size_t from = options_.in_order ? next_ : 0;
    const std::size_t to = options_.in_order ? std::min(next_ + 1, all.size()) : all.size();
    for (std::size_t i = from; i < to; ++i) {
      auto d = differences(all[i].request, got.request);
      if (!best || score(d, all[i].request) < score(best_diff, all[*best].request)) {
        best = i;
        best_diff = std::move(d);
      }
    }
    if (!best) {
      message += options_.in_order ? ": every recorded exchange was answered" : ": the cassette is empty";
    } else {
      const auto& e = all[*best];
      message += "; closest is exchange #" + std::to_string(*best + 1) + " (" +
                 (e.operation.empty() ? std::string() : e.operation + ": ") +
                 std::string(to_string(e.request.method)) + " " + e.request.path + "): ";
      for (std::size_t i = 0; i < best_diff.size(); ++i) message += (i ? "; " : "") + best_diff[i];
    }
    return make_error(ErrorKind::invalid_argument, std::move(message), got.operation);
  }

  Cassette cassette_;
  ReplayOptions options_;
  mutable std::mutex mutex_;
  std::vector<bool> used_;
  std::size_t next_ = 0;
};

}  // namespace webapi
