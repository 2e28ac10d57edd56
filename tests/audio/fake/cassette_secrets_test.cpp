// No credential of the audio API survives in a cassette: the OAuth code in the connect redirect's Location,
// the client secret and code in the token exchange's form, the token pair in its answer, the refresh grant
// and its new pair, the client id the public calls carry, and the tokens the calls after them present.
#include <boost/test/unit_test.hpp>

#include <map>

#include <webapi/audio.hpp>
#include <webapi/fakes/audio.hpp>

#include "../../support/cassette_secrets.hpp"

BOOST_AUTO_TEST_CASE(no_audio_credential_survives_in_a_cassette) {
  namespace au = webapi::audio;
  namespace fa = webapi::fakes::audio;
  using Recorder = webapi::CassetteRecorder<fa::Fake>;
  fa::Fake fake;
  std::map<std::string, std::string> v;
  for (auto& [name, value] : seed_demo(fake)) v[name] = value;
  test::cassette_secrets::Recorded rec(fake, "audio");
  std::vector<std::string> secrets = {v.at("CLIENT_SECRET"), v.at("ACCESS_TOKEN")};
  {
    const std::string verifier(43, 'v');
    webapi::Request connect{.method = webapi::Method::get, .base_url = "https://api.soundcloud.com", .path = "/connect"};
    connect.query = {{"client_id", v.at("CLIENT_ID")}, {"redirect_uri", v.at("REDIRECT_URI")}, {"response_type", "code"},
                     {"scope", "*"}, {"code_challenge", fa::challenge_s256(verifier)}, {"code_challenge_method", "S256"}};
    auto redirect = rec.transport().send(connect);
    BOOST_REQUIRE(redirect);
    BOOST_REQUIRE_EQUAL(redirect->status, 302);
    const std::string location(redirect->headers.get("Location").value_or(""));
    const auto at = location.find("code=");
    BOOST_REQUIRE(at != std::string::npos);
    const std::string code = location.substr(at + 5, location.find('&', at) - at - 5);
    secrets.push_back(code);

    au::Client<Recorder> app(rec.transport(), {.client_id = v.at("CLIENT_ID")});
    auto pair = app.post_oauth2_token({.body = au::TokenRequest{.grant_type = au::TokenRequestGrantType::authorization_code,
                                                                .client_id = v.at("CLIENT_ID"),
                                                                .client_secret = v.at("CLIENT_SECRET"),
                                                                .code = code,
                                                                .redirect_uri = v.at("REDIRECT_URI"),
                                                                .code_verifier = verifier}});
    BOOST_REQUIRE_MESSAGE(pair, (pair ? "" : pair.error().what()));
    secrets.push_back(*pair->access_token);
    secrets.push_back(*pair->refresh_token);
    auto renewed = app.post_oauth2_token({.body = au::TokenRequest{.grant_type = au::TokenRequestGrantType::refresh_token,
                                                                   .client_id = v.at("CLIENT_ID"),
                                                                   .client_secret = v.at("CLIENT_SECRET"),
                                                                   .refresh_token = *pair->refresh_token}});
    BOOST_REQUIRE_MESSAGE(renewed, (renewed ? "" : renewed.error().what()));
    secrets.push_back(*renewed->access_token);
    secrets.push_back(*renewed->refresh_token);

    BOOST_TEST(au::Client<Recorder>(rec.transport(), {.access_token = *renewed->access_token}).get_me().has_value());
    BOOST_TEST(au::Client<Recorder>(rec.transport(), {.access_token = v.at("ACCESS_TOKEN")}).get_me().has_value());
  }
  rec.recorder.reset();
  test::cassette_secrets::require_none_survive(rec.path, secrets, 5);
}
