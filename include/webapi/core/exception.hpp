#pragma once
// The exception thrown by Result<T>::value() for callers who prefer exceptions.

#include <stdexcept>
#include <utility>

#include <webapi/core/error.hpp>

namespace webapi {

class Exception : public std::runtime_error {
 public:
  explicit Exception(Error error) : std::runtime_error(error.what()), error_(std::move(error)) {}
  const Error& error() const noexcept { return error_; }

 private:
  Error error_;
};

}  // namespace webapi
