#define BOOST_TEST_MODULE fakes_toolkit
#include <boost/test/unit_test.hpp>
