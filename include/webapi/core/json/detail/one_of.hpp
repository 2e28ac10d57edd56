#pragma once
// Which alternative of a oneOf (std::variant) a JSON value is, decided by what tells the alternatives
// apart, never by which one happens to decode first:
//
//   1. the kind of JSON value: a string is never an object alternative, an array never a struct; an
//      number with neither fraction nor exponent is an integer alternative's, any other a floating-point one's; a string that a closed enum
//      does not list is not that enum;
//   2. between object alternatives: each must find every member it requires; among those, the one that
//      defines the most of the keys present (null values aside) wins. A map or free-form object accepts
//      any object but defines no key, so any struct that fits is preferred to it.
//
// No alternative left, or several tied, is an error at the value's path. Encoding writes only members of
// the alternative held, so it decodes as that alternative again.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <webapi/core/json/detail/members.hpp>
#include <webapi/core/json/detail/reader.hpp>
#include <webapi/core/json/detail/traits.hpp>

namespace webapi::json::detail {

template <class T>
bool read(Reader& r, T& out);

template <class T> struct unboxed { using type = T; };
template <class T> struct unboxed<Box<T>> { using type = T; };
template <class T>
using unboxed_t = typename unboxed<T>::type;

/// Whether a value of kind `t` could be a T at all.
template <class T>
constexpr bool accepts(Token t) noexcept {
  using U = unboxed_t<T>;
  if constexpr (is_optional<U>::value) {
    return t == Token::null || accepts<typename U::value_type>(t);
  } else if constexpr (std::is_same_v<U, boost::json::value> || is_variant<U>::value) {
    return true;  // a nested oneOf decides for itself
  } else if constexpr (std::is_same_v<U, std::string> || WireEnum<U> || is_open_enum_v<U>) {
    return t == Token::string;
  } else if constexpr (std::is_same_v<U, bool>) {
    return t == Token::boolean;
  } else if constexpr (is_integer_v<U> || std::is_floating_point_v<U>) {
    return t == Token::number;
  } else if constexpr (is_vector<U>::value || std::is_same_v<U, boost::json::array>) {
    return t == Token::array;
  } else {
    return t == Token::object;  // described struct, string map, boost::json::object
  }
}

template <class T>
inline constexpr bool is_integer_alternative_v = is_integer_v<unboxed_t<T>>;
template <class T>
inline constexpr bool is_floating_alternative_v = std::is_floating_point_v<unboxed_t<T>>;

/// For an object alternative: -1 if it cannot hold an object with `keys` (`why` says which member it
/// misses), otherwise how many of `keys` it defines.
template <class T>
int object_score(const std::vector<std::string>& keys, std::string& why) {
  using U = unboxed_t<T>;
  if constexpr (is_described_v<U>) {
    using M = Members<U>;
    SeenSet<M::words> seen;
    int score = 0;
    for (const auto& k : keys)
      if (std::size_t i = M::find(k, no_member); i != no_member) seen.set(i), ++score;
    if (std::size_t m = seen.first_missing(M::required); m != no_member) {
      why = "missing required field '" + std::string(M::keys[m]) + "'";
      return -1;
    }
    return score;
  } else if constexpr (accepts<T>(Token::object)) {
    return 0;
  } else {
    why = "not an object";
    return -1;
  }
}

/// The keys of the object `raw` whose values are not null, in order.
inline bool object_keys(Reader& r, std::vector<std::string>& keys) {
  if (!r.begin_object()) return false;
  bool first = true;
  std::string_view key;
  KeySet names;  // a duplicate name is reported as such, not as an object no alternative fits
  for (int n; (n = r.next_member(first, key)) != 0;) {
    if (n < 0) return false;
    if (!names.add(key, r.in_input(key))) return r.fail_duplicate(key);
    if (r.peek() != Token::null) keys.emplace_back(key);
    if (!r.skip_value()) return false;
  }
  return true;
}

template <class V, std::size_t I>
bool read_alternative(Reader& r, V& out) {
  return read(r, out.template emplace<I>());
}

template <class... As>
bool read_variant(Reader& r, std::variant<As...>& out) {
  using V = std::variant<As...>;
  constexpr std::size_t n = sizeof...(As);
  static constexpr auto readers = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<bool (*)(Reader&, V&), n>{&read_alternative<V, I>...};
  }(std::index_sequence_for<As...>{});

