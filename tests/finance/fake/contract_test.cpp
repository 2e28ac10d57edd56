// Contract mode (tests/support/contract.hpp): the finance rule scenarios on the in-process fake, and on the
// live service when WEBAPI_LIVE_FINANCE_BASE_URL, _CLIENT_ID, _CLIENT_SECRET and _LOGIN_NAME are set (the
// client-credential flow: a token for that user), each live test case recording a cassette for
// `webapi-fake-server --verify`.
#include <string>

#include <boost/test/unit_test.hpp>

// test_contract_finance runs them on the compiled fake (its library, built once), test_fakes_finance on the
// header-only one its other tests use: both forms answer alike.
#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
#include <webapi/fakes/finance/compiled.hpp>
#else
#include <webapi/fakes/finance.hpp>
#endif

#include "../../support/contract.hpp"
#include "../../support/finance_contract.hpp"

namespace {

#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
using ContractFake = webapi::fakes::finance::CompiledFake;
#else
using ContractFake = webapi::fakes::finance::Fake;
#endif

namespace finance_scenario = test::finance_contract;

/// The scenarios' target on an in-process fake: a user signing in with the cobrand's client credentials.
struct FinanceContractInProcess {
  ContractFake fake;
  std::string user = fake.add_user({.login_name = "contract-user"});
  finance_scenario::Target target{fake, "https://finance.example",
                                  {.client_id = fake.cobrand().client_id, .secret = fake.cobrand().secret}, user};
};

/// The scenarios' target on the live service, recorded.
struct FinanceContractLive {
  test::contract::LiveTransport transport{"finance"};
  finance_scenario::Target target{transport.any(), test::contract::required("finance", "base_url"),
                                  {.client_id = test::contract::required("finance", "client_id"),
                                   .secret = test::contract::required("finance", "client_secret")},
                                  test::contract::required("finance", "login_name")};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(contract_in_process, FinanceContractInProcess)
BOOST_AUTO_TEST_CASE(invalid_rules_are_refused) { finance_scenario::invalid_rules_are_refused(target); }
BOOST_AUTO_TEST_CASE(a_valid_rule_is_created_listed_and_deleted) {
  finance_scenario::a_valid_rule_is_created_listed_and_deleted(target);
}
BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(contract_live, FinanceContractLive,
                         *boost::unit_test::precondition(test::contract::live_configured{"finance"}))
BOOST_AUTO_TEST_CASE(invalid_rules_are_refused) { finance_scenario::invalid_rules_are_refused(target); }
BOOST_AUTO_TEST_CASE(a_valid_rule_is_created_listed_and_deleted) {
  finance_scenario::a_valid_rule_is_created_listed_and_deleted(target);
}
BOOST_AUTO_TEST_SUITE_END()
