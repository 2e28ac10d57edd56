#pragma once
// webapi::Optional<T> — a member that may be absent, behaving as std::optional<T> does.
//
// Models and operation parameters hold their optional members as Optional<T>. It reads, writes, compares and
// hashes as std::optional does, and converts to and from std::optional<T>:
//
//   track.title = "Take one";                        // set
//   if (track.title) use(*track.title);              // test and read
//   auto n = track.play_count.value_or(0);           // read with a fallback
//   track.title = std::nullopt;                      // clear
//   std::optional<std::string> t = track.title;      // hand on to code that takes std::optional
//
// Why not std::optional itself: a module's models have a few hundred optional member types, and
// std::optional's converting constructors and assignments are constrained on traits that are worked out
// for every T whether used or not; a TU that includes the finance module takes about 0.9 s and 90 MB more
// with std::optional (g++ 12, -O0, docs/json.md). Optional<T> offers the same operations with the same
// results, constexpr and triviality included (tests/core/optional_test.cpp runs the standard's
// rules on both, side by side). What it cannot offer: it is another type, so a `std::optional<T>&` cannot
// bind to a member, and a `const std::optional<T>&` parameter receives a converted copy.

#include <compare>
#include <concepts>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace webapi {

template <class T>
class Optional;

namespace detail {
template <class T> inline constexpr bool is_std_optional_v = false;
template <class T> inline constexpr bool is_std_optional_v<std::optional<T>> = true;
template <class T> inline constexpr bool is_webapi_optional_v = false;
template <class T> inline constexpr bool is_webapi_optional_v<Optional<T>> = true;

// U is a value to hold in Self (an Optional): not Self, nullopt, in_place or a std::optional. These are
// checked first, so that no trait of the value type is looked at when an Optional is copied.
template <class U, class Self>
concept plain_value =
    !std::same_as<std::remove_cvref_t<U>, Self> && !std::same_as<std::remove_cvref_t<U>, std::nullopt_t> &&
    !std::same_as<std::remove_cvref_t<U>, std::in_place_t> && !is_std_optional_v<std::remove_cvref_t<U>>;

// Whether T can be made from an Optional<U> in any of its forms: then Optional<T> does not unwrap one
// (the standard's converts-from-any-cvref).
template <class T, class W>
concept converts_from_any_cvref =
    std::is_constructible_v<T, W&> || std::is_convertible_v<W&, T> || std::is_constructible_v<T, W> ||
    std::is_convertible_v<W, T> || std::is_constructible_v<T, const W&> || std::is_convertible_v<const W&, T> ||
    std::is_constructible_v<T, const W> || std::is_convertible_v<const W, T>;

// A value comparison `a OP b` that gives something usable as bool.
template <class A, class B>
concept eq_with = requires(const A& a, const B& b) { { a == b } -> std::convertible_to<bool>; };
template <class A, class B>
concept ne_with = requires(const A& a, const B& b) { { a != b } -> std::convertible_to<bool>; };
template <class A, class B>
concept lt_with = requires(const A& a, const B& b) { { a < b } -> std::convertible_to<bool>; };
template <class A, class B>
concept le_with = requires(const A& a, const B& b) { { a <= b } -> std::convertible_to<bool>; };
template <class A, class B>
concept gt_with = requires(const A& a, const B& b) { { a > b } -> std::convertible_to<bool>; };
template <class A, class B>
concept ge_with = requires(const A& a, const B& b) { { a >= b } -> std::convertible_to<bool>; };

// Where the T lives, and how it is copied: trivially when T is trivially copyable (and so Optional<T> is), else
// as written here.
template <class T, bool = std::is_trivially_copyable_v<T>>
struct OptionalStorage {
  constexpr OptionalStorage() noexcept : none_() {}
  union {
    char none_;
    T value_;
  };
  bool has_ = false;
};
template <class T>
struct OptionalStorage<T, false> {
  constexpr OptionalStorage() noexcept : none_() {}
  constexpr OptionalStorage(const OptionalStorage& o) : none_() {
    if (o.has_) construct(o.value_);
  }
  constexpr OptionalStorage(OptionalStorage&& o) noexcept(std::is_nothrow_move_constructible_v<T>) : none_() {
    if (o.has_) construct(std::move(o.value_));
  }
  constexpr OptionalStorage& operator=(const OptionalStorage& o) {
    if (o.has_) assign(o.value_);
    else clear();
    return *this;
  }
  constexpr OptionalStorage& operator=(OptionalStorage&& o) noexcept(std::is_nothrow_move_constructible_v<T> &&
                                                                     std::is_nothrow_move_assignable_v<T>) {
    if (o.has_) assign(std::move(o.value_));
    else clear();
    return *this;
  }
  constexpr ~OptionalStorage() { clear(); }