  const Token t = r.peek();
  if (t == Token::end || t == Token::invalid) return r.fail_expected("a value");
  std::array<bool, n> fit{accepts<As>(t)...};
  if (t == Token::number && (is_integer_alternative_v<As> || ...) && (is_floating_alternative_v<As> || ...)) {
    const bool integral = r.number_is_integer();  // 3 is an integer, 3.0 and 3e0 are not
    std::size_t i = 0;
    ((fit[i] = fit[i] && (integral ? !is_floating_alternative_v<As> : !is_integer_alternative_v<As>), ++i), ...);
  }
  auto count = [&] {
    std::size_t c = 0;
    for (bool f : fit) c += f;
    return c;
  };
  auto only = [&] {
    for (std::size_t i = 0; i < n; ++i)
      if (fit[i]) return i;
    return n;
  };

  if (count() == 0) {
    return r.failure().reason("matches none of the oneOf alternatives: no alternative is a " +
                              std::string(token_name(t)));
  }
  if (count() == 1) return readers[only()](r, out);  // the common case: decided by the kind of value alone

  // Several alternatives take this kind of value: look at the value itself, then decode it once.
  const char* start = r.position();
  std::string reasons;
  if (t == Token::object) {
    std::vector<std::string> keys;
    if (!object_keys(r, keys)) return false;
    std::array<int, n> score{};
    std::array<std::string, n> why{};
    std::size_t i = 0;
    ((score[i] = fit[i] ? object_score<As>(keys, why[i]) : -1, ++i), ...);
    int best = -1;
    for (std::size_t k = 0; k < n; ++k)
      if (fit[k]) best = std::max(best, score[k]);
    for (std::size_t k = 0; k < n; ++k) {
      if (fit[k] && score[k] < 0) reasons.append(reasons.empty() ? "" : "; ").append(std::to_string(k + 1) + ": " + why[k]);
      fit[k] = fit[k] && score[k] >= 0 && score[k] == best;
    }
    if (count() == 0) return r.rewind(start), r.failure().reason("matches none of the oneOf alternatives (" + reasons + ")");
    if (count() > 1) {
      std::string tied;
      for (std::size_t k = 0; k < n; ++k)
        if (fit[k]) tied.append(tied.empty() ? "" : " and ").append(std::to_string(k + 1));
      r.rewind(start);
      return r.failure().reason("fits oneOf alternatives " + tied + " equally (each defines " + std::to_string(best) +
                                " of the members present); nothing in the value tells them apart");
    }
  } else if (t == Token::string) {
    std::string_view s;
    if (!r.read_string_view(s)) return false;
    std::size_t i = 0;
    auto known = [&]<class A>(A*) {
      if constexpr (WireEnum<unboxed_t<A>>) return from_wire<unboxed_t<A>>(s).has_value();
      else return true;
    };
    ((fit[i] = fit[i] && known(static_cast<As*>(nullptr)), ++i), ...);
    if (count() != 1) {
      r.rewind(start);
      return r.failure().reason(count() == 0 ? "matches none of the oneOf alternatives: no alternative lists this string"
                                             : "fits several oneOf alternatives equally; nothing in the value tells them apart");
    }
  } else {
    r.rewind(start);
    return r.failure().reason("fits several oneOf alternatives equally; nothing in the value tells them apart");
  }
  r.rewind(start);
  return readers[only()](r, out);
}

}  // namespace webapi::json::detail
