#define BOOST_TEST_MODULE webapi pages
#include <boost/test/unit_test.hpp>
