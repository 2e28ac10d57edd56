#pragma once
// Relations of an API version: linked by the right kind of identifier (relations.hpp), listed per type and
// all together, and synced with the version's schema.

#include <map>
#include <string>
#include <vector>

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/api_handlers.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/relations.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform::handlers {

namespace ap = webapi::api_platform;

inline Response create_relations(Call& c, const ap::RelationIds& body) {
  ApiVersion& v = version_in_path(c);
  // Every identifier is checked before any is linked, so a refused call changes nothing.
  ApiVersion trial = v;
  for_each_relation_type(body, [&](std::string_view type, const auto& ids) {
    if (ids) link(c.state, c.caller(), trial, type, *ids);
  });
  v.relations = std::move(trial.relations);
  v.updated_at = c.now;
  return model_response(body);  // the service answers the identifiers linked, by type
}

/// One linked entity as the per-type lists show it.
struct Listed {
  std::string id, name, entity_id, updated_at;
};

inline std::vector<Listed> listed(const State& s, const ApiVersion& v, std::string_view type) {
  std::vector<Listed> out;
  for (const Relation* r : relations_of(v, type))
    out.push_back({r->entity_id, linked_entity_name(s, type, r->entity_id).value_or(""), r->entity_id,
                   timestamp_string(r->synced_at.value_or(v.updated_at))});
  return out;
}

/// The answer of a per-type list: `{ "<type>": [ {id, name, updatedAt, ...} ] }`.
template <class Response_, class Item, auto Member>
Response typed_list(Call& c, std::string_view type) {
  const ApiVersion& v = version_in_path(c);
  Response_ out;
  auto& items = (out.*Member).emplace();
  for (const Listed& l : listed(c.state, v, type)) {
    Item i;
    i.id = l.id;
    i.name = l.name;
    i.updated_at = l.updated_at;
    if constexpr (requires { i.collection_id; }) i.collection_id = l.entity_id;
    if constexpr (requires { i.monitor_id; }) i.monitor_id = l.entity_id;
    items.push_back(std::move(i));
  }
  return model_response(out);
}

inline Response list_contract_tests(Call& c) {
  return typed_list<ap::GetContractTestRelationsResponse, ap::GetContractTestRelationsResponseContracttestItem,
                    &ap::GetContractTestRelationsResponse::contracttest>(c, "contracttest");
}
inline Response list_documentation(Call& c) {
  return typed_list<ap::GetDocumentationRelationsResponse, ap::GetDocumentationRelationsResponseDocumentationItem,
                    &ap::GetDocumentationRelationsResponse::documentation>(c, "documentation");
}
inline Response list_environments_linked(Call& c) {
  return typed_list<ap::GetEnvironmentRelationsResponse, ap::GetEnvironmentRelationsResponseEnvironmentItem,
                    &ap::GetEnvironmentRelationsResponse::environment>(c, "environment");
}
inline Response list_integration_tests(Call& c) {
  return typed_list<ap::GetIntegrationTestRelationsResponse,
                    ap::GetIntegrationTestRelationsResponseIntegrationtestItem,
                    &ap::GetIntegrationTestRelationsResponse::integrationtest>(c, "integrationtest");
}
inline Response list_monitors_linked(Call& c) {
  return typed_list<ap::GetMonitorRelationsResponse, ap::GetMonitorRelationsResponseMonitorItem,
                    &ap::GetMonitorRelationsResponse::monitor>(c, "monitor");
}
inline Response list_test_suites(Call& c) {
  return typed_list<ap::GetTestSuiteRelationsResponse, ap::GetTestSuiteRelationsResponseTestsuiteItem,
                    &ap::GetTestSuiteRelationsResponse::testsuite>(c, "testsuite");
}

/// Every relation of the version, by type and then by the entity's identifier.
inline Response list_linked(Call& c) {
  const ApiVersion& v = version_in_path(c);
  ap::LinkedRelations all;
  for_each_relation_type(all, [&](std::string_view type, auto& by_id) {
    for (const Listed& l : listed(c.state, v, type)) {
      ap::LinkedRelation r{.id = l.id, .name = l.name, .updated_at = l.updated_at};
      if (type == "mock")
        if (const Mock* m = c.state.mocks.find(l.id)) r.url = m->mock_url;
      if (!by_id) by_id.emplace();
      (*by_id)[l.id] = std::move(r);
    }
  });
  return model_response(ap::GetLinkedRelationsResponse{std::move(all)});
}

/// Brings a collection relation up to date with the version's schema, which must be an OpenAPI 3.0 one.
inline Response sync_with_schema(Call& c) {
  ApiVersion& v = version_in_path(c);
  const std::string type(c.path("entityType"));
  const std::string entity(c.path("entityId"));
  if (!links_collections(type))
    invalid("entityType", "only collection relations (contracttest, documentation, integrationtest, testsuite) "
                          "sync with a schema, not '" + type + "'");
  Relation* relation = nullptr;
  for (Relation& r : v.relations)
    if (r.type == type && r.entity_id == entity) relation = &r;
  if (!relation) not_found("no " + type + " relation '" + entity + "' in API version '" + v.id + "'");
  bool openapi3 = false;
  for (const Schema* s : v.schemas.ordered()) openapi3 = openapi3 || s->type == "openapi3";
  if (!openapi3) invalid("schema", "unable to validate: only an OpenAPI 3.0 schema can be synced with");
  relation->synced_at = c.now;
  return model_response(ap::SyncRelationsWithSchemaResponse{.success = true});
}

}  // namespace webapi::fakes::api_platform::handlers
