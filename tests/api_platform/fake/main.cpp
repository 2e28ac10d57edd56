#define BOOST_TEST_MODULE fakes_api_platform
#include <boost/test/unit_test.hpp>
