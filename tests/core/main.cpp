#define BOOST_TEST_MODULE webapi core
#include <boost/test/unit_test.hpp>
