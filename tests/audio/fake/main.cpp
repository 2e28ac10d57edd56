#define BOOST_TEST_MODULE fakes_audio
#include <boost/test/unit_test.hpp>
