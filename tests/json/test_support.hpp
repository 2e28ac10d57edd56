#pragma once
// Helpers shared by the codec's test files.

#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include <webapi/core/json.hpp>

namespace testsupport {

/// The message of the decode error `text` must give as a T; fails the test if it decodes.
template <class T>
std::string error_of(std::string_view text) {
  auto r = webapi::json::decode<T>(text);
  BOOST_REQUIRE_MESSAGE(!r, "expected a decode error for: " << text);
  BOOST_TEST((r.error().kind == webapi::ErrorKind::decode));
  return r.error().message;
}

}  // namespace testsupport
