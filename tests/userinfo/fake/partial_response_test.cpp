// Google's standard parameters: fields (partial responses), alt and prettyPrint, and those merely accepted.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::UserinfoFixture;
using Names = std::vector<std::string>;

BOOST_FIXTURE_TEST_SUITE(partial_response, UserinfoFixture)

BOOST_AUTO_TEST_CASE(fields_selects_top_level_members) {
  auto me = client(ada_token).with({.fields = "email,name"}).oauth2_userinfo_get();
  BOOST_REQUIRE_MESSAGE(me, (me ? "" : me.error().what()));
  BOOST_TEST(*me->email == "ada@analytical.example");
  BOOST_TEST(*me->name == "Ada Lovelace");
  BOOST_TEST(!me->id);
  BOOST_TEST(!me->verified_email);
  BOOST_TEST(!me->locale);
  // In the order asked for, spaces around the commas allowed.
  auto r = get("/userinfo/v2/me", ada_token, {{"fields", "name, id"}});
  BOOST_TEST((test::member_names(r.body) == Names{"name", "id"}));
}

BOOST_AUTO_TEST_CASE(a_member_the_scope_hides_stays_hidden_when_selected) {
  auto r = get("/oauth2/v2/userinfo", token_for(ada, "openid"), {{"fields", "email,id"}});
  BOOST_TEST(r.status == 200);
  BOOST_TEST((test::member_names(r.body) == Names{"id"}));
}

BOOST_AUTO_TEST_CASE(an_unknown_or_nested_field_is_400_naming_it) {
  auto refused = client(ada_token).with({.fields = "email,birthday"}).oauth2_userinfo_get();
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().status == 400);
  BOOST_TEST(test::error_message(refused.error().body, 400).find("'birthday'") != std::string::npos);
  BOOST_TEST(get("/oauth2/v2/userinfo", ada_token, {{"fields", "name/first"}}).status == 400);
  BOOST_TEST(get("/oauth2/v2/userinfo", ada_token, {{"fields", "Email"}}).status == 400);  // names are exact
  // A Tokeninfo member is no Userinfo member, and the other way round.
  BOOST_TEST(get("/oauth2/v2/userinfo", ada_token, {{"fields", "expires_in"}}).status == 400);
  BOOST_TEST(anonymous.with({.fields = "id"}).oauth2_tokeninfo({.access_token = ada_token}).error().status == 400);
}

BOOST_AUTO_TEST_CASE(star_or_a_blank_selection_is_the_whole_answer) {
  auto all = client(ada_token).oauth2_userinfo_get();
  BOOST_TEST((*client(ada_token).with({.fields = "*"}).oauth2_userinfo_get() == *all));
  BOOST_TEST((*client(ada_token).with({.fields = " "}).oauth2_userinfo_get() == *all));
}

BOOST_AUTO_TEST_CASE(fields_shapes_tokeninfo_too) {
  auto info = anonymous.with({.fields = "expires_in,user_id"}).oauth2_tokeninfo({.access_token = ada_token});
  BOOST_REQUIRE(info);
  webapi::userinfo::Tokeninfo expected;
  expected.expires_in = 3600;
  expected.user_id = ada;
  BOOST_TEST((*info == expected));
}

BOOST_AUTO_TEST_CASE(alt_other_than_json_is_400) {
  BOOST_TEST(client(ada_token).with({.alt = webapi::userinfo::Alt::json}).oauth2_userinfo_get().has_value());
  BOOST_TEST(*fake.journal().last()->request.query_value("alt") == "json");
  auto proto = get("/oauth2/v2/userinfo", ada_token, {{"alt", "proto"}});
  BOOST_TEST(proto.status == 400);
  BOOST_TEST(test::error_message(proto.body, 400).find("alt=proto") != std::string::npos);
  BOOST_TEST(raw(Method::post, "/oauth2/v2/tokeninfo", {{"alt", "media"}, {"access_token", ada_token}}).status ==
             400);
}

BOOST_AUTO_TEST_CASE(prettyPrint_must_be_a_boolean) {
  BOOST_TEST(client(ada_token).with({.pretty_print = false}).oauth2_userinfo_get().has_value());
  BOOST_TEST(*fake.journal().last()->request.query_value("prettyPrint") == "false");
  auto r = get("/oauth2/v2/userinfo", ada_token, {{"prettyPrint", "maybe"}});
  BOOST_TEST(r.status == 400);
  BOOST_TEST(test::error_message(r.body, 400).find("prettyPrint") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(key_quotaUser_and_userIp_are_accepted_and_journaled) {
  auto me = client(ada_token)
                .with({.key = "AIza-demo", .quota_user = "tenant-7"})
                .oauth2_userinfo_v2_me_get({.user_ip = "203.0.113.9"});
  BOOST_REQUIRE(me);
  auto last = *fake.journal().last();
  BOOST_TEST(*last.request.query_value("quotaUser") == "tenant-7");
  BOOST_TEST(*last.request.query_value("userIp") == "203.0.113.9");
  BOOST_TEST(*last.request.query_value("key") == "AIza-demo");
  BOOST_TEST(last.status == 200);
}

BOOST_AUTO_TEST_CASE(the_bearer_check_comes_before_the_parameters) {
  BOOST_TEST(get("/oauth2/v2/userinfo", "", {{"alt", "proto"}, {"fields", "nope"}}).status == 401);
}

BOOST_AUTO_TEST_SUITE_END()
