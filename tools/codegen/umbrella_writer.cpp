// Writes include/webapi/<module>.hpp: the header that includes all of a module.
#include "module.hpp"

#include <sstream>
#include <string>

#include "json_access.hpp"

namespace webapi::codegen {

std::string Module::umbrella_hpp() const {
  std::ostringstream o;
  o << header_line() << "#pragma once\n\n";
  o << "#include <webapi/" << name_ << "/models.hpp>\n#include <webapi/" << name_
    << "/operations.hpp>\n#include <webapi/" << name_ << "/client.hpp>\n";
  for (const auto& h : get_array(overlay_, "extra_headers"))
    o << "#include <webapi/" << name_ << "/" << std::string(h.as_string()) << ">\n";
  return o.str();
}

}  // namespace webapi::codegen
