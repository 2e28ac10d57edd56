// Testing against the audio fake (docs/audio.md): the demo data, the login the service asks of an
// application (authorization code with PKCE), in process and served over HTTP, and the clock.
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>
#include <webapi/audio/oauth.hpp>  // link OpenSSL::Crypto
#include <webapi/fake_server/serve.hpp>
#include <webapi/fakes/audio.hpp>
#include <webapi/transport.hpp>

namespace audio = webapi::audio;
namespace fa = webapi::fakes::audio;
using namespace std::chrono_literals;

namespace {

// What a browser does between authorize() and finish(): it opens /connect, where the fake's signed-in
// user approves at once, and follows the 302 back to the redirect URI with the code and the state.
template <webapi::Transport T>
webapi::Result<audio::Grant> log_in(T& http, const audio::OAuth<T>& login, const std::string& base_url) {
  auto pending = login.authorize({.scope = "*"});
  if (!pending) return pending.error();
  auto connect = webapi::follow_link(pending->url, base_url, "get_connect");
  if (!connect) return connect.error();
  auto redirect = http.send(*connect);
  if (!redirect) return redirect.error();
  return login.finish(*pending, redirect->headers.get("Location").value_or(""));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(audio_page)

BOOST_AUTO_TEST_CASE(logs_in_with_pkce_and_refreshes_after_the_clock_passes_expiry) {
  fa::Fake fake;
  auto demo = fa::seed_demo(fake);  // CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, ACCESS_TOKEN, USER_ID, OTHER_USER_ID
  BOOST_TEST(demo.at(0).second == "demo-app");
  const std::string base_url(fa::default_api_base);  // the in-process fake answers any base URL
  audio::OAuth<fa::Fake> login{
      fake, {.client_id = demo.at(0).second, .client_secret = demo.at(1).second, .redirect_uri = demo.at(2).second}};
  auto grant = log_in(fake, login, base_url);
  BOOST_TEST_REQUIRE(grant.has_value(), (grant ? "" : grant.error().message));

  audio::Client<fa::Fake> client{fake, {.access_token = login.credential(*grant)}};
  auto me = client.get_me();
  BOOST_TEST_REQUIRE(me.has_value());
  BOOST_TEST(me->username.value_or("") == "ada");
  BOOST_TEST(std::to_string(me->id.value_or(0)) == demo.at(4).second);

  auto liked = client.post_likes_tracks_track_id(100005);  // bob's "Night Drive"
  BOOST_TEST(liked.has_value(), (liked ? "" : liked.error().message));
  auto likes = client.get_me_likes_tracks();
  BOOST_TEST_REQUIRE(likes.has_value());
  BOOST_TEST(likes->size() == 2u);  // and "Paper Boats", liked by the demo

  // Access tokens last an hour of the fake's clock; past it the service answers 401 and the credential
  // refreshes once, with the refresh token the login got.
  fake.clock().advance(2h);
  BOOST_TEST(client.get_me().has_value());
  BOOST_TEST(fake.journal().count("post_oauth2_token") == 2u);
}

BOOST_AUTO_TEST_CASE(logs_in_the_same_way_against_the_served_fake) {
  fa::Fake fake;
  auto demo = fa::seed_demo(fake);
  auto server = webapi::fakes::serve(fake, 0);
  const std::string base_url = "http://127.0.0.1:" + std::to_string(server.port());
  webapi::BeastTransport http;
  audio::OAuth<webapi::BeastTransport> login{
      http,
      {.client_id = demo.at(0).second, .client_secret = demo.at(1).second, .redirect_uri = demo.at(2).second},
      {.base_url = base_url}};
  auto grant = log_in(http, login, base_url);
  BOOST_TEST_REQUIRE(grant.has_value(), (grant ? "" : grant.error().message));

  audio::Client<webapi::BeastTransport> client{http, {.base_url = base_url, .access_token = login.credential(*grant)}};
  auto tracks = client.get_users_user_id_tracks(100002);  // bob's
  BOOST_TEST_REQUIRE(tracks.has_value(), (tracks ? "" : tracks.error().message));
  BOOST_TEST(tracks->size() == 3u);
}

BOOST_AUTO_TEST_SUITE_END()
