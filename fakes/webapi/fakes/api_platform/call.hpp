#pragma once
// One call to the API-platform fake, and what its handlers share: the caller, fresh ids, lookups by id
// or uid, and refusals that name the field at fault.

#include <optional>
#include <string>
#include <string_view>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/router.hpp>
#include <webapi/fakes/api_platform/state.hpp>

namespace webapi::fakes::api_platform {

struct Call {
  State& state;
  const Request& request;
  const User* user;   ///< the key's owner; null only on a webhook's URL, which takes no key
  Captures captures;  ///< the path's values
  ManualClock::time_point now;

  const User& caller() const { return *user; }
  std::string_view path(std::string_view name) const { return captures.get(name).value_or(""); }
};

/// 400 naming `field` (a member path such as environment.values[3].key).
[[noreturn]] inline void invalid(std::string field, std::string message) {
  throw Failure(400, std::move(message), {{"in", std::move(field)}});
}

/// A fresh id, "<kind>-<n>", n counting across every kind: readable in test output, the same on every run.
inline std::string new_id(State& s, std::string_view kind) {
  return std::string(kind) + '-' + std::to_string(++s.ids_issued);
}

/// The uid of an entity `id` that `owner` owns.
inline std::string uid_of(std::string_view owner, std::string_view id) {
  return std::string(owner) + '-' + std::string(id);
}

/// The entity of `table` (a Table<T>, const or not) whose uid is `uid`, or null.
template <class TableT>
auto with_uid(TableT& table, std::string_view uid) -> decltype(table.find(uid)) {
  for (const auto* row : table.ordered())
    if (row->uid == uid) return table.find(row->id);
  return nullptr;
}

/// The record a path names by its id, for records inside one the caller can open (access.hpp); 404 naming
/// `what` otherwise.
template <class T>
T& by_id(Table<T>& table, std::string_view id, std::string_view what) {
  if (T* t = table.find(id)) return *t;
  not_found(std::string(what) + " '" + std::string(id) + "' not found");
}

/// A member the call needs: 400 naming it when missing or empty.
inline const std::string& required(const webapi::Optional<std::string>& value, std::string field) {
  if (!value || value->empty()) invalid(field, "'" + field + "' is required");
  return *value;
}

}  // namespace webapi::fakes::api_platform
