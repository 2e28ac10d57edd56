// No credential of the finance API survives in a cassette: the client secret in a token request's form and
// the token in its answer, the cobrand password in a login's JSON and the session in its answer, an API key
// issued under HTTP Basic and then named in a path, and every token, session and JWT after them.
#include <boost/test/unit_test.hpp>

#include <map>

#include <boost/json.hpp>

#include <webapi/fakes/finance.hpp>
#include <webapi/finance.hpp>

#include "../../support/cassette_secrets.hpp"

BOOST_AUTO_TEST_CASE(no_finance_credential_survives_in_a_cassette) {
  namespace fin = webapi::finance;
  using Recorder = webapi::CassetteRecorder<webapi::fakes::finance::Fake>;
  webapi::fakes::finance::Fake fake;
  std::map<std::string, std::string> v;
  for (auto& [name, value] : seed_demo(fake)) v[name] = value;
  const std::string base = "https://finance.example";
  test::cassette_secrets::Recorded rec(fake, "finance");
  std::vector<std::string> secrets = {v.at("CLIENT_SECRET"), v.at("COBRAND_PASSWORD")};
  {
    fin::Client<Recorder> anonymous(rec.transport(), {.base_url = base});
    // A token for the demo user, by the client-credentials form; then used and revoked.
    auto token = anonymous.generate_access_token(
        {.body = {{"clientId", v.at("CLIENT_ID")}, {"secret", v.at("CLIENT_SECRET")}, {"loginName", v.at("LOGIN_NAME")}}});
    BOOST_REQUIRE_MESSAGE(token, (token ? "" : token.error().what()));
    const std::string access = *token->token->access_token;
    secrets.push_back(access);
    fin::Client<Recorder> user(rec.transport(), {.base_url = base, .access_token = access});
    BOOST_TEST(user.get_all_accounts().has_value());

    // A cobrand session by login, used for an administrative call.
    auto login = anonymous.cobrand_login(
        {.body = {.cobrand = {.cobrand_login = v.at("COBRAND_LOGIN"), .cobrand_password = v.at("COBRAND_PASSWORD")}}});
    BOOST_REQUIRE_MESSAGE(login, (login ? "" : login.error().what()));
    const std::string session = *login->session->cob_session;
    secrets.push_back(session);
    fin::Client<Recorder> cobrand(rec.transport(), {.base_url = base, .session = "cobSession=" + session});
    BOOST_TEST(cobrand.get_subscribed_events().has_value());

    // An API key registered under HTTP Basic, then a JWT it signs, then the key deleted by its path.
    auto rsa = fin::RsaPrivateKey::generate();
    BOOST_REQUIRE(rsa);
    webapi::Request add{.method = webapi::Method::post, .base_url = base, .path = "/auth/apiKey"};
    add.headers.set("Authorization",
                    "Basic " + webapi::base64::encode(v.at("COBRAND_LOGIN") + ":" + v.at("COBRAND_PASSWORD")));
    add.body = boost::json::serialize(boost::json::object{{"publicKey", rsa->public_key_pem().value()}});
    add.content_type = "application/json";
    auto added = rec.transport().send(add);
    BOOST_REQUIRE(added);
    BOOST_REQUIRE_MESSAGE(added->status == 201, added->body);
    const std::string key(boost::json::parse(added->body).at("apiKey").at(0).at("key").as_string());
    secrets.push_back(key);
    const std::string jwt = fin::sign_jwt(*rsa, {.issuer = key, .subject = v.at("LOGIN_NAME")}, fake.clock().now()).value();
    secrets.push_back(jwt);
    fin::Client<Recorder> signed_in(rec.transport(), {.base_url = base, .access_token = jwt});
    BOOST_TEST(signed_in.get_all_accounts().has_value());
    BOOST_TEST(signed_in.delete_token().has_value());
    webapi::Request remove = add;
    remove.method = webapi::Method::delete_;
    remove.path = "/auth/apiKey/" + key;  // by hand: nothing marks the segment secret
    remove.body.clear();
    remove.content_type.clear();
    auto removed = rec.transport().send(remove);
    BOOST_REQUIRE(removed);
    BOOST_TEST(removed->status / 100 == 2, removed->body);
  }
  rec.recorder.reset();
  secrets.push_back(v.at("COBRAND_LOGIN") + ":" + v.at("COBRAND_PASSWORD"));
  test::cassette_secrets::require_none_survive(rec.path, secrets, 8);
}
