#pragma once
// Sources: where assets come from. Created with a sourceId under a location (409 if taken), read, listed,
// patched under an update mask (displayName, description, type, priority, isManaged), deleted. Create,
// patch and delete answer long-running operations (long_running.hpp); the change is made at once.
// Deleting a source takes it off the assets that named it; the assets stay.

#include <string>
#include <vector>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/long_running.hpp>
#include <webapi/fakes/migration/paging.hpp>
#include <webapi/fakes/migration/update_mask.hpp>

namespace webapi::fakes::migration {

inline const std::vector<Patchable<mig::Source>>& source_patchable() {
  static const std::vector<Patchable<mig::Source>> members{
      {"displayName", [](mig::Source& r, const mig::Source& p) { r.display_name = p.display_name; }},
      {"description", [](mig::Source& r, const mig::Source& p) { r.description = p.description; }},
      {"type", [](mig::Source& r, const mig::Source& p) { r.type = p.type; }},
      {"priority", [](mig::Source& r, const mig::Source& p) { r.priority = p.priority; }},
      {"isManaged", [](mig::Source& r, const mig::Source& p) { r.is_managed = p.is_managed; }},
  };
  return members;
}

namespace handlers {

/// POST /v1alpha1/{parent=projects/*/locations/*}/sources?sourceId=
inline Response create_source(Call& c, const mig::Source& body) {
  std::string name = fresh_name(c, c.state.sources, c.location_name(), "sources", "sourceId");
  mig::Source s;
  apply_patch(s, body, "", source_patchable(), "body");
  s.state = mig::SourceState::ACTIVE;
  if (!s.type) s.type = mig::SourceType::SOURCE_TYPE_UPLOAD;
  s.error_frame_count = 0;
  s.pending_frame_count = 0;
  return store_created(c, c.state.sources, name, std::move(s), "Source");
}

/// GET /v1alpha1/{name=projects/*/locations/*/sources/*}
inline Response get_source(Call& c) {
  return model_response(existing(c.state.sources, c.child_name("sources"), "source"));
}

/// GET /v1alpha1/{parent=projects/*/locations/*}/sources
inline Response list_sources(Call& c) {
  return list_answer(c, children(c.state.sources, c.location_name(), "sources"), &mig::ListSourcesResponse::sources);
}

/// PATCH /v1alpha1/{name=projects/*/locations/*/sources/*}?updateMask=
inline Response patch_source(Call& c, const mig::Source& body) {
  mig::Source& s = existing(c.state.sources, c.child_name("sources"), "source");
  apply_patch(s, body, c.params.get("updateMask").value_or(""), source_patchable(), "updateMask");
  s.update_time = timestamp_string(c.now);
  return operation_for(c, "update", *s.name, s, "Source");
}

/// DELETE /v1alpha1/{name=projects/*/locations/*/sources/*}
inline Response delete_source(Call& c) {
  const std::string name = c.child_name("sources");
  existing(c.state.sources, name, "source");
  c.state.sources.erase(name);
  for (const mig::Asset* a : c.state.assets.ordered()) {
    mig::Asset& asset = *c.state.assets.find(*a->name);
    if (asset.sources) std::erase(*asset.sources, name);
  }
  return empty_operation(c, "delete", name);
}

}  // namespace handlers
}  // namespace webapi::fakes::migration
