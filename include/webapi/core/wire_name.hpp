#pragma once
// The JSON key of a model member.
//
// A member is named as its key on the wire, except that a C++ keyword gets a trailing underscore
// (`default_` is "default"). A key that is no C++ name at all ("@odata.type", "x-rate") is listed in the
// model's `webapi_renames`:
//
//   struct Item {
//     std::optional<std::string> odata_type;
//     static constexpr webapi::Rename webapi_renames[] = {{"odata_type", "@odata.type"}};
//   };

#include <string_view>

namespace webapi {

/// One entry of a model's `webapi_renames`: the C++ member name and the JSON key it stands for.
struct Rename {
  /// the C++ member name, e.g. "odata_type"
  std::string_view member;
  /// the key on the wire, e.g. `@odata.type`
  std::string_view wire;
};

/// The JSON key of member `member` of model T: its entry in `T::webapi_renames` if it has one, otherwise the
/// name without one trailing underscore (`default_` is "default").
template <class T>
constexpr std::string_view wire_name(std::string_view member) noexcept {
  if constexpr (requires { T::webapi_renames; }) {
    for (const Rename& r : T::webapi_renames)
      if (r.member == member) return r.wire;
  }
  if (!member.empty() && member.back() == '_') member.remove_suffix(1);
  return member;
}

}  // namespace webapi
