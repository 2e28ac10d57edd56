#pragma once
// The finance service's three ways to authenticate, each as a credential provider for Config::access_token
// (webapi/core/credentials.hpp): the client asks it before every call and, after a 401, once more.
//
//   1. API key and signed token: a JWT signed per call with your RSA key.
//        auto key = RsaPrivateKey::generate().value();                    // or RsaPrivateKey::from_pem(pkcs8)
//        std::string api_key = register_public_key(admin_client, key).value();
//        Config{.base_url = url, .access_token = signed_jwt(key, api_key, "user-login")};
//   2. Client credentials: a token per login name, fetched with your client id and secret, cached and renewed
//      before its 30 minutes run out; revoke() deletes it at the service.
//        ClientCredentialTokens tokens{transport, url, {.client_id = id, .secret = secret}};
//        Config{.base_url = url, .access_token = tokens.for_login("user-login")};
//   3. Cobrand and user session: cobrandLogin gives a cobSession; samlLogin within it a user's session.
//        SessionLogin sessions{transport, url, {.login = cobrand_login, .password = cobrand_password}};
//        Config{.base_url = url, .session = sessions.user(issuer, saml_response)};
//
// The session credential is Config::session and travels bare, "Authorization: cobSession=...,userSession=...",
// as the service's documentation and SDKs send it (specs/overlays/finance.json). Errors from these providers never carry the private key, the client
// secret, the cobrand password, a token or a session: they say which step failed and what the service
// answered, and the service's answers are scrubbed of the request's credentials by the client core.
//
// Needs OpenSSL (libcrypto) for the JWT mechanism, as <webapi/finance/jwt.hpp> does.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/credentials.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>
#include <webapi/finance/client.hpp>
#include <webapi/finance/jwt.hpp>

namespace webapi::finance {

namespace detail {
inline webapi::Error auth_step_failed(std::string_view step, const webapi::Error& cause) {
  webapi::Error e = cause;
  e.kind = webapi::ErrorKind::auth;
  e.message = std::string(step) + " failed: " + cause.message;
  return e;
}
inline std::chrono::system_clock::time_point clock_now(const std::function<std::chrono::system_clock::time_point()>& f) {
  return f ? f() : std::chrono::system_clock::now();
}
}  // namespace detail

// ---- 1. API key and signed token ------------------------------------------------------------------------

/// Registers the public half of `key` with generateApiKey and returns the API key (the JWT issuer).
/// `client` carries an admin credential: a cobrand session, an admin JWT, or HTTP Basic (cobrand login).
template <class FinanceClient>
webapi::Result<std::string> register_public_key(FinanceClient& client, const RsaPrivateKey& key) {
  auto pem = key.public_key_pem();
  if (!pem) return std::move(pem).error();
  auto r = client.generate_api_key({.body = {.public_key = *pem}});
  if (!r) return detail::auth_step_failed("registering the public key (generateApiKey)", r.error());
  if (!r->api_key || r->api_key->empty() || !r->api_key->front().key)
    return webapi::make_error(webapi::ErrorKind::decode, "generateApiKey answered no key", "generate_api_key");
  return *r->api_key->front().key;
}

struct JwtOptions {
  std::chrono::seconds lifetime = std::chrono::minutes(15);
  /// The clock tokens are stamped with; empty: system_clock::now. Tests pass their fake's.
  std::function<std::chrono::system_clock::time_point()> now{};
};

/// A fresh RS512 JWT for every call: issuer the API key, subject the login name (none for admin calls).
class SignedJwt final : public webapi::CredentialProvider {
 public:
  SignedJwt(RsaPrivateKey key, std::string api_key, std::optional<std::string> login_name, JwtOptions options = {})
      : key_(std::move(key)), api_key_(std::move(api_key)), login_name_(std::move(login_name)),
        options_(std::move(options)) {}

  webapi::Result<std::string> current() override {
    auto token = sign_jwt(key_, {.issuer = api_key_, .subject = login_name_, .lifetime = options_.lifetime},
                          detail::clock_now(options_.now));
    if (!token) return detail::auth_step_failed("signing the JWT", token.error());
    return token;
  }
  /// A token signed in a later second differs; one signed in the same second is the same token.
  bool refused(std::string_view) override { return true; }

