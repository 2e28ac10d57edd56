#pragma once
// Counts calls to the global operator new, to report allocations per decode or encode.

#include <cstddef>

namespace webapi_bench {

/// Allocations made so far by this thread.
std::size_t allocations() noexcept;

}  // namespace webapi_bench
