// Lenient accessors for JSON objects: a missing or mistyped member reads as the default.
#pragma once

#include <string>
#include <string_view>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

namespace webapi::codegen {

namespace js = boost::json;

inline const js::value* find(const js::object& o, std::string_view k) {
  auto it = o.find(k);
  return it == o.end() ? nullptr : &it->value();
}
inline std::string get_string(const js::object& o, std::string_view k, std::string def = {}) {
  auto v = find(o, k);
  return v && v->is_string() ? std::string(v->as_string()) : def;
}
inline bool get_bool(const js::object& o, std::string_view k, bool def = false) {
  auto v = find(o, k);
  return v && v->is_bool() ? v->as_bool() : def;
}
inline const js::object& empty_object() {
  static const js::object e;
  return e;
}
inline const js::object& get_object(const js::object& o, std::string_view k) {
  auto v = find(o, k);
  return v && v->is_object() ? v->as_object() : empty_object();
}
inline const js::array& get_array(const js::object& o, std::string_view k) {
  static const js::array e;
  auto v = find(o, k);
  return v && v->is_array() ? v->as_array() : e;
}

}  // namespace webapi::codegen
