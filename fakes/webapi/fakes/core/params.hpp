#pragma once
// The named parameters of a request, read by name with typed getters that refuse malformed values with
// 400 naming the parameter.
//
// Query parameters come first, then the fields of an application/x-www-form-urlencoded body, then the
// top-level members of a JSON object body. On a route declared against its module (operations.hpp) the
// request has already been checked to carry each parameter only where the operation takes it, so what is
// read here is what the real service would read.

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include <webapi/core/ascii.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes {

/// The media type of a request body, without parameters, lower-cased.
inline std::string media_type(const Request& r) {
  std::string_view ct = r.content_type;
  if (ct.empty()) ct = r.headers.get("Content-Type").value_or("");
  return ascii::media_type_essence(ct);
}

/// The full Content-Type of a request body, parameters included.
inline std::string_view full_content_type(const Request& r) {
  if (!r.content_type.empty()) return r.content_type;
  return r.headers.get("Content-Type").value_or("");
}

/// A request's named values, in order: query parameters, then the fields of a form body or the top-level
/// members of a JSON object body (a JSON null is left out, an array gives one value per element, a number,
/// boolean or object its JSON text). A name may have several values. Getters that parse refuse a malformed
/// value with a 400 Failure naming the parameter.
class Params {
 public:
  /// No values.
  Params() = default;

  /// Collects the parameters of `r`; a malformed form or JSON body is a 400 Failure. A form body is split
  /// whole: a fake's Dispatcher has refused one of more fields than its limit first (core/body_limits.hpp).
  static Params from(const Request& r) {
    Params p;
    for (const auto& q : r.query) p.values_.emplace_back(q.name, q.value);
    std::string type = media_type(r);
    if (type == "application/x-www-form-urlencoded" && !r.body.empty()) {
      auto fields = url::decode_query(r.body);
      if (!fields) bad_request("the form body holds a malformed percent-escape");
      p.values_.reserve(p.values_.size() + fields->size());
      for (auto& f : *fields) p.values_.emplace_back(std::move(f.name), std::move(f.value));
    } else if (type == "application/json" && !r.body.empty()) {
      boost::system::error_code ec;
      boost::json::value doc = boost::json::parse(r.body, ec);
      if (ec) bad_request("the JSON body does not parse: " + ec.message());
      if (const auto* obj = doc.if_object())
        for (const auto& kv : *obj) p.add_json(kv.key(), kv.value());
    }
    return p;
  }

  /// Appends a value for `name`, after any it already has.
  void add(std::string name, std::string value) { values_.emplace_back(std::move(name), std::move(value)); }

  /// The first value of `name`.
  std::optional<std::string> get(std::string_view name) const {
    for (const auto& [n, v] : values_)
      if (n == name) return v;
    return std::nullopt;
  }
  /// The first value of `name`, treating an empty value as absent.
  std::optional<std::string> non_empty(std::string_view name) const {
    auto v = get(name);
    if (v && v->empty()) return std::nullopt;
    return v;
  }
  /// Every value of `name`, in order.
  std::vector<std::string> all(std::string_view name) const {
    std::vector<std::string> out;
    for (const auto& [n, v] : values_)
      if (n == name) out.push_back(v);
    return out;
  }
  /// Whether `name` has a value, even an empty one.
  bool has(std::string_view name) const { return get(name).has_value(); }

  /// The value of `name`, or a 400 Failure saying it is required.
  std::string required(std::string_view name) const {
    auto v = non_empty(name);
    if (!v) bad_request("parameter '" + std::string(name) + "' is required");
    return *std::move(v);
  }

  /// The first value of `name` as a decimal integer; nullopt when absent or empty. A value that is not
  /// entirely an integer in range is a 400 Failure naming the parameter and quoting the value.
  std::optional<std::int64_t> integer(std::string_view name) const {
    auto v = non_empty(name);
    if (!v) return std::nullopt;
    std::int64_t out = 0;
    auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    if (ec != std::errc() || end != v->data() + v->size())
      bad_request("parameter '" + std::string(name) + "' must be an integer, got '" + *v + "'");
    return out;
  }
  /// integer(), or `fallback` when absent or empty.
  std::int64_t integer_or(std::string_view name, std::int64_t fallback) const {
    return integer(name).value_or(fallback);
  }

  /// The first value of `name` as a boolean: "true" or "1", "false" or "0"; nullopt when absent or empty.
  /// Any other value is a 400 Failure naming the parameter and quoting the value.
  std::optional<bool> boolean(std::string_view name) const {
    auto v = non_empty(name);
    if (!v) return std::nullopt;
    if (*v == "true" || *v == "1") return true;
    if (*v == "false" || *v == "0") return false;
    bad_request("parameter '" + std::string(name) + "' must be true or false, got '" + *v + "'");
  }
  /// boolean(), or `fallback` when absent or empty.
  bool boolean_or(std::string_view name, bool fallback) const { return boolean(name).value_or(fallback); }

  /// Every value of `name`, each split on ',' and trimmed, empties dropped: "a, b" and "a&b" alike.
  std::vector<std::string> list(std::string_view name) const {
    std::vector<std::string> out;
    for (const std::string& v : all(name)) {
      std::string_view rest = v;
      while (!rest.empty()) {
        std::string_view item = rest.substr(0, rest.find(','));
        rest.remove_prefix(std::min(rest.size(), item.size() + 1));
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        if (!item.empty()) out.emplace_back(item);
      }
    }
    return out;
  }

 private:
  void add_json(std::string_view name, const boost::json::value& v) {
    switch (v.kind()) {
      case boost::json::kind::null: return;
      case boost::json::kind::string: values_.emplace_back(name, std::string(v.get_string())); return;
      case boost::json::kind::array:
        for (const auto& item : v.get_array()) add_json(name, item);
        return;
      default: values_.emplace_back(name, boost::json::serialize(v)); return;
    }
  }

  std::vector<std::pair<std::string, std::string>> values_;
};

}  // namespace webapi::fakes
