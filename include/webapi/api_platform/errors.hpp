#pragma once
// The API platform's error answer read into a webapi::ServiceError: {"error": {"name":
// "instanceNotFoundError", "message": "...", "details": {...}}} (the description's error examples). The
// name is the code; its wording refines the status where the status alone is vague.

#include <optional>
#include <string>
#include <string_view>

#include <webapi/core/ascii.hpp>
#include <webapi/core/error_body.hpp>
#include <webapi/core/service_error.hpp>

namespace webapi::api_platform {

namespace detail {
inline webapi::ErrorCategory category_of(std::string name, int status) {
  using C = webapi::ErrorCategory;
  name = webapi::ascii::to_lower(name);
  auto has = [&](std::string_view w) { return name.find(w) != std::string::npos; };
  if (has("notfound")) return C::not_found;
  if (has("ratelimit")) return C::rate_limited;
  if (has("authentication") || has("unauthorized") || has("apikey")) return C::unauthenticated;
  if (has("forbidden") || has("permission")) return C::permission_denied;
  if (has("conflict") || has("duplicate") || has("alreadyexists")) return C::conflict;
  if (has("malformed") || has("validation") || has("invalid") || has("parammissing") || has("mismatch"))
    return C::invalid_argument;
  return webapi::category_for_status(status);
}
}  // namespace detail

inline std::optional<webapi::ServiceError> decode_error(int status, std::string_view body) {
  namespace eb = webapi::error_body;
  auto root = eb::object(body);
  if (!root) return std::nullopt;
  const auto* e = eb::object_member(*root, "error");
  if (!e) return std::nullopt;
  webapi::ServiceError s;
  s.code = eb::text(*e, "name");
  s.message = eb::text(*e, "message");
  s.details = eb::pick(*e, {"details"});
  s.category = detail::category_of(s.code, status);
  return s;
}

}  // namespace webapi::api_platform
