#pragma once
// Limits the decoder enforces on untrusted input.

#include <cstddef>

namespace webapi::json {

/// Deepest nesting of objects and arrays a document may have. Deeper input is refused as malformed, so a
/// hostile body cannot exhaust the stack of the recursive decoder.
inline constexpr std::size_t max_depth = 128;

}  // namespace webapi::json