  template <class... A>
  constexpr void construct(A&&... args) {
    std::construct_at(std::addressof(value_), std::forward<A>(args)...);
    has_ = true;
  }
  template <class U>
  constexpr void assign(U&& v) {
    if (has_) value_ = std::forward<U>(v);
    else construct(std::forward<U>(v));
  }
  constexpr void clear() noexcept {
    if (has_) {
      std::destroy_at(std::addressof(value_));
      has_ = false;
    }
  }

  union {
    char none_;
    T value_;
  };
  bool has_ = false;
};
}  // namespace detail

/// An optional T: either empty or holding a T. See the file's introduction.
template <class T>
class Optional : private detail::OptionalStorage<T> {
  static_assert(!std::is_reference_v<T> && !std::is_array_v<T> && std::is_object_v<T> &&
                    !std::same_as<std::remove_cv_t<T>, std::nullopt_t> &&
                    !std::same_as<std::remove_cv_t<T>, std::in_place_t>,
                "Optional<T> holds an object type that is not an array, nullopt_t or in_place_t, as std::optional");
  template <class U>
  friend class Optional;

 public:
  /// The type held.
  using value_type = T;

  /// Empty.
  constexpr Optional() noexcept = default;
  /// Empty.
  constexpr Optional(std::nullopt_t) noexcept {}  // NOLINT: implicit, as std::optional's
  /// A copy; moves take what `o` holds and leave it a moved-from T. Trivial when T's are.
  constexpr Optional(const Optional&) = default;
  constexpr Optional(Optional&&) = default;
  constexpr Optional& operator=(const Optional&) = default;
  constexpr Optional& operator=(Optional&&) = default;
  constexpr ~Optional() = default;

  /// Holds `v`, converted to T; implicit when U converts to T implicitly, as std::optional's. (Two
  /// constructors rather than explicit(bool), whose condition would be looked at before the constraints.)
  template <class U = T>
    requires(detail::plain_value<U, Optional> && std::is_convertible_v<U &&, T>)
  constexpr Optional(U&& v) {  // NOLINT: implicit, as std::optional's
    construct(std::forward<U>(v));
  }
  template <class U = T>
    requires(detail::plain_value<U, Optional> && !std::is_convertible_v<U &&, T> && std::is_constructible_v<T, U &&>)
  constexpr explicit Optional(U&& v) {
    construct(std::forward<U>(v));
  }
  /// Holds a T made from `args`.
  template <class... A>
    requires std::is_constructible_v<T, A...>
  constexpr explicit Optional(std::in_place_t, A&&... args) {
    construct(std::forward<A>(args)...);
  }
  template <class E, class... A>
    requires std::is_constructible_v<T, std::initializer_list<E>&, A...>
  constexpr explicit Optional(std::in_place_t, std::initializer_list<E> list, A&&... args) {
    construct(list, std::forward<A>(args)...);
  }
  /// What an `Optional<U>` holds, converted to T; implicit when U converts to T implicitly.
  template <class U>
    requires(!std::same_as<U, T> && std::is_constructible_v<T, const U&> &&
             !detail::converts_from_any_cvref<T, Optional<U>> && std::is_convertible_v<const U&, T>)
  constexpr Optional(const Optional<U>& o) {  // NOLINT: implicit, as std::optional's
    if (o) construct(*o);
  }
  template <class U>
    requires(!std::same_as<U, T> && std::is_constructible_v<T, const U&> &&
             !detail::converts_from_any_cvref<T, Optional<U>> && !std::is_convertible_v<const U&, T>)
  constexpr explicit Optional(const Optional<U>& o) {
    if (o) construct(*o);
  }
  template <class U>
    requires(!std::same_as<U, T> && std::is_constructible_v<T, U &&> &&
             !detail::converts_from_any_cvref<T, Optional<U>> && std::is_convertible_v<U &&, T>)
  constexpr Optional(Optional<U>&& o) {  // NOLINT: implicit, as std::optional's
    if (o) construct(std::move(*o));
  }
  template <class U>
    requires(!std::same_as<U, T> && std::is_constructible_v<T, U &&> &&
             !detail::converts_from_any_cvref<T, Optional<U>> && !std::is_convertible_v<U &&, T>)
  constexpr explicit Optional(Optional<U>&& o) {
    if (o) construct(std::move(*o));
  }
  /// What a std::optional holds, if anything.
  template <class U>
    requires std::is_constructible_v<T, const U&>
  constexpr Optional(const std::optional<U>& o) {  // NOLINT: implicit, so a std::optional assigns to a member
    if (o) construct(*o);
  }
  template <class U>
    requires std::is_constructible_v<T, U &&>
  constexpr Optional(std::optional<U>&& o) {  // NOLINT: implicit, so a std::optional assigns to a member
    if (o) construct(std::move(*o));
  }

