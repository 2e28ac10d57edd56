// The three ways to authenticate, on both sides: the fake's rules (token lifetime and revocation, JWT
// checks, session timeouts, admin and user calls) and the client's credential providers against it.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/base64.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::FinanceFixture;
namespace fin = webapi::finance;

namespace {
std::string saml_for(const std::string& login) {
  return base64::encode("<samlp:Response><saml:Assertion><saml:Subject><saml:NameID>" + login +
                        "</saml:NameID></saml:Subject></saml:Assertion></samlp:Response>");
}
fin::RsaPrivateKey fresh_key() {
  auto key = fin::RsaPrivateKey::generate();
  BOOST_REQUIRE(key.has_value());
  return std::move(*key);
}
}  // namespace

BOOST_FIXTURE_TEST_SUITE(client_credentials, FinanceFixture)

BOOST_AUTO_TEST_CASE(a_form_request_with_client_id_and_secret_gets_a_30_minute_token) {
  const auto cob = fake.cobrand();
  test::FinanceClient anonymous{fake, {.base_url = test::base_url}};
  auto r = anonymous.generate_access_token(
      {.body = {{"clientId", cob.client_id}, {"secret", cob.secret}, {"loginName", "ada"}}});
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST(*r->token->expires_in == 1800);
  BOOST_TEST(fake.journal().last()->status == 201);
  BOOST_TEST(client_with(*r->token->access_token).get_all_accounts().has_value());
}

BOOST_AUTO_TEST_CASE(an_unknown_login_name_creates_the_user) {
  BOOST_TEST(!fake.user("newcomer"));
  fin::ClientCredentialTokens tokens{fake, test::base_url, {fake.cobrand().client_id, fake.cobrand().secret}};
  BOOST_TEST(client_with(tokens.for_login("newcomer")).get_user().has_value());
  BOOST_REQUIRE(fake.user("newcomer"));
  BOOST_TEST(fake.user("newcomer")->implicit);
}

BOOST_AUTO_TEST_CASE(a_wrong_or_missing_client_secret_is_refused_without_repeating_it) {
  test::FinanceClient anonymous{fake, {.base_url = test::base_url}};
  auto wrong = anonymous.generate_access_token(
      {.body = {{"clientId", fake.cobrand().client_id}, {"secret", "not-the-secret-xyz"}, {"loginName", "ada"}}});
  BOOST_REQUIRE(!wrong);
  BOOST_TEST(test::refusal(wrong.error(), 400).code == "Y301");
  BOOST_TEST(wrong.error().body.find("not-the-secret-xyz") == std::string::npos);
  auto missing = anonymous.generate_access_token({.body = {{"loginName", "ada"}}});
  BOOST_TEST(test::refusal(missing.error(), 400).code == "Y303");
}

BOOST_AUTO_TEST_CASE(a_form_of_more_fields_than_the_limit_is_refused_413_before_it_is_split) {
  BOOST_TEST(fake.body_limits().max_form_fields == 1000u);
  fake.set_body_limits({.max_form_fields = 3});
  const auto cob = fake.cobrand();
  test::FinanceClient anonymous{fake, {.base_url = test::base_url}};
  auto over = anonymous.generate_access_token(
      {.body = {{"clientId", cob.client_id}, {"secret", cob.secret}, {"loginName", "newcomer"}, {"extra", "x"}}});
  BOOST_REQUIRE(!over);
  const auto why = test::refusal(over.error(), 413);
  BOOST_TEST(why.message.find("more than 3 fields") != std::string::npos, why.message);
  BOOST_TEST(why.message.find("max_form_fields") != std::string::npos);
  BOOST_TEST(!fake.user("newcomer"));  // nothing was read from it: an unknown login name would make its user
  auto at = anonymous.generate_access_token(
      {.body = {{"clientId", cob.client_id}, {"secret", cob.secret}, {"loginName", "newcomer"}}});
  BOOST_TEST(at.has_value());
  BOOST_TEST(fake.user("newcomer").has_value());
}

BOOST_AUTO_TEST_CASE(a_token_expires_after_30_minutes_on_the_fakes_clock) {
  fake.clock().advance(29min);
  BOOST_TEST(client.get_all_accounts().has_value());
  fake.clock().advance(1min);
  auto r = client.get_all_accounts();
  BOOST_REQUIRE(!r);
  BOOST_TEST(test::refusal(r.error(), 401).code == "Y023");
}

