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

struct Rename {
  std::string_view member;
  std::string_view wire;
};

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
