#pragma once
// Field masks as text (`format: google-fieldmask`): member paths joined by commas, such as
// "displayName,virtualMachineDetails.coreCount". A module may build one from a model (for the migration
// module, webapi::migration::update_mask); these two turn a list of paths into the text and back.
//
//   std::string m = webapi::join_field_mask({"displayName", "labels"});   // "displayName,labels"
//   auto paths = webapi::split_field_mask(m);                             // {"displayName", "labels"}

#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// The paths of `mask` in order; an empty mask has none. A decode error names an empty path or an empty
/// part of one ("a,,b", "a.", ".b").
inline Result<std::vector<std::string>> split_field_mask(std::string_view mask) {
  std::vector<std::string> paths;
  if (mask.empty()) return paths;
  for (std::size_t start = 0;;) {
    std::size_t comma = mask.find(',', start);
    std::string_view path = mask.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    std::size_t number = paths.size() + 1;
    if (path.empty())
      return make_error(ErrorKind::decode, "field mask \"" + std::string(mask) + "\": path " + std::to_string(number) + " is empty");
    if (path.front() == '.' || path.back() == '.' || path.find("..") != std::string_view::npos)
      return make_error(ErrorKind::decode, "field mask \"" + std::string(mask) + "\": path \"" + std::string(path) +
                                               "\" has an empty member name");
    paths.emplace_back(path);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return paths;
}

/// `paths` joined by commas: the text of a field mask.
inline std::string join_field_mask(const std::vector<std::string>& paths) {
  std::string out;
  for (const auto& p : paths) {
    if (!out.empty()) out += ',';
    out += p;
  }
  return out;
}

}  // namespace webapi
