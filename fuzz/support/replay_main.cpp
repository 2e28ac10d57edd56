// Outside libFuzzer: replays every registered target's seeds and its committed regressions
// (<regressions>/<target>/*, the folder given as the only argument), and says how many inputs ran. A
// violated property aborts, failing the test.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "fuzz.hpp"

namespace {

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int run(const webapi_fuzz::Target& t, const std::string& input) {
  return t.one(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path regressions = argc > 1 ? argv[1] : "fuzz/regressions";
  std::size_t seeds = 0, files = 0;
  for (const auto& t : webapi_fuzz::targets()) {
    std::string name(t.name.substr(t.name.find('_') + 1));  // fuzz_json_audio -> json_audio
    std::size_t before = seeds + files;
    for (const std::string& seed : t.seeds()) {
      run(t, seed);
      ++seeds;
    }
    const auto dir = regressions / name;
    if (std::filesystem::is_directory(dir))
      for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.is_regular_file()) {
          run(t, read(e.path()));
          ++files;
        }
    std::printf("%-24s %zu inputs\n", name.c_str(), seeds + files - before);
  }
  std::printf("replayed %zu targets: %zu seeds and %zu regression inputs\n", webapi_fuzz::targets().size(), seeds, files);
  return webapi_fuzz::targets().empty() ? 1 : 0;
}
