#pragma once
// Method + path-pattern routing for fakes.
//
// Patterns are written decoded: "/quote/list", "/tracks/{track_id}", "/v1alpha1/{+name}". A request path is
// split on '/' while still percent-encoded, and only then is each segment decoded, so "%2F" in an id stays
// inside its segment and can never reach another route. "{x}" captures exactly one non-empty segment;
// "{+x}" (as in RFC 6570's reserved expansion) captures one or more remaining segments joined by '/'.
// When several patterns match, the one with literals earliest wins ("/me/likes" beats "/me/{id}").

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <type_traits>

#include <boost/container/small_vector.hpp>

#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes {

/// Values captured from the path, decoded.
class Captures {
 public:
  /// Appends the decoded `value` captured for `name`.
  void add(std::string name, std::string value) { values_.emplace_back(std::move(name), std::move(value)); }
  /// The value captured for `name`, if the route has such a capture.
  std::optional<std::string_view> get(std::string_view name) const {
    for (const auto& [n, v] : values_)
      if (n == name) return std::string_view(v);
    return std::nullopt;
  }
  /// The captures in pattern order, each a (name, value) pair.
  auto begin() const { return values_.begin(); }
  /// The end of the captures.
  auto end() const { return values_.end(); }
  /// The number of captures.
  std::size_t size() const { return values_.size(); }

 private:
  std::vector<std::pair<std::string, std::string>> values_;
};

/// Appends the encoded segments of an encoded path to `out`; "/a/b" -> {"a", "b"}, "/" -> {""}.
template <class Out>
void split_path_into(std::string_view path, Out& out) {
  if (!path.empty() && path.front() == '/') path.remove_prefix(1);
  for (;;) {
    std::size_t slash = path.find('/');
    out.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) return;
    path.remove_prefix(slash + 1);
  }
}

/// Splits an encoded path into its encoded segments; "/a/b" -> {"a", "b"}, "/" -> {""}.
inline std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> out;
  split_path_into(path, out);
  return out;
}

/// The routes of one fake, each a method, a path pattern (see the file's introduction) and a Handler, with
/// match() choosing the route for a request. Not synchronised: routes are added before requests arrive.
template <class Handler>
class Router {
 public:
  /// What a route calls.
  using HandlerType = Handler;
  /// One segment of a pattern: a literal, "{x}" (capture) or "{+x}" (rest).
  struct Segment {
    enum Kind { literal, capture, rest } kind = literal;
    std::string text;  ///< the literal, or the capture's name
  };
  /// One route as added.
  struct Route {
    /// the method it answers
    Method method;
    /// the pattern as written, decoded, e.g. "/tracks/{track_id}"
    std::string pattern;
    std::string operation;  ///< the operation's name, e.g. "get_quote_search"
    Handler handler;        ///< empty: the operation is known but not modeled (answered 501)
    /// the pattern split on '/'
    std::vector<Segment> segments;
    RequestRules rules;     ///< what a request must keep; nothing for a route added by hand
  };

  /// What match() found: a route; no route for the path; routes for the path but none for the method; or a
  /// path segment with a malformed percent-escape.
  enum class Outcome { matched, no_route, method_not_allowed, bad_path };

  /// The result of match(): `route` and `captures` are set only when `outcome` is matched.
  struct Match {
    /// what was found
    Outcome outcome = Outcome::no_route;
    /// the chosen route, pointing into routes()
    const Route* route = nullptr;
    /// the values captured from the path, decoded
    Captures captures;
    std::vector<Method> allowed;  ///< for method_not_allowed: the methods the path does accept
  };

  /// Adds a route. An empty handler marks an operation the fake knows by name but does not model. A handler
  /// that takes only the context is called without the request.
  template <class F = Handler>
  Router& add(Method method, std::string_view pattern, std::string_view operation, F handler = {},
              RequestRules rules = {}) {
    Handler h;
    if constexpr (std::is_constructible_v<Handler, F>)
      h = std::move(handler);
    else
      h = [f = std::move(handler)](auto& context, const Request&) mutable { return f(context); };
    Route r{method, std::string(pattern), std::string(operation), std::move(h), {}, std::move(rules)};
    for (std::string_view s : split_path(pattern)) {
      if (s.size() >= 3 && s.front() == '{' && s[1] == '+' && s.back() == '}')
        r.segments.push_back({Segment::rest, std::string(s.substr(2, s.size() - 3))});
      else if (s.size() >= 2 && s.front() == '{' && s.back() == '}')
        r.segments.push_back({Segment::capture, std::string(s.substr(1, s.size() - 2))});
      else
        r.segments.push_back({Segment::literal, std::string(s)});
    }
    const bool all_literal = std::all_of(r.segments.begin(), r.segments.end(),
                                         [](const Segment& s) { return s.kind == Segment::literal; });
    if (all_literal) literal_[r.pattern].push_back(routes_.size());
    routes_.push_back(std::move(r));
    return *this;
  }

  /// Every route, in the order added.
  const std::vector<Route>& routes() const { return routes_; }