  /// Empties it.
  constexpr Optional& operator=(std::nullopt_t) noexcept {
    reset();
    return *this;
  }
  /// Holds `v`, converted to T. (A scalar T assigns through the copy assignment instead, so that `o = {}`
  /// empties it, as std::optional's.)
  template <class U = T>
    requires(detail::plain_value<U, Optional> && !detail::is_webapi_optional_v<std::remove_cvref_t<U>> &&
             std::is_constructible_v<T, U &&> && std::is_assignable_v<T&, U &&> &&
             (!std::is_scalar_v<T> || !std::same_as<std::decay_t<U>, T>))
  constexpr Optional& operator=(U&& v) {
    assign(std::forward<U>(v));
    return *this;
  }
  /// What an `Optional<U>` holds, converted to T, if anything.
  template <class U>
    requires(!std::same_as<U, T> && std::is_constructible_v<T, const U&> && std::is_assignable_v<T&, const U&> &&
             !detail::converts_from_any_cvref<T, Optional<U>> && !std::is_assignable_v<T&, Optional<U>&> &&
             !std::is_assignable_v<T&, const Optional<U>&> && !std::is_assignable_v<T&, Optional<U>> &&
             !std::is_assignable_v<T&, const Optional<U>>)
  constexpr Optional& operator=(const Optional<U>& o) {
    if (o) assign(*o);
    else reset();
    return *this;
  }
  template <class U>
    requires(!std::same_as<U, T> && std::is_constructible_v<T, U> && std::is_assignable_v<T&, U> &&
             !detail::converts_from_any_cvref<T, Optional<U>> && !std::is_assignable_v<T&, Optional<U>&> &&
             !std::is_assignable_v<T&, const Optional<U>&> && !std::is_assignable_v<T&, Optional<U>> &&
             !std::is_assignable_v<T&, const Optional<U>>)
  constexpr Optional& operator=(Optional<U>&& o) {
    if (o) assign(std::move(*o));
    else reset();
    return *this;
  }
  /// What a std::optional holds, if anything.
  template <class U>
    requires(std::is_constructible_v<T, const U&> && std::is_assignable_v<T&, const U&>)
  constexpr Optional& operator=(const std::optional<U>& o) {
    if (o) assign(*o);
    else reset();
    return *this;
  }
  template <class U>
    requires(std::is_constructible_v<T, U &&> && std::is_assignable_v<T&, U &&>)
  constexpr Optional& operator=(std::optional<U>&& o) {
    if (o) assign(std::move(*o));
    else reset();
    return *this;
  }

