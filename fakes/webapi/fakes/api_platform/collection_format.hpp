#pragma once
// Collections are written in the collection format version 2 (2.0.0 or 2.1.0): the body's
// collection.info names the format by its schema URL, and a collection in any other format is 400.

#include <string>
#include <string_view>

#include <webapi/fakes/api_platform/call.hpp>

namespace webapi::fakes::api_platform {

/// Whether `url` names version 2 of the collection format, e.g.
/// https://schema.getpostman.com/json/collection/v2.1.0/collection.json.
inline bool is_collection_v2_schema(std::string_view url) {
  for (std::string_view host : {"://schema.getpostman.com/json/collection/v2.", "://schema.postman.com/json/collection/v2."}) {
    auto at = url.find(host);
    if (at == std::string_view::npos) continue;
    std::string_view scheme = url.substr(0, at);
    if (scheme != "https" && scheme != "http") return false;
    std::string_view rest = url.substr(at + host.size());  // "1.0/collection.json"
    return (rest.starts_with("0.0/") || rest.starts_with("1.0/")) && rest.ends_with("/collection.json");
  }
  return false;
}

/// Refuses a collection not in format v2; `info_schema` is collection.info.schema as sent.
inline void check_collection_format(const webapi::Optional<std::string>& info_schema) {
  const std::string& url = required(info_schema, "collection.info.schema");
  if (!is_collection_v2_schema(url))
    invalid("collection.info.schema",
            "'collection.info.schema' must name the collection format v2 (2.0.0 or 2.1.0), not '" + url + "'");
}

}  // namespace webapi::fakes::api_platform
