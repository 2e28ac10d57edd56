// Contract mode (tests/support/contract.hpp): the migration long-running-operation scenarios on the
// in-process fake (waiting on its clock), and on the live service when WEBAPI_LIVE_MIGRATION_BASE_URL,
// _ACCESS_TOKEN, _PROJECT and _LOCATION are set (waiting in real time), each live test case recording a
// cassette.
#include <string>

#include <boost/test/unit_test.hpp>

// test_contract_migration runs them on the compiled fake (its library, built once), test_fakes_migration on the
// header-only one its other tests use: both forms answer alike.
#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
#include <webapi/fakes/migration/compiled.hpp>
#else
#include <webapi/fakes/migration.hpp>
#endif

#include "../../support/contract.hpp"
#include "../../support/migration_contract.hpp"

namespace {

#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
using ContractFake = webapi::fakes::migration::CompiledFake;
#else
using ContractFake = webapi::fakes::migration::Fake;
#endif

namespace migration_scenario = test::migration_contract;

/// The scenarios' target on an in-process fake, its waits moving the fake's clock.
struct MigrationContractInProcess {
  ContractFake fake;
  migration_scenario::Target target{fake, "https://migrationcenter.googleapis.com", fake.add_token(),
                                    {"contract-project", "us-central1"}, fake.poll_policy()};
};

/// The scenarios' target on the live service, recorded, its waits the default policy's.
struct MigrationContractLive {
  test::contract::LiveTransport transport{"migration"};
  migration_scenario::Target target{transport.any(), test::contract::required("migration", "base_url"),
                                    test::contract::required("migration", "access_token"),
                                    {test::contract::required("migration", "project"),
                                     test::contract::required("migration", "location")}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(contract_in_process, MigrationContractInProcess)
BOOST_AUTO_TEST_CASE(an_operation_is_polled_to_done_and_read) { migration_scenario::an_operation_is_polled_to_done_and_read(target); }
BOOST_AUTO_TEST_CASE(and_wait_calls_resolve_to_the_resource) { migration_scenario::and_wait_calls_resolve_to_the_resource(target); }
// In process the poller really waits: the operation is not done when the create answers.
BOOST_AUTO_TEST_CASE(the_create_answers_before_the_operation_is_done) {
  auto started = target.client.sources_create(target.here.str(), {.source_id = "early", .body = migration_scenario::source_named("Early")});
  BOOST_REQUIRE(started.has_value());
  BOOST_TEST(!started->done.value_or(false));
}
BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(contract_live, MigrationContractLive,
                         *boost::unit_test::precondition(test::contract::live_configured{"migration"}))
BOOST_AUTO_TEST_CASE(an_operation_is_polled_to_done_and_read) { migration_scenario::an_operation_is_polled_to_done_and_read(target); }
BOOST_AUTO_TEST_CASE(and_wait_calls_resolve_to_the_resource) { migration_scenario::and_wait_calls_resolve_to_the_resource(target); }
BOOST_AUTO_TEST_SUITE_END()