  /// Replaces what it holds with a T made from `args`.
  template <class... A>
    requires std::is_constructible_v<T, A...>
  constexpr T& emplace(A&&... args) {
    reset();
    construct(std::forward<A>(args)...);
    return this->value_;
  }
  template <class E, class... A>
    requires std::is_constructible_v<T, std::initializer_list<E>&, A...>
  constexpr T& emplace(std::initializer_list<E> list, A&&... args) {
    reset();
    construct(list, std::forward<A>(args)...);
    return this->value_;
  }
  /// Empties it.
  constexpr void reset() noexcept {
    if (this->has_) {
      std::destroy_at(std::addressof(this->value_));
      this->has_ = false;
    }
  }
  /// Exchanges contents with `o`.
  constexpr void swap(Optional& o) noexcept(std::is_nothrow_move_constructible_v<T> && std::is_nothrow_swappable_v<T>) {
    if (this->has_ && o.has_) {
      using std::swap;
      swap(this->value_, o.value_);
    } else if (this->has_) {
      o.construct(std::move(this->value_));
      reset();
    } else if (o.has_) {
      construct(std::move(o.value_));
      o.reset();
    }
  }

  /// Whether it holds a T.
  constexpr bool has_value() const noexcept { return this->has_; }
  /// Whether it holds a T.
  constexpr explicit operator bool() const noexcept { return this->has_; }

  /// The T held; it must hold one.
  constexpr T& operator*() & noexcept { return this->value_; }
  constexpr const T& operator*() const& noexcept { return this->value_; }
  constexpr T&& operator*() && noexcept { return std::move(this->value_); }
  constexpr const T&& operator*() const&& noexcept { return std::move(this->value_); }
  constexpr T* operator->() noexcept { return std::addressof(this->value_); }
  constexpr const T* operator->() const noexcept { return std::addressof(this->value_); }

  /// The T held; throws std::bad_optional_access when empty.
  constexpr T& value() & { return check(), this->value_; }
  constexpr const T& value() const& { return check(), this->value_; }
  constexpr T&& value() && { return check(), std::move(this->value_); }
  constexpr const T&& value() const&& { return check(), std::move(this->value_); }

  /// The T held, or `fallback` converted to T.
  template <class U>
  constexpr T value_or(U&& fallback) const& {
    return this->has_ ? this->value_ : static_cast<T>(std::forward<U>(fallback));
  }
  template <class U>
  constexpr T value_or(U&& fallback) && {
    return this->has_ ? std::move(this->value_) : static_cast<T>(std::forward<U>(fallback));
  }

  /// A std::optional<T> with the same contents.
  template <class O>
    requires std::same_as<O, std::optional<T>>
  constexpr operator O() const& {  // NOLINT: implicit, for code that takes std::optional
    return this->has_ ? O(this->value_) : O();
  }
  template <class O>
    requires std::same_as<O, std::optional<T>>
  constexpr operator O() && {  // NOLINT: implicit, for code that takes std::optional
    return this->has_ ? O(std::move(this->value_)) : O();
  }

  friend constexpr bool operator==(const Optional& a, const Optional& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }
  // Comparisons with a std::optional. A template, so that only an argument that is a std::optional is ever
  // considered: the compiler never looks for a conversion, which would instantiate std::optional<T>. It is
  // also more specialized than std::optional's own comparison with a value, which would otherwise make the
  // two ambiguous. Written out in both orders: compilers differ on whether the reversed form beats
  // std::optional's.
  template <class U>
  friend constexpr bool operator==(const Optional& a, const std::optional<U>& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }
  template <class U>
  friend constexpr bool operator==(const std::optional<U>& b, const Optional& a) {
    return a == b;
  }

 private:
  constexpr void check() const {
    if (!this->has_) throw std::bad_optional_access();
  }
  template <class... A>
  constexpr void construct(A&&... args) {
    std::construct_at(std::addressof(this->value_), std::forward<A>(args)...);
    this->has_ = true;
  }
  template <class U>
  constexpr void assign(U&& v) {
    if (this->has_) this->value_ = std::forward<U>(v);
    else construct(std::forward<U>(v));
  }
};

/// Optional(v) holds a copy of v's type.
template <class T>
Optional(T) -> Optional<T>;

/// Exchanges the contents of `a` and `b`.
template <class T>
  requires(std::is_move_constructible_v<T> && std::is_swappable_v<T>)
constexpr void swap(Optional<T>& a, Optional<T>& b) noexcept(noexcept(a.swap(b))) {
  a.swap(b);
}

// Comparisons between Optionals, each by the same operator on the values: an empty one equals another empty
// one and orders before any value, as std::optional's.
template <class T, class U>
  requires detail::eq_with<T, U>
