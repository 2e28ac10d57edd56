#pragma once
// webapi::Required<T>: a member of a parameter struct that the operation cannot do without.
//
//   quotes.get_qshow({.id = "qs-1"});   // compiles
//   quotes.get_qshow({});               // does not: Required<std::string> has no default value
//
// A parameter struct is filled with designated initializers; a member left out is initialized from `{}`,
// which Required refuses at compile time, so a required query parameter or header cannot be forgotten. It
// converts from anything its T is constructible from, and reads like a pointer to its value.

#include <concepts>
#include <type_traits>
#include <utility>

namespace webapi {

/// A parameter-struct member that must be given: it has no default constructor, so leaving it out of a
/// designated initializer does not compile. Otherwise it holds and reads like a T.
template <class T>
class Required {
 public:
  /// Deleted: this parameter is required; give it a value in the parameter struct's initializer.
  Required() = delete;

  /// Holds `value`; implicit, so the member is filled as a plain T would be.
  Required(T value) : value_(std::move(value)) {}  // NOLINT(google-explicit-constructor): filled as T is
  /// Holds a T constructed from `value`, for anything T is constructible from (a string literal for a string).
  template <class U>
    requires(!std::same_as<std::remove_cvref_t<U>, Required> && !std::same_as<std::remove_cvref_t<U>, T> &&
             std::constructible_from<T, U &&>)
  Required(U&& value) : value_(std::forward<U>(value)) {}  // NOLINT(google-explicit-constructor)

  /// Replaces the held value.
  Required& operator=(T value) {
    value_ = std::move(value);
    return *this;
  }

  /// The held value.
  const T& operator*() const& noexcept { return value_; }
  /// The held value, to change.
  T& operator*() & noexcept { return value_; }
  /// Member access to the held value.
  const T* operator->() const noexcept { return &value_; }
  /// Member access to the held value, to change it.
  T* operator->() noexcept { return &value_; }
  /// The held value.
  const T& value() const noexcept { return value_; }

  /// Equal when the held values are equal.
  friend bool operator==(const Required&, const Required&) = default;

 private:
  T value_;
};

}  // namespace webapi
