// tokeninfo through the typed client: what a backend checking a token it was handed sees.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::UserinfoFixture;

BOOST_FIXTURE_TEST_SUITE(tokeninfo, UserinfoFixture)

BOOST_AUTO_TEST_CASE(describes_an_access_token) {
  auto info = anonymous.oauth2_tokeninfo({.access_token = ada_token});
  BOOST_REQUIRE_MESSAGE(info, (info ? "" : info.error().what()));
  BOOST_TEST(*info->issued_to == "fake-client.apps.googleusercontent.com");
  BOOST_TEST(*info->audience == "fake-client.apps.googleusercontent.com");
  BOOST_TEST(*info->user_id == ada);
  BOOST_TEST(*info->scope == "openid email profile");
  BOOST_TEST(*info->expires_in == 3600);
  BOOST_TEST(*info->email == "ada@analytical.example");
  BOOST_TEST(*info->verified_email);
  BOOST_TEST(fake.journal().last()->operation == "oauth2_tokeninfo");
}

BOOST_AUTO_TEST_CASE(the_client_and_scope_are_those_issued) {
  std::string t = fake.issue_access_token(
      {.user_id = grace, .scope = "openid https://www.googleapis.com/auth/userinfo.email", .client_id = "app-7"});
  auto info = anonymous.oauth2_tokeninfo({.access_token = t});
  BOOST_REQUIRE(info);
  BOOST_TEST(*info->issued_to == "app-7");
  BOOST_TEST(*info->audience == "app-7");
  BOOST_TEST(*info->scope == "openid https://www.googleapis.com/auth/userinfo.email");
  BOOST_TEST(*info->email == "grace@example.com");  // the URL form grants the email like "email" does
  BOOST_TEST(!*info->verified_email);
}

BOOST_AUTO_TEST_CASE(email_is_shown_only_with_the_email_scope) {
  auto info = anonymous.oauth2_tokeninfo({.access_token = token_for(ada, "openid profile")});
  BOOST_REQUIRE(info);
  BOOST_TEST(*info->user_id == ada);
  BOOST_TEST(!info->email);
  BOOST_TEST(!info->verified_email);
}

BOOST_AUTO_TEST_CASE(expires_in_counts_down_with_the_clock_until_the_token_expires) {
  fake.clock().advance(1000s);
  BOOST_TEST(*anonymous.oauth2_tokeninfo({.access_token = ada_token})->expires_in == 2600);
  fake.clock().advance(2599s + 500ms);
  BOOST_TEST(*anonymous.oauth2_tokeninfo({.access_token = ada_token})->expires_in == 0);  // whole seconds left
  fake.clock().advance(500ms);
  auto expired = anonymous.oauth2_tokeninfo({.access_token = ada_token});
  BOOST_REQUIRE(!expired);
  BOOST_TEST(expired.error().status == 400);
  auto [code, description] = test::oauth_error(expired.error().body);
  BOOST_TEST(code == "invalid_token");
  BOOST_TEST(description == "the access token expired at 2024-01-01T01:00:00Z");
  // A lifetime is counted from the clock's now when the token is issued.
  std::string later = fake.issue_access_token({.user_id = ada, .lifetime = 60s});
  BOOST_TEST(*anonymous.oauth2_tokeninfo({.access_token = later})->expires_in == 60);
}

BOOST_AUTO_TEST_CASE(describes_an_id_token) {
  std::string id = fake.issue_id_token({.user_id = grace, .audience = "web-client", .lifetime = 300s});
  auto info = anonymous.oauth2_tokeninfo({.id_token = id});
  BOOST_REQUIRE_MESSAGE(info, (info ? "" : info.error().what()));
  BOOST_TEST(*info->audience == "web-client");
  BOOST_TEST(*info->issued_to == "web-client");
  BOOST_TEST(*info->user_id == grace);
  BOOST_TEST(*info->expires_in == 300);
  BOOST_TEST(!info->scope);
  BOOST_TEST(*info->email == "grace@example.com");

  std::string without_email = fake.issue_id_token({.user_id = grace, .email = false});
  auto bare = anonymous.oauth2_tokeninfo({.id_token = without_email});
  BOOST_REQUIRE(bare);
  BOOST_TEST(!bare->email);
  BOOST_TEST(*bare->audience == "fake-client.apps.googleusercontent.com");

  fake.clock().advance(300s);
  auto expired = anonymous.oauth2_tokeninfo({.id_token = id});
  BOOST_REQUIRE(!expired);
  BOOST_TEST(test::oauth_error(expired.error().body).second.find("ID token expired") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(neither_or_both_tokens_is_400_invalid_request) {
  auto neither = anonymous.oauth2_tokeninfo();
  BOOST_REQUIRE(!neither);
  BOOST_TEST(int(neither.error().kind) == int(ErrorKind::http));
  BOOST_TEST(neither.error().status == 400);
  BOOST_TEST(test::oauth_error(neither.error().body).first == "invalid_request");

  std::string id = fake.issue_id_token({.user_id = ada});
  auto both = anonymous.oauth2_tokeninfo({.access_token = ada_token, .id_token = id});
  BOOST_REQUIRE(!both);
  BOOST_TEST(both.error().status == 400);
  auto [code, description] = test::oauth_error(both.error().body);
  BOOST_TEST(code == "invalid_request");
  BOOST_TEST(description.find("not both") != std::string::npos);
  // An empty value counts as absent.
  BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = ""}).error().status == 400);
}

