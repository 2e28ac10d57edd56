// Contract mode (tests/support/contract.hpp): the webhooks scenarios on the in-process fake, and on the live
// service when WEBAPI_LIVE_WEBHOOKS_BASE_URL, _HAPIKEY and _APP_ID are set, each live test case recording a
// cassette for `webapi-fake-server --verify`.
#include <boost/test/unit_test.hpp>

#include <string>

// test_contract_webhooks runs them on the compiled fake (its library, built once), test_fakes_webhooks on the
// header-only one its other tests use: both forms answer alike.
#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
#include <webapi/fakes/webhooks/compiled.hpp>
#else
#include <webapi/fakes/webhooks.hpp>
#endif

#include "../../support/contract.hpp"
#include "../../support/webhooks_contract.hpp"

namespace {

#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
using ContractFake = webapi::fakes::webhooks::CompiledFake;
#else
using ContractFake = webapi::fakes::webhooks::Fake;
#endif

namespace scenario = test::webhooks_contract;

/// The scenarios' target on an in-process fake with one app.
struct InProcess {
  ContractFake fake;
  std::int32_t app = fake.add_app();
  scenario::Target target{fake, "http://fake", fake.add_api_key({.apps = {app}}), app};
};

/// The scenarios' target on the live service, recorded.
struct Live {
  test::contract::LiveTransport transport{"webhooks"};
  scenario::Target target{transport.any(), test::contract::required("webhooks", "base_url"),
                          test::contract::required("webhooks", "hapikey"),
                          std::stoi(test::contract::required("webhooks", "app_id"))};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(contract_in_process, InProcess)
BOOST_AUTO_TEST_CASE(subscription_lifecycle) { scenario::subscription_lifecycle(target); }
BOOST_AUTO_TEST_CASE(rules_refuse_invalid_requests) { scenario::rules_refuse_invalid_requests(target); }
BOOST_AUTO_TEST_CASE(settings_round_trip) { scenario::settings_round_trip(target); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(contract_live, Live, *boost::unit_test::precondition(test::contract::live_configured{"webhooks"}))
BOOST_AUTO_TEST_CASE(subscription_lifecycle) { scenario::subscription_lifecycle(target); }
BOOST_AUTO_TEST_CASE(rules_refuse_invalid_requests) { scenario::rules_refuse_invalid_requests(target); }
BOOST_AUTO_TEST_CASE(settings_round_trip) { scenario::settings_round_trip(target); }
BOOST_AUTO_TEST_SUITE_END()
