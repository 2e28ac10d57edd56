#pragma once
// A collection generated from a version's schema, linked to the version as each collection relation type
// the body asks for (contracttest, integrationtest, testsuite, documentation).

#include <string>
#include <vector>

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/api_handlers.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/collection_handlers.hpp>
#include <webapi/fakes/api_platform/relations.hpp>
#include <webapi/fakes/api_platform/workspace_membership.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform::handlers {

namespace ap = webapi::api_platform;

/// The format the generated collection is written in.
inline constexpr std::string_view generated_collection_format =
    "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

inline Response create_collection_from_schema(Call& c, const ap::CreateCollectionFromSchemaRequest& body) {
  ApiVersion& v = version_in_path(c);
  const Schema& schema = by_id(v.schemas, c.path("schemaId"), "schema");
  Workspace* w = workspace_in_query(c);
  std::vector<std::string> types;
  if (body.relations)
    for (std::size_t i = 0; i < body.relations->size(); ++i) {
      const std::string field = "relations[" + std::to_string(i) + "].type";
      const std::string& type = required((*body.relations)[i].type, field);
      if (!links_collections(type))
        invalid(field, "'" + field + "' must be contracttest, integrationtest, testsuite or documentation, not '" +
                           type + "'");
      types.push_back(type);
    }
  Collection col;
  col.name = required(body.name, "name");
  col.description = "generated from " + schema.type + " schema " + schema.id;
  col.schema_url = generated_collection_format;
  col.items = boost::json::array{};
  const Collection& made = add_collection(c, std::move(col), w);
  ap::CreateCollectionFromSchemaResponse out{
      .collection = ap::CreateCollectionFromSchemaResponseCollection{.id = made.id, .uid = made.uid},
      .relations = std::vector<ap::CreateCollectionFromSchemaResponseRelationsItem>{}};
  for (const std::string& type : types) {
    link(c.state, c.caller(), v, type, {made.uid});
    out.relations->push_back({.id = made.uid, .type = type});
  }
  v.updated_at = c.now;
  return model_response(out);
}

}  // namespace webapi::fakes::api_platform::handlers