BOOST_AUTO_TEST_CASE(unknown_revoked_or_mistyped_tokens_are_400_invalid_token) {
  auto unknown = anonymous.oauth2_tokeninfo({.access_token = "ya29.made-up"});
  BOOST_REQUIRE(!unknown);
  BOOST_TEST(unknown.error().status == 400);
  BOOST_TEST(unknown.error().body.find("ya29.made-up") == std::string::npos);  // never echoes a credential
  BOOST_TEST(test::oauth_error(unknown.error().body).first == "invalid_token");

  BOOST_TEST(fake.revoke_token(ada_token));
  auto revoked = anonymous.oauth2_tokeninfo({.access_token = ada_token});
  BOOST_REQUIRE(!revoked);
  BOOST_TEST(test::oauth_error(revoked.error().body).second == "the access token has been revoked");

  // An access token is no ID token, and the other way round.
  std::string fresh = token_for(ada, "openid");
  std::string id = fake.issue_id_token({.user_id = ada});
  BOOST_TEST(anonymous.oauth2_tokeninfo({.id_token = fresh}).error().status == 400);
  BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = id}).error().status == 400);
  BOOST_TEST(fake.revoke_token(id));
  BOOST_TEST(test::oauth_error(anonymous.oauth2_tokeninfo({.id_token = id}).error().body).second ==
             "the ID token has been revoked");
}

BOOST_AUTO_TEST_CASE(a_bearer_credential_is_neither_needed_nor_taken_for_the_token_asked_about) {
  // The client sends its own credential along; the token inspected is the parameter.
  auto grace_client = client(token_for(grace, "openid"));
  auto info = grace_client.oauth2_tokeninfo({.access_token = ada_token});
  BOOST_REQUIRE(info);
  BOOST_TEST(*info->user_id == ada);
  BOOST_TEST(fake.journal().last()->request.headers.contains("Authorization"));
  // Even a revoked bearer does not stand in the way, nor stand in for the parameter.
  std::string revoked = token_for(grace, "openid");
  fake.revoke_token(revoked);
  BOOST_TEST(client(revoked).oauth2_tokeninfo({.access_token = ada_token}).has_value());
  BOOST_TEST(client(ada_token).oauth2_tokeninfo().error().status == 400);
}

BOOST_AUTO_TEST_CASE(the_token_may_come_in_a_form_body) {
  Request form;
  form.method = Method::post;
  form.path = "/oauth2/v2/tokeninfo";
  form.content_type = "application/x-www-form-urlencoded";
  form.body = "access_token=" + ada_token;
  auto posted = fake.send(form);
  BOOST_REQUIRE(posted);
  BOOST_TEST(posted->status == 200);
  BOOST_TEST(std::string(test::json_object(posted->body).at("user_id").as_string()) == ada);
}

// The service answers GET on the token-info path as it answers POST.
BOOST_AUTO_TEST_CASE(get_is_answered_as_post_is) {
  Request get;
  get.method = Method::get;
  get.path = "/oauth2/v2/tokeninfo";
  get.query.push_back({"access_token", ada_token});
  auto answered = fake.send(get);
  BOOST_REQUIRE(answered);
  BOOST_TEST(answered->status == 200);
  BOOST_TEST(std::string(test::json_object(answered->body).at("user_id").as_string()) == ada);
  BOOST_TEST(fake.journal().last()->operation == "oauth2_tokeninfo");
  Request none = get;
  none.query.clear();
  BOOST_TEST(fake.send(none)->status == 400);
}

BOOST_AUTO_TEST_SUITE_END()
