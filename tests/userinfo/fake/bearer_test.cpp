// The bearer credential of the userinfo endpoints: 401 with a challenge unless a working token is presented.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::UserinfoFixture;

namespace {
constexpr std::string_view plain_challenge = "Bearer realm=\"https://accounts.google.com/\"";
constexpr std::string_view invalid_token_challenge =
    "Bearer realm=\"https://accounts.google.com/\", error=\"invalid_token\"";
}  // namespace

BOOST_FIXTURE_TEST_SUITE(bearer, UserinfoFixture)

BOOST_AUTO_TEST_CASE(no_token_is_401_with_a_plain_challenge) {
  for (const char* path : {"/oauth2/v2/userinfo", "/userinfo/v2/me"}) {
    auto r = get(path, "");
    BOOST_TEST(r.status == 401, path);
    BOOST_TEST(r.headers.get("WWW-Authenticate").value_or("") == plain_challenge, path);
    BOOST_TEST(test::error_message(r.body, 401).find("Authorization: Bearer") != std::string::npos, path);
    BOOST_TEST(std::string(test::json_object(r.body).at("error").at("status").as_string()) == "UNAUTHENTICATED");
  }
  // The typed client refuses to send without one, so the fake never hears of it.
  fake.clear_journal();
  auto refused = anonymous.oauth2_userinfo_get();
  BOOST_REQUIRE(!refused);
  BOOST_TEST(int(refused.error().kind) == int(ErrorKind::auth));
  BOOST_TEST(fake.requests().empty());
}

BOOST_AUTO_TEST_CASE(an_unknown_token_is_401_invalid_token) {
  auto refused = client("ya29.never-issued").oauth2_userinfo_get();
  BOOST_REQUIRE(!refused);
  BOOST_TEST(int(refused.error().kind) == int(ErrorKind::http));
  BOOST_TEST(refused.error().status == 401);
  BOOST_TEST(refused.error().operation == "oauth2_userinfo_get");
  BOOST_TEST(test::error_message(refused.error().body, 401) == "the access token is not one this service issued");
  BOOST_TEST(refused.error().body.find("never-issued") == std::string::npos);
  auto r = get("/userinfo/v2/me", "ya29.never-issued");
  BOOST_TEST(r.headers.get("WWW-Authenticate").value_or("") == invalid_token_challenge);
}

BOOST_AUTO_TEST_CASE(a_token_works_until_the_clock_reaches_its_expiry) {
  auto c = client(ada_token);
  fake.clock().advance(3599s);
  BOOST_TEST(c.oauth2_userinfo_get().has_value());
  fake.clock().advance(1s);
  auto expired = c.oauth2_userinfo_get();
  BOOST_REQUIRE(!expired);
  BOOST_TEST(expired.error().status == 401);
  BOOST_TEST(test::error_message(expired.error().body, 401) == "the access token expired at 2024-01-01T01:00:00Z");
  auto again = get("/oauth2/v2/userinfo", ada_token);
  BOOST_TEST(again.headers.get("WWW-Authenticate").value_or("") == invalid_token_challenge);
  // A fresh token works again; one issued with no lifetime left never does.
  BOOST_TEST(client(token_for(ada, "openid")).oauth2_userinfo_get().has_value());
  std::string stillborn = fake.issue_access_token({.user_id = ada, .lifetime = 0s});
  BOOST_TEST(client(stillborn).oauth2_userinfo_get().error().status == 401);
}

BOOST_AUTO_TEST_CASE(a_revoked_token_is_401_and_stays_listed) {
  auto c = client(ada_token);
  BOOST_TEST(c.oauth2_userinfo_v2_me_get().has_value());
  BOOST_TEST(fake.revoke_token(ada_token));
  auto refused = c.oauth2_userinfo_v2_me_get();
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().status == 401);
  BOOST_TEST(test::error_message(refused.error().body, 401) == "the access token has been revoked");
  BOOST_TEST(fake.access_token(ada_token)->revoked);
  BOOST_TEST(!fake.revoke_token("ya29.never-issued"));
  // Revoking one token leaves the user's others working.
  BOOST_TEST(client(token_for(ada, "openid")).oauth2_userinfo_get().has_value());
}

BOOST_AUTO_TEST_CASE(the_oauth_token_parameter_is_a_credential_too) {
  auto r = get("/oauth2/v2/userinfo", "", {{"oauth_token", ada_token}});
  BOOST_TEST(r.status == 200);
  BOOST_TEST(std::string(test::json_object(r.body).at("id").as_string()) == ada);
  BOOST_TEST(get("/userinfo/v2/me", "", {{"oauth_token", "ya29.never-issued"}}).status == 401);
  // Through the client, alongside its configured bearer: the header wins.
  auto me = client(ada_token).with({.oauth_token = "ya29.never-issued"}).oauth2_userinfo_get();
  BOOST_REQUIRE(me);
  BOOST_TEST(*me->id == ada);
}

BOOST_AUTO_TEST_CASE(another_authorization_scheme_is_401) {
  auto r = raw(Method::get, "/oauth2/v2/userinfo", {}, {{"Authorization", "Basic YWRhOnNlY3JldA=="}});
  BOOST_TEST(r.status == 401);
  BOOST_TEST(test::error_message(r.body, 401).find("not a Bearer credential") != std::string::npos);
  // The scheme is case-insensitive (RFC 7235).
  auto lower = raw(Method::get, "/oauth2/v2/userinfo", {}, {{"Authorization", "bearer " + ada_token}});
  BOOST_TEST(lower.status == 200);
}

BOOST_AUTO_TEST_CASE(an_id_token_is_no_bearer_credential) {
  std::string id = fake.issue_id_token({.user_id = ada});
  BOOST_TEST(client(id).oauth2_userinfo_get().error().status == 401);
}

BOOST_AUTO_TEST_SUITE_END()
