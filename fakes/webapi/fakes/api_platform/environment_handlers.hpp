#pragma once
// Environments: created, read, replaced and deleted by uid (or id), within the bounds of
// environment_rules.hpp. The list shows the caller's own; by uid, any the caller can open (access.hpp).

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/environment_rules.hpp>
#include <webapi/fakes/api_platform/workspace_membership.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform::handlers {

namespace ap = webapi::api_platform;

inline Environment& environment_in_path(Call& c) {
  return opened_by_uid_or_id(c, c.state.environments, c.path("environment_uid"), "environment");
}

inline Response list_environments(Call& c) {
  ap::AllEnvironmentsResponse out{.environments = std::vector<ap::AllEnvironmentsResponseEnvironmentsItem>{}};
  for (const Environment* e : c.state.environments.where([&](const Environment& e) { return e.owner == c.caller().id; }))
    out.environments->push_back({.id = e->id, .name = e->name, .owner = e->owner, .uid = e->uid});
  return model_response(out);
}

inline Response create_environment(Call& c, const ap::CreateEnvironmentRequest& body) {
  Workspace* w = workspace_in_query(c);
  Environment e;
  e.values = checked_environment(body.environment);
  e.name = body.environment.name;
  e.id = new_id(c.state, "env");
  e.owner = c.caller().id;
  e.uid = uid_of(e.owner, e.id);
  e.created_at = e.updated_at = c.now;
  join_workspace(w, &Workspace::environments, e.uid);
  const Environment& made = c.state.environments.put(std::move(e));
  return model_response(ap::CreateEnvironmentResponse{{{.id = made.id, .name = made.name, .uid = made.uid}}});
}

inline Response get_environment(Call& c) {
  const Environment& e = environment_in_path(c);
  ap::SingleEnvironmentResponseEnvironment out{.id = e.id, .name = e.name,
                                               .values = std::vector<ap::SingleEnvironmentResponseEnvironmentValuesItem>{}};
  for (const Variable& v : e.values)
    out.values->push_back({.enabled = v.enabled, .key = v.key, .type = "text", .value = v.value});
  return model_response(ap::SingleEnvironmentResponse{std::move(out)});
}

inline Response update_environment(Call& c, const ap::UpdateEnvironmentRequest& body) {
  Environment& e = environment_in_path(c);
  e.values = checked_environment(body.environment);
  e.name = body.environment.name;
  e.updated_at = c.now;
  return model_response(ap::UpdateEnvironmentResponse{{{.id = e.id, .name = e.name, .uid = e.uid}}});
}

inline Response delete_environment(Call& c) {
  const Environment& e = environment_in_path(c);
  ap::DeleteEnvironmentResponse out{{{.id = e.id, .uid = e.uid}}};
  leave_workspaces(c.state, &Workspace::environments, e.uid);
  c.state.environments.erase(std::string(e.id));
  return model_response(out);
}

}  // namespace webapi::fakes::api_platform::handlers
