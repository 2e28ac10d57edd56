#pragma once
// Helpers the cassette tests share: a fresh file name, a file's text, its lines as JSON.

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <unistd.h>

namespace test {

/// A path in the temporary folder no other test (or test process) uses; removed at the end of the scope.
struct TempCassette {
  std::string path;
  explicit TempCassette(const std::string& name) {
    static std::atomic<int> n{0};
    path = (std::filesystem::temp_directory_path() /
            ("webapi-cassette-" + std::to_string(::getpid()) + "-" + std::to_string(n++) + "-" + name + ".jsonl"))
               .string();
  }
  ~TempCassette() { std::remove(path.c_str()); }
};

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

inline std::vector<boost::json::value> json_lines(const std::string& path) {
  std::vector<boost::json::value> out;
  std::istringstream in(read_text(path));
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(boost::json::parse(line));
  return out;
}

}  // namespace test
