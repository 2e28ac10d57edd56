#pragma once
// The finance service's error answer read into a webapi::ServiceError: the description's YodleeError,
// {"errorCode": "Y800", "errorMessage": "Invalid value for ...", "referenceCode": "..."}. The code's family
// refines the status: Y0xx are credential refusals, Y807 a missing resource, other Y8xx invalid input.

#include <optional>
#include <string_view>

#include <webapi/core/error_body.hpp>
#include <webapi/core/service_error.hpp>

namespace webapi::finance {

inline std::optional<webapi::ServiceError> decode_error(int status, std::string_view body) {
  namespace eb = webapi::error_body;
  auto root = eb::object(body);
  if (!root || (!root->contains("errorCode") && !root->contains("errorMessage"))) return std::nullopt;
  webapi::ServiceError s;
  s.code = eb::text(*root, "errorCode");
  s.message = eb::text(*root, "errorMessage");
  s.reference = eb::text(*root, "referenceCode");
  s.category = webapi::category_for_status(status);
  std::string_view c = s.code;
  if (c == "Y807") s.category = webapi::ErrorCategory::not_found;
  else if (c.size() == 4 && c.starts_with("Y8")) s.category = webapi::ErrorCategory::invalid_argument;
  else if (c.size() == 4 && c.starts_with("Y0") && status == 401) s.category = webapi::ErrorCategory::unauthenticated;
  return s;
}

}  // namespace webapi::finance
