#pragma once
// Recording<T>: a transport decorator that keeps every request it passes on, for tests; and CannedTransport,
// which answers every request alike. Both have an asynchronous form too (Recording where its inner
// transport has one).

#include <mutex>
#include <optional>
#include <vector>

#include <boost/asio/async_result.hpp>

#include <webapi/core/async_transport.hpp>
#include <webapi/core/transport.hpp>

namespace webapi {

/// A transport that keeps a copy of every request and passes it on to `Inner`, whose answer it returns
/// unchanged. Thread-safe; for tests that check what a client sent.
template <Transport Inner>
class Recording {
 public:
  /// Passes requests on to `inner`, which must outlive this Recording.
  explicit Recording(Inner& inner) : inner_(&inner) {}

  /// Records `request`, then sends it through the inner transport.
  Result<Response> send(const Request& request) {
    {
      std::lock_guard lock(mutex_);
      requests_.push_back(request);
    }
    return inner_->send(request);
  }

  /// The asynchronous send(): records `request`, then passes it to the inner transport's async_send.
  template <class Token>
    requires AsyncTransport<Inner>
  auto async_send(Request request, Token&& token) {
    {
      std::lock_guard lock(mutex_);
      requests_.push_back(request);
    }
    return inner_->async_send(std::move(request), std::forward<Token>(token));
  }

  /// Every request passed on so far, oldest first.
  std::vector<Request> requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }
  /// The newest request, if any.
  std::optional<Request> last() const {
    std::lock_guard lock(mutex_);
    if (requests_.empty()) return std::nullopt;
    return requests_.back();
  }
  /// How many requests were passed on.
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return requests_.size();
  }
  /// Forgets the recorded requests.
  void clear() {
    std::lock_guard lock(mutex_);
    requests_.clear();
  }

 private:
  Inner* inner_;
  mutable std::mutex mutex_;
  std::vector<Request> requests_;
};

/// A transport that answers every request with one canned response; for tests of request building
/// and response decoding. It records what it was sent.
class CannedTransport {
 public:
  /// Answers 200 with no headers and an empty body until respond() is called.
  CannedTransport() = default;
  /// Answers with `response`.
  explicit CannedTransport(Response response) : response_(std::move(response)) {}
  /// Answers every later request with `response`.
  void respond(Response response) {
    std::lock_guard lock(mutex_);
    response_ = std::move(response);
  }
  /// Keeps `request` as last() and answers with the canned response; never an error.
  Result<Response> send(const Request& request) {
    std::lock_guard lock(mutex_);
    last_ = request;
    return response_;
  }
  /// The asynchronous send(): keeps `request` as last() and completes with the canned response on the
  /// handler's executor, never inside this call.
  template <class Token>
  auto async_send(Request request, Token&& token) {
    return boost::asio::async_initiate<Token, SendSignature>(
        [this](auto handler, Request request) {
          detail::AsyncGlue<decltype(handler)>::complete_later(std::move(handler), send(request));
        },
        token, std::move(request));
  }

  /// The request most recently sent, if any.
  std::optional<Request> last() const {
    std::lock_guard lock(mutex_);
    return last_;
  }

 private:
  mutable std::mutex mutex_;
  Response response_;
  std::optional<Request> last_;
};

}  // namespace webapi
