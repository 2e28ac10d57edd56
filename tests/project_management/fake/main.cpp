#define BOOST_TEST_MODULE fakes_project_management
#include <boost/test/unit_test.hpp>