 private:
  RsaPrivateKey key_;
  std::string api_key_;
  std::optional<std::string> login_name_;
  JwtOptions options_;
};

inline webapi::Credential signed_jwt(RsaPrivateKey key, std::string api_key,
                                     std::optional<std::string> login_name = std::nullopt, JwtOptions options = {}) {
  return webapi::Credential(
      std::make_shared<SignedJwt>(std::move(key), std::move(api_key), std::move(login_name), std::move(options)));
}

// ---- 2. Client credentials ------------------------------------------------------------------------------

struct ClientCredentials {
  std::string client_id{};
  std::string secret{};
};

/// Client-credential tokens, one per login name (the admin login name gives an admin token), each cached
/// and renewed before it runs out (RefreshingToken, a minute early unless `options` says otherwise).
/// Holds a reference to the transport, which must outlive it; it must itself outlive the credentials it
/// hands out, which fetch through it.
class ClientCredentialTokens {
 public:
  template <webapi::Transport T>
  ClientCredentialTokens(T& transport, std::string base_url, ClientCredentials credentials,
                         webapi::RefreshOptions options = {})
      : transport_(transport), base_url_(std::move(base_url)), credentials_(std::move(credentials)),
        options_(std::move(options)) {}

  /// The credential for calls made as `login_name`; the same provider for every call naming it.
  webapi::Credential for_login(const std::string& login_name) {
    std::lock_guard lock(mutex_);
    auto it = providers_.find(login_name);
    if (it == providers_.end())
      it = providers_.emplace(login_name, std::make_shared<webapi::RefreshingToken>(
                                              [this, login_name] { return fetch(login_name); }, options_))
               .first;
    return webapi::Credential(it->second);
  }

  /// Revokes `login_name`'s token at the service (deleteToken) and forgets it; the next call fetches anew.
  webapi::Result<void> revoke(const std::string& login_name) {
    std::shared_ptr<webapi::RefreshingToken> provider;
    {
      std::lock_guard lock(mutex_);
      auto it = providers_.find(login_name);
      if (it == providers_.end()) return {};  // no token was fetched: nothing to revoke
      provider = it->second;
      providers_.erase(it);
    }
    AnyClient client{transport_, {.base_url = base_url_, .access_token = webapi::Credential(provider)}};
    auto done = client.delete_token();
    if (!done) return detail::auth_step_failed("revoking the token (deleteToken)", done.error());
    return {};
  }

  /// Asks the service for a token for `login_name` (generateAccessToken); what the providers call.
  webapi::Result<webapi::AccessToken> fetch(const std::string& login_name) {
    AnyClient client{transport_, {.base_url = base_url_}};
    const auto asked = detail::clock_now(options_.now);
    auto r = client.generate_access_token(
        {.body = {{"clientId", credentials_.client_id}, {"secret", credentials_.secret}, {"loginName", login_name}}});
    if (!r) return detail::auth_step_failed("requesting an access token (generateAccessToken)", r.error());
    if (!r->token || !r->token->access_token)
      return webapi::make_error(webapi::ErrorKind::decode, "generateAccessToken answered no token",
                                "generate_access_token");
    return webapi::AccessToken{*r->token->access_token, asked + std::chrono::seconds(r->token->expires_in.value_or(1800))};
  }

 private:
  webapi::AnyTransport transport_;
  std::string base_url_;
  ClientCredentials credentials_;
  webapi::RefreshOptions options_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<webapi::RefreshingToken>> providers_;
};

// ---- 3. Cobrand session and user session ----------------------------------------------------------------

struct CobrandCredentials {
  std::string login{};
  std::string password{};
  std::optional<std::string> locale{};
};

/// Cobrand and user sessions: logs the cobrand in when it has no session (or the service refused it), and
/// a user in with SAML within that session. Holds a reference to the transport, which must outlive it.
class SessionLogin {
 public:
  template <webapi::Transport T>
  SessionLogin(T& transport, std::string base_url, CobrandCredentials credentials)
      : state_(std::make_shared<Shared>(transport, std::move(base_url), std::move(credentials))) {}

