#pragma once
// What every fuzz target shares: the entry point it defines, the seeds it offers, and a reader that
// turns the fuzzer's bytes into typed choices.
//
// A target puts its property and its seeds in a namespace of its own and names it once:
//
//   namespace fuzz_json_audio {
//   int one(const std::uint8_t* data, std::size_t size);   // the property under test, on one input
//   std::vector<std::string> seeds();                      // its starting corpus
//   }
//   WEBAPI_FUZZ_TARGET(fuzz_json_audio)
//
// Under libFuzzer (the `fuzz` preset, clang, WEBAPI_FUZZ_LIBFUZZER defined) that is the binary's entry
// point, and the seeds are written to $WEBAPI_FUZZ_SEED_DIR when it is set (scripts/fuzz.sh sets it), so
// every run starts from inputs the repository generates. In any other build every target registers with
// one replayer (replay_main.cpp), which runs each target's seeds and committed regressions
// (fuzz/regressions/<target>/) as an ordinary test: the gcc suite checks every input that ever found a bug.
//
// A property that does not hold calls webapi_fuzz::fail(), which aborts: libFuzzer keeps the input.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace webapi_fuzz {

using Property = int (*)(const std::uint8_t*, std::size_t);
using Seeds = std::vector<std::string> (*)();

struct Target {
  std::string_view name;
  Property one;
  Seeds seeds;
};

/// Every target linked into the replayer.
inline std::vector<Target>& targets() {
  static std::vector<Target> all;
  return all;
}
inline bool register_target(Target t) {
  targets().push_back(t);
  return true;
}

[[noreturn]] inline void fail(std::string_view what, std::string_view detail = {}) {
  std::fprintf(stderr, "property violated: %.*s\n", static_cast<int>(what.size()), what.data());
  if (!detail.empty()) std::fprintf(stderr, "  %.*s\n", static_cast<int>(detail.size()), detail.data());
  std::abort();
}

inline void check(bool ok, std::string_view what, std::string_view detail = {}) {
  if (!ok) fail(what, detail);
}

/// Reads typed choices off the front of the input; once it runs dry every read gives zeros or empties,
/// so any input is a complete test case.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}

  std::uint8_t byte() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  bool flag() { return byte() & 1; }
  /// A number in [0, bound): one byte, or two (high byte first) when the bound is over 256.
  std::size_t pick(std::size_t bound) {
    if (bound == 0) return 0;
    if (bound <= 256) return byte() % bound;
    const std::size_t high = byte();
    return (high << 8 | byte()) % bound;
  }
  /// A string of up to `max` bytes: a length byte, then the bytes.
  std::string text(std::size_t max = 64) {
    std::size_t len = pick(max + 1);
    if (len > n_) len = n_;
    std::string s(reinterpret_cast<const char*>(p_), len);
    p_ += len;
    n_ -= len;
    return s;
  }
  /// Everything not read yet.
  std::string rest() {
    std::string s(reinterpret_cast<const char*>(p_), n_);
    p_ += n_;
    n_ = 0;
    return s;
  }
  bool empty() const noexcept { return n_ == 0; }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

}  // namespace webapi_fuzz

#ifdef WEBAPI_FUZZ_LIBFUZZER
#define WEBAPI_FUZZ_TARGET(ns)                                                                          \
  extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) { return ns::one(data, size); } \
  std::vector<std::string> webapi_fuzz_seeds() { return ns::seeds(); }
std::vector<std::string> webapi_fuzz_seeds();
#else
#define WEBAPI_FUZZ_TARGET(ns) \
  [[maybe_unused]] static const bool ns##_registered = webapi_fuzz::register_target({#ns, &ns::one, &ns::seeds});
#endif
