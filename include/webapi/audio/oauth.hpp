#pragma once
// Logging in to the audio service: OAuth 2.0 (RFC 6749) authorization code with PKCE S256 (RFC 7636),
// refresh, and the client-credentials grant for application-only access; the tokens feed a
// webapi::RefreshingToken, so a client renews shortly before expiry and once after a 401.
//
//   webapi::BeastTransport http;
//   webapi::audio::OAuth login{http, {.client_id = id, .client_secret = secret, .redirect_uri = cb}};
//   auto pending = login.authorize({.scope = "*"}).value();          // send the user to pending.url
//   // ... the browser comes back to cb?code=...&state=...
//   auto grant = login.finish(pending, redirected_url).value();       // checks state, exchanges the code
//   webapi::audio::Client api{http, {.access_token = login.credential(grant)}};
//
// Keep `pending` (its state and code verifier) server-side between authorize() and finish(); never show
// it to the browser. Error messages name what went wrong, never a token, code, verifier or state.
//
// Needs OpenSSL (libcrypto: RAND_bytes, SHA-256, CRYPTO_memcmp): link OpenSSL::Crypto. The module's umbrella
// header <webapi/audio.hpp> does not include this one.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <webapi/audio/client.hpp>
#include <webapi/core/base64.hpp>
#include <webapi/core/credentials.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/url.hpp>

namespace webapi::audio {

namespace pkce {

/// base64url without padding (RFC 4648 section 5), the alphabet of PKCE verifiers and challenges.
inline std::string base64url(std::string_view bytes) {
  std::string s = webapi::base64::encode(bytes);
  while (!s.empty() && s.back() == '=') s.pop_back();
  for (char& c : s) c = c == '+' ? '-' : c == '/' ? '_' : c;
  return s;
}

/// `bytes` bytes from OpenSSL's CSPRNG, base64url-encoded: 32 bytes give the 43 characters RFC 7636
/// section 4.1 recommends for a code verifier, and serve as an unguessable state nonce too.
inline Result<std::string> random_token(std::size_t bytes = 32) {
  std::string raw(bytes, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), static_cast<int>(raw.size())) != 1)
    return make_error(ErrorKind::auth, "the system's random number generator failed; no login was started");
  return base64url(raw);
}

/// The S256 code challenge of `verifier`: base64url(SHA-256(verifier)) (RFC 7636 section 4.2).
inline std::string challenge_s256(std::string_view verifier) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(verifier.data()), verifier.size(), digest);
  return base64url(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
}

}  // namespace pkce

/// What the application registered with the service.
struct OAuthApp {
  std::string client_id{};
  std::string client_secret{};  ///< empty for a public client that relies on PKCE alone
  std::string redirect_uri{};
};

struct AuthorizeOptions {
  std::string scope = "*";
  /// The implicit grant (response_type=token): the token comes back in the redirect's fragment, with no
  /// PKCE and no refresh token. OAuth 2.0 Security Best Current Practice (RFC 9700 section 2.1.2) says
  /// not to use it; it is here only for services that offer nothing else.
  bool implicit_grant_discouraged = false;
};

/// A login in progress: send the user to `url`; keep the rest until the redirect comes back.
struct PendingAuthorization {
  std::string url{};
  std::string state{};
  std::string code_verifier{};  ///< empty for the implicit grant
  std::string redirect_uri{};
};

/// Tokens the service issued, with when the access token runs out.
struct Grant {
  std::string access_token{};
  std::optional<std::string> refresh_token{};
  std::chrono::system_clock::time_point expires_at = std::chrono::system_clock::time_point::max();
  std::string scope{};
};

/// Whether the state the redirect brought back is the one the login started with, compared in constant
/// time. The error names neither value: a mismatch is what a forged redirect (CSRF) looks like.
inline Result<void> check_state(std::string_view expected, std::string_view returned) {
  bool same = !expected.empty() && expected.size() == returned.size() &&
              CRYPTO_memcmp(expected.data(), returned.data(), expected.size()) == 0;
  if (!same)
    return make_error(ErrorKind::auth, "the state the redirect brought back is not the one this login started with",
                      "get_connect");
  return {};
}

/// The parameters of a redirect URL's query (authorization code) or fragment (implicit grant).
struct RedirectParams {
  std::optional<std::string> code{}, state{}, access_token{}, expires_in{}, scope{}, error{};
};

