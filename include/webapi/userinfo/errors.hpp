#pragma once
// The userinfo service's error answer read into a webapi::ServiceError: Google's shape
// (webapi::error_body::google_error says what it reads).

#include <optional>
#include <string_view>

#include <webapi/core/error_body.hpp>
#include <webapi/core/service_error.hpp>

namespace webapi::userinfo {

inline std::optional<webapi::ServiceError> decode_error(int status, std::string_view body) {
  return webapi::error_body::google_error(status, body);
}

}  // namespace webapi::userinfo
