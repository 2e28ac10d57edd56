#pragma once
// What every codec benchmark reports besides its time: bytes and records processed, and allocations per
// run (the table's "allocs/decode" columns).

#include <cstddef>
#include <cstdint>

#include <benchmark/benchmark.h>

namespace webapi_bench {

// Long enough for stable numbers, short enough that the whole run stays well under two minutes.
inline constexpr double min_time = 0.4;

inline void report_counters(benchmark::State& s, std::size_t bytes, std::size_t records, std::size_t allocs) {
  s.SetBytesProcessed(static_cast<std::int64_t>(s.iterations() * bytes));
  s.SetItemsProcessed(static_cast<std::int64_t>(s.iterations() * records));
  s.counters["allocs"] = benchmark::Counter(static_cast<double>(allocs), benchmark::Counter::kAvgIterations);
}

}  // namespace webapi_bench
