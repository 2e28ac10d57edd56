// Who may call: a user's token under Bearer or OAuth, the app's client_id alone for public reads, 401
// for everything else; tokens expire on the fake's clock; every operation of the module is routed.
#include <chrono>
#include <set>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

BOOST_FIXTURE_TEST_SUITE(audio_auth, AudioFixture)

BOOST_AUTO_TEST_CASE(every_operation_of_the_module_is_routed_and_modeled) {
  std::set<std::string> routed;
  for (const auto& r : fake.routes()) {
    BOOST_TEST(r.modeled, r.operation << " is not modeled");
    routed.insert(r.operation);
  }
  for (const auto& op : au::operations) BOOST_TEST(routed.contains(std::string(op.name)), op.name << " is not routed");
}

BOOST_AUTO_TEST_CASE(me_answers_the_token_holder_through_the_typed_client) {
  auto me = as_ada.get_me();
  BOOST_REQUIRE_MESSAGE(me.has_value(), why(me));
  BOOST_TEST(*me->id == ada);
  BOOST_TEST(*me->username == "Ada Byron");
  BOOST_TEST(*me->permalink == "ada-byron");
}

BOOST_AUTO_TEST_CASE(the_token_is_accepted_under_the_oauth_scheme_too) {
  BOOST_TEST(raw(webapi::Method::get, "/me", {}, "OAuth " + ada_token).status == 200);
  BOOST_TEST(raw(webapi::Method::get, "/me", {}, "bearer " + ada_token).status == 200);  // schemes ignore case
}

BOOST_AUTO_TEST_CASE(me_without_a_token_is_401) {
  auto a = raw(webapi::Method::get, "/me");
  BOOST_TEST(a.status == 401);
  BOOST_TEST(a.object().at("code").as_int64() == 401);
  BOOST_TEST(a.object().at("status").as_string() == "401 - Unauthorized");
}

BOOST_AUTO_TEST_CASE(an_unknown_token_or_another_scheme_is_401_and_the_message_keeps_it_secret) {
  auto a = raw(webapi::Method::get, "/me", {}, "Bearer not-a-token");
  BOOST_TEST(a.status == 401);
  BOOST_TEST(a.response.body.find("not-a-token") == std::string::npos);
  BOOST_TEST(raw(webapi::Method::get, "/me", {}, "Basic " + ada_token).status == 401);
}

BOOST_AUTO_TEST_CASE(a_token_expires_on_the_fakes_clock) {
  BOOST_TEST(as_ada.get_me().has_value());
  fake.clock().advance(std::chrono::minutes(59));
  BOOST_TEST(as_ada.get_me().has_value());
  fake.clock().advance(std::chrono::minutes(1));
  auto me = as_ada.get_me();
  BOOST_REQUIRE(!me.has_value());
  BOOST_TEST(me.error().status == 401);
  BOOST_TEST(me.error().body.find("expired") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(public_reads_accept_client_id_alone) {
  auto user = app_only.get_users_user_id(bob);
  BOOST_REQUIRE_MESSAGE(user.has_value(), why(user));
  BOOST_TEST(*user->username == "Bob Reed");
}

BOOST_AUTO_TEST_CASE(client_id_alone_does_not_act_for_a_user) {
  auto me = app_only.get_me();
  BOOST_REQUIRE(!me.has_value());
  BOOST_TEST(me.error().status == 401);
  BOOST_TEST(app_only.put_me_followings_user_id(bob).error().status == 401);
}

BOOST_AUTO_TEST_CASE(an_unregistered_client_id_is_401) {
  AudioClient stranger{fake, {.client_id = "nobody"}};
  BOOST_TEST(stranger.get_users_user_id(bob).error().status == 401);
}

BOOST_AUTO_TEST_CASE(a_path_id_that_is_not_a_number_is_400_naming_it) {
  auto a = get("/users/abc", ada_token);
  BOOST_TEST(a.status == 400);
  BOOST_TEST(std::string(a.object().at("message").as_string()).find("user_id") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_unknown_user_is_404) { BOOST_TEST(as_ada.get_users_user_id(999).error().status == 404); }

BOOST_AUTO_TEST_CASE(connections_are_the_token_holders_own) {
  const fa::Id mine = fake.add_connection(ada, {.service = "twitter", .display_name = "@ada"});
  const fa::Id theirs = fake.add_connection(bob, {.service = "facebook"});
  auto list = as_ada.get_me_connections();
  BOOST_REQUIRE_MESSAGE(list.has_value(), why(list));
  BOOST_REQUIRE_EQUAL(list->size(), 1u);
  BOOST_TEST(*list->front().display_name == "@ada");
  BOOST_TEST(*as_ada.get_me_connections_connection_id(mine)->service == "twitter");
  BOOST_TEST(as_ada.get_me_connections_connection_id(theirs).error().status == 404);
}

BOOST_AUTO_TEST_SUITE_END()
