#define BOOST_TEST_MODULE fakes_migration
#include <boost/test/unit_test.hpp>
