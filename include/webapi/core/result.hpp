#pragma once
// Result<T>: a value or an Error. Errors are values; value() throws for callers who prefer exceptions.

#include <type_traits>
#include <utility>
#include <variant>

#include <webapi/core/error.hpp>
#include <webapi/core/exception.hpp>

namespace webapi {

/// A T or the Error that stopped it being made. Test it (`if (r)`) and read `*r` or `r.error()`, or call
/// value(), which throws webapi::Exception on an error.
template <class T>
class [[nodiscard]] Result {
  static_assert(!std::is_same_v<T, Error>, "Result<Error> is ambiguous");

 public:
  /// The type held on success.
  using value_type = T;

  /// A success holding `value`; implicit, so a function returning Result returns its T directly.
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  /// A failure holding `error`; implicit, so a function returning Result returns its Error directly.
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  /// Whether it holds a value rather than an error.
  bool has_value() const noexcept { return v_.index() == 0; }
  /// has_value().
  explicit operator bool() const noexcept { return has_value(); }

  /// The value; throws webapi::Exception carrying the error if there is none. On a temporary Result the
  /// value is moved out and returned by value, so `for (auto& x : client.list().value())` and
  /// `for (auto& x : *client.list())` iterate a value that lives as long as the loop.
  T& value() & { check(); return std::get<0>(v_); }
  /// As value(), read-only.
  const T& value() const& { check(); return std::get<0>(v_); }
  /// As value(), moving the value out of a temporary Result.
  T value() && { check(); return std::get<0>(std::move(v_)); }

  /// The value, or `fallback` converted to T when there is an error.
  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? std::get<0>(v_) : static_cast<T>(std::forward<U>(fallback));
  }

  /// The error; only meaningful when !has_value().
  /// On a Result that holds a value it throws std::bad_variant_access.
  const Error& error() const& { return std::get<1>(v_); }
  /// As error(), moving the error out of a temporary Result.
  Error&& error() && { return std::get<1>(std::move(v_)); }

  /// The value, unchecked by has_value(): on an error it throws std::bad_variant_access, not webapi::Exception.
  /// On a temporary Result the value is moved out.
  T& operator*() & { return std::get<0>(v_); }
  /// As `*r`, read-only.
  const T& operator*() const& { return std::get<0>(v_); }
  /// As `*r`, moving the value out of a temporary Result.
  T operator*() && { return std::get<0>(std::move(v_)); }
  /// Member access to the value; throws std::bad_variant_access on an error.
  T* operator->() { return &std::get<0>(v_); }
  /// Read-only member access to the value; throws std::bad_variant_access on an error.
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
  /// No value on success.
  using value_type = void;

  /// A success.
  Result() = default;
  /// A failure holding `error`; implicit, so a function returning `Result<void>` returns its Error directly.
  Result(Error error) : error_(std::move(error)), ok_(false) {}  // NOLINT

  /// Whether it succeeded.
  bool has_value() const noexcept { return ok_; }
  /// has_value().
  explicit operator bool() const noexcept { return ok_; }
  /// Throws webapi::Exception carrying the error if it failed; returns otherwise.
  void value() const {
    if (!ok_) throw Exception(error_);
  }
  /// The error; a default Error when it succeeded.
  const Error& error() const& { return error_; }

 private:
  Error error_;
  bool ok_ = true;
};

}  // namespace webapi
