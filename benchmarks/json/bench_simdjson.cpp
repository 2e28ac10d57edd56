// simdjson's on-demand API filling the same structs as webapi::json::decode, on the same payloads: the
// anchors the typed decoder's speed is measured against.
//   decode/simdjson-generic/<payload>              one extraction over the models' member tables
//                                                  (simdjson_decode.hpp), on the three large payloads
//   decode/simdjson-handwritten/<payload>          code written for audio::Tracks by hand, iterating each
//                                                  object's fields (simdjson_handwritten.hpp)
//   decode/simdjson-handwritten-ordered/<payload>  the same with find_field in the payload's key order
// Before any timing, each payload is decoded both ways and the results compared; a difference stops the
// program, since a ratio of unequal work means nothing.

#include <cstdio>
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>

#include "alloc_counter.hpp"
#include "counters.hpp"
#include "simdjson_anchor.hpp"
#include "simdjson_decode.hpp"
#include "simdjson_handwritten.hpp"

namespace webapi_bench {
namespace {

// An anchor: fills a T from the padded text with a reused parser, false when it cannot.
template <class T>
using Decode = bool (*)(simdjson::ondemand::parser&, const simdjson::padded_string&, T&);

template <class T>
void check_same_as_typed(const Payload<T>& p, const simdjson::padded_string& padded, Decode<T> decode,
                         const std::string& anchor_name) {
  simdjson::ondemand::parser parser;
  T anchor{};
  if (!decode(parser, padded, anchor)) {
    std::fprintf(stderr, "%s could not decode the %s payload\n", anchor_name.c_str(), p.name.c_str());
    std::exit(1);
  }
  auto typed = webapi::json::decode<T>(p.text);
  if (!typed || !(*typed == anchor)) {
    std::fprintf(stderr, "%s and webapi::json::decode differ on the %s payload\n", anchor_name.c_str(),
                 p.name.c_str());
    std::exit(1);
  }
}

template <class T>
void register_anchor(const Payload<T>& p_in, const char* anchor, Decode<T> decode) {
  // The benchmark holds these by pointer: they live until the program ends. simdjson reads a few bytes
  // past the end of its input, so the text is copied once into a padded buffer, outside the timing.
  auto* p = new Payload<T>(p_in);
  auto* padded = new simdjson::padded_string(p->text);
  std::string name = std::string("decode/") + anchor + "/" + p->name;
  check_same_as_typed(*p, *padded, decode, name);
  benchmark::RegisterBenchmark(name.c_str(), [p, padded, decode](benchmark::State& s) {
    simdjson::ondemand::parser parser;
    {
      T warm{};  // sizes the parser's buffers, which later documents of this size reuse
      (void)decode(parser, *padded, warm);
    }
    std::size_t allocs = 0;
    for (auto _ : s) {
      std::size_t before = allocations();
      T t{};
      bool ok = decode(parser, *padded, t);
      allocs += allocations() - before;
      if (!ok) s.SkipWithError("simdjson on-demand failed");
      benchmark::DoNotOptimize(t);
    }
    report_counters(s, p->text.size(), p->records, allocs);
  })->MinTime(min_time);
}

template <class T>
void register_generic(const Payload<T>& p) {
  register_anchor<T>(p, "simdjson-generic", &on_demand::decode<T>);
}

}  // namespace

void register_simdjson(const Payload<audio::Tracks>& p) {
  register_generic(p);
  register_anchor<audio::Tracks>(p, "simdjson-handwritten", &handwritten::decode);
  register_anchor<audio::Tracks>(p, "simdjson-handwritten-ordered", &handwritten::decode_ordered);
}
void register_simdjson(const Payload<finance::TransactionResponse>& p) { register_generic(p); }
void register_simdjson(const Payload<migration::ListAssetsResponse>& p) { register_generic(p); }

}  // namespace webapi_bench
