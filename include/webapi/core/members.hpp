#pragma once
// The members of a model, for the JSON codec, the form writer and anything else that walks a model.
//
// The generator writes a member table beside each model, a function template found by argument-dependent
// lookup, so that only the models a program encodes or decodes have theirs compiled:
//
//   template <class T = Track>
//   auto webapi_members(Track**) { return webapi::member_list(0 WEBAPI_MEMBER(T, id) WEBAPI_MEMBER(T, title)); }
//
// A struct of the application's own may have such a table too, or be described with Boost.Describe's
// public macros (BOOST_DESCRIBE_STRUCT); webapi::members_t reads either, as a Boost.Mp11 list of
// descriptors, each with a static `pointer` (to the member) and `name` (its C++ name), the shape of
// Boost.Describe's own descriptors.

#include <boost/describe/members.hpp>
#include <boost/describe/modifiers.hpp>
#include <boost/mp11/list.hpp>

namespace webapi {

/// One member of a table: `pointer` to it and its C++ `name`, read from `D` (see WEBAPI_MEMBER).
template <class D>
struct MemberDescriptor {
  static constexpr decltype(D::pointer()) pointer = D::pointer();  ///< the pointer to the member
  static constexpr decltype(D::name()) name = D::name();           ///< the member's C++ name
};

/// The value a member table returns: `webapi::member_list(0 WEBAPI_MEMBER(T, a) WEBAPI_MEMBER(T, b))`.
template <class... D>
constexpr boost::mp11::mp_list<MemberDescriptor<D>...> member_list(int, D...) noexcept {
  return {};
}

namespace detail {
template <class T>
concept has_member_table = requires(T** p) { webapi_members(p); };

template <class T, bool = has_member_table<T>>
struct members_of {
  // Public members, and those of described bases.
  using type = boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;
};
template <class T>
struct members_of<T, true> {
  using type = decltype(webapi_members(static_cast<T**>(nullptr)));
};
}  // namespace detail

/// Whether `T`'s members are listed: by a member table, or by Boost.Describe.
template <class T>
inline constexpr bool is_described_v = detail::has_member_table<T> || boost::describe::has_describe_members<T>::value;

/// `T`'s members, as a Boost.Mp11 list of descriptors with static `pointer` and `name`; `T` must be described.
template <class T>
using members_t = typename detail::members_of<T>::type;

}  // namespace webapi

/// One entry of a member table (see <webapi/core/members.hpp>): the member `m` of the class `C`.
#define WEBAPI_MEMBER(C, m)                                                  \
  , [] {                                                                     \
    struct D {                                                               \
      static constexpr auto pointer() noexcept { return &C::m; }             \
      static constexpr auto name() noexcept { return #m; }                   \
    };                                                                       \
    return D();                                                              \
  }()
