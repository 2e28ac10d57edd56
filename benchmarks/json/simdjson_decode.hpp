#pragma once
// The anchor for the typed decoder: simdjson's on-demand API filling the very same model structs.
//
// This is what a hand-written on-demand extraction does for each struct (iterate the object's fields,
// compare the raw key with the member names, expecting them in declaration order, and read the value with
// the matching getter), written once over the models' Boost.Describe descriptions so that it covers the
// sixty-odd structs of the payloads. Member dispatch is a switch the compiler sees through, so each read
// is inlined as hand-written code would be.
//
// It does what the payloads need and no more: no error paths, no limits beyond simdjson's own, no check
// that required members are present, unknown members skipped by the on-demand iterator (which does not
// validate what it skips), and a oneOf told apart by the value's kind alone. That is the point of an
// anchor: the least work that fills the structs, against which the decoder's guarantees are paid for.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include <boost/json/value.hpp>
#include <boost/mp11/algorithm.hpp>
#include <simdjson.h>

#include <webapi/core/json.hpp>

namespace webapi_bench::on_demand {

namespace od = simdjson::ondemand;
namespace wd = webapi::json::detail;

template <class T>
bool read(od::value& v, T& out);

template <class T>
bool read_struct(od::object& o, T& out) {
  using M = wd::Members<T>;
  std::size_t hint = 0;
  for (auto field_result : o) {
    od::field field;
    if (std::move(field_result).get(field)) return false;
    od::raw_json_string key = field.key();
    std::size_t i = wd::no_member;
    if (hint < M::size && key.unsafe_is_equal(M::keys[hint])) {
      i = hint;
    } else {
      for (std::size_t j = 0; j < M::size; ++j)
        if (key.unsafe_is_equal(M::keys[j])) {
          i = j;
          break;
        }
    }
    if (i == wd::no_member) continue;  // the iterator skips the value
    bool ok = boost::mp11::mp_with_index<M::size>(i, [&](auto index) {
      using D = boost::mp11::mp_at_c<wd::members_t<T>, decltype(index)::value>;
      return read(field.value(), out.*D::pointer);
    });
    if (!ok) return false;
    hint = i + 1;
  }
  return true;
}

template <class V>
bool read_vector(od::value& v, V& out) {
  od::array a;
  if (v.get_array().get(a)) return false;
  out.clear();
  if constexpr (sizeof(typename V::value_type) >= 256) {
    // A page of large records: counting first saves moving them at each doubling, as the decoder's
    // estimate from the first element does.
    std::size_t n = 0;
    if (a.count_elements().get(n)) return false;
    out.reserve(n);
  }
  for (auto element_result : a) {
    od::value element;
    if (element_result.get(element)) return false;
    if constexpr (std::is_same_v<typename V::value_type, bool>) {
      bool b = false;
      if (element.get_bool().get(b)) return false;
      out.push_back(b);
    } else {
      if (!read(element, out.emplace_back())) return false;
    }
  }
  return true;
}

template <class Map>
bool read_map(od::value& v, Map& out) {
  od::object o;
  if (v.get_object().get(o)) return false;
  out.clear();
  for (auto field_result : o) {
    od::field field;
    if (std::move(field_result).get(field)) return false;
    std::string_view key;
    if (field.unescaped_key().get(key)) return false;
    std::string k(key);
    typename Map::mapped_type value{};
    if (!read(field.value(), value)) return false;
    out.insert_or_assign(std::move(k), std::move(value));
  }
  return true;
}

inline bool read_json_value(od::value& v, boost::json::value& out) {
  od::json_type type;
  if (v.type().get(type)) return false;
  switch (type) {
    case od::json_type::object: {
      od::object o;
      if (v.get_object().get(o)) return false;
      boost::json::object& object = out.emplace_object();
      for (auto field_result : o) {
        od::field field;
        std::string_view key;
        if (std::move(field_result).get(field) || field.unescaped_key().get(key)) return false;
        auto it = object.insert_or_assign(key, nullptr).first;
        if (!read_json_value(field.value(), it->value())) return false;
      }
      return true;
    }
    case od::json_type::array: {
      od::array a;
      if (v.get_array().get(a)) return false;
      boost::json::array& array = out.emplace_array();
      for (auto element_result : a) {
        od::value element;
        if (element_result.get(element) || !read_json_value(element, array.emplace_back(nullptr))) return false;
      }
      return true;
    }
    case od::json_type::string: {
      std::string_view s;
      if (v.get_string().get(s)) return false;
      out = s;
      return true;
    }
    case od::json_type::number: {
      od::number_type kind;
      if (v.get_number_type().get(kind)) return false;
      if (kind == od::number_type::signed_integer) {
        std::int64_t i = 0;
        if (v.get_int64().get(i)) return false;
        return out = i, true;
      }
      if (kind == od::number_type::unsigned_integer) {
        std::uint64_t u = 0;
        if (v.get_uint64().get(u)) return false;
        return out = u, true;
      }
      double d = 0;
      if (v.get_double().get(d)) return false;
      return out = d, true;
    }
    case od::json_type::boolean: {
      bool b = false;
      if (v.get_bool().get(b)) return false;
      return out = b, true;
    }
    case od::json_type::null: {
      bool null = false;
      if (v.is_null().get(null) || !null) return false;
      return out = nullptr, true;
    }
  }
  return false;
}

inline wd::Token token_of(od::json_type type) {
  switch (type) {
    case od::json_type::object: return wd::Token::object;
    case od::json_type::array: return wd::Token::array;
    case od::json_type::string: return wd::Token::string;
    case od::json_type::number: return wd::Token::number;
    case od::json_type::boolean: return wd::Token::boolean;
    case od::json_type::null: return wd::Token::null;
  }
  return wd::Token::invalid;
}

// The first alternative that takes a value of this kind; a number goes to an integer alternative when it
// is written as one, otherwise to a floating-point one.
template <class V, std::size_t... I>
bool read_alternative(od::value& v, V& out, wd::Token token, bool integral, std::index_sequence<I...>) {
  bool done = false, ok = false;
  auto attempt = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
    using A = std::variant_alternative_t<J, V>;
    if (done || !wd::accepts<A>(token)) return;
    if (token == wd::Token::number && (wd::is_integer_alternative_v<A> || wd::is_floating_alternative_v<A>) &&
        wd::is_integer_alternative_v<A> != integral)
      return;
    done = true;
    ok = read(v, out.template emplace<J>());
  };
  (attempt(std::integral_constant<std::size_t, I>{}), ...);
  return ok;
}

