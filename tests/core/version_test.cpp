// <webapi/version.hpp> is the version's one source: what CMake's project(VERSION) read from it, and each form
// the header offers agrees with the others.
#include <cstring>

#include <boost/test/unit_test.hpp>

#include <webapi/version.hpp>

BOOST_AUTO_TEST_SUITE(version)

BOOST_AUTO_TEST_CASE(the_header_says_the_projects_version_in_every_form) {
  BOOST_TEST(std::strcmp(WEBAPI_VERSION_STRING, WEBAPI_PROJECT_VERSION) == 0);
  static_assert(WEBAPI_VERSION ==
                WEBAPI_VERSION_MAJOR * 100000 + WEBAPI_VERSION_MINOR * 100 + WEBAPI_VERSION_PATCH);
#if WEBAPI_VERSION < 300
#error "the version macro is usable in #if and orders 0.3.0 after 0.2.x"
#endif
}

BOOST_AUTO_TEST_SUITE_END()
