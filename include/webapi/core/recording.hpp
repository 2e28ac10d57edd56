#pragma once
// Recording<T>: a transport decorator that keeps every request it passes on, for tests.

#include <mutex>
#include <optional>
#include <vector>

#include <webapi/core/transport.hpp>

namespace webapi {

template <Transport Inner>
class Recording {
 public:
  explicit Recording(Inner& inner) : inner_(&inner) {}

  Result<Response> send(const Request& request) {
    {
      std::lock_guard lock(mutex_);
      requests_.push_back(request);
    }
    return inner_->send(request);
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
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return requests_.size();
  }
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
  CannedTransport() = default;
  explicit CannedTransport(Response response) : response_(std::move(response)) {}
  void respond(Response response) {
    std::lock_guard lock(mutex_);
    response_ = std::move(response);
  }
  Result<Response> send(const Request& request) {
    std::lock_guard lock(mutex_);
    last_ = request;
    return response_;
  }
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
