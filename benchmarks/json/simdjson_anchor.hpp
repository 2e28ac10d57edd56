#pragma once
// The simdjson on-demand anchors (bench_simdjson.cpp), built when CMake finds simdjson: the generic one,
// "decode/simdjson-generic/<payload>", on each of the three large payloads, and for the audio track page
// also the hand-written ones, "decode/simdjson-handwritten/<payload>" and
// "decode/simdjson-handwritten-ordered/<payload>".

#include "payloads.hpp"

namespace webapi_bench {

void register_simdjson(const Payload<audio::Tracks>& p);
void register_simdjson(const Payload<finance::TransactionResponse>& p);
void register_simdjson(const Payload<migration::ListAssetsResponse>& p);

}  // namespace webapi_bench
