// The test module of each test_contract_<module> (tests/CMakeLists.txt, webapi_contract_test).
#define BOOST_TEST_MODULE contract
#include <boost/test/unit_test.hpp>
