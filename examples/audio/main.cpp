// Logs in to the audio-sharing service with OAuth 2.0 (authorization code + PKCE), follows a user, likes a
// track and pages through the account's likes.
//
//   example-audio                          against the in-memory fake, seeded with its demo data
//   example-audio --serve                  the same fake served on 127.0.0.1 and reached over HTTP
//                                          (AUDIO_FAKE_SERVE=1 does the same)
//   AUDIO_ACCESS_TOKEN=... example-audio   against the service: the account of a token obtained elsewhere
//
// Against the fake, the demo user is signed in at the login page, so /connect approves at once and its
// redirect (which a browser would follow) carries the code straight back to this program.
//
// Written once over AnyClient, which takes the fake and the real transport alike, and linked with the compiled
// libraries webapi::audio_compiled and webapi::fakes_audio_compiled, so that this file compiles neither the
// client's methods nor the fake (docs/packaging.md, "Which targets to link").
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include <webapi/audio.hpp>
#include <webapi/audio/oauth.hpp>
#include <webapi/core/pager.hpp>
#include <webapi/fakes/audio/compiled.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/transport.hpp>

namespace audio = webapi::audio;

namespace {

/// The application as registered with the service.
struct App {
  std::string client_id;
  std::string client_secret;
  std::string redirect_uri;
};

/// The code + PKCE flow through webapi::audio::OAuth: authorize() makes the /connect URL with a fresh state
/// and S256 challenge; the "browser" (here: this program) follows it, and finish() checks the state the
/// redirect brings back and exchanges the code. Returns the credential, refreshed as it nears expiry.
std::optional<webapi::Credential> log_in(webapi::AnyTransport& transport, const std::string& base_url,
                                         const App& app) {
  audio::OAuth<webapi::AnyTransport> login{
      transport,
      {.client_id = app.client_id, .client_secret = app.client_secret, .redirect_uri = app.redirect_uri},
      {.base_url = base_url}};
  auto pending = login.authorize({.scope = "*"});
  auto page = pending ? webapi::follow_link(pending->url, base_url, "get_connect") : webapi::Result<webapi::Request>(pending.error());
  auto redirect = page ? transport.send(*page) : webapi::Result<webapi::Response>(page.error());
  if (!redirect || redirect->status != 302) {
    std::cerr << "authorization refused: " << (redirect ? redirect->body : redirect.error().message) << "\n";
    return std::nullopt;
  }
  std::cout << "authorized: got a code for " << app.redirect_uri << "\n";
  auto grant = login.finish(*pending, redirect->headers.get("Location").value_or(""));
  if (!grant) {
    std::cerr << grant.error() << "\n";
    return std::nullopt;
  }
  return login.credential(*grant);
}

/// Logs in, follows bob, likes "Night Drive" and pages through the likes, one per page.
int tour(webapi::AnyTransport transport, const std::string& base_url, const App& app) {
  auto credential = log_in(transport, base_url, app);
  if (!credential) return 1;
  audio::AnyClient client{transport, {.base_url = base_url, .access_token = *credential}};
  auto me = client.get_me();
  if (!me) {
    std::cerr << me.error() << "\n";
    return 1;
  }
  std::cout << "logged in as " << me->username.value_or("?") << "\n";

  for (const auto& user : client.get_users_all({.q = "bob", .limit = 1})) {
    if (auto r = client.put_me_followings_user_id(*user.id); !r) {
      std::cerr << r.error() << "\n";
      return 1;
    }
    std::cout << "followed " << user.username.value_or("?") << "\n";
    break;
  }
  for (const auto& track : client.get_tracks_all({.q = "night drive", .limit = 1})) {
    if (auto r = client.post_likes_tracks_track_id(*track.id); !r) {
      std::cerr << r.error() << "\n";
      return 1;
    }
    std::cout << "liked " << track.title.value_or("?") << "\n";
    break;
  }
  auto likes = client.get_me_likes_tracks_all({.limit = 1});
  for (const auto& track : likes)
    std::cout << "like: " << track.title.value_or("?") << " by " << (track.user ? track.user->username.value_or("?") : "?")
              << "\n";
  if (likes.error()) {
    std::cerr << *likes.error() << "\n";
    return 1;
  }
  std::cout << "pages of likes: " << likes.pages() << "\n";
  return 0;
}

/// Against the service: the account a token belongs to.
int whoami(const char* token) {
  webapi::BeastTransport http;
  audio::AnyClient client{http, {.access_token = token}};
  auto me = client.get_me();
  if (!me) {
    std::cerr << me.error() << "\n";
    return 1;
  }
  std::cout << me->username.value_or("(no name)") << " " << me->permalink_url.value_or("") << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (const char* token = std::getenv("AUDIO_ACCESS_TOKEN"); token && *token) return whoami(token);

  webapi::fakes::audio::CompiledFake fake;
  auto demo = fake.seed_demo();  // CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, ...
  const App app{demo.at(0).second, demo.at(1).second, demo.at(2).second};

  const char* serve_env = std::getenv("AUDIO_FAKE_SERVE");
  const bool serve = (argc > 1 && std::string_view(argv[1]) == "--serve") || (serve_env && std::string_view(serve_env) == "1");
  if (!serve) return tour(fake, audio::Config{}.base_url, app);

  auto server = webapi::fakes::serve(fake, 0);
  std::cout << "serving the fake on 127.0.0.1:" << server.port() << "\n";
  webapi::BeastTransport http;
  return tour(http, "http://127.0.0.1:" + std::to_string(server.port()), app);
}
