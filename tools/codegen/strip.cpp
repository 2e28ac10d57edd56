// Strips an OpenAPI description to facts: prose, examples and x- extensions are dropped.
#include "strip.hpp"

#include <set>
#include <string>
#include <string_view>

#include <boost/json.hpp>

namespace webapi::codegen {
namespace {

// Keys whose value maps names to OpenAPI objects (a property called "description" is a name, not prose).
const std::set<std::string_view> kNameMaps = {"properties", "patternProperties", "schemas", "responses",
                                              "paths", "content", "headers", "securitySchemes", "encoding",
                                              "links", "callbacks", "variables", "requestBodies",
                                              "definitions", "parameters"};
// Keys whose value is data to keep verbatim.
const std::set<std::string_view> kData = {"enum", "default", "required", "const", "discriminator", "security"};
const std::set<std::string_view> kProse = {"description", "summary", "title", "example", "examples", "externalDocs",
                                           "termsOfService", "contact", "license"};

js::value strip_value(const js::value& v, bool name_map);

js::value strip_keyword_object(const js::object& o) {
  js::object out;
  for (const auto& kv : o) {
    std::string_view k = kv.key();
    if (kProse.count(k) || k.substr(0, 2) == "x-") continue;
    if (k == "info" && kv.value().is_object()) {
      js::object info;
      for (const char* keep : {"title", "version"})
        if (auto it = kv.value().as_object().find(keep); it != kv.value().as_object().end())
          info[keep] = it->value();
      out[k] = std::move(info);
    } else if (k == "scopes" && kv.value().is_object()) {
      js::object scopes;  // scope names are facts, their explanations are not
      for (const auto& s : kv.value().as_object()) scopes[s.key()] = "";
      out[k] = std::move(scopes);
    } else if (kData.count(k)) {
      out[k] = kv.value();
    } else if (kNameMaps.count(k) && kv.value().is_object()) {
      out[k] = strip_value(kv.value(), true);
    } else {
      out[k] = strip_value(kv.value(), false);
    }
  }
  return out;
}

js::value strip_value(const js::value& v, bool name_map) {
  if (v.is_object()) {
    if (!name_map) return strip_keyword_object(v.as_object());
    js::object out;
    for (const auto& kv : v.as_object())
      out[kv.key()] = kv.value().is_object() ? strip_keyword_object(kv.value().as_object()) : kv.value();
    return out;
  }
  if (v.is_array()) {
    js::array out;
    for (const auto& e : v.as_array()) out.push_back(strip_value(e, false));
    return out;
  }
  return v;
}

}  // namespace

js::value strip(const js::value& description) { return strip_value(description, false); }

}  // namespace webapi::codegen
