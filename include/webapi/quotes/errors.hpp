#pragma once
// The quotes service's error answer read into a webapi::ServiceError: {"error": {"code": 404, "message":
// "Not Found: ..."}} (the shape of the description's examples). The code repeats the HTTP status, so the
// category comes from the status.

#include <optional>
#include <string_view>

#include <webapi/core/error_body.hpp>
#include <webapi/core/service_error.hpp>

namespace webapi::quotes {

inline std::optional<webapi::ServiceError> decode_error(int status, std::string_view body) {
  namespace eb = webapi::error_body;
  auto root = eb::object(body);
  if (!root) return std::nullopt;
  const auto* e = eb::object_member(*root, "error");
  if (!e) return std::nullopt;
  webapi::ServiceError s;
  s.code = eb::text(*e, "code");
  s.message = eb::text(*e, "message");
  s.details = eb::pick(*e, {"details"});
  s.category = webapi::category_for_status(status);
  return s;
}

}  // namespace webapi::quotes