  /// The credential for administrative calls: "cobSession=<s>".
  webapi::Credential cobrand() { return webapi::Credential(std::make_shared<Provider>(state_, std::nullopt)); }

  /// The credential for a user's calls: "cobSession=<s>,userSession=<u>", the user session from samlLogin
  /// with `issuer` and the base64 `saml_response`.
  webapi::Credential user(std::string issuer, std::string saml_response) {
    return webapi::Credential(std::make_shared<Provider>(state_, Saml{std::move(issuer), std::move(saml_response)}));
  }

  /// Logs the cobrand out (cobrandLogout), which ends its user sessions too.
  webapi::Result<void> logout() {
    std::lock_guard lock(state_->mutex);
    if (!state_->cob_session) return {};
    AnyClient client{state_->transport, {.base_url = state_->base_url, .session = "cobSession=" + *state_->cob_session}};
    auto done = client.cobrand_logout();
    state_->cob_session.reset();
    if (!done) return detail::auth_step_failed("logging the cobrand out (cobrandLogout)", done.error());
    return {};
  }

 private:
  struct Saml {
    std::string issuer;
    std::string response;
  };
  struct Shared {
    template <class T>
    Shared(T& t, std::string url, CobrandCredentials c) : transport(t), base_url(std::move(url)), credentials(std::move(c)) {}
    webapi::AnyTransport transport;
    std::string base_url;
    CobrandCredentials credentials;
    std::mutex mutex;
    std::optional<std::string> cob_session;

    /// The cobrand session, logging in when there is none; mutex held.
    webapi::Result<std::string> session() {
      if (cob_session) return *cob_session;
      AnyClient client{transport, {.base_url = base_url}};
      auto r = client.cobrand_login(
          {.body = {.cobrand = {.cobrand_login = credentials.login, .cobrand_password = credentials.password,
                                .locale = credentials.locale}}});
      if (!r) return detail::auth_step_failed("logging the cobrand in (cobrandLogin)", r.error());
      if (!r->session || !r->session->cob_session)
        return webapi::make_error(webapi::ErrorKind::decode, "cobrandLogin answered no session", "cobrand_login");
      cob_session = *r->session->cob_session;
      return *cob_session;
    }
  };

  class Provider final : public webapi::CredentialProvider {
   public:
    Provider(std::shared_ptr<Shared> shared, std::optional<Saml> saml) : shared_(std::move(shared)), saml_(std::move(saml)) {}

    webapi::Result<std::string> current() override {
      std::lock_guard lock(shared_->mutex);
      auto cob = shared_->session();
      if (!cob) return std::move(cob).error();
      if (!saml_) return "cobSession=" + *cob;
      if (!user_session_ || user_cob_ != *cob) {
        AnyClient client{shared_->transport, {.base_url = shared_->base_url, .session = "cobSession=" + *cob}};
        auto r = client.saml_login({.issuer = saml_->issuer, .saml_response = saml_->response});
        if (!r) return detail::auth_step_failed("logging the user in (samlLogin)", r.error());
        if (!r->user || !r->user->session || !r->user->session->user_session)
          return webapi::make_error(webapi::ErrorKind::decode, "samlLogin answered no user session", "saml_login");
        user_session_ = *r->user->session->user_session;
        user_cob_ = *cob;
      }
      return "cobSession=" + *cob + ",userSession=" + *user_session_;
    }

    /// After a 401 the sessions may have timed out: log in afresh on the next call.
    bool refused(std::string_view value) override {
      std::lock_guard lock(shared_->mutex);
      if (shared_->cob_session && value.find(*shared_->cob_session) != std::string_view::npos) shared_->cob_session.reset();
      user_session_.reset();
      return true;
    }

   private:
    std::shared_ptr<Shared> shared_;
    std::optional<Saml> saml_;
    std::optional<std::string> user_session_;
    std::string user_cob_;
  };

  std::shared_ptr<Shared> state_;
};

}  // namespace webapi::finance
