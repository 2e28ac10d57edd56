// Contract mode (tests/support/contract.hpp): the audio follow scenarios on the in-process fake, and on the
// live service when WEBAPI_LIVE_AUDIO_BASE_URL, _ACCESS_TOKEN and _FOLLOW_USER_ID are set, each live test
// case recording a cassette for `webapi-fake-server --verify`.
#include <string>

#include <boost/test/unit_test.hpp>

// test_contract_audio runs them on the compiled fake (its library, built once), test_fakes_audio on the
// header-only one its other tests use: both forms answer alike.
#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
#include <webapi/fakes/audio/compiled.hpp>
#else
#include <webapi/fakes/audio.hpp>
#endif

#include "../../support/audio_contract.hpp"
#include "../../support/contract.hpp"

namespace {

#ifdef WEBAPI_CONTRACT_COMPILED_FAKE
using ContractFake = webapi::fakes::audio::CompiledFake;
#else
using ContractFake = webapi::fakes::audio::Fake;
#endif

namespace audio_scenario = test::audio_contract;

/// The scenarios' target on an in-process fake: Ada's token, Bob to follow.
struct AudioContractInProcess {
  ContractFake fake;
  std::string app = fake.add_app({.client_id = "contract-app", .redirect_uris = {"https://app.example/callback"}});
  webapi::fakes::audio::Id ada = fake.add_user({.username = "ada"});
  webapi::fakes::audio::Id bob = fake.add_user({.username = "bob"});
  audio_scenario::Target target{fake, "https://api.soundcloud.com", fake.issue_token(ada, app), bob};
};

/// The scenarios' target on the live service, recorded.
struct AudioContractLive {
  test::contract::LiveTransport transport{"audio"};
  audio_scenario::Target target{transport.any(), test::contract::required("audio", "base_url"),
                                test::contract::required("audio", "access_token"),
                                std::stoll(test::contract::required("audio", "follow_user_id"))};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(contract_in_process, AudioContractInProcess)
BOOST_AUTO_TEST_CASE(follow_toggles_restore_the_first_state) { audio_scenario::follow_toggles_restore_the_first_state(target); }
BOOST_AUTO_TEST_CASE(following_oneself_is_refused) { audio_scenario::following_oneself_is_refused(target); }
// The same toggles from a followed first state: they end with the follow in place.
BOOST_AUTO_TEST_CASE(follow_toggles_restore_a_followed_first_state) {
  fake.follow(ada, bob);
  audio_scenario::follow_toggles_restore_the_first_state(target);
  BOOST_TEST(target.read_as_followed());
}
BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(contract_live, AudioContractLive, *boost::unit_test::precondition(test::contract::live_configured{"audio"}))
BOOST_AUTO_TEST_CASE(follow_toggles_restore_the_first_state) { audio_scenario::follow_toggles_restore_the_first_state(target); }
BOOST_AUTO_TEST_CASE(following_oneself_is_refused) { audio_scenario::following_oneself_is_refused(target); }
BOOST_AUTO_TEST_SUITE_END()
