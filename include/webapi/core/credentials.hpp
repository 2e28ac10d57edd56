#pragma once
// Credentials a client consults per request: a fixed value, or a provider that can renew it.
//
//   webapi::quotes::Config{.api_key = "k-..."}                        // a fixed value, as always
//   webapi::migration::Config{.access_token = webapi::refreshing_token(fetch)}
//
// A RefreshingToken asks `fetch` for a token when it has none, when the one it has runs out within
// `margin`, and once more after the service refused it (a 401): the client then sends the request again,
// once. Threads sharing a client share the provider, and one fetch serves them all.

#include <chrono>
#include <concepts>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <webapi/core/async_contract.hpp>
#include <webapi/core/body_stream.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>

namespace webapi {

/// A source of one credential value, asked before every request.
class CredentialProvider {
 public:
  /// Providers are held and destroyed through this base.
  virtual ~CredentialProvider() = default;
  /// The value to send now. An error (kind auth) stops the request before it is sent.
  virtual Result<std::string> current() = 0;
  /// The service refused `value`. Returns true when current() will give a different one, so the request is
  /// worth sending again.
  virtual bool refused(std::string_view value) = 0;
};

/// An access token and when it runs out.
struct AccessToken {
  /// the token as sent
  std::string value;
  /// when it runs out; never, unless set
  std::chrono::system_clock::time_point expires_at = std::chrono::system_clock::time_point::max();
};

/// When a RefreshingToken renews its token.
struct RefreshOptions {
  std::chrono::seconds margin{60};  ///< a token this close to its expiry is renewed before use
  /// The wall clock; empty: system_clock::now. Tests pass their own.
  std::function<std::chrono::system_clock::time_point()> now{};
};

/// A bearer token fetched on demand and renewed shortly before it expires or after it was refused.
class RefreshingToken final : public CredentialProvider {
 public:
  /// Asks the token issuer for a new token; an error is passed on as an auth Error.
  using Fetch = std::function<Result<AccessToken>()>;

  /// Fetches nothing until the first current().
  explicit RefreshingToken(Fetch fetch, RefreshOptions options = {})
      : fetch_(std::move(fetch)), options_(std::move(options)) {}

  /// The token to send: the one held, or a new one from `fetch` when there is none, it was refused or it
  /// expires within the margin. A failed fetch is an auth Error whose message says the token could not be
  /// refreshed, followed by the fetch's own message; the next call tries again.
  Result<std::string> current() override {
    std::lock_guard lock(mutex_);
    // The lock is held across fetch_: threads arriving meanwhile wait for its token instead of fetching too.
    if (!token_ || stale_ || now() + options_.margin >= token_->expires_at) {
      Result<AccessToken> fresh = fetch_ ? fetch_() : Result<AccessToken>(make_error(ErrorKind::auth, "no fetch"));
      ++fetches_;
      if (!fresh) {
        Error e = std::move(fresh).error();
        e.kind = ErrorKind::auth;
        e.message = "could not refresh the access token: " + e.message;
        return e;
      }
      token_ = std::move(*fresh);
      stale_ = false;
    }
    return token_->value;
  }

  /// Marks the token held as refused when it is `value`, so the next current() fetches; always true.
  bool refused(std::string_view value) override {
    std::lock_guard lock(mutex_);
    // Only the token that was sent is dropped: when another thread has renewed it already, its new one stands.
    if (token_ && token_->value == value) stale_ = true;
    return true;
  }

  /// How many times a token was fetched.
  std::size_t fetches() const {
    std::lock_guard lock(mutex_);
    return fetches_;
  }

 private:
  std::chrono::system_clock::time_point now() const {
    return options_.now ? options_.now() : std::chrono::system_clock::now();
  }

  Fetch fetch_;
  RefreshOptions options_;
  mutable std::mutex mutex_;
  std::optional<AccessToken> token_;
  bool stale_ = false;
  std::size_t fetches_ = 0;
};

/// What a Config holds for each credential: nothing, a fixed value, or a provider (shared between copies
/// of the Config, so clients made from one Config renew together).
class Credential {
 public:
  /// None configured: empty().
  Credential() = default;
  /// A fixed value; an empty string is none.
  Credential(std::string value) : value_(std::move(value)) {}  // NOLINT: implicit, as a std::string was before
  /// A fixed value; a null pointer or empty string is none.
  Credential(const char* value) : value_(value ? value : "") {}  // NOLINT
  /// A fixed value; an empty one is none.
  Credential(std::string_view value) : value_(value) {}          // NOLINT
  /// A provider, shared between copies of this Credential.
  template <class P>
    requires std::derived_from<P, CredentialProvider>
  Credential(std::shared_ptr<P> provider) : provider_(std::move(provider)) {}  // NOLINT

