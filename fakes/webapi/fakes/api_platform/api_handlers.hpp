#pragma once
// APIs and their versions. Creating an API creates its first version ("Draft"); a version created from a
// source version of the same API copies the source's schemas when asked (source.schema) and the relations
// of each type asked for (source.relations). Deleting an API or a version answers the deleted id. The
// caller sees the APIs it made and those in a workspace open to it (access.hpp).

#include <string>

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/relations.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform {

/// The name a new API's first version gets.
inline constexpr std::string_view default_version_name = "Draft";

/// The API the path's apiId names, if the caller can open it.
inline Api& api_in_path(Call& c) { return opened_by_id(c, c.state.apis, c.path("apiId"), "API"); }

/// The version the path's apiId and apiVersionId name.
inline ApiVersion& version_in_path(Call& c) {
  return by_id(api_in_path(c).versions, c.path("apiVersionId"), "API version");
}

/// A new version of `api`, without schemas or relations.
inline ApiVersion& add_version(State& s, Api& api, std::string name, const User& by, ManualClock::time_point now) {
  ApiVersion v;
  v.id = new_id(s, "version");
  v.api = api.id;
  v.name = std::move(name);
  v.created_by = by.id;
  v.created_at = v.updated_at = now;
  return api.versions.put(std::move(v));
}

namespace handlers {

namespace ap = webapi::api_platform;

/// An API as the answers that carry all of it show it.
template <class Model>
Model api_model(const Api& a) {
  return {.created_at = timestamp_string(a.created_at), .created_by = a.created_by, .description = a.description,
          .id = a.id, .name = a.name, .summary = a.summary, .updated_at = timestamp_string(a.updated_at)};
}

inline Response list_apis(Call& c) {
  auto workspace = c.request.query_value("workspace");
  auto name = c.request.query_value("name");
  ap::GetAllApisResponse out{.apis = std::vector<ap::ApiSummary>{}};
  for (const Api* a : open_to_caller(c, c.state.apis)) {
    if (workspace && a->workspace != *workspace) continue;
    if (name && a->name.find(*name) == std::string::npos) continue;
    out.apis->push_back({.id = a->id, .name = a->name, .summary = a->summary, .description = a->description});
  }
  return model_response(out);
}

inline Response create_api(Call& c, const ap::CreateApiRequest& body) {
  if (!body.api) invalid("api", "'api' is required");
  Api a;
  a.name = required(body.api->name, "api.name");
  a.summary = body.api->summary.value_or("");
  a.description = body.api->description.value_or("");
  a.workspace = std::string(c.request.query_value("workspace").value_or(""));
  if (!a.workspace.empty() && !open_by_id(c, c.state.workspaces, a.workspace))
    invalid("workspace", "workspace '" + a.workspace + "' not found");
  a.id = new_id(c.state, "api");
  a.created_by = c.caller().id;
  a.created_at = a.updated_at = c.now;
  Api& made = c.state.apis.put(std::move(a));
  add_version(c.state, made, std::string(default_version_name), c.caller(), c.now);
  return model_response(ap::CreateApiResponse{api_model<ap::CreateApiResponseApi>(made)});
}

inline Response get_api(Call& c) {
  return model_response(ap::SingleApiResponse{api_model<ap::SingleApiResponseApi>(api_in_path(c))});
}

inline Response update_api(Call& c, const ap::UpdateAnApiRequest& body) {
  Api& a = api_in_path(c);
  if (body.api) {
    if (body.api->name) a.name = required(body.api->name, "api.name");
    if (body.api->description) a.description = *body.api->description;
  }
  a.updated_at = c.now;
  return model_response(ap::UpdateAnApiResponse{api_model<ap::UpdateAnApiResponseApi>(a)});
}

inline Response delete_api(Call& c) {
  std::string id = api_in_path(c).id;
  c.state.apis.erase(id);
  return model_response(ap::DeleteAnApiResponse{{{.id = std::move(id)}}});
}

inline Response list_versions(Call& c) {
  const Api& a = api_in_path(c);
  ap::GetAllApiVersionsResponse out{.versions = std::vector<ap::GetAllApiVersionsResponseVersionsItem>{}};
  for (const ApiVersion* v : a.versions.ordered())
    out.versions->push_back({.created_at = timestamp_string(v->created_at), .created_by = v->created_by,
                             .id = v->id, .name = v->name, .updated_at = timestamp_string(v->updated_at)});
  return model_response(out);
}

/// Copies into `to` what `source` asks for of `from`: its schemas (as new ones) and relations by type.
template <class Source>
void copy_from(State& s, const ApiVersion& from, ApiVersion& to, const Source& source, ManualClock::time_point now) {
  if (source.schema.value_or(false))
    for (const Schema* schema : from.schemas.ordered()) {
      Schema copy = *schema;
      copy.id = new_id(s, "schema");
      copy.created_at = copy.updated_at = now;
      to.schemas.put(std::move(copy));
    }
  if (!source.relations) return;
  auto wanted = [&](std::string_view type) {
    bool yes = false;
    for_each_relation_type(*source.relations, [&](std::string_view name, const auto& flag) {
      if (name == type) yes = flag.value_or(false);
    });
    return yes;
  };
  for (const Relation& r : from.relations)
    if (wanted(r.type)) to.relations.push_back({r.type, r.entity_id, std::nullopt});
}

inline Response create_version(Call& c, const ap::CreateApiVersionRequest& body) {
  Api& a = api_in_path(c);
  if (!body.version) invalid("version", "'version' is required");
  const auto& in = *body.version;
  std::string name = required(in.name, "version.name");
  const ApiVersion* from = nullptr;
  if (in.source) {
    const std::string& source_id = required(in.source->id, "version.source.id");
    from = a.versions.find(source_id);
    if (!from) invalid("version.source.id", "API version '" + source_id + "' not found in API '" + a.id + "'");
  }
  ApiVersion& v = add_version(c.state, a, std::move(name), c.caller(), c.now);
  if (from) copy_from(c.state, *from, v, *in.source, c.now);
  return model_response(ap::CreateApiVersionResponse{{{.api = a.id, .id = v.id, .name = v.name}}});
}

inline Response get_version(Call& c) {
  const ApiVersion& v = version_in_path(c);
  std::vector<std::string> schemas;
  for (const Schema* s : v.schemas.ordered()) schemas.push_back(s->id);
  return model_response(ap::GetAnApiVersionResponse{{{.api = v.api, .created_at = timestamp_string(v.created_at),
                                                      .created_by = v.created_by, .id = v.id, .name = v.name,
                                                      .schema = std::move(schemas),
                                                      .updated_at = timestamp_string(v.updated_at),
                                                      .updated_by = v.created_by}}});
}

inline Response update_version(Call& c, const ap::UpdateAnApiVersionRequest& body) {
  ApiVersion& v = version_in_path(c);
  if (body.version && body.version->name) v.name = required(body.version->name, "version.name");
  v.updated_at = c.now;
  return model_response(ap::UpdateAnApiVersionResponse{{{.api = v.api, .created_at = timestamp_string(v.created_at),
                                                         .created_by = v.created_by, .id = v.id, .name = v.name,
                                                         .updated_at = timestamp_string(v.updated_at),
                                                         .updated_by = c.caller().id}}});
}

inline Response delete_version(Call& c) {
  Api& a = api_in_path(c);
  std::string id = by_id(a.versions, c.path("apiVersionId"), "API version").id;
  a.versions.erase(id);
  return model_response(ap::DeleteAnApiVersionResponse{{{.id = std::move(id)}}});
}

}  // namespace handlers
}  // namespace webapi::fakes::api_platform
