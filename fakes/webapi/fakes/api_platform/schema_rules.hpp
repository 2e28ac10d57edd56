#pragma once
// Which schema types an API version takes and which languages each may be written in: json or yaml for
// the OpenAPI and RAML types, graphql for graphql and nothing else. Any other combination is 400 naming
// the member at fault.

#include <array>
#include <string>
#include <string_view>

#include <webapi/fakes/api_platform/call.hpp>

namespace webapi::fakes::api_platform {

inline constexpr std::array<std::string_view, 5> schema_types{"openapi3", "openapi2", "openapi1", "raml", "graphql"};

/// The languages a schema of `type` may be written in.
inline std::array<std::string_view, 2> schema_languages(std::string_view type) {
  if (type == "graphql") return {"graphql", "graphql"};
  return {"json", "yaml"};
}

/// Refuses a type the service does not know, or a language that type cannot be written in.
inline void check_schema_kind(std::string_view type, std::string_view language) {
  bool known = false;
  for (auto t : schema_types) known = known || t == type;
  if (!known)
    invalid("schema.type", "'schema.type' must be one of openapi3, openapi2, openapi1, raml, graphql; got '" +
                               std::string(type) + "'");
  auto allowed = schema_languages(type);
  if (language != allowed[0] && language != allowed[1])
    invalid("schema.language", "a schema of type '" + std::string(type) + "' is written in " +
                                   (type == "graphql" ? std::string("graphql") : std::string("json or yaml")) +
                                   ", not '" + std::string(language) + "'");
}

}  // namespace webapi::fakes::api_platform