BOOST_AUTO_TEST_CASE(delete_token_revokes_at_once) {
  BOOST_TEST(client.delete_token().has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  auto r = client.get_all_accounts();
  BOOST_REQUIRE(!r);
  BOOST_TEST(test::refusal(r.error(), 401).code == "Y020");
  BOOST_TEST(admin.get_subscribed_events().has_value());  // other tokens stand
}

BOOST_AUTO_TEST_CASE(admin_calls_refuse_a_user_token_and_user_calls_an_admin_token) {
  auto as_user = client.register_user({.body = {.user = {.login_name = "grace"}}});
  BOOST_REQUIRE(!as_user);
  BOOST_TEST(test::refusal(as_user.error(), 403).code == "Y015");
  BOOST_TEST(!fake.user("grace"));
  auto subscribe = client.create_subscription_event(
      fin::CobrandNotificationEventName::REFRESH, {.body = {.event = {.callback_url = "https://hooks.example.com/r"}}});
  BOOST_TEST(test::refusal(subscribe.error(), 403).code == "Y015");

  BOOST_TEST(admin.register_user({.body = {.user = {.login_name = "grace"}}}).has_value());
  BOOST_TEST(fake.user("grace").has_value());
  auto accounts = admin.get_all_accounts();
  BOOST_TEST(test::refusal(accounts.error(), 403).code == "Y015");
}

BOOST_AUTO_TEST_CASE(no_authorization_header_is_401_y007) {
  auto r = raw(Method::get, "/accounts", "");
  BOOST_TEST(r.status == 401);
  BOOST_TEST(test::yodlee_error(r.body).code == "Y007");
}

BOOST_AUTO_TEST_CASE(the_provider_renews_before_30_minutes_and_revoke_deletes_the_token) {
  const auto cob = fake.cobrand();
  fin::ClientCredentialTokens tokens{fake, test::base_url, {cob.client_id, cob.secret}, {.now = fake_now()}};
  auto ada = client_with(tokens.for_login("ada"));
  BOOST_TEST(ada.get_all_accounts().has_value());
  BOOST_TEST(ada.get_all_accounts().has_value());
  BOOST_TEST(fake.journal().count("generate_access_token") == 1u);  // cached
  fake.clock().advance(29min + 30s);  // within the minute before expiry
  BOOST_TEST(ada.get_all_accounts().has_value());
  BOOST_TEST(fake.journal().count("generate_access_token") == 2u);  // renewed before it ran out

  BOOST_TEST(tokens.revoke("ada").has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(client_with(tokens.for_login("ada")).get_all_accounts().has_value());
  BOOST_TEST(fake.journal().count("generate_access_token") == 3u);
}

BOOST_AUTO_TEST_CASE(provider_errors_carry_no_secret) {
  fin::ClientCredentialTokens tokens{fake, test::base_url, {fake.cobrand().client_id, "wrong-secret-123456"}};
  auto r = client_with(tokens.for_login("ada")).get_all_accounts();
  BOOST_REQUIRE(!r);
  BOOST_TEST(int(r.error().kind) == int(ErrorKind::auth));
  BOOST_TEST(r.error().message.find("generateAccessToken") != std::string::npos);
  std::ostringstream text;
  text << r.error();
  BOOST_TEST(text.str().find("wrong-secret-123456") == std::string::npos);
  BOOST_TEST(text.str().find(fake.cobrand().client_id) == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(signed_jwt, FinanceFixture)

BOOST_AUTO_TEST_CASE(a_jwt_verifies_against_the_registered_key_and_names_its_user) {
  auto key = fresh_key();
  auto api_key = fin::register_public_key(admin, key);
  BOOST_REQUIRE(api_key.has_value());
  BOOST_TEST(fake.journal().last()->status == 201);
  auto pem = key.private_key_pem().value();
  auto ada = client_with(fin::signed_jwt(std::move(key), *api_key, "ada", {.now = fake_now()}));
  BOOST_TEST(ada.get_all_accounts().has_value());
  BOOST_TEST(fake.journal().last()->request.headers.get("Authorization")->starts_with("Bearer ey"));

  // The same key without a subject acts as the admin.
  auto admin_jwt = client_with(fin::signed_jwt(fin::RsaPrivateKey::from_pem(pem).value(), *api_key, std::nullopt,
                                               {.now = fake_now()}));
  BOOST_TEST(admin_jwt.register_user({.body = {.user = {.login_name = "grace"}}}).has_value());
  BOOST_TEST(test::refusal(admin_jwt.get_all_accounts().error(), 403).code == "Y015");
}

BOOST_AUTO_TEST_CASE(an_unregistered_key_an_expired_token_or_an_unknown_subject_is_401) {
  auto key = fresh_key();
  const std::string api_key = fake.add_api_key(key.public_key_pem().value());
  auto other = fresh_key();
  auto forged = fin::sign_jwt(other, {.issuer = api_key, .subject = "ada"}, fake.clock().now()).value();
  auto r = raw(Method::get, "/accounts", "Bearer " + forged);
  BOOST_TEST(r.status == 401);
  BOOST_TEST(test::yodlee_error(r.body).message.find("signature") != std::string::npos);

  auto stale = fin::sign_jwt(key, {.issuer = api_key, .subject = "ada", .lifetime = 5min}, fake.clock().now()).value();
  BOOST_TEST(raw(Method::get, "/accounts", "Bearer " + stale).status == 200);
  fake.clock().advance(5min);
  auto expired = raw(Method::get, "/accounts", "Bearer " + stale);
  BOOST_TEST(expired.status == 401);
  BOOST_TEST(test::yodlee_error(expired.body).code == "Y023");

  auto stranger = fin::sign_jwt(key, {.issuer = api_key, .subject = "nobody-here"}, fake.clock().now()).value();
  auto unknown = raw(Method::get, "/accounts", "Bearer " + stranger);
  BOOST_TEST(unknown.status == 401);
  BOOST_TEST(test::yodlee_error(unknown.body).message.find("subject") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(api_keys_take_http_basic_with_the_cobrand_login_only_there) {
  const auto cob = fake.cobrand();
  const std::string basic = "Basic " + base64::encode(cob.login + ":" + cob.password);
  auto key = fresh_key();
  auto ok = raw(Method::post, "/auth/apiKey", basic,
                boost::json::serialize(boost::json::object{{"publicKey", key.public_key_pem().value()}}));
  BOOST_TEST(ok.status == 201);
  BOOST_TEST(raw(Method::get, "/auth/apiKey", "Basic " + base64::encode(cob.login + ":wrong")).status == 401);
  auto elsewhere = raw(Method::get, "/accounts", basic);
  BOOST_TEST(elsewhere.status == 401);
  BOOST_TEST(test::yodlee_error(elsewhere.body).code == "Y027");
}

BOOST_AUTO_TEST_CASE(refusals_never_quote_the_jwt_or_the_key) {
  auto key = fresh_key();
  const std::string api_key = fake.add_api_key(key.public_key_pem().value());
  const std::string private_pem = key.private_key_pem().value();
  auto stranger = client_with(fin::signed_jwt(std::move(key), api_key, "nobody-here", {.now = fake_now()}));
  auto r = stranger.get_all_accounts();
  BOOST_REQUIRE(!r);
  std::ostringstream text;
  text << r.error();
  const std::string sent{*fake.journal().last()->request.headers.get("Authorization")};
  BOOST_TEST(text.str().find(sent.substr(7)) == std::string::npos);
  BOOST_TEST(text.str().find("PRIVATE KEY") == std::string::npos);
  BOOST_TEST(r.error().body.find(sent.substr(7, 40)) == std::string::npos);
  BOOST_TEST(private_pem.find("PRIVATE KEY") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(delete_token_revokes_a_jwt) {
  auto key = fresh_key();
  const std::string api_key = fake.add_api_key(key.public_key_pem().value());
  auto token = fin::sign_jwt(key, {.issuer = api_key, .subject = "ada"}, fake.clock().now()).value();
  auto as_ada = client_with(token);
  BOOST_TEST(as_ada.delete_token().has_value());
  BOOST_TEST(test::refusal(as_ada.get_all_accounts().error(), 401).code == "Y020");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(sessions, FinanceFixture)

BOOST_AUTO_TEST_CASE(cobrand_login_then_saml_login_gives_a_user_session) {
  const auto cob = fake.cobrand();
  fin::SessionLogin sessions{fake, test::base_url, {.login = cob.login, .password = cob.password}};
  auto ada = session_with(sessions.user(cob.saml_issuer, saml_for("ada")));
  BOOST_TEST(ada.get_all_accounts().has_value());
  BOOST_TEST(fake.journal().count("cobrand_login") == 1u);
  BOOST_TEST(fake.journal().count("saml_login") == 1u);
  BOOST_TEST(session_with(sessions.cobrand()).get_subscribed_events().has_value());
  BOOST_TEST(fake.journal().count("cobrand_login") == 1u);  // one cobrand session serves both
}

BOOST_AUTO_TEST_CASE(the_bare_session_header_the_sdks_send_is_accepted) {
  const auto cob = fake.cobrand();
  auto login = raw(Method::post, "/cobrand/login", "",
                   R"({"cobrand":{"cobrandLogin":")" + cob.login + R"(","cobrandPassword":")" + cob.password + R"("}})");
  BOOST_REQUIRE(login.status == 200);
  auto cob_session = std::string(boost::json::parse(login.body).at("session").at("cobSession").as_string());
  BOOST_TEST(raw(Method::get, "/cobrand/config/notifications/events", "{cobSession=" + cob_session + "}").status == 200);
  BOOST_TEST(raw(Method::get, "/cobrand/config/notifications/events", "cobSession=" + cob_session).status == 200);
  // A session is not a bearer token: sent as one, it is refused, as the service answers a malformed header.
  BOOST_TEST(raw(Method::get, "/cobrand/config/notifications/events", "Bearer cobSession=" + cob_session).status == 401);
}

BOOST_AUTO_TEST_CASE(sessions_end_after_2_hours_idle) {
  const auto cob = fake.cobrand();
  test::FinanceClient anonymous{fake, {.base_url = test::base_url}};
  auto s = anonymous.cobrand_login({.body = {.cobrand = {.cobrand_login = cob.login, .cobrand_password = cob.password}}});
  BOOST_REQUIRE(s.has_value());
  auto as_cobrand = session_with("cobSession=" + *s->session->cob_session);
  fake.clock().advance(1h + 59min);
  BOOST_TEST(as_cobrand.get_subscribed_events().has_value());  // used: the idle time starts over
  fake.clock().advance(1h + 59min);
  BOOST_TEST(as_cobrand.get_subscribed_events().has_value());
  fake.clock().advance(2h);
  auto r = as_cobrand.get_subscribed_events();
  BOOST_REQUIRE(!r);
  BOOST_TEST(test::refusal(r.error(), 401).code == "Y023");
}

BOOST_AUTO_TEST_CASE(sessions_end_24_hours_after_they_began_however_used) {
  const auto cob = fake.cobrand();
  fin::SessionLogin sessions{fake, test::base_url, {.login = cob.login, .password = cob.password}};
  test::FinanceClient anonymous{fake, {.base_url = test::base_url}};
  auto s = anonymous.cobrand_login({.body = {.cobrand = {.cobrand_login = cob.login, .cobrand_password = cob.password}}});
  auto as_cobrand = session_with("cobSession=" + *s->session->cob_session);
  for (int hour = 1; hour < 24; ++hour) {
    fake.clock().advance(1h);
    BOOST_REQUIRE(as_cobrand.get_subscribed_events().has_value());
  }
  fake.clock().advance(1h);
  BOOST_TEST(test::refusal(as_cobrand.get_subscribed_events().error(), 401).code == "Y023");
  // The provider logs in again after the refusal, so its client carries on.
  auto renewing = session_with(sessions.cobrand());
  BOOST_TEST(renewing.get_subscribed_events().has_value());
}

BOOST_AUTO_TEST_CASE(logout_ends_the_cobrand_session_and_its_user_sessions) {
  const auto cob = fake.cobrand();
  test::FinanceClient anonymous{fake, {.base_url = test::base_url}};
  auto s = anonymous.cobrand_login({.body = {.cobrand = {.cobrand_login = cob.login, .cobrand_password = cob.password}}});
  const std::string cob_session = *s->session->cob_session;
  auto as_cobrand = session_with("cobSession=" + cob_session);
  auto user = as_cobrand.saml_login({.issuer = cob.saml_issuer, .saml_response = saml_for("ada")});
  BOOST_REQUIRE(user.has_value());
  auto as_ada = session_with("cobSession=" + cob_session + ",userSession=" + *user->user->session->user_session);
  BOOST_TEST(as_ada.get_all_accounts().has_value());
  BOOST_TEST(as_cobrand.cobrand_logout().has_value());
  BOOST_TEST(as_ada.get_all_accounts().error().status == 401);
  BOOST_TEST(as_cobrand.get_subscribed_events().error().status == 401);
}

BOOST_AUTO_TEST_CASE(saml_login_checks_the_issuer_and_a_wrong_password_is_not_repeated) {
  const auto cob = fake.cobrand();
  fin::SessionLogin wrong{fake, test::base_url, {.login = cob.login, .password = "pw-wrong-987654"}};
  auto r = client_with(wrong.cobrand()).get_subscribed_events();
  BOOST_REQUIRE(!r);
  std::ostringstream text;
  text << r.error();
  BOOST_TEST(text.str().find("cobrandLogin") != std::string::npos);
  BOOST_TEST(text.str().find("pw-wrong-987654") == std::string::npos);

  fin::SessionLogin sessions{fake, test::base_url, {.login = cob.login, .password = cob.password}};
  auto bad_issuer = session_with(sessions.user("https://evil.example.com", saml_for("ada"))).get_all_accounts();
  BOOST_REQUIRE(!bad_issuer);
  BOOST_TEST(bad_issuer.error().message.find("samlLogin") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(routing, FinanceFixture)

BOOST_AUTO_TEST_CASE(every_operation_is_routed_and_the_unmodeled_answer_501_naming_themselves) {
  BOOST_TEST(fake.routes().size() == fin::operations.size());
  auto r = client.get_all_providers();
  BOOST_REQUIRE(!r);
  auto e = test::refusal(r.error(), 501);
  BOOST_TEST(e.code == "Y901");
  BOOST_TEST(e.message.find("get_all_providers") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
