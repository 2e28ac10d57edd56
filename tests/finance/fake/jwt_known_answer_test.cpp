// The fake takes a JWT made by OpenSSL's command line (tests/extras/jwt_rs512/, see regenerate.sh there),
// not only tokens the library signed itself: the fake checks signatures with the library's verify_jwt,
// so a fault shared by both sides would pass every round-trip test.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"
#include "../../extras/jwt_rs512/read.hpp"

using namespace webapi;
using test::FinanceFixture;
namespace kat = jwt_fixtures;

namespace {
// The token with the last character of its signature changed (still base64url, another signature).
std::string forged(std::string token) {
  token.back() = token.back() == 'A' ? 'B' : 'A';
  return token;
}
}  // namespace

BOOST_FIXTURE_TEST_SUITE(openssl_made_jwt, FinanceFixture)

BOOST_AUTO_TEST_CASE(the_fake_takes_an_openssl_signed_user_jwt_as_its_subject) {
  fake.clock().set(kat::issued_at + std::chrono::minutes(1));
  BOOST_TEST(fake.add_api_key(kat::issuer, kat::read("public_key.pem")) == kat::issuer);
  const std::string token = kat::read("user.jwt");
  BOOST_TEST(add_manual("Savings", "SAVINGS", 100.0) > 0);  // ada's, through her client-credential token

  auto as_ada = client_with(token).get_all_accounts();
  BOOST_REQUIRE_MESSAGE(as_ada.has_value(), (as_ada ? "" : as_ada.error().what()));
  BOOST_REQUIRE(as_ada->account.has_value());
  BOOST_TEST(as_ada->account->size() == 1u);
  BOOST_TEST(*as_ada->account->front().account_name == "Savings");

  auto refused = raw(Method::get, "/accounts", "Bearer " + forged(token));
  BOOST_TEST(refused.status == 401);
  BOOST_TEST(test::yodlee_error(refused.body).code == "Y020");
}

BOOST_AUTO_TEST_CASE(the_fake_takes_an_openssl_signed_jwt_without_subject_as_the_admin) {
  fake.clock().set(kat::issued_at + std::chrono::minutes(1));
  fake.add_api_key(kat::issuer, kat::read("public_key.pem"));
  auto admin_jwt = client_with(kat::read("admin.jwt"));
  BOOST_TEST(admin_jwt.register_user({.body = {.user = {.login_name = "grace"}}}).has_value());
  BOOST_TEST(fake.user("grace").has_value());
  BOOST_TEST(test::refusal(admin_jwt.get_all_accounts().error(), 403).code == "Y015");
}

BOOST_AUTO_TEST_CASE(the_openssl_jwt_is_refused_under_another_key_and_after_it_expires) {
  fake.clock().set(kat::issued_at + std::chrono::minutes(1));
  fake.add_api_key(kat::issuer, kat::read("other_public_key.pem"));
  auto wrong_key = raw(Method::get, "/accounts", "Bearer " + kat::read("user.jwt"));
  BOOST_TEST(wrong_key.status == 401);
  BOOST_TEST(test::yodlee_error(wrong_key.body).message.find("signature") != std::string::npos);

  fake.add_api_key(kat::issuer, kat::read("public_key.pem"));  // the right key, under the same name
  BOOST_TEST(raw(Method::get, "/accounts", "Bearer " + kat::read("user.jwt")).status == 200);
  fake.clock().set(kat::expires_at);
  auto expired = raw(Method::get, "/accounts", "Bearer " + kat::read("user.jwt"));
  BOOST_TEST(expired.status == 401);
  BOOST_TEST(test::yodlee_error(expired.body).code == "Y023");
}

BOOST_AUTO_TEST_SUITE_END()
