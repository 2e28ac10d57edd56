// The two userinfo endpoints through the typed client: the account, as far as the token's scopes reveal it.

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::UserinfoFixture;

BOOST_FIXTURE_TEST_SUITE(userinfo, UserinfoFixture)

BOOST_AUTO_TEST_CASE(email_and_profile_scopes_reveal_the_whole_account) {
  auto me = client(ada_token).oauth2_userinfo_get();
  BOOST_REQUIRE_MESSAGE(me, (me ? "" : me.error().what()));
  BOOST_TEST(*me->id == ada);
  BOOST_TEST(*me->email == "ada@analytical.example");
  BOOST_TEST(*me->verified_email);
  BOOST_TEST(*me->name == "Ada Lovelace");
  BOOST_TEST(*me->given_name == "Ada");
  BOOST_TEST(*me->family_name == "Lovelace");
  BOOST_TEST(*me->picture == "https://images.analytical.example/ada.png");
  BOOST_TEST(*me->locale == "en-GB");
  BOOST_TEST(*me->hd == "analytical.example");
  BOOST_TEST(*me->link == "https://analytical.example/people/ada");
  BOOST_TEST(*me->gender == "female");
}

BOOST_AUTO_TEST_CASE(both_paths_answer_alike) {
  auto c = client(ada_token);
  auto v2 = c.oauth2_userinfo_get();
  auto me = c.oauth2_userinfo_v2_me_get();
  BOOST_REQUIRE(v2);
  BOOST_REQUIRE(me);
  BOOST_TEST((*v2 == *me));
  auto journal = fake.journal();
  BOOST_TEST(journal.count("oauth2_userinfo_get") == 1u);
  BOOST_TEST(journal.count("oauth2_userinfo_v2_me_get") == 1u);
  BOOST_TEST(journal.count(Method::get, "/userinfo/v2/me") == 1u);
}

BOOST_AUTO_TEST_CASE(the_email_scope_alone_reveals_the_email_not_the_profile) {
  for (std::string scope : {"email", "openid https://www.googleapis.com/auth/userinfo.email"}) {
    auto me = client(token_for(grace, scope)).oauth2_userinfo_v2_me_get();
    BOOST_REQUIRE(me);
    BOOST_TEST(*me->id == grace, scope);
    BOOST_TEST(*me->email == "grace@example.com", scope);
    BOOST_TEST(!*me->verified_email, scope);
    BOOST_TEST(!me->name, scope);
    BOOST_TEST(!me->given_name, scope);
    BOOST_TEST(!me->locale, scope);
  }
}

BOOST_AUTO_TEST_CASE(the_profile_scope_alone_reveals_the_profile_not_the_email) {
  for (std::string scope : {"profile", "https://www.googleapis.com/auth/userinfo.profile"}) {
    auto me = client(token_for(ada, scope)).oauth2_userinfo_get();
    BOOST_REQUIRE(me);
    BOOST_TEST(*me->id == ada, scope);
    BOOST_TEST(*me->name == "Ada Lovelace", scope);
    BOOST_TEST(*me->hd == "analytical.example", scope);
    BOOST_TEST(!me->email, scope);
    BOOST_TEST(!me->verified_email, scope);
  }
}

BOOST_AUTO_TEST_CASE(openid_alone_reveals_the_id_alone) {
  auto me = client(token_for(ada, "openid")).oauth2_userinfo_get();
  BOOST_REQUIRE(me);
  webapi::userinfo::Userinfo expected;
  expected.id = ada;
  BOOST_TEST((*me == expected));
  auto r = get("/oauth2/v2/userinfo", token_for(ada, "openid"));
  BOOST_TEST((test::member_names(r.body) == std::vector<std::string>{"id"}));
}

BOOST_AUTO_TEST_CASE(what_the_account_lacks_is_left_out) {
  auto me = client(token_for(grace, "openid email profile")).oauth2_userinfo_get();
  BOOST_REQUIRE(me);
  BOOST_TEST(*me->name == "Grace Hopper");
  BOOST_TEST(!me->picture);
  BOOST_TEST(!me->hd);
  BOOST_TEST(!me->gender);
  BOOST_TEST(!me->link);
  // An account without an email shows no verified_email either.
  std::string nobody = fake.add_user({.name = "No Mail"});
  auto bare = client(token_for(nobody, "openid email profile")).oauth2_userinfo_get();
  BOOST_REQUIRE(bare);
  BOOST_TEST(!bare->email);
  BOOST_TEST(!bare->verified_email);
  BOOST_TEST(*bare->name == "No Mail");
}

BOOST_AUTO_TEST_CASE(a_token_without_identity_scopes_is_403_insufficient_scope) {
  std::string drive = token_for(ada, "https://www.googleapis.com/auth/drive.readonly");
  auto refused = client(drive).oauth2_userinfo_get();
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().status == 403);
  auto r = get("/oauth2/v2/userinfo", drive);
  BOOST_TEST(r.status == 403);
  BOOST_TEST(r.headers.get("WWW-Authenticate").value_or("").find("error=\"insufficient_scope\"") != std::string::npos);
  BOOST_TEST(std::string(test::json_object(r.body).at("error").at("status").as_string()) == "PERMISSION_DENIED");
  // tokeninfo still describes it.
  BOOST_TEST(*anonymous.oauth2_tokeninfo({.access_token = drive})->scope ==
             "https://www.googleapis.com/auth/drive.readonly");
}

BOOST_AUTO_TEST_CASE(each_token_sees_its_own_account) {
  auto as_ada = client(ada_token).oauth2_userinfo_get();
  auto as_grace = client(token_for(grace, "openid email")).oauth2_userinfo_get();
  BOOST_TEST(*as_ada->id == ada);
  BOOST_TEST(*as_grace->id == grace);
  BOOST_TEST(ada != grace);
  // A changed account shows at once.
  auto updated = *fake.user(grace);
  updated.email = "grace@navy.example";
  fake.add_user(updated);
  BOOST_TEST(*client(token_for(grace, "email")).oauth2_userinfo_get()->email == "grace@navy.example");
}

BOOST_AUTO_TEST_SUITE_END()
