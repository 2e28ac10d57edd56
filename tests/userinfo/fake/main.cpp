#define BOOST_TEST_MODULE fakes_userinfo
#include <boost/test/unit_test.hpp>
