#pragma once
// Who may see what. The fake's users are the members of one team: a team workspace is open to all of them,
// a personal one to the user who made it. A collection, environment, mock or monitor is open to its owner
// and to every user who can open a workspace it is in (that is how it is shared); an API likewise, through
// the workspace it was made in.
//
// What the caller cannot open is, for the caller, not there: a path naming it is 404 with the same answer
// as an id nobody has (so a key learns nothing of other users' data), a body member naming it is refused
// as naming nothing, and it is left out of the lists that show what is accessible. The lists of
// environments and mocks show only the caller's own, as the service's lists of them do.

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <webapi/fakes/api_platform/call.hpp>

namespace webapi::fakes::api_platform {

/// Whether `u` can open the workspace `w`.
inline bool can_open(const Workspace& w, const User& u) { return w.owner == u.id || w.type == "team"; }

/// The list of a workspace that holds the uids of entities of type T.
template <class T>
constexpr std::vector<std::string> Workspace::*members_of() {
  if constexpr (std::is_same_v<T, Collection>) return &Workspace::collections;
  else if constexpr (std::is_same_v<T, Environment>) return &Workspace::environments;
  else if constexpr (std::is_same_v<T, Mock>) return &Workspace::mocks;
  else return &Workspace::monitors;
}

/// Whether `u` can open `e`, a collection, environment, mock or monitor: its own, or shared with `u`
/// through a workspace `u` can open.
template <class T>
bool can_open(const State& s, const T& e, const User& u) {
  if (e.owner == u.id) return true;
  for (const Workspace* w : s.workspaces.ordered())
    if (can_open(*w, u) && std::ranges::find(w->*members_of<T>(), e.uid) != (w->*members_of<T>()).end()) return true;
  return false;
}

/// Whether `u` can open the API `a`: one `u` made, or one in a workspace `u` can open.
inline bool can_open(const State& s, const Api& a, const User& u) {
  if (a.created_by == u.id) return true;
  const Workspace* w = a.workspace.empty() ? nullptr : s.workspaces.find(a.workspace);
  return w && can_open(*w, u);
}
inline bool can_open(const State&, const Workspace& w, const User& u) { return can_open(w, u); }

/// The entity of `table` that `key` names by uid or id and the caller can open, or null.
template <class T>
T* open_by_uid_or_id(Call& c, Table<T>& table, std::string_view key) {
  T* t = table.find(key);
  if (!t) t = with_uid(table, key);
  return t && can_open(c.state, *t, c.caller()) ? t : nullptr;
}

/// The entity of `table` that `key` names by id and the caller can open, or null.
template <class T>
T* open_by_id(Call& c, Table<T>& table, std::string_view key) {
  T* t = table.find(key);
  return t && can_open(c.state, *t, c.caller()) ? t : nullptr;
}

/// The entity a path names by uid or id; 404 naming `what` when there is none the caller can open.
template <class T>
T& opened_by_uid_or_id(Call& c, Table<T>& table, std::string_view key, std::string_view what) {
  if (T* t = open_by_uid_or_id(c, table, key)) return *t;
  not_found(std::string(what) + " '" + std::string(key) + "' not found");
}

/// The entity a path names by id; 404 naming `what` when there is none the caller can open.
template <class T>
T& opened_by_id(Call& c, Table<T>& table, std::string_view id, std::string_view what) {
  if (T* t = open_by_id(c, table, id)) return *t;
  not_found(std::string(what) + " '" + std::string(id) + "' not found");
}

/// The entities of `table` the caller can open, in id order.
template <class T>
std::vector<const T*> open_to_caller(const Call& c, const Table<T>& table) {
  return table.where([&](const T& t) { return can_open(c.state, t, c.caller()); });
}

}  // namespace webapi::fakes::api_platform
