#pragma once
// The simdjson on-demand anchor (bench_simdjson.cpp), built when CMake finds simdjson: one benchmark,
// "decode/simdjson/<payload>", per payload of the three large ones.

#include "payloads.hpp"

namespace webapi_bench {

void register_simdjson(const Payload<audio::Tracks>& p);
void register_simdjson(const Payload<finance::TransactionResponse>& p);
void register_simdjson(const Payload<migration::ListAssetsResponse>& p);

}  // namespace webapi_bench
