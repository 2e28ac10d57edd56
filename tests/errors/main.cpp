#define BOOST_TEST_MODULE webapi errors
#include <boost/test/unit_test.hpp>
