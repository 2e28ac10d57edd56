#pragma once
// ClientBase: what every generated client shares, written once.
//
//   template <webapi::Transport T>
//   class Client : public webapi::ClientBase<Client<T>, T, Config> { ... };   // webapi/<module>/client.hpp
//
// The generated client keeps what differs per module and per operation: its methods, which credentials it
// sends and how it renews them. This base holds the transport and the Config, starts each request at
// Config::base_url, runs it (sent, its answer checked and decoded, sent once more with a renewed credential
// after a 401), and offers send() for any path.
//
// Over an AsyncTransport every call has an asynchronous twin, `async_<operation>(params..., token)`, run by
// async_run(): the same request, sent through async_send, completing the token with the same Result; awaited
// with boost::asio::use_awaitable, the call runs as one coroutine. The client must outlive the operations it
// starts. The header costs one small Asio header; the asynchronous forms are compiled where
// <webapi/core/async_transport.hpp> is included (every asynchronous transport's header includes it).

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <boost/json/value.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/async_contract.hpp>
#include <webapi/core/call.hpp>
#include <webapi/core/credentials.hpp>
#include <webapi/core/method.hpp>
#include <webapi/core/request_builder.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/send_options.hpp>
#include <webapi/core/transport.hpp>

namespace webapi {

/// The part of every generated client that is the same for all: see the file's introduction.
///
/// `Derived`, the generated client, befriends this base and provides:
/// - `void prepare(RequestBuilder&) const`: what every request carries (its credentials, the service's system
///   parameters);
/// - `bool reauthorize(Request&) const`: puts a renewed credential on a request the service refused with 401,
///   and says whether it did;
/// - `static constexpr const ResponseSpec& send_spec`: how send()'s answers decode (the module's errors).
template <class Derived, Transport T, class Config>
class ClientBase {
 public:
  /// Sends through `transport`, which must outlive the client.
  explicit ClientBase(T& transport, Config config = {}) : transport_(transport), config_(std::move(config)) {}
  /// For AnyClient: any transport, which must outlive the client.
  template <TransportFor<T> U>
    requires(!std::same_as<T, U>)
  explicit ClientBase(U& transport, Config config = {})
      : transport_(AnyTransport(transport)), config_(std::move(config)) {}

  /// The settings the client was made with.
  const Config& config() const noexcept { return config_; }

  /// Any request by method and path, for operations without a method of their own. `path` is sent as given
  /// (already percent-encoded, starting with '/'); base URL and credentials apply as for every call.
  template <class R = boost::json::value>
  Result<R> send(Method method, std::string_view path, const SendOptions& options = {}) {
    auto req = start(method, options.operation_name());
    options.apply(req.path(path));
    derived().prepare(req);
    return run<R>(std::move(req).build(), Derived::send_spec);
  }

 protected:
  /// Sends `request` (unless building it failed) and decodes the answer as `R` under `spec`; after a 401, sends
  /// it once more if `Derived::reauthorize` renewed its credential.
  template <class R>
  Result<R> run(Result<Request> request, const ResponseSpec& spec = {}) {
    RenewOnRefusal via{*transport_, [this](Request& r) { return derived().reauthorize(r); }};
    return call<R>(via, request, spec);
  }

  /// The asynchronous run(): the same checks, send, renewal and decode, through the transport's async_send;
  /// completes `token` with `void(Result<R>)` on its handler's executor, never inside this call. A request
  /// that failed to build or validate completes with that error, unsent. Awaited with
  /// boost::asio::use_awaitable, the call is one coroutine (detail::AwaitedCall) with the same outcome.
  template <class R, class Token>
    requires AsyncTransport<T>
  auto async_run(Result<Request> request, const ResponseSpec& spec, Token&& token) {
    if constexpr (detail::AwaitedCall<Result<R>>::template takes<Token>) {
      std::optional<Error> refused = unsendable(request);
      return detail::AwaitedCall<Result<R>>::run(
          *transport_, std::move(request), std::move(refused), [this](Request& r) { return derived().reauthorize(r); },
          [&spec](const Request& sent, Result<Response> answer) {
            return call_outcome<R>(sent, std::move(answer), spec);
          });
    } else {
      return async_initiate_run<R>(std::move(request), spec, std::forward<Token>(token));
    }
  }

  /// A request for `operation` at Config::base_url; one that fails when the base URL is empty.
  RequestBuilder start(Method method, std::string_view operation) const {
    RequestBuilder req(method, operation, config_.base_url);
    if (config_.base_url.empty()) req.fail("base_url is required");
    return req;
  }

  TransportHandle<T> transport_;  ///< the transport, held as TransportHandle says
  Config config_;                 ///< the settings

 private:
  const Derived& derived() const noexcept { return static_cast<const Derived&>(*this); }

  /// async_run() for any token but use_awaitable.
  template <class R, class Token>
  auto async_initiate_run(Result<Request> request, const ResponseSpec& spec, Token&& token) {
    return boost::asio::async_initiate<Token, void(Result<R>)>(
        [this, &spec](auto handler, Result<Request> request) {
          if (auto problem = unsendable(request))
            return detail::AsyncGlue<decltype(handler)>::complete_later(std::move(handler), Result<R>(*std::move(problem)));
          // The decode step keeps what it reads of the request (operation, credentials), not its body.
          std::string body = std::move(request->body);
          Request about = *request;
          request->body = std::move(body);
          about.body_stream.reset();
          detail::async_send_renewing(
              *transport_, *std::move(request), [this](Request& r) { return derived().reauthorize(r); },
              detail::continue_with(std::move(handler),
                                    [about = std::move(about), &spec](auto handler, Result<Response> sent) {
                                      std::move(handler)(call_outcome<R>(about, std::move(sent), spec));
                                    }));
        },
        token, std::move(request));
  }
};

}  // namespace webapi
