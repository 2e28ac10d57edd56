#pragma once
// Small readers for the JSON of an error answer, shared by the modules' error decoders
// (include/webapi/<module>/errors.hpp). Lenient by design: an error body is read for what it offers, and a
// member of an unexpected type is treated as absent rather than failing the read of the error itself.

#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <webapi/core/service_error.hpp>

namespace webapi::error_body {

/// The body as a JSON object, or nullopt when it is not one (empty, HTML, a bare string).
inline std::optional<boost::json::object> object(std::string_view body) {
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(body, ec);
  if (ec || !v.is_object()) return std::nullopt;
  return std::move(v.get_object());
}

/// A member as text: a string as is, a number written out, anything else empty.
inline std::string text(const boost::json::object& o, std::string_view key) {
  const boost::json::value* v = o.if_contains(key);
  if (!v) return {};
  if (v->is_string()) return std::string(v->get_string());
  if (v->is_int64() || v->is_uint64()) return boost::json::serialize(*v);
  return {};
}

/// A member as an object, or nullptr.
inline const boost::json::object* object_member(const boost::json::object& o, std::string_view key) {
  const boost::json::value* v = o.if_contains(key);
  return v && v->is_object() ? &v->get_object() : nullptr;
}

/// The members of `o` named in `keys` that are present, as one object (null when none is).
inline boost::json::value pick(const boost::json::object& o, std::initializer_list<std::string_view> keys) {
  boost::json::object out;
  for (auto k : keys)
    if (const auto* v = o.if_contains(k)) out[k] = *v;
  if (out.empty()) return nullptr;
  return out;
}

/// The category of a google.rpc.Code name ("NOT_FOUND", "RESOURCE_EXHAUSTED", ...), the canonical codes
/// many services use; nullopt for a name that is not one.
inline std::optional<ErrorCategory> canonical_code_category(std::string_view name) {
  struct Entry {
    std::string_view name;
    ErrorCategory category;
  };
  static constexpr Entry table[] = {
      {"INVALID_ARGUMENT", ErrorCategory::invalid_argument}, {"FAILED_PRECONDITION", ErrorCategory::invalid_argument},
      {"OUT_OF_RANGE", ErrorCategory::invalid_argument},     {"UNAUTHENTICATED", ErrorCategory::unauthenticated},
      {"PERMISSION_DENIED", ErrorCategory::permission_denied}, {"NOT_FOUND", ErrorCategory::not_found},
      {"ALREADY_EXISTS", ErrorCategory::conflict},           {"ABORTED", ErrorCategory::conflict},
      {"RESOURCE_EXHAUSTED", ErrorCategory::rate_limited},   {"UNAVAILABLE", ErrorCategory::unavailable},
      {"DEADLINE_EXCEEDED", ErrorCategory::unavailable},     {"UNIMPLEMENTED", ErrorCategory::unimplemented},
      {"INTERNAL", ErrorCategory::internal},                 {"DATA_LOSS", ErrorCategory::internal},
      {"UNKNOWN", ErrorCategory::internal},                  {"CANCELLED", ErrorCategory::other},
  };
  for (const auto& e : table)
    if (e.name == name) return e.category;
  return std::nullopt;
}

/// The shape Google's services answer errors in, shared by the modules that speak it (userinfo, migration):
///   {"error": {"code": 404, "message": "...", "status": "NOT_FOUND", "details": [...]}}
/// gives code, status (the canonical code, which sets the category), message and details; an OAuth 2.0
/// refusal, {"error": "invalid_token", "error_description": "..."}, gives its error as the code and its
/// description as the message.
inline std::optional<ServiceError> google_error(int status, std::string_view body) {
  auto root = object(body);
  if (!root) return std::nullopt;
  ServiceError s;
  s.category = category_for_status(status);
  if (const auto* e = object_member(*root, "error")) {
    s.code = text(*e, "code");
    s.status = text(*e, "status");
    s.message = text(*e, "message");
    if (const auto* d = e->if_contains("details")) s.details = *d;
    if (auto c = canonical_code_category(s.status)) s.category = *c;
    return s;
  }
  if (const auto* e = root->if_contains("error"); e && e->is_string()) {
    s.code = text(*root, "error");
    s.message = text(*root, "error_description");
    if (s.code == "invalid_token" || s.code == "invalid_grant") s.category = ErrorCategory::unauthenticated;
    else if (s.code == "invalid_request") s.category = ErrorCategory::invalid_argument;
    return s;
  }
  return std::nullopt;
}

}  // namespace webapi::error_body
