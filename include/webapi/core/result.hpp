#pragma once
// Result<T>: a value or an Error. Errors are values; value() throws for callers who prefer exceptions.

#include <type_traits>
#include <utility>
#include <variant>

#include <webapi/core/error.hpp>
#include <webapi/core/exception.hpp>

namespace webapi {

template <class T>
class [[nodiscard]] Result {
  static_assert(!std::is_same_v<T, Error>, "Result<Error> is ambiguous");

 public:
  using value_type = T;

  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool has_value() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  /// The value; throws webapi::Exception carrying the error if there is none. On a temporary Result the
  /// value is moved out and returned by value, so `for (auto& x : client.list().value())` and
  /// `for (auto& x : *client.list())` iterate a value that lives as long as the loop.
  T& value() & { check(); return std::get<0>(v_); }
  const T& value() const& { check(); return std::get<0>(v_); }
  T value() && { check(); return std::get<0>(std::move(v_)); }

  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? std::get<0>(v_) : static_cast<T>(std::forward<U>(fallback));
  }

  /// The error; only meaningful when !has_value().
  const Error& error() const& { return std::get<1>(v_); }
  Error&& error() && { return std::get<1>(std::move(v_)); }

  T& operator*() & { return std::get<0>(v_); }
  const T& operator*() const& { return std::get<0>(v_); }
  T operator*() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }

 private:
  void check() const {
    if (!has_value()) throw Exception(std::get<1>(v_));
  }
  std::variant<T, Error> v_;
};

/// Result<void>: success or an Error.
template <>
class [[nodiscard]] Result<void> {
 public:
  using value_type = void;

  Result() = default;
  Result(Error error) : error_(std::move(error)), ok_(false) {}  // NOLINT

  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  void value() const {
    if (!ok_) throw Exception(error_);
  }
  const Error& error() const& { return error_; }

 private:
  Error error_;
  bool ok_ = true;
};

}  // namespace webapi
