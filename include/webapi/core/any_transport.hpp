#pragma once
// AnyTransport: any Transport behind one plain type, so application code need not be a template.
//
//   webapi::BeastTransport http;                    // production
//   webapi::fakes::quotes::Fake fake;               // tests
//   webapi::quotes::AnyClient quotes{http};         // or {fake}: the same type either way
//
// It refers to the transport it was made from (as a std::function_ref would) and costs one indirect
// call per request. make_any_transport() keeps a transport alive for callers who would rather hand one
// over than keep it themselves.
//
// It erases both forms: async_send() goes to the transport's own async_send through an
// asio::any_completion_handler. Made from a transport without an asynchronous form, its async_send()
// completes with an invalid_argument Error saying so (send() works as ever). Making one from an asynchronous
// transport, or calling async_send(), needs <webapi/core/async_transport.hpp>, which every asynchronous
// transport's header includes.

#include <concepts>
#include <cstddef>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <webapi/core/async_contract.hpp>
#include <webapi/core/body_stream.hpp>
#include <webapi/core/send_all.hpp>
#include <webapi/core/transport.hpp>

namespace webapi {

/// A Transport that forwards to another one of any type. It refers to that transport (or owns it, from
/// owning() or make_any_transport()); copies refer to the same one.
class AnyTransport {
 public:
  /// Refers to `transport`, which must outlive every use of this AnyTransport.
  template <Transport T>
    requires(!std::same_as<std::remove_cv_t<T>, AnyTransport> && !requires(T& t) { t.any_transport(); })
  AnyTransport(T& transport) noexcept  // NOLINT: implicit, so that any transport can be passed where one is taken
      : object_(std::addressof(transport)), send_(&send_to<T>), send_all_(&send_all_to<T>) {
    if constexpr (AsyncTransport<T>) async_send_ = &detail::AsyncGlue<T>::template erased_send<T>;
  }

  /// The AnyTransport that `transport.any_transport()` makes: a transport whose erasure is compiled with it
  /// (a compiled fake, <webapi/fakes/core/compiled.hpp>) saves its users compiling it again.
  template <Transport T>
    requires requires(T& t) {
      { t.any_transport() } noexcept -> std::same_as<AnyTransport>;
    }
  AnyTransport(T& transport) noexcept  // NOLINT: implicit, as above
      : AnyTransport(transport.any_transport()) {}

  /// Owns `transport` (shared between copies).
  template <Transport T>
  static AnyTransport owning(std::shared_ptr<T> transport) {
    AnyTransport any(*transport);
    any.keep_ = std::move(transport);
    return any;
  }

  /// Sends `request` through the transport it refers to, and returns its answer.
  Result<Response> send(const Request& request) { return send_(object_, request); }

  /// Sends a batch through the transport it refers to, as webapi::send_all() on that transport does: a
  /// BeastTransport keeps up to `concurrency` requests in flight, any other sends them one after another.
  std::vector<Result<Response>> send_all(std::span<const Request> requests, std::size_t concurrency = 16) {
    return send_all_(object_, requests, concurrency);
  }

  /// Sends `request` through the transport's async_send, completing `token` with SendSignature as that
  /// transport does; made from a transport without async_send, completes with an invalid_argument Error that
  /// says the transport has no asynchronous form, on the handler's executor.
  template <class Token>
  auto async_send(Request request, Token&& token) {
    return boost::asio::async_initiate<Token, SendSignature>(
        typename detail::AsyncGlue<Token>::AnySend{}, token, object_, async_send_, std::move(request));
  }

  /// Whether the transport it refers to has an asynchronous form.
  bool has_async_form() const noexcept { return async_send_ != nullptr; }

  /// Streamed bodies are passed on as they are, and read first for a transport that cannot stream them.
  static constexpr bool streams_request_bodies = true;

 private:
  template <class T>
  static Result<Response> send_to(void* object, const Request& request) {
    return send_body_aware(*static_cast<T*>(object), request);
  }
  template <class T>
  static std::vector<Result<Response>> send_all_to(void* object, std::span<const Request> requests,
                                                   std::size_t concurrency) {
    return webapi::send_all(*static_cast<T*>(object), requests, concurrency);
  }

  void* object_;
  Result<Response> (*send_)(void*, const Request&);
  std::vector<Result<Response>> (*send_all_)(void*, std::span<const Request>, std::size_t);
  void (*async_send_)(void*, Request&&, detail::ErasedSendHandler&&) = nullptr;
  std::shared_ptr<void> keep_;
};

/// An AnyTransport that owns a transport built from `args`.
template <Transport T, class... Args>
AnyTransport make_any_transport(Args&&... args) {
  return AnyTransport::owning(std::make_shared<T>(std::forward<Args>(args)...));
}

/// How a client holds its transport: a pointer to it, or, for AnyTransport, the small handle itself, so that a
/// client over AnyTransport can be made from any transport directly.
template <class T>
class TransportHandle {
 public:
  /// Refers to `transport`, which must outlive the client.
  explicit TransportHandle(T& transport) noexcept : transport_(&transport) {}
  /// The transport.
  T& operator*() const noexcept { return *transport_; }

 private:
  T* transport_;
};

/// An AnyTransport is held by value: it is itself a small reference to the real transport.
template <>
class TransportHandle<AnyTransport> {
 public:
  /// Keeps `transport`; the transport it refers to must outlive the client, unless it owns it.
  explicit TransportHandle(AnyTransport transport) noexcept : transport_(std::move(transport)) {}
  /// The AnyTransport.
  AnyTransport& operator*() const noexcept { return transport_; }

 private:
  mutable AnyTransport transport_;
};

/// Whether a client over T can be made from a U: the same transport, or any transport for AnyTransport.
/// (Written `template <webapi::TransportFor<T> U>`.)
template <class U, class T>
concept TransportFor = Transport<U> && (std::same_as<T, U> || std::same_as<T, AnyTransport>);

}  // namespace webapi
