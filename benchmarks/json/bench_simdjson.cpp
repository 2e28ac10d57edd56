// simdjson's on-demand API filling the same structs as webapi::json::decode, on the same payloads: the
// anchor the typed decoder's speed is measured against. Before any timing, each payload is decoded both
// ways and the results compared; a difference stops the program, since a ratio of unequal work means
// nothing.

#include <cstdio>
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>

#include "alloc_counter.hpp"
#include "counters.hpp"
#include "simdjson_anchor.hpp"
#include "simdjson_decode.hpp"

namespace webapi_bench {
namespace {

template <class T>
void check_same_as_typed(const Payload<T>& p, const simdjson::padded_string& padded) {
  simdjson::ondemand::parser parser;
  T anchor{};
  if (!on_demand::decode(parser, padded, anchor)) {
    std::fprintf(stderr, "simdjson on-demand could not decode the %s payload\n", p.name.c_str());
    std::exit(1);
  }
  auto typed = webapi::json::decode<T>(p.text);
  if (!typed || !(*typed == anchor)) {
    std::fprintf(stderr, "simdjson on-demand and webapi::json::decode differ on the %s payload\n", p.name.c_str());
    std::exit(1);
  }
}

template <class T>
void register_anchor(const Payload<T>& p_in) {
  // The benchmark holds these by pointer: they live until the program ends. simdjson reads a few bytes
  // past the end of its input, so the text is copied once into a padded buffer, outside the timing.
  auto* p = new Payload<T>(p_in);
  auto* padded = new simdjson::padded_string(p->text);
  check_same_as_typed(*p, *padded);
  std::string name = "decode/simdjson/" + p->name;
  benchmark::RegisterBenchmark(name.c_str(), [p, padded](benchmark::State& s) {
    simdjson::ondemand::parser parser;
    {
      T warm{};  // sizes the parser's buffers, which later documents of this size reuse
      (void)on_demand::decode(parser, *padded, warm);
    }
    std::size_t allocs = 0;
    for (auto _ : s) {
      std::size_t before = allocations();
      T t{};
      bool ok = on_demand::decode(parser, *padded, t);
      allocs += allocations() - before;
      if (!ok) s.SkipWithError("simdjson on-demand failed");
      benchmark::DoNotOptimize(t);
    }
    report_counters(s, p->text.size(), p->records, allocs);
  })->MinTime(min_time);
}

}  // namespace

void register_simdjson(const Payload<audio::Tracks>& p) { register_anchor(p); }
void register_simdjson(const Payload<finance::TransactionResponse>& p) { register_anchor(p); }
void register_simdjson(const Payload<migration::ListAssetsResponse>& p) { register_anchor(p); }

}  // namespace webapi_bench
