#pragma once
// webapi::Optional<T> — a member that may be absent, with std::optional's interface.
//
// Models and operation parameters hold their optional members as Optional<T>. It reads and writes as
// std::optional does, and converts to and from std::optional<T>:
//
//   track.title = "Take one";                        // set
//   if (track.title) use(*track.title);              // test and read
//   auto n = track.play_count.value_or(0);           // read with a fallback
//   track.title = std::nullopt;                      // clear
//   std::optional<std::string> t = track.title;      // hand on to code that takes std::optional
//
// Why not std::optional itself: a module's models have a few hundred optional member types, and
// instantiating std::optional with its bases and traits for each costs over a second in every translation
// unit that includes the module. Optional<T> is one class with nothing to select, so that cost is about a
// tenth. The differences from std::optional: its copy and move are never trivial, and it is not usable in
// constant expressions. And where code takes a `const std::optional<T>&`, an Optional passed to it is
// converted into a temporary copy: a function that returns a reference into its argument must take
// `const webapi::Optional<T>&` instead.

#include <compare>
#include <concepts>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace webapi {

namespace detail {
template <class T> inline constexpr bool is_std_optional_v = false;
template <class T> inline constexpr bool is_std_optional_v<std::optional<T>> = true;

// U is a value to hold in Self (an Optional): not Self, nullopt, in_place or a std::optional. These are
// checked first, so that no trait of the value type is looked at when an Optional is copied.
template <class U, class Self>
concept plain_value =
    !std::same_as<std::remove_cvref_t<U>, Self> && !std::same_as<std::remove_cvref_t<U>, std::nullopt_t> &&
    !std::same_as<std::remove_cvref_t<U>, std::in_place_t> && !is_std_optional_v<std::remove_cvref_t<U>>;
}  // namespace detail

/// An optional T: either empty or holding a T. See the file's introduction.
template <class T>
class Optional {
 public:
  /// The type held.
  using value_type = T;

  /// Empty.
  constexpr Optional() noexcept {}
  /// Empty.
  constexpr Optional(std::nullopt_t) noexcept {}  // NOLINT: implicit, as std::optional's
  /// Holds `v`, converted to T; implicit when U converts to T implicitly, as std::optional's. (Two
  /// constructors rather than explicit(bool), whose condition would be looked at before the constraints.)
  template <class U = T>
    requires(detail::plain_value<U, Optional> && std::is_convertible_v<U &&, T>)
  Optional(U&& v) {  // NOLINT: implicit, as std::optional's
    construct(std::forward<U>(v));
  }
  template <class U = T>
    requires(detail::plain_value<U, Optional> && !std::is_convertible_v<U &&, T> && std::is_constructible_v<T, U &&>)
  explicit Optional(U&& v) {
    construct(std::forward<U>(v));
  }
  /// Holds a T made from `args`.
  template <class... A>
  explicit Optional(std::in_place_t, A&&... args) {
    construct(std::forward<A>(args)...);
  }
  /// What `o` holds, if anything.
  template <class U>
    requires std::is_constructible_v<T, const U&>
  Optional(const std::optional<U>& o) {  // NOLINT: implicit, so a std::optional assigns to a member
    if (o) construct(*o);
  }
  template <class U>
    requires std::is_constructible_v<T, U &&>
  Optional(std::optional<U>&& o) {  // NOLINT: implicit, so a std::optional assigns to a member
    if (o) construct(std::move(*o));
  }
  /// A copy.
  Optional(const Optional& o) {
    if (o.has_) construct(o.value_);
  }
  /// Takes what `o` holds; `o` keeps a moved-from T.
  Optional(Optional&& o) noexcept(std::is_nothrow_move_constructible_v<T>) {
    if (o.has_) construct(std::move(o.value_));
  }
  ~Optional() { reset(); }

  /// Empties it.
  Optional& operator=(std::nullopt_t) noexcept {
    reset();
    return *this;
  }
  /// Copies `o`.
  Optional& operator=(const Optional& o) {
    if (o.has_) assign(o.value_);
    else reset();
    return *this;
  }
  /// Takes what `o` holds.
  Optional& operator=(Optional&& o) noexcept(std::is_nothrow_move_constructible_v<T> &&
                                             std::is_nothrow_move_assignable_v<T>) {
    if (o.has_) assign(std::move(o.value_));
    else reset();
    return *this;
  }
  /// Holds `v`, converted to T.
  template <class U = T>
    requires(detail::plain_value<U, Optional> && std::is_constructible_v<T, U &&> && std::is_assignable_v<T&, U &&>)
  Optional& operator=(U&& v) {
    assign(std::forward<U>(v));
    return *this;
  }
  /// What `o` holds, if anything.
  template <class U>
    requires(std::is_constructible_v<T, const U&> && std::is_assignable_v<T&, const U&>)
  Optional& operator=(const std::optional<U>& o) {
    if (o) assign(*o);
    else reset();
    return *this;
  }
  template <class U>
    requires(std::is_constructible_v<T, U &&> && std::is_assignable_v<T&, U &&>)
  Optional& operator=(std::optional<U>&& o) {
    if (o) assign(std::move(*o));
    else reset();
    return *this;
  }

