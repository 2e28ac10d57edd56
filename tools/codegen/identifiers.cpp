#include "identifiers.hpp"

#include "json_access.hpp"
#include "names.hpp"

namespace webapi::codegen {

std::string requirement_id(const Module& m, const Op& op) {
  if (!op.variant_of.empty()) return {};
  for (const auto& e : get_array(m.overlay(), "seed_names")) {
    const auto& s = e.as_object();
    // An entry names its method where method and path are shared (migration's GET /v1alpha1/{name}).
    std::string name = get_string(s, "name");
    bool match = name.empty() ? lowercase(get_string(s, "method")) == op.method && get_string(s, "path") == op.path
                              : name == op.name;
    if (match) {
      std::string id = get_string(s, "id");
      return id == op.operation_id ? std::string{} : id;
    }
  }
  return {};
}

}  // namespace webapi::codegen
