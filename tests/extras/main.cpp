#define BOOST_TEST_MODULE webapi extras
#include <boost/test/unit_test.hpp>
