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
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <string_view>

#include <openssl/sha.h>

#include <boost/json.hpp>

#include <webapi/audio.hpp>
#include <webapi/core/base64.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/audio.hpp>
#include <webapi/fakes/serve.hpp>
#include <webapi/transport.hpp>

namespace audio = webapi::audio;

namespace {

/// The application as registered with the service.
struct App {
  std::string client_id;
  std::string client_secret;
  std::string redirect_uri;
};

/// `n` random characters of the set PKCE allows in a verifier.
std::string random_text(std::size_t n) {
  static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
  std::random_device device;
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += alphabet[pick(device)];
  return out;
}

/// BASE64URL(SHA-256(verifier)), unpadded: the S256 code challenge (RFC 7636).
std::string s256_challenge(const std::string& verifier) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(verifier.data()), verifier.size(), digest);
  std::string text = webapi::base64::encode(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
  while (!text.empty() && text.back() == '=') text.pop_back();
  for (char& c : text) c = c == '+' ? '-' : c == '/' ? '_' : c;
  return text;
}

/// The query fields of a redirect's Location.
std::map<std::string, std::string> redirect_fields(std::string_view location) {
  std::map<std::string, std::string> out;
  std::size_t q = location.find('?');
  if (q == std::string_view::npos) return out;
  std::string_view rest = location.substr(q + 1);
  while (!rest.empty()) {
    std::string_view pair = rest.substr(0, rest.find('&'));
    rest.remove_prefix(std::min(rest.size(), pair.size() + 1));
    std::size_t eq = pair.find('=');
    auto name = webapi::url::decode(pair.substr(0, eq), true);
    auto value = webapi::url::decode(eq == std::string_view::npos ? "" : pair.substr(eq + 1), true);
    if (name && value) out[*name] = *value;
  }
  return out;
}

/// The code + PKCE flow: /connect, then the code exchanged at the token operation. Returns the access token,
/// or an empty string after printing why it failed.
template <webapi::Transport T>
std::string log_in(T& transport, const std::string& base_url, const App& app) {
  const std::string verifier = random_text(64);
  const std::string state = random_text(24);
  audio::Client<T> anonymous{transport, {.base_url = base_url}};
  auto connect = anonymous.build_get_connect({.client_id = app.client_id, .redirect_uri = app.redirect_uri,
                                              .response_type = audio::ResponseType::code, .scope = "*", .state = state});
  if (!connect) {
    std::cerr << connect.error() << "\n";
    return {};
  }
  connect->query.push_back({"code_challenge", s256_challenge(verifier)});
  connect->query.push_back({"code_challenge_method", "S256"});
  auto redirect = transport.send(*connect);
  if (!redirect || redirect->status != 302) {
    std::cerr << "authorization refused: " << (redirect ? redirect->body : redirect.error().message) << "\n";
    return {};
  }
  auto fields = redirect_fields(redirect->headers.get("Location").value_or(""));
  if (fields["state"] != state || fields["code"].empty()) {
    std::cerr << "the authorization redirect does not answer this login\n";
    return {};
  }
  std::cout << "authorized: got a code for " << app.redirect_uri << "\n";

  webapi::Request exchange;
  exchange.method = webapi::Method::post;
  exchange.base_url = base_url;
  exchange.path = "/oauth2/token";
  exchange.content_type = "application/x-www-form-urlencoded";
  const std::vector<webapi::QueryParam> form{{"grant_type", "authorization_code"}, {"client_id", app.client_id},
                                             {"client_secret", app.client_secret}, {"code", fields["code"]},
                                             {"redirect_uri", app.redirect_uri},    {"code_verifier", verifier}};
  exchange.body = webapi::url::encode_query(form);
  auto tokens = transport.send(exchange);
  if (!tokens || tokens->status != 200) {
    std::cerr << "token exchange refused: " << (tokens ? tokens->body : tokens.error().message) << "\n";
    return {};
  }
  return std::string(boost::json::parse(tokens->body).at("access_token").as_string());
}

/// Logs in, follows bob, likes "Night Drive" and pages through the likes, one per page.
template <webapi::Transport T>
int tour(T& transport, const std::string& base_url, const App& app) {
  const std::string token = log_in(transport, base_url, app);
  if (token.empty()) return 1;
  audio::Client<T> client{transport, {.base_url = base_url, .access_token = token}};
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
  audio::Client client{http, {.access_token = token}};
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

  webapi::fakes::audio::Fake fake;
  auto demo = webapi::fakes::audio::seed_demo(fake);  // CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, ...
  const App app{demo.at(0).second, demo.at(1).second, demo.at(2).second};

  const char* serve_env = std::getenv("AUDIO_FAKE_SERVE");
  const bool serve = (argc > 1 && std::string_view(argv[1]) == "--serve") || (serve_env && std::string_view(serve_env) == "1");
  if (!serve) return tour(fake, std::string(webapi::fakes::audio::default_api_base), app);

  auto server = webapi::fakes::serve(fake, 0);
  std::cout << "serving the fake on 127.0.0.1:" << server.port() << "\n";
  webapi::BeastTransport http;
  return tour(http, "http://127.0.0.1:" + std::to_string(server.port()), app);
}
