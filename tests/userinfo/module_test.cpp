#define BOOST_TEST_MODULE webapi userinfo module
#include <boost/test/unit_test.hpp>

#include <webapi/userinfo.hpp>

#include "../support/canned_client.hpp"

using namespace webapi;
using test::contains;

namespace {

struct Fixture {
  test::CannedTransport transport{test::json(
      R"({"id": "1234", "email": "a@example.com", "verified_email": true, "name": "Ann", "new_field": {"a": 1}})")};
  userinfo::Client<test::CannedTransport> client{transport, {.access_token = "ya29.token"}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(userinfo_client, Fixture)

BOOST_AUTO_TEST_CASE(the_signed_in_user) {
  auto r = client.oauth2_userinfo_get();
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::get);
  BOOST_TEST(req.base_url == "https://www.googleapis.com");
  BOOST_TEST(req.path == "/oauth2/v2/userinfo");
  BOOST_TEST(req.query.empty());
  BOOST_TEST(req.headers.get("Authorization").value_or("") == "Bearer ya29.token");
  BOOST_TEST(r->email.value_or("") == "a@example.com");
  BOOST_TEST(r->verified_email.value_or(false));
  BOOST_TEST(!r->picture.has_value());

  WEBAPI_REQUIRE_OK(client.with({.fields = "email,name"}).oauth2_userinfo_v2_me_get());
  BOOST_TEST(test::sent(transport).path == "/userinfo/v2/me");
  BOOST_TEST(test::query(test::sent(transport)) == "fields=email%2Cname");
}

BOOST_AUTO_TEST_CASE(tokeninfo_is_a_post_with_its_token_in_the_query) {
  transport.respond(test::json(R"({"issued_to": "app", "expires_in": 3599, "scope": "openid"})"));
  userinfo::Client<test::CannedTransport> anonymous{transport};
  auto r = anonymous.oauth2_tokeninfo({.access_token = "ya29.other"});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::post);
  BOOST_TEST(req.path == "/oauth2/v2/tokeninfo");
  BOOST_TEST(test::query(req) == "access_token=ya29.other");
  BOOST_TEST(!req.headers.contains("Authorization"));
  BOOST_TEST(r->expires_in.value_or(0) == 3599);
}

BOOST_AUTO_TEST_CASE(userinfo_without_a_token_is_not_sent) {
  userinfo::Client<test::CannedTransport> anonymous{transport};
  auto r = anonymous.oauth2_userinfo_get();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::auth);
  BOOST_TEST(!transport.last().has_value());
}

BOOST_AUTO_TEST_CASE(a_wrong_type_names_the_field) {
  transport.respond(test::json(R"({"verified_email": "yes"})"));
  auto r = client.oauth2_userinfo_get();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::decode);
  BOOST_TEST(contains(r.error().message, "verified_email"));
}

BOOST_AUTO_TEST_SUITE_END()
