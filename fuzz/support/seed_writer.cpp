// Under libFuzzer: writes the target's seeds to $WEBAPI_FUZZ_SEED_DIR before fuzzing starts.
#include <cstdlib>
#include <fstream>
#include <string>

#include "fuzz.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* dir = std::getenv("WEBAPI_FUZZ_SEED_DIR");
  if (dir == nullptr || *dir == '\0') return 0;
  int i = 0;
  for (const std::string& seed : webapi_fuzz_seeds()) {
    std::ofstream out(std::string(dir) + "/seed-" + std::to_string(i++), std::ios::binary);
    out << seed;
  }
  return 0;
}
