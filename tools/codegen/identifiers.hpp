// The identifiers an operation is known by besides its method's name: the description's operation id and
// the requirements' identifier (from the overlay's "seed_names", where the requirements number or name an
// operation differently from the description; an entry gives "method" and "path", or the method's "name"
// where several methods share them).
#pragma once

#include <string>

#include "module.hpp"

namespace webapi::codegen {

// The requirements' identifier of `op` when it differs from the description's operation id; else empty.
std::string requirement_id(const Module& m, const Op& op);

}  // namespace webapi::codegen
