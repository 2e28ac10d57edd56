#pragma once
// The typed layer of the encoder: writes a model value straight into the output string, member by
// member, with no intermediate DOM. Free-form members are serialized by Boost.JSON.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>  // kept for includers that serialize DOM values themselves
#include <boost/json/value.hpp>

#include <webapi/core/base64.hpp>
#include <webapi/core/json/detail/members.hpp>
#include <webapi/core/json/detail/traits.hpp>
#include <webapi/core/json/detail/writer.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/wire_enum.hpp>
#include <webapi/core/wire_format.hpp>

namespace webapi::json::detail {

template <class T>
void write(Writer& w, const T& v);

// write() for a member whose scalar values have wire format F (see webapi/core/wire_format.hpp), through the
// optionals, vectors and maps around them.
template <WireFormat F, class T>
void write_as(Writer& w, const T& v) {
  if constexpr (F == WireFormat::plain) {
    write(w, v);
  } else if constexpr (is_optional<T>::value) {
    if (v) write_as<F>(w, *v);
    else w.raw("null");
  } else if constexpr (is_vector<T>::value) {
    w.put('[');
    bool first = true;
    for (const auto& e : v) {
      if (!first) w.put(',');
      first = false;
      write_as<F>(w, static_cast<const typename T::value_type&>(e));
    }
    w.put(']');
  } else if constexpr (is_string_map<T>::value) {
    w.put('{');
    bool first = true;
    for (const auto& [key, value] : v) {
      if (!first) w.put(',');
      first = false;
      w.string(key);
      w.put(':');
      write_as<F>(w, value);
    }
    w.put('}');
  } else if constexpr (F == WireFormat::base64) {
    static_assert(std::is_same_v<T, std::string>, "WireFormat::base64 is for std::string members (raw bytes)");
    w.put('"');
    w.raw(base64::encode(v));  // the base64 alphabet needs no escaping
    w.put('"');
  } else {
    static_assert(is_integer_v<T>, "WireFormat::decimal_string is for integer members");
    w.put('"');
    w.integer(v);
    w.put('"');
  }
}

constexpr bool needs_escape(std::string_view s) noexcept {
  for (char c : s)
    if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return true;
  return false;
}

template <class T>
void write_struct(Writer& w, const T& v) {
  w.put('{');
  bool first = true;
  boost::mp11::mp_for_each<members_t<T>>([&](auto d) {
    const auto& m = v.*d.pointer;
    if constexpr (is_optional<std::remove_cvref_t<decltype(m)>>::value) {
      if (!m) return;  // absent, not null: an optional the caller did not set is left out
    }
    if (!first) w.put(',');
    first = false;
    constexpr std::string_view key = wire_name<T>(decltype(d)::name);
    if constexpr (needs_escape(key)) {
      w.string(key);
      w.put(':');
    } else {
      w.plain_key(key);
    }
    bool was = w.failed();
    constexpr WireFormat format = wire_format<T>(decltype(d)::name);
    if constexpr (format == WireFormat::plain) write(w, m);
    else write_as<format>(w, m);  // bytes and integers cannot fail to encode
    if (!was && w.failed()) [[unlikely]] w.failure().push_key(key);
  });
  w.put('}');
}

// Free-form values go through the same writer as typed ones: the shortest exact form for doubles, so a
// number read and written again is the same number, and no infinity or NaN.
inline void write_json_value(Writer& w, const boost::json::array& a);
inline void write_json_value(Writer& w, const boost::json::value& v);
inline void write_json_value(Writer& w, const boost::json::object& o) {
  w.put('{');
  bool first = true;
  for (const auto& kv : o) {
    if (!first) w.put(',');
    first = false;
    w.string(kv.key());
    w.put(':');
    bool was = w.failed();
    write_json_value(w, kv.value());
    if (!was && w.failed()) [[unlikely]] w.failure().push_key(kv.key());
  }
  w.put('}');
}
inline void write_json_value(Writer& w, const boost::json::array& a) {
  w.put('[');
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (i) w.put(',');
    bool was = w.failed();
    write_json_value(w, a[i]);
    if (!was && w.failed()) [[unlikely]] w.failure().push_index(i);
  }
  w.put(']');
}
inline void write_json_value(Writer& w, const boost::json::value& v) {
  switch (v.kind()) {
    case boost::json::kind::null: w.raw("null"); break;
    case boost::json::kind::bool_: w.raw(v.get_bool() ? std::string_view("true") : std::string_view("false")); break;
    case boost::json::kind::int64: w.integer(v.get_int64()); break;
    case boost::json::kind::uint64: w.integer(v.get_uint64()); break;
    case boost::json::kind::double_: w.number(v.get_double(), true); break;
    case boost::json::kind::string: w.string(v.get_string()); break;
    case boost::json::kind::array: write_json_value(w, v.get_array()); break;
    case boost::json::kind::object: write_json_value(w, v.get_object()); break;
  }
}

