// No credential of the userinfo API survives in a cassette: bearer tokens, and the access and ID tokens
// tokeninfo takes in its query.
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/userinfo.hpp>
#include <webapi/userinfo.hpp>

#include "../../support/cassette_secrets.hpp"

BOOST_AUTO_TEST_CASE(no_userinfo_credential_survives_in_a_cassette) {
  webapi::fakes::userinfo::Fake fake;
  const auto creds = seed_demo(fake);
  test::cassette_secrets::Recorded rec(fake, "userinfo");
  {
    using Client = webapi::userinfo::Client<webapi::CassetteRecorder<webapi::fakes::userinfo::Fake>>;
    BOOST_TEST(Client(rec.transport(), {.access_token = creds[0].second}).oauth2_userinfo_get().has_value());
    BOOST_TEST(Client(rec.transport(), {.access_token = creds[1].second}).oauth2_userinfo_v2_me_get().has_value());
    Client anonymous(rec.transport(), {});
    BOOST_TEST(anonymous.oauth2_tokeninfo({.id_token = creds[2].second}).has_value());
    BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = creds[0].second}).has_value());
    BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = creds[3].second}).error().status == 400);
  }
  rec.recorder.reset();
  test::cassette_secrets::require_none_survive(
      rec.path, {creds[0].second, creds[1].second, creds[2].second, creds[3].second}, 5);
}