inline Result<RedirectParams> parse_redirect(std::string_view redirected_url) {
  std::size_t hash = redirected_url.find('#');
  std::size_t ask = redirected_url.find('?');
  std::string_view fragment = hash == std::string_view::npos ? std::string_view{} : redirected_url.substr(hash + 1);
  std::string_view query = ask == std::string_view::npos || ask > hash
                               ? std::string_view{}
                               : redirected_url.substr(ask + 1, hash == std::string_view::npos ? hash : hash - ask - 1);
  RedirectParams out;
  for (std::string_view part : {query, fragment})
    while (!part.empty()) {
      std::string_view pair = part.substr(0, part.find('&'));
      part.remove_prefix(std::min(part.size(), pair.size() + 1));
      std::size_t eq = pair.find('=');
      auto name = url::decode(pair.substr(0, eq), true);
      auto value = url::decode(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1), true);
      if (!name || !value)
        return make_error(ErrorKind::invalid_argument, "the redirect URL has a malformed percent-escape", "get_connect");
      const std::pair<std::string_view, std::optional<std::string>*> slots[] = {
          {"code", &out.code},           {"state", &out.state}, {"access_token", &out.access_token},
          {"expires_in", &out.expires_in}, {"scope", &out.scope}, {"error", &out.error}};
      for (auto [key, slot] : slots)
        if (*name == key) *slot = std::move(*value);
    }
  return out;
}

/// The application's side of the service's OAuth 2.0 endpoints, over any transport (kept by the caller).
template <webapi::Transport T>
class OAuth {
 public:
  struct Options {
    std::string base_url = Config{}.base_url;  ///< where /connect and /oauth2/token are
    /// Renewal margin and clock of the credentials made by credential() and app_credential().
    RefreshOptions refresh{};
  };

  OAuth(T& transport, OAuthApp app) : OAuth(transport, std::move(app), Options{}) {}
  OAuth(T& transport, OAuthApp app, Options options)
      : shared_(std::make_shared<Shared>(transport, std::move(app), std::move(options))) {}

  /// A new login: a fresh state nonce and code verifier, and the /connect URL with response_type=code,
  /// the scope and the verifier's S256 challenge.
  Result<PendingAuthorization> authorize(const AuthorizeOptions& options = {}) const {
    auto state = pkce::random_token();
    if (!state) return std::move(state).error();
    PendingAuthorization p{.state = *state, .redirect_uri = shared_->app.redirect_uri};
    GetConnectParams params{.client_id = shared_->app.client_id,
                            .redirect_uri = shared_->app.redirect_uri,
                            .response_type = options.implicit_grant_discouraged ? ResponseType::token : ResponseType::code,
                            .scope = options.scope,
                            .state = *state};
    if (!options.implicit_grant_discouraged) {
      auto verifier = pkce::random_token();
      if (!verifier) return std::move(verifier).error();
      p.code_verifier = *verifier;
      params.code_challenge = pkce::challenge_s256(p.code_verifier);
      params.code_challenge_method = GetConnectCodeChallengeMethod::S256;
    }
    auto request = shared_->client.build_get_connect(params);
    if (!request) return std::move(request).error();
    p.url = url::full_url(*request);
    return p;
  }

  /// The browser came back to the redirect URI: checks its state, then exchanges its code (with the code
  /// verifier) for tokens. An `error` the service put on the redirect is reported as an auth error.
  Result<Grant> finish(const PendingAuthorization& pending, std::string_view redirected_url) const {
    auto got = checked_redirect(pending, redirected_url);
    if (!got) return std::move(got).error();
    if (!got->code) return make_error(ErrorKind::auth, "the redirect carries no authorization code", "get_connect");
    return exchange(pending, *got->code);
  }

  /// Exchanges an authorization code (state already checked) for tokens.
  Result<Grant> exchange(const PendingAuthorization& pending, std::string_view code) const {
    TokenRequest body = base(TokenRequestGrantType::authorization_code);
    body.code = std::string(code);
    body.redirect_uri = pending.redirect_uri;
    body.code_verifier = pending.code_verifier;
    return shared_->token(std::move(body));
  }

  /// The implicit grant's redirect: checks its state and reads the token from the fragment.
  Result<Grant> finish_implicit_discouraged(const PendingAuthorization& pending, std::string_view redirected_url) const {
    auto got = checked_redirect(pending, redirected_url);
    if (!got) return std::move(got).error();
    if (!got->access_token) return make_error(ErrorKind::auth, "the redirect carries no access token", "get_connect");
    Grant g{.access_token = *got->access_token, .scope = got->scope.value_or("")};
    if (got->expires_in) g.expires_at = shared_->expiry(std::strtoll(got->expires_in->c_str(), nullptr, 10));
    return g;
  }

