#pragma once
// Boost.JSON conversions for the webapi model types Boost.JSON does not know (enums, OpenEnum, Box, Optional),
// so the DOM path (parse + value_to, value_from + serialize) runs on exactly the same model types as webapi::json.
// Used by the benchmarks and the equivalence tests only.

#include <string>
#include <utility>

#include <type_traits>

#include <boost/describe/members.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <boost/json/value_to.hpp>

#include <webapi/core/box.hpp>
#include <webapi/core/open_enum.hpp>
#include <webapi/core/optional.hpp>
#include <webapi/core/wire_enum.hpp>
#include <webapi/core/wire_name.hpp>

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

template <class E>
void tag_invoke(value_from_tag, value& v, const webapi::OpenEnum<E>& e) {
  v = string_view(e.wire().data(), e.wire().size());
}

template <class O>
  requires webapi::is_open_enum_v<O>
O tag_invoke(value_to_tag<O>, const value& v) {
  const string& s = v.as_string();
  return O::raw(std::string(s.data(), s.size()));
}

template <class T>
void tag_invoke(value_from_tag, value& v, const webapi::Optional<T>& o) {
  if (o) v = value_from(*o, v.storage());
  else v = nullptr;
}

template <class O>
  requires std::same_as<O, webapi::Optional<typename O::value_type>>
O tag_invoke(value_to_tag<O>, const value& v) {
  if (v.is_null()) return O();
  return O(value_to<typename O::value_type>(v));
}

template <class T>
void tag_invoke(value_from_tag, value& v, const webapi::Box<T>& b) {
  v = value_from(*b, v.storage());
}

template <class T>
webapi::Box<T> tag_invoke(value_to_tag<webapi::Box<T>>, const value& v) {
  return webapi::Box<T>(value_to<T>(v));
}

// Boost.JSON keys a described class by its member names; a model whose C++ names differ from its wire names
// (webapi_renames) is converted member by member under the wire names, absent keys left default.
template <class T>
concept RenamedModel = requires { T::webapi_renames; } && boost::describe::has_describe_members<T>::value;

template <RenamedModel T>
T tag_invoke(value_to_tag<T>, const value& v) {
  T out{};
  const object& o = v.as_object();
  boost::mp11::mp_for_each<boost::describe::describe_members<T, boost::describe::mod_public>>([&](auto d) {
    std::string_view key = webapi::wire_name<T>(d.name);
    if (const value* m = o.if_contains(string_view(key.data(), key.size())))
      out.*d.pointer = value_to<std::remove_cvref_t<decltype(out.*d.pointer)>>(*m);
  });
  return out;
}

template <RenamedModel T>
void tag_invoke(value_from_tag, value& v, const T& t) {
  object& o = v.emplace_object();
  boost::mp11::mp_for_each<boost::describe::describe_members<T, boost::describe::mod_public>>([&](auto d) {
    std::string_view key = webapi::wire_name<T>(d.name);
    o[string_view(key.data(), key.size())] = value_from(t.*d.pointer, o.storage());
  });
}

}  // namespace boost::json
