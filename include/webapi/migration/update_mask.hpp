#pragma once
// update_mask(): the `updateMask` of a patch, from the members the caller set in the model it sends.
//
//   webapi::migration::Source change;
//   change.display_name = "CRM export";
//   change.priority = 3;
//   params.update_mask = webapi::migration::update_mask(change);   // "displayName,priority"
//
// A member counts as set when it is an engaged std::optional (even one holding an empty value: the caller
// asked to clear it) or, for any other member, when it differs from its default value. An engaged member
// that is itself a model contributes its set members as "outer.inner" paths, or its own name when none of
// them is set. Paths use the wire names (camelCase), in declaration order.

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <webapi/core/members.hpp>
#include <boost/mp11/algorithm.hpp>

#include <webapi/core/optional.hpp>
#include <webapi/core/wire_name.hpp>

namespace webapi::migration {

namespace detail {

template <class T>
struct optional_of {
  using type = void;
};
template <class T>
struct optional_of<std::optional<T>> {
  using type = T;
};
template <class T>
struct optional_of<webapi::Optional<T>> {
  using type = T;
};

template <class T>
void collect_set_paths(const T& model, const std::string& prefix, std::vector<std::string>& out) {
  using members = webapi::members_t<T>;
  boost::mp11::mp_for_each<members>([&](auto d) {
    using M = std::remove_cvref_t<decltype(model.*d.pointer)>;
    const M& value = model.*d.pointer;
    std::string path = prefix + std::string(webapi::wire_name<T>(d.name));
    auto nested = [&](const auto& inner) {
      using I = std::remove_cvref_t<decltype(inner)>;
      if constexpr (webapi::is_described_v<I>) {
        std::size_t before = out.size();
        collect_set_paths(inner, path + ".", out);
        if (out.size() == before) out.push_back(path);
      } else {
        out.push_back(path);
      }
    };
    if constexpr (!std::is_void_v<typename optional_of<M>::type>) {
      if (value) nested(*value);
    } else if constexpr (std::equality_comparable<M>) {
      if (!(value == M{})) nested(value);
    } else {
      nested(value);
    }
  });
}

}  // namespace detail

/// The field paths of the members set in `model`, one per entry.
template <class Model>
std::vector<std::string> update_mask_paths(const Model& model) {
  std::vector<std::string> out;
  detail::collect_set_paths(model, std::string(), out);
  return out;
}

/// The field paths of the members set in `model`, comma-separated, as `updateMask` takes them.
template <class Model>
std::string update_mask(const Model& model) {
  std::string mask;
  for (const auto& path : update_mask_paths(model)) {
    if (!mask.empty()) mask += ',';
    mask += path;
  }
  return mask;
}

}  // namespace webapi::migration
