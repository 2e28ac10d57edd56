#define BOOST_TEST_MODULE webapi_json
#include <boost/test/unit_test.hpp>
