#define BOOST_TEST_MODULE fakes_quotes
#include <boost/test/unit_test.hpp>
