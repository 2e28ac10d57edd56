#define BOOST_TEST_MODULE fakes_webhooks
#include <boost/test/unit_test.hpp>