  /// New tokens for a refresh token (RFC 6749 section 6).
  Result<Grant> refresh(std::string_view refresh_token) const {
    TokenRequest body = base(TokenRequestGrantType::refresh_token);
    body.refresh_token = std::string(refresh_token);
    return shared_->token(std::move(body));
  }

  /// An application-only token: the client-credentials grant (RFC 6749 section 4.4), no user involved.
  Result<Grant> client_credentials() const { return shared_->token(base(TokenRequestGrantType::client_credentials)); }

  /// A credential for Config::access_token that starts with `grant` and renews it with its refresh token
  /// (the service retires the old one, so the newest is kept) shortly before it runs out and once after a
  /// 401. Without a refresh token, renewal fails with an auth error: log in again.
  Credential credential(Grant grant) const {
    auto shared = shared_;
    auto held = std::make_shared<std::optional<Grant>>(std::move(grant));
    auto refresh_token = std::make_shared<std::optional<std::string>>((*held)->refresh_token);
    // RefreshingToken calls this under its own lock, so `held` and `refresh_token` are never raced.
    return refreshing_token(
        [shared, held, refresh_token]() -> Result<AccessToken> {
          if (*held) {
            AccessToken first{(*held)->access_token, (*held)->expires_at};
            held->reset();
            return first;
          }
          if (!*refresh_token) return make_error(ErrorKind::auth, "the login gave no refresh token; log in again");
          TokenRequest body = shared->base(TokenRequestGrantType::refresh_token);
          body.refresh_token = **refresh_token;
          auto fresh = shared->token(std::move(body));
          if (!fresh) return std::move(fresh).error();
          if (fresh->refresh_token) *refresh_token = fresh->refresh_token;
          return AccessToken{fresh->access_token, fresh->expires_at};
        },
        shared_->refresh);
  }

  /// A credential for Config::access_token holding application-only tokens from the client-credentials
  /// grant, fetched when first needed and again when they run out or are refused.
  Credential app_credential() const {
    auto shared = shared_;
    return refreshing_token(
        [shared]() -> Result<AccessToken> {
          auto g = shared->token(shared->base(TokenRequestGrantType::client_credentials));
          if (!g) return std::move(g).error();
          return AccessToken{g->access_token, g->expires_at};
        },
        shared_->refresh);
  }

 private:
  // The redirect's parameters once it is known to answer this login: no error from the service, same state.
  static Result<RedirectParams> checked_redirect(const PendingAuthorization& pending, std::string_view redirected_url) {
    auto got = parse_redirect(redirected_url);
    if (!got) return got;
    if (got->error) return make_error(ErrorKind::auth, "the authorization was refused: " + *got->error, "get_connect");
    if (auto ok = check_state(pending.state, got->state.value_or("")); !ok) return ok.error();
    return got;
  }

  // What the credentials' fetch functions share with this object, and may outlive it by.
  struct Shared {
    Shared(T& transport, OAuthApp a, Options options)
        : client(transport, {.base_url = std::move(options.base_url), .client_id = webapi::Credential(a.client_id)}),
          app(std::move(a)), refresh(std::move(options.refresh)) {}

    Client<T> client;
    OAuthApp app;
    RefreshOptions refresh;
    // One token request at a time through the shared client, whichever credential or thread makes it.
    std::mutex mutex;

    TokenRequest base(TokenRequestGrantType grant) const {
      TokenRequest body{.grant_type = grant, .client_id = app.client_id};
      if (!app.client_secret.empty()) body.client_secret = app.client_secret;
      return body;
    }

    std::chrono::system_clock::time_point expiry(long long expires_in) const {
      auto now = refresh.now ? refresh.now() : std::chrono::system_clock::now();
      return expires_in > 0 ? now + std::chrono::seconds(expires_in) : std::chrono::system_clock::time_point::max();
    }

    Result<Grant> token(TokenRequest body) {
      std::lock_guard lock(mutex);
      auto answer = client.post_oauth2_token({.body = std::move(body)});
      if (!answer) return std::move(answer).error();
      if (!answer->access_token || answer->access_token->empty())
        return make_error(ErrorKind::auth, "the token endpoint answered without an access_token", "post_oauth2_token");
      return Grant{.access_token = *answer->access_token,
                   .refresh_token = answer->refresh_token,
                   .expires_at = expiry(answer->expires_in.value_or(0)),
                   .scope = answer->scope.value_or("")};
    }
  };

  TokenRequest base(TokenRequestGrantType grant) const { return shared_->base(grant); }

  std::shared_ptr<Shared> shared_;
};

}  // namespace webapi::audio
