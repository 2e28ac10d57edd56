#pragma once
// Providers (vendors), which the API reads and deletes but does not create (Fake::add_provider seeds
// them), and project groups, which it only reads (Fake::add_project_group). A deleted provider leaves the
// id list.

#include <cstdint>
#include <vector>

#include <boost/json.hpp>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/project_management/call.hpp>

namespace webapi::fakes::project_management {

inline pm::ProviderDTO& provider_in_path(Call& c) {
  return existing(c.state.providers, path_id(c, "providerId"), "provider");
}

/// The description gives project groups no schema: the answer carries the group's id and name.
inline boost::json::object project_group_json(const ProjectGroup& g) { return {{"id", g.id}, {"name", g.name}}; }

namespace handlers {

/// GET /providers/ids
inline Response provider_ids(Call& c) {
  std::vector<std::int32_t> out;
  for (const auto& [id, p] : c.state.providers) out.push_back(static_cast<std::int32_t>(id));
  return model_response(out);
}
/// GET /providers/{providerId}
inline Response get_provider(Call& c) { return model_response(provider_in_path(c)); }
/// GET /providers/{providerId}/address
inline Response get_provider_address(Call& c) {
  return model_response(provider_in_path(c).billing_address.value_or(pm::AddressDTO{}));
}
/// GET /providers/{providerId}/contact
inline Response get_provider_contact(Call& c) {
  return model_response(provider_in_path(c).contact.value_or(pm::ContactDTO{}));
}
/// DELETE /providers/{providerId}
inline Response delete_provider(Call& c) {
  erase_existing(c.state.providers, path_id(c, "providerId"), "provider");
  return no_content();
}

/// GET /projectGroups
inline Response list_project_groups(Call& c) {
  boost::json::array out;
  for (const auto& [id, g] : c.state.project_groups) out.push_back(project_group_json(g));
  return json_response(out);
}
/// GET /projectGroups/{projectGroupId}
inline Response get_project_group(Call& c) {
  return json_response(project_group_json(existing(c.state.project_groups, path_id(c, "projectGroupId"), "project group")));
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
