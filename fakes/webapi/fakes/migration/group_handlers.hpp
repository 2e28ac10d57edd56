#pragma once
// Groups of assets: created with a groupId (409 if taken), listed, read, and given or relieved of assets.
//
// Membership lives on the asset (Asset::assignedGroups), so adding or removing shows both ways: in the
// asset, and in a listing of assets filtered on "assignedGroups:<group name>". addAssets and removeAssets
// take asset names, or bare asset ids of the group's location. Adding a member again is 409 ALREADY_EXISTS
// unless allowExisting; removing an asset that is not a member is 404 unless allowMissing; an asset that
// does not exist is 404. Each is all or nothing, and answers a long-running operation with the group.

#include <algorithm>
#include <string>
#include <vector>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/long_running.hpp>
#include <webapi/fakes/migration/paging.hpp>
#include <webapi/fakes/migration/update_mask.hpp>

namespace webapi::fakes::migration {

inline bool is_member(const mig::Asset& a, const std::string& group) {
  return a.assigned_groups &&
         std::find(a.assigned_groups->begin(), a.assigned_groups->end(), group) != a.assigned_groups->end();
}

/// The assets an AssetList names, each existing (404 naming its place otherwise).
inline std::vector<mig::Asset*> listed_assets(Call& c, const webapi::Optional<mig::AssetList>& list) {
  const auto& ids = list ? list->asset_ids.value_or(std::vector<std::string>{}) : std::vector<std::string>{};
  if (ids.empty()) invalid("assets.assetIds", "'assets.assetIds' must name at least one asset");
  std::vector<mig::Asset*> out;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    std::string name = ids[i].find('/') == std::string::npos ? c.location_name() + "/assets/" + ids[i] : ids[i];
    mig::Asset* a = c.state.assets.find(name);
    if (!a || !name.starts_with(c.location_name() + "/assets/"))
      throw Failure(404, "asset '" + name + "' was not found in " + c.location_name(),
                    {{"field", "assets.assetIds[" + std::to_string(i) + "]"}});
    out.push_back(a);
  }
  return out;
}

namespace handlers {

/// POST /v1alpha1/{parent=projects/*/locations/*}/groups?groupId=
inline Response create_group(Call& c, const mig::Group& body) {
  std::string name = fresh_name(c, c.state.groups, c.location_name(), "groups", "groupId");
  mig::Group g;
  g.display_name = body.display_name;
  g.description = body.description;
  g.labels = body.labels;
  return store_created(c, c.state.groups, name, std::move(g), "Group");
}

/// GET /v1alpha1/{name=projects/*/locations/*/groups/*}
inline Response get_group(Call& c) { return model_response(existing(c.state.groups, c.child_name("groups"), "group")); }

/// GET /v1alpha1/{parent=projects/*/locations/*}/groups
inline Response list_groups(Call& c) {
  return list_answer(c, children(c.state.groups, c.location_name(), "groups"), &mig::ListGroupsResponse::groups);
}

/// POST /v1alpha1/{group=projects/*/locations/*/groups/*}:addAssets
inline Response add_assets_to_group(Call& c, const mig::AddAssetsToGroupRequest& body) {
  mig::Group& g = existing(c.state.groups, c.child_name("groups"), "group");
  auto assets = listed_assets(c, body.assets);
  if (!body.allow_existing.value_or(false))
    for (const mig::Asset* a : assets)
      if (is_member(*a, *g.name))
        already_exists("asset '" + *a->name + "' is already in group '" + *g.name +
                       "' (set allowExisting to accept that)");
  for (mig::Asset* a : assets)
    if (!is_member(*a, *g.name)) {
      (a->assigned_groups ? *a->assigned_groups : a->assigned_groups.emplace()).push_back(*g.name);
      a->update_time = timestamp_string(c.now);
    }
  g.update_time = timestamp_string(c.now);
  return operation_for(c, "addAssets", *g.name, g, "Group");
}

/// POST /v1alpha1/{group=projects/*/locations/*/groups/*}:removeAssets
inline Response remove_assets_from_group(Call& c, const mig::RemoveAssetsFromGroupRequest& body) {
  mig::Group& g = existing(c.state.groups, c.child_name("groups"), "group");
  auto assets = listed_assets(c, body.assets);
  if (!body.allow_missing.value_or(false))
    for (const mig::Asset* a : assets)
      if (!is_member(*a, *g.name))
        not_found("asset '" + *a->name + "' is not in group '" + *g.name + "' (set allowMissing to accept that)");
  for (mig::Asset* a : assets)
    if (a->assigned_groups) {
      std::erase(*a->assigned_groups, *g.name);
      a->update_time = timestamp_string(c.now);
    }
  g.update_time = timestamp_string(c.now);
  return operation_for(c, "removeAssets", *g.name, g, "Group");
}

}  // namespace handlers
}  // namespace webapi::fakes::migration
