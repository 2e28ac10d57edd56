#pragma once
// Boost.JSON conversions for the webapi model types Boost.JSON does not know (enums, OpenEnum, Box, Optional),
// so the DOM path (parse + value_to, value_from + serialize) runs on exactly the same model types as webapi::json.
// Used by the benchmarks and the equivalence tests only.

#include <stdexcept>
#include <string>
#include <utility>

#include <type_traits>

#include <webapi/core/members.hpp>
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

// A generated model lists its members in its own table (webapi/core/members.hpp), which Boost.JSON does not
// read. A model whose C++ names differ from its wire names (webapi_renames) is converted member by member
// under the wire names, absent keys left default; any other as Boost.JSON converts a class described with
// Boost.Describe: every member under its C++ name and no other key.
template <class T>
concept TabledModel = requires(T** p) { webapi_members(p); };

template <TabledModel T>
T tag_invoke(value_to_tag<T>, const value& v) {
  T out{};
  const object& o = v.as_object();
  if constexpr (requires { T::webapi_renames; }) {
    boost::mp11::mp_for_each<webapi::members_t<T>>([&](auto d) {
      std::string_view key = webapi::wire_name<T>(d.name);
      if (const value* m = o.if_contains(string_view(key.data(), key.size())))
        out.*d.pointer = value_to<std::remove_cvref_t<decltype(out.*d.pointer)>>(*m);
    });
  } else {
    if (o.size() != boost::mp11::mp_size<webapi::members_t<T>>::value)
      throw std::invalid_argument("not one key per member");
    boost::mp11::mp_for_each<webapi::members_t<T>>([&](auto d) {
      out.*d.pointer = value_to<std::remove_cvref_t<decltype(out.*d.pointer)>>(o.at(d.name));
    });
  }
  return out;
}

template <TabledModel T>
void tag_invoke(value_from_tag, value& v, const T& t) {
  object& o = v.emplace_object();
  boost::mp11::mp_for_each<webapi::members_t<T>>([&](auto d) {
    std::string_view key = requires { T::webapi_renames; } ? webapi::wire_name<T>(d.name) : std::string_view(d.name);
    o[string_view(key.data(), key.size())] = value_from(t.*d.pointer, o.storage());
  });
}

}  // namespace boost::json
