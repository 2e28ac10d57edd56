#pragma once
// Applying a patch under its update mask: `updateMask` lists the members (wire names, comma-separated) to
// take from the request's model; a member the mask names but the model leaves out is cleared. Without a
// mask, every member the model carries is taken. A mask naming a member that cannot be changed, or one
// the resource does not have, is 400 naming it.

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include <webapi/fakes/migration/errors.hpp>
#include <webapi/migration/update_mask.hpp>

namespace webapi::fakes::migration {

/// One member a patch may change: its wire name and how to copy it from the patch to the resource.
template <class Model>
struct Patchable {
  std::string_view path;
  std::function<void(Model& resource, const Model& patch)> copy;
};

/// Copies from `patch` into `resource` the members `mask` names (or, for an empty mask, those `patch`
/// sets). `field` names where the mask came from, for errors ("updateMask", "requests[0].updateMask").
template <class Model>
void apply_patch(Model& resource, const Model& patch, std::string_view mask,
                 const std::vector<Patchable<Model>>& members, const std::string& field) {
  std::vector<std::string> paths;
  if (mask.empty()) {
    paths = webapi::migration::update_mask_paths(patch);
    std::erase_if(paths, [&](const std::string& p) {  // output-only members a client echoes back are skipped
      for (const auto& m : members)
        if (p == m.path || p.starts_with(std::string(m.path) + ".")) return false;
      return true;
    });
  } else {
    while (!mask.empty()) {
      std::string_view p = mask.substr(0, mask.find(','));
      mask.remove_prefix(std::min(mask.size(), p.size() + 1));
      while (!p.empty() && p.front() == ' ') p.remove_prefix(1);
      if (!p.empty()) paths.emplace_back(p);
    }
  }
  for (const std::string& p : paths) {
    const Patchable<Model>* found = nullptr;
    for (const auto& m : members)
      if (p == m.path || p.starts_with(std::string(m.path) + ".")) found = &m;
    if (!found) {
      std::string allowed;
      for (const auto& m : members) allowed.append(allowed.empty() ? "" : ", ").append(m.path);
      invalid(field, "'" + field + "' names '" + p + "', which cannot be changed; it may name: " + allowed);
    }
  }
  for (const std::string& p : paths)
    for (const auto& m : members)
      if (p == m.path || p.starts_with(std::string(m.path) + ".")) m.copy(resource, patch);
}

}  // namespace webapi::fakes::migration