template <class T>
void write(Writer& w, const T& v) {
  if constexpr (std::is_same_v<T, std::string>) {
    w.string(v);
  } else if constexpr (std::is_same_v<T, bool>) {
    w.raw(v ? std::string_view("true") : std::string_view("false"));
  } else if constexpr (is_integer_v<T>) {
    w.integer(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    w.number(static_cast<double>(v));
  } else if constexpr (WireEnum<T>) {
    w.string(to_wire(v));
  } else if constexpr (is_open_enum_v<T>) {
    w.string(v.wire());
  } else if constexpr (is_optional<T>::value) {
    if (v) write(w, *v);
    else w.raw("null");
  } else if constexpr (is_box<T>::value) {
    write(w, *v);
  } else if constexpr (is_vector<T>::value) {
    w.put('[');
    bool first = true;
    std::size_t i = 0;
    for (const auto& e : v) {
      if (!first) w.put(',');
      first = false;
      bool was = w.failed();
      write(w, static_cast<const typename T::value_type&>(e));
      if (!was && w.failed()) [[unlikely]] w.failure().push_index(i);
      ++i;
    }
    w.put(']');
  } else if constexpr (is_string_map<T>::value) {
    w.put('{');
    bool first = true;
    for (const auto& [key, value] : v) {
      if (!first) w.put(',');
      first = false;
      w.string(key);
      w.put(':');
      bool was = w.failed();
      write(w, value);
      if (!was && w.failed()) [[unlikely]] w.failure().push_key(key);
    }
    w.put('}');
  } else if constexpr (is_variant<T>::value) {
    std::visit([&](const auto& alt) { write(w, alt); }, v);
  } else if constexpr (is_free_form_v<T>) {
    write_json_value(w, v);
  } else if constexpr (is_described_v<T>) {
    write_struct(w, v);
  } else {
    static_assert(codable<T>(), "webapi::json cannot encode this type: use a struct with a member table or a Boost.Describe-described one, "
                                "std::optional or webapi::Optional, std::vector, std::map or std::unordered_map with std::string "
                                "keys, std::string, bool, an integer or floating-point type, a WireEnum enum, "
                                "std::variant, webapi::Box, or boost::json::value/object/array");
  }
}

}  // namespace webapi::json::detail

namespace webapi::json {

template <class T>
Result<void> try_encode_to(std::string& out, const T& value, EncodeOptions options) {
  static_assert(Codable<T>, "webapi::json::encode: T (or one of its members) is not a JSON model type");
  std::size_t size = out.size();
  std::string message;
  {
    detail::Writer w(out, options.replace_invalid_utf8);
    detail::write(w, value);
    if (!w.failed()) return {};
    message = "cannot encode: " + w.failure().message();
  }
  out.resize(size);
  return make_error(ErrorKind::invalid_argument, std::move(message));
}

template <class T>
Result<std::string> try_encode(const T& value) {
  std::string out;
  if (auto r = try_encode_to(out, value); !r) return std::move(r).error();
  return out;
}

template <class T>
void encode_to(std::string& out, const T& value) {
  try_encode_to(out, value).value();
}

template <class T>
std::string encode(const T& value) {
  std::string out;
  encode_to(out, value);
  return out;
}

}  // namespace webapi::json
