#pragma once
// Box<T>: a heap-held T with value semantics, for models that contain themselves.

#include <memory>
#include <utility>

namespace webapi {

/// A T on the heap that copies, compares and assigns as the T it holds, so a model can contain itself.
///
/// A moved-from Box holds nothing: destroy it or move-assign to it, nothing else.
template <class T>
class Box {
 public:
  /// Holds a value-initialized T.
  Box() : p_(std::make_unique<T>()) {}
  /// Holds `value`; implicit, so a Box member is filled with a plain T.
  Box(T value) : p_(std::make_unique<T>(std::move(value))) {}  // NOLINT: implicit by design
  /// A deep copy: a new T copied from the one `o` holds.
  Box(const Box& o) : p_(std::make_unique<T>(*o.p_)) {}
  /// Takes the T that the other Box held, leaving that Box empty.
  Box(Box&&) noexcept = default;
  /// Copy-assigns the held T from the one `o` holds.
  Box& operator=(const Box& o) { *p_ = *o.p_; return *this; }
  /// Takes the T that `o` held, leaving `o` empty.
  Box& operator=(Box&& o) noexcept = default;

  /// The held value.
  T& operator*() { return *p_; }
  /// The held value, read-only.
  const T& operator*() const { return *p_; }
  /// Member access to the held value.
  T* operator->() { return p_.get(); }
  /// Read-only member access to the held value.
  const T* operator->() const { return p_.get(); }

  /// Equal when the held values are equal.
  friend bool operator==(const Box& a, const Box& b) { return *a.p_ == *b.p_; }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace webapi
