#pragma once
// The exception thrown by Result<T>::value() for callers who prefer exceptions.

#include <stdexcept>
#include <utility>

#include <webapi/core/error.hpp>

namespace webapi {

/// Thrown by `Result<T>::value()` when the result holds an Error; carries that Error whole.
class Exception : public std::runtime_error {
 public:
  /// Takes `error`; what() is the error's own message.
  explicit Exception(Error error) : std::runtime_error(error.what()), error_(std::move(error)) {}
  /// The Error that was thrown, with its kind, status and details.
  const Error& error() const noexcept { return error_; }

 private:
  Error error_;
};

}  // namespace webapi
