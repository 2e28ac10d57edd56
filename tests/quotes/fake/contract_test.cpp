// Contract mode (tests/support/contract.hpp): the quotes scenarios on the in-process fake, and on the live
// service when WEBAPI_LIVE_QUOTES_BASE_URL and _API_KEY are set, each live test case recording a cassette.
#include <boost/test/unit_test.hpp>

// test_contract_quotes runs them on the compiled fake (its library, built once), test_fakes_quotes on the
// header-only one its other tests use: both forms answer alike.
#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
#include <webapi/fakes/quotes/compiled.hpp>
#else
#include <webapi/fakes/quotes.hpp>
#endif

#include "../../support/contract.hpp"
#include "../../support/quotes_contract.hpp"

namespace {

#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
using ContractFake = webapi::fakes::quotes::CompiledFake;
#else
using ContractFake = webapi::fakes::quotes::Fake;
#endif

namespace scenario = test::quotes_contract;

struct InProcess {
  ContractFake fake;
  scenario::Target target{fake, "http://fake", fake.add_api_key("contract")};
};

struct Live {
  test::contract::LiveTransport transport{"quotes"};
  scenario::Target target{transport.any(), test::contract::required("quotes", "base_url"),
                          test::contract::required("quotes", "api_key")};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(contract_in_process, InProcess)
BOOST_AUTO_TEST_CASE(toggles_restore_the_first_state) { scenario::toggles_restore_the_first_state(target); }
BOOST_AUTO_TEST_CASE(qshow_membership) { scenario::qshow_membership(target); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(contract_live, Live, *boost::unit_test::precondition(test::contract::live_configured{"quotes"}))
BOOST_AUTO_TEST_CASE(toggles_restore_the_first_state) { scenario::toggles_restore_the_first_state(target); }
BOOST_AUTO_TEST_CASE(qshow_membership) { scenario::qshow_membership(target); }
BOOST_AUTO_TEST_SUITE_END()
