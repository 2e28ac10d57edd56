#pragma once
// The typed layer of the decoder: reads one value of a model type straight from the Reader into its
// target, recursing member by member. No DOM is built except for free-form members, which are parsed
// by Boost.JSON from their exact text.

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>  // kept for includers that parse DOM values themselves
#include <boost/json/value.hpp>

#include <webapi/core/base64.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/json/detail/members.hpp>
#include <webapi/core/json/detail/one_of.hpp>
#include <webapi/core/json/detail/reader.hpp>
#include <webapi/core/json/detail/traits.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/wire_enum.hpp>
#include <webapi/core/wire_format.hpp>

namespace webapi::json::detail {

template <class T>
bool read(Reader& r, T& out);

template <WireFormat F, class T>
bool read_as(Reader& r, T& out);

// A member's wire format is known at compile time, so a member without one (every member of most models)
// is read exactly as before, by read().
template <class T, std::size_t I>
bool read_member(Reader& r, T& out) {
  using D = boost::mp11::mp_at_c<members_t<T>, I>;
  constexpr WireFormat format = wire_format<T>(D::name);
  if constexpr (format == WireFormat::plain) return read(r, out.*D::pointer);
  else return read_as<format>(r, out.*D::pointer);
}

// One entry per member, so dispatch after the key lookup is a single indirect call.
template <class T>
inline constexpr auto member_readers = []<std::size_t... I>(std::index_sequence<I...>) {
  return std::array<bool (*)(Reader&, T&), sizeof...(I)>{&read_member<T, I>...};
}(std::make_index_sequence<Members<T>::size>{});

template <class T>
bool read_struct(Reader& r, T& out) {
  using M = Members<T>;
  if (r.peek() != Token::object) return r.fail_expected("object");
  if (!r.begin_object()) return false;
  // A second member of one name is refused (docs/json.md). While known names come in declaration order
  // (`ascending`: each after the one before), the one at `hint` cannot have come yet, so the common object
  // pays no test on the fast path; any other known name is looked up in `seen`.
  SeenSet<M::words> seen;
  KeySet unknown;
  bool first = true;
  bool ascending = true;
  std::size_t hint = 0;
  std::string_view key;
  for (int n; (n = r.next_key(first)) != 0;) {
    if (n < 0) return false;
    std::size_t i;
    if (hint < M::size && M::plain[hint] && r.try_key(M::keys[hint])) {
      if (!r.colon()) return false;
      i = hint;
      if (!ascending && seen.has(i)) return r.fail_duplicate(M::keys[i]);
    } else {
      if (!r.read_key(key)) return false;
      i = M::find(key, no_member);
      if (i != no_member) {
        if (seen.has(i)) return r.fail_duplicate(M::keys[i]);
        ascending = ascending && i >= hint;
      }
    }
    if (i == no_member) {
      // Names the model does not know are held to the rule too.
      const bool stable = r.in_input(key);
      if (!unknown.add(key, stable)) return r.fail_duplicate(key);
      std::string saved;
      if (!stable) saved = key, key = saved;
      if (!r.skip_value()) return r.failure().push_key(key), false;
      continue;
    }
    seen.set(i);
    if (!member_readers<T>[i](r, out)) return r.failure().push_key(M::keys[i]), false;
    hint = i + 1;
  }
  if (std::size_t m = seen.first_missing(M::required); m != no_member && !r.missing_is_default())
    return r.failure().missing(M::keys[m]);
  return true;
}

// Growing a vector of large models moves every element at each doubling. For the page-sized arrays near
// the top of a document (a page of tracks, a list of assets), the rest of the input is mostly that array,
// so the first element's size predicts the count. Deeper arrays are left alone: there the rest of the
// input says nothing about them. The reservation never exceeds twice the input left.
template <class V>
void reserve_like_first(const Reader& r, V& out, std::size_t first_bytes) {
  using T = typename V::value_type;
  if constexpr (sizeof(T) >= 256) {
    if (first_bytes == 0 || r.depth() > 2) return;
    std::size_t guess = r.remaining() / first_bytes + 1;
    std::size_t cap = 2 * r.remaining() / sizeof(T) + 1;
    out.reserve(std::min(guess, cap));
  }
}

// Element types that read a null as a value of their own (nullopt, a JSON null) keep their nulls.
template <class T>
inline constexpr bool nullable = is_optional<T>::value || std::is_same_v<T, boost::json::value>;

template <class V, WireFormat F = WireFormat::plain>
bool read_vector(Reader& r, V& out) {
  if (r.peek() != Token::array) return r.fail_expected("array");
  if (!r.begin_array()) return false;
  out.clear();
  bool first = true;
  // The element's index in the JSON, for error paths: skipped nulls make it differ from out.size().
  std::size_t index = 0;
  for (int n; (n = r.next_element(first)) != 0; ++index) {
    if (n < 0) return false;
    if constexpr (!nullable<typename V::value_type>) {
      if (r.skip_null_elements() && r.peek() == Token::null) {
        if (!r.read_null()) return r.failure().push_index(index), false;
        continue;
      }
    }
    bool ok;
    if constexpr (std::is_same_v<typename V::value_type, bool>) {  // vector<bool> has no bool& to read into
      bool b = false;
      ok = read(r, b);
      out.push_back(b);
    } else {
      const char* start = r.position();
      if constexpr (F == WireFormat::plain) ok = read(r, out.emplace_back());  // the call it always was
      else ok = read_as<F>(r, out.emplace_back());
      if (ok && out.size() == 1) reserve_like_first(r, out, static_cast<std::size_t>(r.position() - start));
    }
    if (!ok) return r.failure().push_index(index), false;
  }
  return true;
}

template <class Map, WireFormat F = WireFormat::plain>
bool read_map(Reader& r, Map& out) {
  if (r.peek() != Token::object) return r.fail_expected("object");
  if (!r.begin_object()) return false;
  out.clear();
  bool first = true;
  std::string_view key;
  for (int n; (n = r.next_member(first, key)) != 0;) {
    if (n < 0) return false;
    std::string k(key);
    typename Map::mapped_type v{};
    bool ok;
    if constexpr (F == WireFormat::plain) ok = read(r, v);
    else ok = read_as<F>(r, v);
    if (!ok) return r.failure().push_key(k), false;
    // try_emplace leaves `k` alone when the name is there already.
    if (!out.try_emplace(std::move(k), std::move(v)).second) return r.fail_duplicate(k);
  }
  return true;
}

template <class E>
bool read_enum(Reader& r, E& out) {
  if (r.peek() != Token::string) return r.fail_expected("string");
  std::string_view s;
  if (!r.read_string_view(s)) return false;
  if (auto e = from_wire<E>(s)) return out = *e, true;
  std::string reason = "expected one of ";
  bool first = true;
  for (const auto& v : wire_values(E{})) {
    reason.append(first ? "\"" : ", \"").append(v.wire).append("\"");
    first = false;
  }
  return r.failure().reason(reason.append(", got \"").append(s).append("\""));
}

// An unknown wire string is kept, not refused: services add values.
template <class O>
bool read_open_enum(Reader& r, O& out) {
  if (r.peek() != Token::string) return r.fail_expected("string");
  std::string_view s;
  if (!r.read_string_view(s)) return false;
  if (auto e = from_wire<typename O::enum_type>(s)) out = *e;  // in place, no temporary
  else out = O::raw(std::string(s));
  return true;
}

// Free-form values are built by the same reader as everything else, so they get the same validation and
// paths in errors, and numbers are read exactly (std::from_chars), never drifting on a round trip.
inline bool read_json_value(Reader& r, boost::json::value& out);

inline bool read_json_number(Reader& r, boost::json::value& out) {
  const char* start = r.position();
  if (r.number_is_integer()) {
    if (*start == '-') {
      std::int64_t i = 0;
      if (r.read_integer_quiet(i)) return out = i, true;
    } else {
      std::uint64_t u = 0;
      if (r.read_integer_quiet(u)) {
        if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
          out = static_cast<std::int64_t>(u);
        else
          out = u;
        return true;
      }
    }
    r.rewind(start);  // beyond 64 bits: a double, if it is one
  }
  double d = 0;
  if (!r.read_double(d)) return false;
  out = d;
  return true;
}

inline bool read_json_value(Reader& r, boost::json::value& out) {
  switch (r.peek()) {
    case Token::object: {
      if (!r.begin_object()) return false;
      boost::json::object& o = out.emplace_object();
      bool first = true;
      std::string_view key;
      for (int n; (n = r.next_member(first, key)) != 0;) {
        if (n < 0) return false;
        // The stored key, not `key`: that may sit in the reader's scratch buffer, which nested keys reuse.
        auto [it, added] = o.emplace(key, nullptr);
        if (!added) return r.fail_duplicate(key);
        if (!read_json_value(r, it->value())) return r.failure().push_key(it->key()), false;
      }
      return true;
    }
    case Token::array: {
      if (!r.begin_array()) return false;
      boost::json::array& a = out.emplace_array();
      bool first = true;
      for (int n; (n = r.next_element(first)) != 0;) {
        if (n < 0) return false;
        if (!read_json_value(r, a.emplace_back(nullptr))) return r.failure().push_index(a.size() - 1), false;
      }
      return true;
    }
    case Token::string: {
      std::string_view s;
      if (!r.read_string_view(s)) return false;
      out = s;
      return true;
    }
    case Token::number: return read_json_number(r, out);
    case Token::boolean: {
      bool b = false;
      if (!r.read_bool(b)) return false;
      out = b;
      return true;
    }
    case Token::null: return out = nullptr, r.read_null();
    default: return r.fail_expected("a JSON value");
  }
}

template <class T>
bool read_free_form(Reader& r, T& out) {
  if constexpr (std::is_same_v<T, boost::json::value>) {
    return read_json_value(r, out);
  } else {
    constexpr bool object = std::is_same_v<T, boost::json::object>;
    if (r.peek() != (object ? Token::object : Token::array)) return r.fail_expected(object ? "object" : "array");
    boost::json::value v;
    if (!read_json_value(r, v)) return false;
    if constexpr (object) out = std::move(v.as_object());
    else out = std::move(v.as_array());
    return true;
  }
}

// The start of a string value for an error message, quoted: a bad value may be a whole file.
inline std::string quoted_start(std::string_view s) {
  constexpr std::size_t shown = 40;
  return "\"" + std::string(s.substr(0, shown)) + (s.size() > shown ? "\"..." : "\"");
}

// Bytes as base64 text (Google's `format: byte`): standard or URL-safe alphabet, padded or not.
inline bool read_base64(Reader& r, std::string& out) {
  if (r.peek() != Token::string) return r.fail_expected("base64 string");
  std::string_view s;
  if (!r.read_string_view(s)) return false;
  auto bytes = base64::decode_any_alphabet(s);
  if (!bytes) return r.failure().reason("expected base64, got " + quoted_start(s));
  out = std::move(*bytes);
  return true;
}

// An integer as a JSON string of decimal digits (Google's int64 and uint64), or as a JSON number, which
// Google's parsers accept too.
template <class I>
bool read_decimal_string(Reader& r, I& out) {
  if (r.peek() == Token::number) return r.read_integer(out);
  if (r.peek() != Token::string) return r.fail_expected("integer in a string");
  std::string_view s;
  if (!r.read_string_view(s)) return false;
  const char* first = s.data();
  const char* last = s.data() + s.size();
  // Only an optional minus and digits: from_chars alone would take "12abc" up to "12".
  std::size_t sign = !s.empty() && s[0] == '-' ? 1 : 0;
  bool digits = s.size() > sign;
  for (std::size_t i = sign; digits && i < s.size(); ++i) digits = s[i] >= '0' && s[i] <= '9';
  if (!digits) return r.failure().reason("expected an integer in a string, got " + quoted_start(s));
  auto [end, ec] = std::from_chars(first, last, out);
  if (ec != std::errc() || end != last)
    return r.failure().reason("integer " + quoted_start(s) + " out of range [" +
                              std::to_string(std::numeric_limits<I>::min()) + ", " +
                              std::to_string(std::numeric_limits<I>::max()) + "]");
  return true;
}

// read() for a member whose scalar values have wire format F, through the optionals, vectors and maps
// around them.
template <WireFormat F, class T>
bool read_as(Reader& r, T& out) {
  if constexpr (F == WireFormat::plain) {
    return read(r, out);
  } else if constexpr (is_optional<T>::value) {
    if (r.peek() == Token::null) return out.reset(), r.read_null();
    return read_as<F>(r, out.emplace());
  } else if constexpr (is_vector<T>::value) {
    return read_vector<T, F>(r, out);
  } else if constexpr (is_string_map<T>::value) {
    return read_map<T, F>(r, out);
  } else if constexpr (F == WireFormat::base64) {
    static_assert(std::is_same_v<T, std::string>, "WireFormat::base64 is for std::string members (raw bytes)");
    return read_base64(r, out);
  } else {
    static_assert(is_integer_v<T>, "WireFormat::decimal_string is for integer members");
    return read_decimal_string(r, out);
  }
}

template <class T>
bool read(Reader& r, T& out) {
  if constexpr (std::is_same_v<T, std::string>) {
    if (r.peek() != Token::string) return r.fail_expected("string");
    return r.read_string(out);
  } else if constexpr (std::is_same_v<T, bool>) {
    if (r.peek() != Token::boolean) return r.fail_expected("boolean");
    return r.read_bool(out);
  } else if constexpr (is_integer_v<T>) {
    if (r.peek() != Token::number) return r.fail_expected("integer");
    return r.read_integer(out);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (r.peek() != Token::number) return r.fail_expected("number");
    double d = 0;
    if (!r.read_double(d)) return false;
    if constexpr (std::is_same_v<T, float>) {
      if (d > std::numeric_limits<float>::max() || d < std::numeric_limits<float>::lowest())
        return r.failure().reason("number out of range of float");
    }
    out = static_cast<T>(d);
    return true;
  } else if constexpr (WireEnum<T>) {
    return read_enum(r, out);
  } else if constexpr (is_open_enum_v<T>) {
    return read_open_enum(r, out);
  } else if constexpr (is_optional<T>::value) {
    if (r.peek() == Token::null) return out.reset(), r.read_null();
    return read(r, out.emplace());
  } else if constexpr (is_box<T>::value) {
    return read(r, *out);
  } else if constexpr (is_vector<T>::value) {
    return read_vector(r, out);
  } else if constexpr (is_string_map<T>::value) {
    return read_map(r, out);
  } else if constexpr (is_variant<T>::value) {
    return read_variant(r, out);
  } else if constexpr (is_free_form_v<T>) {
    return read_free_form(r, out);
  } else if constexpr (is_described_v<T>) {
    return read_struct(r, out);
  } else {
    static_assert(codable<T>(), "webapi::json cannot decode this type: use a struct with a member table or a Boost.Describe-described one, "
                                "std::optional or webapi::Optional, std::vector, std::map or std::unordered_map with std::string "
                                "keys, std::string, bool, an integer or floating-point type, a WireEnum enum, "
                                "std::variant, webapi::Box, or boost::json::value/object/array");
    return false;
  }
}

}  // namespace webapi::json::detail

namespace webapi::json {

template <class T>
Result<T> decode(std::string_view text, DecodeOptions options) {
  static_assert(Codable<T>, "webapi::json::decode<T>: T (or one of its members) is not a JSON model type");
  detail::Failure failure;
  detail::Reader reader(text, failure, options.missing_required == MissingRequired::default_value,
                        options.null_elements == NullElements::skip);
  if constexpr (detail::is_optional<T>::value) {
    if (reader.at_end()) return T{};
  }
  T value{};
  if (!detail::read(reader, value)) return make_error(ErrorKind::decode, failure.message());
  if (!reader.at_end()) {
    reader.fail_syntax("unexpected data after the JSON value");
    return make_error(ErrorKind::decode, failure.message());
  }
  return value;
}

}  // namespace webapi::json
