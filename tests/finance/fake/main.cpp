#define BOOST_TEST_MODULE fakes_finance
#include <boost/test/unit_test.hpp>