  /// True when neither a value nor a provider is configured.
  bool empty() const noexcept { return !provider_ && value_.empty(); }
  /// Whether a provider stands behind the value.
  bool renewable() const noexcept { return provider_ != nullptr; }

  /// The value to send now.
  Result<std::string> current() const {
    if (provider_) return provider_->current();
    return value_;
  }
  /// See CredentialProvider::refused; a fixed value cannot be renewed.
  bool refused(std::string_view value) const { return provider_ && provider_->refused(value); }

  /// The provider; nullptr for a fixed value or none.
  const std::shared_ptr<CredentialProvider>& provider() const noexcept { return provider_; }

 private:
  std::string value_;
  std::shared_ptr<CredentialProvider> provider_;
};

/// A Credential backed by a RefreshingToken.
inline Credential refreshing_token(RefreshingToken::Fetch fetch, RefreshOptions options = {}) {
  return Credential(std::make_shared<RefreshingToken>(std::move(fetch), std::move(options)));
}

namespace detail {
/// RenewOnRefusal's asynchronous send: `request` through `transport`'s async_send (its streamed body read
/// first where the transport cannot stream it), and for a 401 whose credential `renew` replaced, once more;
/// `handler` gets the last answer.
template <class T, class Renew, class Handler>
void async_send_renewing(T& transport, Request request, Renew renew, Handler&& handler) {
  if (auto unread = read_body_unless_streamed<T>(request))
    return AsyncGlue<Handler>::complete_later(std::forward<Handler>(handler), Result<Response>(*std::move(unread)));
  Request again = request;  // for the one resend; the transport owns `request` until it completes
  transport.async_send(std::move(request),
                       continue_with(std::forward<Handler>(handler),
                                     [&transport, again = std::move(again), renew = std::move(renew)](
                                         auto handler, Result<Response> first) mutable {
                                       // Here on the handler's executor already: the answer goes straight on.
                                       if (!first || first->status != 401 || !renew(again))
                                         return std::move(handler)(std::move(first));
                                       transport.async_send(std::move(again), std::move(handler));
                                     }));
}
}  // namespace detail

/// A transport as a client's calls see it: a request the service refused with 401 is renewed by `renew`
/// (true: its credential was replaced) and sent once more. A 401 means the service did nothing with the
/// request, so sending it again is safe whether or not the operation is idempotent. Over an AsyncTransport
/// it offers async_send() too, which does the same.
template <Transport T, class Renew>
class RenewOnRefusal {
 public:
  /// A streamed body reaches the transport as it is: read only where the transport cannot stream it.
  static constexpr bool streams_request_bodies = true;

  /// Sends through `transport`, which must outlive this object. `renew(Request&) -> bool` replaces the
  /// credential on the copy of a refused request and says whether it did.
  RenewOnRefusal(T& transport, Renew renew) : transport_(&transport), renew_(std::move(renew)) {}

  /// The transport's answer; for a 401 whose credential `renew` replaced, the answer to the one retry.
  Result<Response> send(const Request& request) {
    Result<Response> first = send_body_aware(*transport_, request);
    if (!first || first->status != 401) return first;
    Request again = request;
    if (!renew_(again)) return first;
    return send_body_aware(*transport_, again);
  }

  /// The asynchronous send(): the same answer, completed with SendSignature on the handler's executor.
  template <class Token>
    requires AsyncTransport<T>
  auto async_send(Request request, Token&& token) {
    return boost::asio::async_initiate<Token, SendSignature>(
        [this](auto handler, Request request) {
          detail::async_send_renewing(*transport_, std::move(request), renew_, std::move(handler));
        },
        token, std::move(request));
  }

 private:
  T* transport_;
  Renew renew_;
};

}  // namespace webapi
