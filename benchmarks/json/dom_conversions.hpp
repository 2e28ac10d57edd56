#pragma once
// Boost.JSON conversions for the two webapi model types Boost.JSON does not know, so the DOM path
// (parse + value_to, value_from + serialize) runs on exactly the same model types as webapi::json.
// Used by the benchmarks and the equivalence tests only.

#include <string>
#include <utility>

#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <boost/json/value_to.hpp>

#include <webapi/core/box.hpp>
#include <webapi/core/wire_enum.hpp>

// In boost::json so argument-dependent lookup finds them through value_to_tag / value_from_tag.
namespace boost::json {

template <webapi::WireEnum E>
void tag_invoke(value_from_tag, value& v, E e) {
  v = string_view(webapi::to_wire(e).data(), webapi::to_wire(e).size());
}

template <webapi::WireEnum E>
E tag_invoke(value_to_tag<E>, const value& v) {
  const string& s = v.as_string();
  if (auto e = webapi::from_wire<E>(std::string_view(s.data(), s.size()))) return *e;
  throw std::invalid_argument("unknown enum value: " + std::string(s.data(), s.size()));
}

template <class T>
void tag_invoke(value_from_tag, value& v, const webapi::Box<T>& b) {
  v = value_from(*b, v.storage());
}

template <class T>
webapi::Box<T> tag_invoke(value_to_tag<webapi::Box<T>>, const value& v) {
  return webapi::Box<T>(value_to<T>(v));
}

}  // namespace boost::json
