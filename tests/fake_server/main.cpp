#define BOOST_TEST_MODULE served_fakes
#include <boost/test/unit_test.hpp>