  /// Replaces what it holds with a T made from `args`.
  template <class... A>
  T& emplace(A&&... args) {
    reset();
    construct(std::forward<A>(args)...);
    return value_;
  }
  /// Empties it.
  void reset() noexcept {
    if (has_) {
      value_.~T();
      has_ = false;
    }
  }
  /// Exchanges contents with `o`.
  void swap(Optional& o) noexcept(std::is_nothrow_move_constructible_v<T> && std::is_nothrow_swappable_v<T>) {
    if (has_ && o.has_) {
      using std::swap;
      swap(value_, o.value_);
    } else if (has_) {
      o.construct(std::move(value_));
      reset();
    } else if (o.has_) {
      construct(std::move(o.value_));
      o.reset();
    }
  }
  friend void swap(Optional& a, Optional& b) noexcept(noexcept(a.swap(b))) { a.swap(b); }

  /// Whether it holds a T.
  bool has_value() const noexcept { return has_; }
  /// Whether it holds a T.
  explicit operator bool() const noexcept { return has_; }

  /// The T held; it must hold one.
  T& operator*() & noexcept { return value_; }
  const T& operator*() const& noexcept { return value_; }
  T&& operator*() && noexcept { return std::move(value_); }
  const T&& operator*() const&& noexcept { return std::move(value_); }
  T* operator->() noexcept { return std::addressof(value_); }
  const T* operator->() const noexcept { return std::addressof(value_); }

  /// The T held; throws std::bad_optional_access when empty.
  T& value() & { return check(), value_; }
  const T& value() const& { return check(), value_; }
  T&& value() && { return check(), std::move(value_); }
  const T&& value() const&& { return check(), std::move(value_); }

  /// The T held, or `fallback` converted to T.
  template <class U>
  T value_or(U&& fallback) const& {
    return has_ ? value_ : static_cast<T>(std::forward<U>(fallback));
  }
  template <class U>
  T value_or(U&& fallback) && {
    return has_ ? std::move(value_) : static_cast<T>(std::forward<U>(fallback));
  }

  /// A std::optional<T> with the same contents.
  template <class O>
    requires std::same_as<O, std::optional<T>>
  operator O() const& {  // NOLINT: implicit, for code that takes std::optional
    return has_ ? O(value_) : O();
  }
  template <class O>
    requires std::same_as<O, std::optional<T>>
  operator O() && {  // NOLINT: implicit, for code that takes std::optional
    return has_ ? O(std::move(value_)) : O();
  }

  // Comparisons, as std::optional's: empty equals empty and orders before any value.
  friend bool operator==(const Optional& a, const Optional& b) {
    return a.has_ == b.has_ && (!a.has_ || a.value_ == b.value_);
  }
  friend bool operator==(const Optional& a, std::nullopt_t) noexcept { return !a.has_; }
  // A template, so that only an argument that is a std::optional is ever considered: the compiler never
  // looks for a conversion, which would instantiate std::optional<T>. It is also more specialized than
  // std::optional's own comparison with a value, which would otherwise make the two ambiguous.
  // Written out in both orders: compilers differ on whether the reversed form beats std::optional's.
  template <class U>
  friend bool operator==(const Optional& a, const std::optional<U>& b) {
    return a.has_ == b.has_value() && (!a.has_ || a.value_ == *b);
  }
  template <class U>
  friend bool operator==(const std::optional<U>& b, const Optional& a) {
    return a == b;
  }
  template <class U>
    requires detail::plain_value<U, Optional>
  friend bool operator==(const Optional& a, const U& b) {
    return a.has_ && a.value_ == b;
  }
  friend auto operator<=>(const Optional& a, const Optional& b)
    requires std::three_way_comparable<T>
  {
    if (a.has_ && b.has_) return std::compare_three_way_result_t<T>(a.value_ <=> b.value_);
    return std::compare_three_way_result_t<T>(a.has_ <=> b.has_);
  }
  friend std::strong_ordering operator<=>(const Optional& a, std::nullopt_t) noexcept {
    return a.has_ <=> false;
  }

 private:
  void check() const {
    if (!has_) throw std::bad_optional_access();
  }
  template <class... A>
  void construct(A&&... args) {
    ::new (static_cast<void*>(std::addressof(value_))) T(std::forward<A>(args)...);
    has_ = true;
  }
  template <class U>
  void assign(U&& v) {
    if (has_) value_ = std::forward<U>(v);
    else construct(std::forward<U>(v));
  }

  union {
    T value_;
  };
  bool has_ = false;
};

}  // namespace webapi
