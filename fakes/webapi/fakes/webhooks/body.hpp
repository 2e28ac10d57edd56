#pragma once
// Reading the JSON request bodies, refusing what the description does not allow with a 400 that names
// the member at fault by its path in the body: "targetUrl", "throttling.maxConcurrentRequests",
// "inputs[1].active". Members the description does not define are ignored.

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include <boost/json.hpp>

#include <webapi/core/request.hpp>
#include <webapi/fakes/webhooks/errors.hpp>

namespace webapi::fakes::webhooks {

/// The request body as a JSON object.
inline boost::json::object json_object_body(const Request& r) {
  if (r.body.empty()) invalid("body", "the request needs a JSON object body");
  boost::system::error_code ec;
  boost::json::value doc = boost::json::parse(r.body, ec);
  if (ec) invalid("body", "the request body is not JSON: " + ec.message());
  if (!doc.is_object()) invalid("body", "the request body must be a JSON object");
  return std::move(doc.get_object());
}

/// "outer.name", or "name" at the top.
inline std::string member_path(std::string_view outer, std::string_view name) {
  return outer.empty() ? std::string(name) : std::string(outer) + '.' + std::string(name);
}

/// The member `name` of `o` (null counts as absent), or nullptr.
inline const boost::json::value* member(const boost::json::object& o, std::string_view name) {
  const auto* v = o.if_contains(name);
  return v && !v->is_null() ? v : nullptr;
}

/// The member `name`, which the description requires; `path` names it in the refusal.
inline const boost::json::value& required_member(const boost::json::object& o, std::string_view name,
                                                  const std::string& path) {
  const auto* v = member(o, name);
  if (!v) invalid(path, "'" + path + "' is required");
  return *v;
}

inline const boost::json::object& as_object(const boost::json::value& v, const std::string& path) {
  if (!v.is_object()) invalid(path, "'" + path + "' must be an object");
  return v.get_object();
}

inline std::string as_string(const boost::json::value& v, const std::string& path) {
  if (!v.is_string()) invalid(path, "'" + path + "' must be a string");
  return std::string(v.get_string());
}

inline bool as_bool(const boost::json::value& v, const std::string& path) {
  if (!v.is_bool()) invalid(path, "'" + path + "' must be true or false");
  return v.get_bool();
}

/// An integer that fits the description's int32 format.
inline std::int32_t as_int32(const boost::json::value& v, const std::string& path) {
  std::int64_t n = 0;
  if (v.is_int64()) {
    n = v.get_int64();
  } else if (v.is_uint64() && v.get_uint64() <= std::uint64_t(std::numeric_limits<std::int64_t>::max())) {
    n = static_cast<std::int64_t>(v.get_uint64());
  } else {
    invalid(path, "'" + path + "' must be an integer");
  }
  if (n < std::numeric_limits<std::int32_t>::min() || n > std::numeric_limits<std::int32_t>::max())
    invalid(path, "'" + path + "' must fit in 32 bits");
  return static_cast<std::int32_t>(n);
}

}  // namespace webapi::fakes::webhooks
