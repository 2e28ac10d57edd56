// The "strip" step: an OpenAPI description reduced to the facts the generator reads.
#pragma once

#include <boost/json/value.hpp>

namespace webapi::codegen {

namespace js = boost::json;

// A copy of `description` keeping names, paths, types, bounds, enums, servers and security; descriptions,
// summaries, examples, external docs and x- extensions are dropped.
js::value strip(const js::value& description);

}  // namespace webapi::codegen
