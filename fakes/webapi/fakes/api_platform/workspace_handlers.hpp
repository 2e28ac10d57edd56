#pragma once
// Workspaces, populated with existing collections and environments (by uid) and mocks and monitors (by
// uid or id): each one named must exist and be open to the caller, or the call is 400 naming it, e.g.
// workspace.collections[1].uid. A workspace is its maker's; a team one is open to every user (access.hpp).

#include <string>
#include <vector>

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform::handlers {

namespace ap = webapi::api_platform;

inline Workspace& workspace_in_path(Call& c) {
  return opened_by_id(c, c.state.workspaces, c.path("workspace_id"), "workspace");
}

/// The uids of `items`' member `Member`, each of an entity of `table`; `at` names the list.
template <auto Member, class Items, class T>
std::vector<std::string> member_uids(Call& c, const webapi::Optional<Items>& items, Table<T>& table,
                                     const std::string& at, std::string_view member_name) {
  std::vector<std::string> out;
  if (!items) return out;
  for (std::size_t i = 0; i < items->size(); ++i) {
    const std::string field = at + "[" + std::to_string(i) + "]." + std::string(member_name);
    const std::string& key = required((*items)[i].*Member, field);
    T* found = open_by_uid_or_id(c, table, key);
    if (!found) invalid(field, "'" + field + "': '" + key + "' names nothing of that kind");
    out.push_back(found->uid);
  }
  return out;
}

/// Reads a workspace body (create or update) into `w`; lists not sent stay as they were.
template <class In>
void read_workspace(Call& c, const In& in, Workspace& w) {
  State& s = c.state;
  using Collections = typename decltype(in.collections)::value_type::value_type;
  using Environments = typename decltype(in.environments)::value_type::value_type;
  using Mocks = typename decltype(in.mocks)::value_type::value_type;
  using Monitors = typename decltype(in.monitors)::value_type::value_type;
  if (in.name) w.name = required(in.name, "workspace.name");
  if (in.description) w.description = *in.description;
  if (in.collections) w.collections = member_uids<&Collections::uid>(c, in.collections, s.collections, "workspace.collections", "uid");
  if (in.environments)
    w.environments = member_uids<&Environments::uid>(c, in.environments, s.environments, "workspace.environments", "uid");
  if (in.mocks) w.mocks = member_uids<&Mocks::id>(c, in.mocks, s.mocks, "workspace.mocks", "id");
  if (in.monitors) w.monitors = member_uids<&Monitors::id>(c, in.monitors, s.monitors, "workspace.monitors", "id");
}

inline Response list_workspaces(Call& c) {
  ap::AllWorkspacesResponse out{.workspaces = std::vector<ap::AllWorkspacesResponseWorkspacesItem>{}};
  for (const Workspace* w : open_to_caller(c, c.state.workspaces))
    out.workspaces->push_back({.id = w->id, .name = w->name, .type = w->type});
  return model_response(out);
}

inline Response create_workspace(Call& c, const ap::CreateWorkspaceRequest& body) {
  if (!body.workspace) invalid("workspace", "'workspace' is required");
  Workspace w;
  w.name = required(body.workspace->name, "workspace.name");
  w.type = body.workspace->type.value_or("personal");
  if (w.type != "personal" && w.type != "team")
    invalid("workspace.type", "'workspace.type' must be personal or team, not '" + w.type + "'");
  read_workspace(c, *body.workspace, w);
  w.id = new_id(c.state, "workspace");
  w.owner = c.caller().id;
  const Workspace& made = c.state.workspaces.put(std::move(w));
  return model_response(ap::CreateWorkspaceResponse{{{.id = made.id, .name = made.name}}});
}

inline Response get_workspace(Call& c) {
  const Workspace& w = workspace_in_path(c);
  ap::SingleWorkspaceResponseWorkspace out{
      .collections = std::vector<ap::SingleWorkspaceResponseWorkspaceCollectionsItem>{}, .description = w.description,
      .environments = std::vector<ap::SingleWorkspaceResponseWorkspaceEnvironmentsItem>{}, .id = w.id,
      .name = w.name, .type = w.type};
  for (const auto& uid : w.collections)
    if (const Collection* col = with_uid(c.state.collections, uid))
      out.collections->push_back({.id = col->id, .name = col->name, .uid = col->uid});
  for (const auto& uid : w.environments)
    if (const Environment* e = with_uid(c.state.environments, uid))
      out.environments->push_back({.id = e->id, .name = e->name, .uid = e->uid});
  return model_response(ap::SingleWorkspaceResponse{std::move(out)});
}

inline Response update_workspace(Call& c, const ap::UpdateWorkspaceRequest& body) {
  Workspace& w = workspace_in_path(c);
  if (body.workspace) {
    Workspace changed = w;  // checked in full before anything changes
    read_workspace(c, *body.workspace, changed);
    w = std::move(changed);
  }
  return model_response(ap::UpdateWorkspaceResponse{{{.id = w.id, .name = w.name}}});
}

inline Response delete_workspace(Call& c) {
  std::string id = workspace_in_path(c).id;
  c.state.workspaces.erase(id);
  return model_response(ap::DeleteWorkspaceResponse{{{.id = std::move(id)}}});
}

}  // namespace webapi::fakes::api_platform::handlers
