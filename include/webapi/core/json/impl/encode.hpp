#pragma once
// The typed layer of the encoder: writes a model value straight into the output string, member by
// member, with no intermediate DOM. Free-form members are serialized by Boost.JSON.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <webapi/core/json/detail/members.hpp>
#include <webapi/core/json/detail/traits.hpp>
#include <webapi/core/json/detail/writer.hpp>
#include <webapi/core/wire_enum.hpp>

namespace webapi::json::detail {

template <class T>
void write(Writer& w, const T& v);

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
    write(w, m);
  });
  w.put('}');
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
    for (const auto& e : v) {
      if (!first) w.put(',');
      first = false;
      write(w, static_cast<const typename T::value_type&>(e));
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
      write(w, value);
    }
    w.put('}');
  } else if constexpr (is_variant<T>::value) {
    std::visit([&](const auto& alt) { write(w, alt); }, v);
  } else if constexpr (is_free_form_v<T>) {
    w.raw(boost::json::serialize(v));
  } else if constexpr (is_described_v<T>) {
    write_struct(w, v);
  } else {
    static_assert(codable<T>(), "webapi::json cannot encode this type: use a Boost.Describe-described struct, "
                                "std::optional, std::vector, std::map or std::unordered_map with std::string "
                                "keys, std::string, bool, an integer or floating-point type, a WireEnum enum, "
                                "std::variant, webapi::Box, or boost::json::value/object/array");
  }
}

}  // namespace webapi::json::detail

namespace webapi::json {

template <class T>
void encode_to(std::string& out, const T& value) {
  static_assert(Codable<T>, "webapi::json::encode: T (or one of its members) is not a JSON model type");
  detail::Writer w(out);
  detail::write(w, value);
}

template <class T>
std::string encode(const T& value) {
  std::string out;
  encode_to(out, value);
  return out;
}

}  // namespace webapi::json
