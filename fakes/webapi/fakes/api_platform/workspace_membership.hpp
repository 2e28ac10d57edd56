#pragma once
// The optional `workspace` query parameter of the calls that create something: the new entity joins that
// workspace, which must exist and be open to the caller (access.hpp).

#include <string>
#include <vector>

#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>

namespace webapi::fakes::api_platform {

/// The workspace the call's `workspace` query parameter names, or null when there is none.
inline Workspace* workspace_in_query(Call& c) {
  auto id = c.request.query_value("workspace");
  if (!id || id->empty()) return nullptr;
  Workspace* w = open_by_id(c, c.state.workspaces, *id);
  if (!w) invalid("workspace", "workspace '" + std::string(*id) + "' not found");
  return w;
}

/// Adds `uid` to `list` of the workspace the query names, if any.
inline void join_workspace(Workspace* w, std::vector<std::string> Workspace::*list, const std::string& uid) {
  if (w) (w->*list).push_back(uid);
}

/// Removes `uid` from `list` of every workspace: a deleted entity leaves them all.
inline void leave_workspaces(State& s, std::vector<std::string> Workspace::*list, const std::string& uid) {
  for (const Workspace* w : s.workspaces.ordered()) {
    auto& v = s.workspaces.find(w->id)->*list;
    std::erase(v, uid);
  }
}

}  // namespace webapi::fakes::api_platform
