#pragma once
// Canned answers for the error tests.

#include <string>
#include <string_view>

#include <webapi/core/request.hpp>

namespace test {

inline webapi::Response answer(int status, std::string body, std::string_view content_type = "application/json") {
  webapi::Response r;
  r.status = status;
  if (!content_type.empty()) r.headers.set("Content-Type", content_type);
  r.body = std::move(body);
  return r;
}

}  // namespace test

#define WEBAPI_REQUIRE_OK(r) \
  BOOST_REQUIRE_MESSAGE((r).has_value(), ((r).has_value() ? std::string() : (r).error().what()))