template <class V>
bool read_variant(od::value& v, V& out) {
  od::json_type type;
  if (v.type().get(type)) return false;
  bool integral = false;
  if (type == od::json_type::number) {
    od::number_type kind;
    if (v.get_number_type().get(kind)) return false;
    integral = kind != od::number_type::floating_point_number;
  }
  return read_alternative(v, out, token_of(type), integral, std::make_index_sequence<std::variant_size_v<V>>{});
}

template <class I>
bool read_integer(od::value& v, I& out) {
  if constexpr (std::is_signed_v<I>) {
    std::int64_t x = 0;
    if (v.get_int64().get(x) || !std::in_range<I>(x)) return false;
    out = static_cast<I>(x);
  } else {
    std::uint64_t x = 0;
    if (v.get_uint64().get(x) || !std::in_range<I>(x)) return false;
    out = static_cast<I>(x);
  }
  return true;
}

template <class T>
bool read(od::value& v, T& out) {
  if constexpr (std::is_same_v<T, std::string>) {
    std::string_view s;
    if (v.get_string().get(s)) return false;
    out.assign(s);
    return true;
  } else if constexpr (std::is_same_v<T, bool>) {
    return !v.get_bool().get(out);
  } else if constexpr (wd::is_integer_v<T>) {
    return read_integer(v, out);
  } else if constexpr (std::is_floating_point_v<T>) {
    double d = 0;
    if (v.get_double().get(d)) return false;
    out = static_cast<T>(d);
    return true;
  } else if constexpr (webapi::WireEnum<T>) {
    std::string_view s;
    if (v.get_string().get(s)) return false;
    auto e = webapi::from_wire<T>(s);
    if (!e) return false;
    out = *e;
    return true;
  } else if constexpr (webapi::is_open_enum_v<T>) {
    std::string_view s;
    if (v.get_string().get(s)) return false;
    if (auto e = webapi::from_wire<typename T::enum_type>(s)) out = *e;
    else out = T::raw(std::string(s));
    return true;
  } else if constexpr (wd::is_optional<T>::value) {
    bool null = false;
    if (v.is_null().get(null)) return false;
    if (null) return out.reset(), true;
    return read(v, out.emplace());
  } else if constexpr (wd::is_box<T>::value) {
    return read(v, *out);
  } else if constexpr (wd::is_vector<T>::value) {
    return read_vector(v, out);
  } else if constexpr (wd::is_string_map<T>::value) {
    return read_map(v, out);
  } else if constexpr (wd::is_variant<T>::value) {
    return read_variant(v, out);
  } else if constexpr (std::is_same_v<T, boost::json::value>) {
    return read_json_value(v, out);
  } else if constexpr (wd::is_described_v<T>) {
    od::object o;
    if (v.get_object().get(o)) return false;
    return read_struct(o, out);
  } else {
    static_assert(std::is_void_v<T>, "on_demand::read: a type the benchmark payloads do not use");
    return false;
  }
}

/// Fills `out` from a document whose top level is an object. `parser` is reused from call to call, as
/// simdjson intends: after the first document it allocates nothing of its own.
template <class T>
bool decode(od::parser& parser, const simdjson::padded_string& text, T& out) {
  od::document doc;
  od::object o;
  if (parser.iterate(text).get(doc) || doc.get_object().get(o)) return false;
  return read_struct(o, out);
}

}  // namespace webapi_bench::on_demand
