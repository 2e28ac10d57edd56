#pragma once
// webapi::OpenEnum<E> — a string enum that a service may extend.
//
// Services add values to their enums (a new currency, a new state, a new event type) without notice. A
// member typed OpenEnum<E> holds either a value of E or, when the wire string is one E does not list, that
// string itself, so decoding never fails on it and encoding writes it back unchanged:
//
//   enum class Status { active, closed };   // with wire_values(Status), see wire_enum.hpp
//   struct Account { webapi::OpenEnum<Status> status; };
//
//   Account a{.status = Status::active};            // a known value converts implicitly
//   if (a.status == Status::active) ...              // compares with E
//   if (auto s = a.status.known()) switch (*s) ...  // nullopt for a value E does not list
//   a.status.wire();                                 // "active", or the unknown string as received
//   auto insist = webapi::OpenEnum<Status>::raw("frozen");  // send a value E does not list yet
//
// A plain E member stays closed: an unknown string is a decode error.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <webapi/core/wire_enum.hpp>

namespace webapi {

/// A value of the string enum E, or a wire string E does not list, kept as received. See the file's
/// introduction for how it reads and writes.
template <WireEnum E>
class OpenEnum {
 public:
  /// The enum whose values are known.
  using enum_type = E;

  /// E{}, as a plain enum member would be.
  OpenEnum() noexcept = default;
  /// The known value `value`; implicit, so a member is set from E directly.
  OpenEnum(E value) noexcept : value_(value) {}  // NOLINT: implicit on purpose, for `.status = E::x`

  /// A copy, the unknown string included.
  OpenEnum(const OpenEnum& o) : value_(o.value_), unknown_(o.unknown_ ? std::make_unique<std::string>(*o.unknown_) : nullptr) {}
  /// Takes the value, and the unknown string if any.
  OpenEnum(OpenEnum&&) noexcept = default;
  /// Copies the value, and the unknown string if any.
  OpenEnum& operator=(const OpenEnum& o) {
    if (this != &o) *this = OpenEnum(o);
    return *this;
  }
  /// Takes the value, and the unknown string if any.
  OpenEnum& operator=(OpenEnum&&) noexcept = default;

  /// Assigns a known value in place.
  OpenEnum& operator=(E value) noexcept {
    value_ = value;
    unknown_.reset();
    return *this;
  }

  /// The value whose wire string is `wire`: a known E when E lists it, otherwise that string as is.
  static OpenEnum raw(std::string wire) {
    OpenEnum o;
    if (auto e = webapi::from_wire<E>(wire)) o.value_ = *e;
    else o.unknown_ = std::make_unique<std::string>(std::move(wire));
    return o;
  }

  /// The value as E, or nullopt when the wire string is one E does not list.
  std::optional<E> known() const noexcept {
    if (is_known()) return value_;
    return std::nullopt;
  }
  /// Whether the value is one E lists.
  bool is_known() const noexcept { return !unknown_; }

  /// The wire string: E's for a known value, otherwise exactly as received or given to raw().
  std::string_view wire() const noexcept { return unknown_ ? std::string_view(*unknown_) : to_wire(value_); }

  /// Equal when both are the same known value, or both unknown with the same wire string.
  friend bool operator==(const OpenEnum& a, const OpenEnum& b) noexcept {
    if (a.is_known() != b.is_known()) return false;
    return a.is_known() ? a.value_ == b.value_ : *a.unknown_ == *b.unknown_;
  }
  /// An unknown value equals no E.
  friend bool operator==(const OpenEnum& a, E b) noexcept { return a.is_known() && a.value_ == b; }

 private:
  E value_{};
  // Only a value E does not list needs a string; keeping it behind a pointer keeps the common, known case
  // the size of a pointer and an enum, which matters in models with many enum members.
  std::unique_ptr<std::string> unknown_;
};

/// Whether T is an `OpenEnum` of some enum.
template <class T> struct is_open_enum : std::false_type {};
template <class E> struct is_open_enum<OpenEnum<E>> : std::true_type {};
/// `is_open_enum<T>::value`.
template <class T>
inline constexpr bool is_open_enum_v = is_open_enum<T>::value;

/// The wire string of an open enum value, known or not.
template <class E>
std::string_view to_wire(const OpenEnum<E>& v) noexcept {
  return v.wire();
}

/// from_wire<OpenEnum<E>>(s) always succeeds: an unknown string is kept as is.
template <class O>
  requires is_open_enum_v<O>
std::optional<O> from_wire(std::string_view s) {
  return O::raw(std::string(s));
}

}  // namespace webapi
