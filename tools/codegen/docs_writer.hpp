// The generated documents: docs/coverage.md and docs/project_management_names.md.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "module.hpp"

namespace webapi::codegen {

// Which operations each module's client has, which the overlay adds, and which are named without a path.
std::string coverage_md(const std::vector<std::unique_ptr<Module>>& modules);
// The project_management requirement identifiers and the client methods they map to.
std::string names_md(const Module& m);

}  // namespace webapi::codegen