constexpr bool operator==(const Optional<T>& a, const Optional<U>& b) {
  return bool(a) == bool(b) && (!a || bool(*a == *b));
}
template <class T, class U>
  requires detail::ne_with<T, U>
constexpr bool operator!=(const Optional<T>& a, const Optional<U>& b) {
  return bool(a) != bool(b) || (a && bool(*a != *b));
}
template <class T, class U>
  requires detail::lt_with<T, U>
constexpr bool operator<(const Optional<T>& a, const Optional<U>& b) {
  return b && (!a || bool(*a < *b));
}
template <class T, class U>
  requires detail::gt_with<T, U>
constexpr bool operator>(const Optional<T>& a, const Optional<U>& b) {
  return a && (!b || bool(*a > *b));
}
template <class T, class U>
  requires detail::le_with<T, U>
constexpr bool operator<=(const Optional<T>& a, const Optional<U>& b) {
  return !a || (b && bool(*a <= *b));
}
template <class T, class U>
  requires detail::ge_with<T, U>
constexpr bool operator>=(const Optional<T>& a, const Optional<U>& b) {
  return !b || (a && bool(*a >= *b));
}
template <class T, std::three_way_comparable_with<T> U>
constexpr std::compare_three_way_result_t<T, U> operator<=>(const Optional<T>& a, const Optional<U>& b) {
  if (a && b) return *a <=> *b;
  return bool(a) <=> bool(b);
}

// Comparisons with nullopt: empty equals it, and every value orders after it.
template <class T>
constexpr bool operator==(const Optional<T>& a, std::nullopt_t) noexcept {
  return !a;
}
template <class T>
constexpr std::strong_ordering operator<=>(const Optional<T>& a, std::nullopt_t) noexcept {
  return bool(a) <=> false;
}

// Comparisons with a value: an empty Optional is unequal to it and orders before it.
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::eq_with<T, U>)
constexpr bool operator==(const Optional<T>& a, const U& v) {
  return a && bool(*a == v);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::eq_with<U, T>)
constexpr bool operator==(const U& v, const Optional<T>& a) {
  return a && bool(v == *a);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::ne_with<T, U>)
constexpr bool operator!=(const Optional<T>& a, const U& v) {
  return !a || bool(*a != v);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::ne_with<U, T>)
constexpr bool operator!=(const U& v, const Optional<T>& a) {
  return !a || bool(v != *a);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::lt_with<T, U>)
constexpr bool operator<(const Optional<T>& a, const U& v) {
  return !a || bool(*a < v);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::lt_with<U, T>)
constexpr bool operator<(const U& v, const Optional<T>& a) {
  return a && bool(v < *a);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::gt_with<T, U>)
constexpr bool operator>(const Optional<T>& a, const U& v) {
  return a && bool(*a > v);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::gt_with<U, T>)
constexpr bool operator>(const U& v, const Optional<T>& a) {
  return !a || bool(v > *a);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::le_with<T, U>)
constexpr bool operator<=(const Optional<T>& a, const U& v) {
  return !a || bool(*a <= v);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::le_with<U, T>)
constexpr bool operator<=(const U& v, const Optional<T>& a) {
  return a && bool(v <= *a);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::ge_with<T, U>)
constexpr bool operator>=(const Optional<T>& a, const U& v) {
  return a && bool(*a >= v);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && detail::ge_with<U, T>)
constexpr bool operator>=(const U& v, const Optional<T>& a) {
  return !a || bool(v >= *a);
}
template <class T, class U>
  requires(detail::plain_value<U, Optional<T>> && !detail::is_webapi_optional_v<U> && std::three_way_comparable_with<T, U>)
constexpr std::compare_three_way_result_t<T, U> operator<=>(const Optional<T>& a, const U& v) {
  return a ? *a <=> v : std::strong_ordering::less;
}

}  // namespace webapi

/// Hashes as std::optional<T> does: a value as T hashes, empty as an empty std::optional<T>. Enabled when T's
/// hash is.
template <class T>
  requires std::is_default_constructible_v<std::hash<std::remove_const_t<T>>>
struct std::hash<webapi::Optional<T>> {
  std::size_t operator()(const webapi::Optional<T>& o) const {
    return o ? std::hash<std::remove_const_t<T>>{}(*o) : std::hash<std::optional<T>>{}(std::nullopt);
  }
};
