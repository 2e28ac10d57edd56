#pragma once
// Schemas of an API version: created, read and replaced, each of a type and language schema_rules.hpp
// allows.

#include <string>

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/api_handlers.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/schema_rules.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform::handlers {

namespace ap = webapi::api_platform;

/// A schema as every schema answer shows it.
template <class Model>
Model schema_model(const ApiVersion& v, const Schema& s) {
  return {.api_version = v.id, .created_at = timestamp_string(s.created_at), .created_by = s.created_by,
          .id = s.id, .language = s.language, .type = s.type, .update_by = s.created_by,
          .updated_at = timestamp_string(s.updated_at)};
}

inline Response create_schema(Call& c, const ap::CreateSchemaRequest& body) {
  ApiVersion& v = version_in_path(c);
  if (!body.schema) invalid("schema", "'schema' is required");
  Schema s;
  s.type = required(body.schema->type, "schema.type");
  s.language = required(body.schema->language, "schema.language");
  check_schema_kind(s.type, s.language);
  s.content = body.schema->schema.value_or("");
  s.id = new_id(c.state, "schema");
  s.created_by = c.caller().id;
  s.created_at = s.updated_at = c.now;
  const Schema& made = v.schemas.put(std::move(s));
  return model_response(ap::CreateSchemaResponse{schema_model<ap::CreateSchemaResponseSchema>(v, made)});
}

inline Response get_schema(Call& c) {
  ApiVersion& v = version_in_path(c);
  const Schema& s = by_id(v.schemas, c.path("schemaId"), "schema");
  return model_response(ap::GetSchemaResponse{schema_model<ap::GetSchemaResponseSchema>(v, s)});
}

inline Response update_schema(Call& c, const ap::UpdateSchemaRequest& body) {
  ApiVersion& v = version_in_path(c);
  Schema& s = by_id(v.schemas, c.path("schemaId"), "schema");
  if (!body.schema) invalid("schema", "'schema' is required");
  std::string type = body.schema->type.value_or(s.type);
  std::string language = body.schema->language.value_or(s.language);
  check_schema_kind(type, language);
  s.type = std::move(type);
  s.language = std::move(language);
  if (body.schema->schema) s.content = *body.schema->schema;
  s.updated_at = c.now;
  return model_response(ap::UpdateSchemaResponse{schema_model<ap::UpdateSchemaResponseSchema>(v, s)});
}

}  // namespace webapi::fakes::api_platform::handlers
