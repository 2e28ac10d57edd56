#define BOOST_TEST_MODULE webapi cassettes
#include <boost/test/unit_test.hpp>
