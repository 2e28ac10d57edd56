// seed_demo: the data set behind `webapi-fake-server --api userinfo --seed demo`, and its credentials.

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
namespace fu = webapi::fakes::userinfo;

BOOST_AUTO_TEST_CASE(seed_demo_credentials_work_as_documented) {
  fu::Fake fake;
  auto creds = fu::seed_demo(fake);
  BOOST_REQUIRE(creds.size() == 4u);
  BOOST_TEST(creds[0].first == "ACCESS_TOKEN");
  BOOST_TEST(creds[1].first == "EMAIL_ONLY_TOKEN");
  BOOST_TEST(creds[2].first == "ID_TOKEN");
  BOOST_TEST(creds[3].first == "REVOKED_TOKEN");

  using Client = webapi::userinfo::Client<fu::Fake>;
  auto ada = Client{fake, {.access_token = creds[0].second}}.oauth2_userinfo_get();
  BOOST_REQUIRE(ada);
  BOOST_TEST(*ada->id == "100000000000000000001");
  BOOST_TEST(*ada->name == "Ada Lovelace");
  BOOST_TEST(*ada->email == "ada@analytical.example");
  BOOST_TEST(*ada->hd == "analytical.example");

  auto grace = Client{fake, {.access_token = creds[1].second}}.oauth2_userinfo_v2_me_get();
  BOOST_REQUIRE(grace);
  BOOST_TEST(*grace->id == "100000000000000000002");
  BOOST_TEST(*grace->email == "grace@example.com");
  BOOST_TEST(!*grace->verified_email);
  BOOST_TEST(!grace->name);

  Client anonymous{fake, {}};
  auto id = anonymous.oauth2_tokeninfo({.id_token = creds[2].second});
  BOOST_REQUIRE(id);
  BOOST_TEST(*id->user_id == "100000000000000000001");
  BOOST_TEST(*id->email == "ada@analytical.example");
  BOOST_TEST(*id->audience == "fake-client.apps.googleusercontent.com");

  Client revoked{fake, {.access_token = creds[3].second}};
  BOOST_TEST(revoked.oauth2_userinfo_get().error().status == 401);
  BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = creds[3].second}).error().status == 400);

  // The same data set every time.
  fu::Fake again;
  BOOST_TEST((fu::seed_demo(again) == creds));
}
