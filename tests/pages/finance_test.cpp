// Testing against the finance fake (docs/finance.md): the demo's credentials, the service's three ways to
// authenticate, and the fake's clock expiring tokens and sessions. The fake is the compiled one: this file
// links webapi::fakes_finance_compiled and compiles in seconds.
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/core/base64.hpp>
#include <webapi/fakes/finance/compiled.hpp>
#include <webapi/finance.hpp>
#include <webapi/finance/auth.hpp>  // link OpenSSL::Crypto

namespace ff = webapi::fakes::finance;
namespace fin = webapi::finance;
using namespace std::chrono_literals;

namespace {

struct DemoFixture {
  ff::CompiledFake fake;  // its clock stands at 2024-01-01T00:00:00Z until the test moves it
  // COBRAND_LOGIN, COBRAND_PASSWORD, CLIENT_ID, CLIENT_SECRET, ADMIN_LOGIN_NAME, LOGIN_NAME, SAML_ISSUER
  std::vector<std::pair<std::string, std::string>> demo = fake.seed_demo();
  std::string value(int i) const { return demo.at(i).second; }
  const std::string url = "https://finance.example";  // the service publishes none: any will do in process
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(finance_page, DemoFixture)

BOOST_AUTO_TEST_CASE(client_credentials_renew_after_the_fake_clock_passes_30_minutes) {
  fin::ClientCredentialTokens tokens{fake, url, {.client_id = value(2), .secret = value(3)}};
  fin::AnyClient demo_user{fake, {.base_url = url, .access_token = tokens.for_login(value(5))}};
  auto accounts = demo_user.get_all_accounts();
  BOOST_TEST_REQUIRE((accounts && accounts->account));
  BOOST_TEST(accounts->account->size() == 2u);  // Everyday Checking, Rewards Card

  fake.clock().advance(31min);  // the token expired at the fake; the credential asks for a new one
  auto coffee = demo_user.get_transactions({.keyword = "coffee"});
  BOOST_TEST_REQUIRE((coffee && coffee->transaction));
  BOOST_TEST(coffee->transaction->size() == 2u);
  BOOST_TEST(fake.journal().count("generate_access_token") == 2u);
}

BOOST_AUTO_TEST_CASE(a_cobrand_session_then_a_user_session_from_a_saml_response) {
  fin::SessionLogin sessions{fake, url, {.login = value(0), .password = value(1)}};
  // The fake reads the login name from <NameID> and checks the issuer; it verifies no XML signature.
  const std::string saml = webapi::base64::encode("<Response><NameID>" + value(5) + "</NameID></Response>");
  fin::AnyClient demo_user{fake, {.base_url = url, .session = sessions.user(value(6), saml)}};
  auto me = demo_user.get_user();
  BOOST_TEST_REQUIRE((me && me->user));
  BOOST_TEST(me->user->login_name.value_or("") == "demo-user");

  fake.clock().advance(3h);  // past the 2 hours a session may stay idle: the login starts again
  BOOST_TEST(demo_user.get_user().has_value());
  BOOST_TEST(fake.journal().count("cobrand_login") == 2u);
}

BOOST_AUTO_TEST_CASE(a_jwt_signed_with_a_registered_key) {
  fin::ClientCredentialTokens tokens{fake, url, {.client_id = value(2), .secret = value(3)}};
  fin::AnyClient admin{fake, {.base_url = url, .access_token = tokens.for_login(value(4))}};
  auto key = fin::RsaPrivateKey::generate();
  BOOST_TEST_REQUIRE(key.has_value());
  auto api_key = fin::register_public_key(admin, *key);
  BOOST_TEST_REQUIRE(api_key.has_value());

  // Stamped with the system clock, the default, a JWT expires long after the fake's frozen 2024 now, so the
  // fake takes it; JwtOptions::now stamps it with the fake's clock where a test moves that clock past expiry.
  fin::AnyClient demo_user{
      fake, {.base_url = url, .access_token = fin::signed_jwt(std::move(*key), *api_key, value(5))}};
  auto card = demo_user.get_transactions({.keyword = "whole foods"});
  BOOST_TEST_REQUIRE((card && card->transaction && card->transaction->size() == 1u));
  BOOST_TEST(card->transaction->front().amount.value_or(fin::Money{}).amount == 82.10);
}

BOOST_AUTO_TEST_SUITE_END()
