#define BOOST_TEST_MODULE webapi audio client
#include <boost/test/unit_test.hpp>
