// Contract mode (tests/support/contract.hpp): the project-management status scenarios on the in-process fake,
// and on the live service when WEBAPI_LIVE_PROJECT_MANAGEMENT_BASE_URL, _ACCESS_TOKEN, _JOB_ID (an OPEN job)
// and _QUOTE_ID (a REQUESTED Smart quote) are set, each live test case recording a cassette for
// `webapi-fake-server --verify`.
#include <string>

#include <boost/test/unit_test.hpp>

// test_contract_project_management runs them on the compiled fake (its library, built once), test_fakes_project_management on the
// header-only one its other tests use: both forms answer alike.
#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
#include <webapi/fakes/project_management/compiled.hpp>
#else
#include <webapi/fakes/project_management.hpp>
#endif

#include "../../support/contract.hpp"
#include "../../support/project_management_contract.hpp"

namespace {

#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
using ContractFake = webapi::fakes::project_management::CompiledFake;
#else
using ContractFake = webapi::fakes::project_management::Fake;
#endif

namespace pm_scenario = test::project_management_contract;

/// The scenarios' target on an in-process fake: a Smart project's OPEN job and a REQUESTED Smart quote.
struct PmContractInProcess {
  ContractFake fake;
  std::string project = fake.add_project({.smart = true, .name = "Contract", .status = "OPEN"});
  pm_scenario::Target target{fake, "http://fake", fake.add_api_key({.name = "Contract", .locale = "en"}),
                             fake.add_job({.project_id = project, .name = "Contract job"}),
                             fake.add_quote({.smart = true, .name = "Contract quote"})};
};

/// The scenarios' target on the live service, recorded.
struct PmContractLive {
  test::contract::LiveTransport transport{"project_management"};
  pm_scenario::Target target{transport.any(), test::contract::required("project_management", "base_url"),
                             test::contract::required("project_management", "access_token"),
                             test::contract::required("project_management", "job_id"),
                             test::contract::required("project_management", "quote_id")};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(contract_in_process, PmContractInProcess)
BOOST_AUTO_TEST_CASE(a_job_is_cancelled_and_reopened) { pm_scenario::a_job_is_cancelled_and_reopened(target); }
BOOST_AUTO_TEST_CASE(illegal_moves_are_refused) { pm_scenario::illegal_moves_are_refused(target); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(contract_live, PmContractLive,
                         *boost::unit_test::precondition(test::contract::live_configured{"project_management"}))
BOOST_AUTO_TEST_CASE(a_job_is_cancelled_and_reopened) { pm_scenario::a_job_is_cancelled_and_reopened(target); }
BOOST_AUTO_TEST_CASE(illegal_moves_are_refused) { pm_scenario::illegal_moves_are_refused(target); }
BOOST_AUTO_TEST_SUITE_END()
