#pragma once
// Request bodies that are not JSON: a described struct (or a variant of them) written as
// application/x-www-form-urlencoded fields or as multipart/form-data parts, one per member, named by
// the member's wire name. Absent optionals are left out; vectors repeat the name; nested objects travel
// as JSON text.

#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include <boost/mp11/algorithm.hpp>

#include <webapi/core/file_part.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/members.hpp>
#include <webapi/core/multipart.hpp>
#include <webapi/core/param_string.hpp>
#include <webapi/core/request_builder.hpp>
#include <webapi/core/wire_name.hpp>

namespace webapi {

namespace detail {
template <class T> struct is_variant : std::false_type {};
template <class... A> struct is_variant<std::variant<A...>> : std::true_type {};
template <class T> struct is_string_map : std::false_type {};
template <class V> struct is_string_map<std::map<std::string, V>> : std::true_type {};

template <class T>
void add_form_field(RequestBuilder& b, std::string_view name, const T& v) {
  if constexpr (is_optional<T>::value) {
    if (v) add_form_field(b, name, *v);
  } else if constexpr (is_vector<T>::value) {
    for (const auto& e : v) add_form_field(b, name, e);
  } else if constexpr (ParamValue<T>) {
    b.form(name, v);
  } else {
    b.form(name, json::encode(v));
  }
}

template <class T>
void add_part(MultipartForm& form, std::string_view name, const T& v) {
  if constexpr (is_optional<T>::value) {
    if (v) add_part(form, name, *v);
  } else if constexpr (std::is_same_v<T, FilePart>) {
    if (!v.path.empty()) form.file_from_disk(name, v.filename, v.path, v.content_type);
    else form.file(name, v.filename, v.data, v.content_type);
  } else if constexpr (is_vector<T>::value) {
    for (const auto& e : v) add_part(form, name, e);
  } else if constexpr (ParamValue<T>) {
    form.field(name, to_param_string(v));
  } else {
    form.field(name, json::encode(v));
  }
}

template <class T, class F>
void for_each_field(const T& body, F&& f) {
  if constexpr (is_variant<T>::value) {
    std::visit([&](const auto& alt) { for_each_field(alt, f); }, body);
  } else if constexpr (is_string_map<T>::value) {
    for (const auto& [name, value] : body) f(std::string_view(name), value);
  } else {
    boost::mp11::mp_for_each<webapi::members_t<T>>(
        [&](auto d) { f(wire_name<T>(d.name), body.*d.pointer); });
  }
}
}  // namespace detail

/// Adds every member of `body` to `b` as a form field.
///
/// `T` is a described struct, a std::variant of them (the held alternative is written) or a string-keyed map.
/// An absent optional adds nothing, a vector adds one field per element, a value with no parameter form is
/// written as JSON text.
template <class T>
void form_fields(RequestBuilder& b, const T& body) {
  detail::for_each_field(body, [&](std::string_view name, const auto& v) { detail::add_form_field(b, name, v); });
}

/// A multipart/form-data body with one part per member of `body`.
///
/// Parts are named and written as in form_fields(); a FilePart becomes a file part, read from its path when
/// it has one, else from its data.
template <class T>
MultipartForm multipart_form(const T& body) {
  MultipartForm form;
  detail::for_each_field(body, [&](std::string_view name, const auto& v) { detail::add_part(form, name, v); });
  return form;
}

}  // namespace webapi