  /// The route for `method` and the still-encoded `path` (no query).
  Match match(Method method, std::string_view path) const {
    Match result;
    if (const Route* r = literal_route(method, path)) {
      result.outcome = Outcome::matched;
      result.route = r;
      return result;
    }
    // Most segments hold no escape and are compared in place; only escaped ones are decoded into a copy.
    // A usual path has few segments: they stay on the stack.
    boost::container::small_vector<std::string_view, 12> segments;
    split_path_into(path, segments);
    std::vector<std::string> decoded;
    for (std::string_view& s : segments) {
      if (s.find('%') == std::string_view::npos) continue;
      auto d = url::decode(s);
      if (!d) {
        result.outcome = Outcome::bad_path;
        return result;
      }
      if (decoded.capacity() < segments.size()) decoded.reserve(segments.size());  // views must stay put
      decoded.push_back(std::move(*d));
      s = decoded.back();
    }
    const std::span<const std::string_view> parts(segments.data(), segments.size());
    const Route* best = nullptr;
    std::uint64_t best_rank = 0;
    bool other_methods = false;
    for (const Route& r : routes_) {
      std::uint64_t rank = 0;
      if (!may_match(r, parts) || !matches(r, parts, nullptr, &rank)) continue;
      if (r.method != method) {
        other_methods = true;
        continue;
      }
      if (!best || rank < best_rank) {
        best = &r;
        best_rank = rank;
      }
    }
    if (best) {
      result.outcome = Outcome::matched;
      result.route = best;
      matches(*best, parts, &result.captures, nullptr);
    } else if (other_methods) {
      // Only a refused call lists the methods the path takes, so a routed one allocates nothing for them.
      result.outcome = Outcome::method_not_allowed;
      for (const Route& r : routes_)
        if (may_match(r, parts) && matches(r, parts, nullptr, nullptr) &&
            std::find(result.allowed.begin(), result.allowed.end(), r.method) == result.allowed.end())
          result.allowed.push_back(r.method);
    }
    return result;
  }

 private:
  // A route's rank orders its segments' kinds (literal 0, capture 1, rest 2) as digits from the first
  // segment on, so comparing ranks compares the kinds lexicographically: literals earliest win.
  static constexpr std::size_t rank_digits = 30;
  static std::uint64_t rank_digit(std::size_t i, int kind) {
    return i < rank_digits ? std::uint64_t(kind) << (2 * (rank_digits - 1 - i)) : 0;
  }

  struct PathHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };

  /// The route a path equal to an all-literal pattern reaches with `method`, found by hashing, or nullptr
  /// when the path needs the full match() (it holds an escape, or no all-literal pattern has that method).
  /// An all-literal route outranks every pattern with a capture, and the first added wins among equals, as
  /// in the full match.
  const Route* literal_route(Method method, std::string_view path) const {
    if (path.find('%') != std::string_view::npos) return nullptr;
    if (static_cast<std::size_t>(std::count(path.begin(), path.end(), '/')) > rank_digits) return nullptr;
    auto it = literal_.find(path);
    if (it == literal_.end()) return nullptr;
    for (std::size_t i : it->second)
      if (routes_[i].method == method) return &routes_[i];
    return nullptr;
  }

  /// A cheap first test, ruling out most routes before matches() walks them: the number of segments, then
  /// a literal first segment.
  static bool may_match(const Route& r, std::span<const std::string_view> path) noexcept {
    const auto& s = r.segments;
    if (s.empty() || path.empty()) return true;  // matches() decides
    const bool has_rest = s.back().kind == Segment::rest;
    if (has_rest ? path.size() < s.size() : path.size() != s.size()) return false;
    return s.front().kind != Segment::literal || s.front().text == path.front();
  }

  static bool matches(const Route& r, std::span<const std::string_view> path, Captures* captures,
                      std::uint64_t* rank) {
    const bool has_rest = !r.segments.empty() && r.segments.back().kind == Segment::rest;
    if (!has_rest && r.segments.size() != path.size()) return false;
    std::size_t i = 0;
    for (const Segment& s : r.segments) {
      if (s.kind == Segment::rest) {
        if (i >= path.size()) return false;
        std::string joined;
        for (std::size_t k = i; k < path.size(); ++k) {
          if (path[k].empty()) return false;
          if (k > i) joined += '/';
          joined += path[k];
        }
        if (captures) captures->add(s.text, std::move(joined));
        if (rank) *rank += rank_digit(i, 2);
        return true;
      }
      if (i >= path.size()) return false;
      if (s.kind == Segment::literal) {
        if (path[i] != s.text) return false;
      } else {
        if (path[i].empty()) return false;
        if (captures) captures->add(s.text, std::string(path[i]));
        if (rank) *rank += rank_digit(i, 1);
      }
      ++i;
    }
    return i == path.size();
  }

  std::vector<Route> routes_;
  /// The routes whose patterns are all literals, by pattern: indexes into routes_, in the order added.
  std::unordered_map<std::string, std::vector<std::size_t>, PathHash, std::equal_to<>> literal_;
};

}  // namespace webapi::fakes
