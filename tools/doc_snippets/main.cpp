// webapi-doc-snippets: compiles every ```cpp block of the README and docs/*.md (see snippets.hpp for the
// conventions). A block that does not compile is reported as PAGE:LINE of its opening fence, after the
// compiler's own messages, which point into the page too. A block shown from a file must equal it: one
// that differs is reported as PAGE:LINE with the first line that differs.
//
//   webapi-doc-snippets --compiler CXX --flags FILE --work DIR [--pch HEADER] ROOT [PAGE...]
//
// FILE holds the compiler's flags (a response file); PAGEs are relative to ROOT and default to
// README.md and every docs/*.md. HEADER, standard and Boost headers the blocks share, is precompiled once
// with those flags and included ahead of every unit, so each unit does not parse them again.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "snippets.hpp"

namespace fs = std::filesystem;
using namespace webapi::doc_snippets;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs the compiler with `flags`, then `args`; returns its exit status and what it printed.
int run_compiler(const std::string& compiler, const fs::path& flags, const std::string& args, std::string& output) {
  std::string cmd = quoted(compiler) + " @" + quoted(flags.string()) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) throw std::runtime_error("cannot run " + compiler);
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
  return pclose(p);
}

// Checks `source`, with the precompiled `header` included first unless it is empty.
int compile(const std::string& compiler, const fs::path& flags, const fs::path& header, const fs::path& source,
            std::string& output) {
  const std::string include = header.empty() ? std::string() : "-include " + quoted(header.string()) + " ";
  return run_compiler(compiler, flags, include + "-fsyntax-only " + quoted(source.string()), output);
}

// Precompiles a copy of `header` in `dir` (HEADER.gch beside it, where the compiler looks for it); returns
// the copy, or nothing when it could not be precompiled and the units parse the header themselves.
fs::path precompile(const std::string& compiler, const fs::path& flags, const fs::path& header, const fs::path& dir) {
  const fs::path copy = dir / header.filename();
  fs::create_directories(dir);
  fs::copy_file(header, copy, fs::copy_options::overwrite_existing);
  std::string output;
  if (run_compiler(compiler, flags, "-x c++-header " + quoted(copy.string()) + " -o " + quoted(copy.string() + ".gch"),
                   output) == 0)
    return copy;
  std::cerr << output << "webapi-doc-snippets: " << header.string() << " was not precompiled; each unit parses it\n";
  return {};
}

// The blocks whose lines the compiler's messages point at ("PAGE:LINE:"); all of the unit's if none.
std::set<const Block*> blamed(const Unit& u, const std::string& output) {
  std::set<const Block*> out;
  static const std::regex at(R"(([^\s:]+):(\d+):)");
  for (auto it = std::sregex_iterator(output.begin(), output.end(), at); it != std::sregex_iterator(); ++it) {
    const std::string page = (*it)[1].str();
    const std::size_t line = std::stoul((*it)[2].str());
    for (const Block* b : u.blocks)
      if (b->page == page && line + 1 >= b->fence_line && line <= b->fence_line + b->lines.size() + 1) out.insert(b);
  }
  if (out.empty()) out.insert(u.blocks.begin(), u.blocks.end());
  return out;
}

}  // namespace

int main(int argc, char** argv) try {
  std::string compiler;
  fs::path flags, work, root, pch;
  std::vector<std::string> pages;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--compiler")
      compiler = next();
    else if (a == "--flags")
      flags = next();
    else if (a == "--work")
      work = next();
    else if (a == "--pch")
      pch = next();
    else if (root.empty())
      root = a;
    else
      pages.push_back(a);
  }
  if (compiler.empty() || flags.empty() || work.empty() || root.empty())
    throw std::runtime_error(
        "usage: webapi-doc-snippets --compiler CXX --flags FILE --work DIR [--pch HEADER] ROOT [PAGE...]");
  if (pages.empty()) {
    pages.push_back("README.md");
    std::vector<std::string> docs;
    if (fs::is_directory(root / "docs"))
      for (const auto& e : fs::directory_iterator(root / "docs"))
        if (e.path().extension() == ".md") docs.push_back("docs/" + e.path().filename().string());
    std::sort(docs.begin(), docs.end());
    pages.insert(pages.end(), docs.begin(), docs.end());
  }
  fs::create_directories(work);
  // Every unit is written first, then compiled on as many threads as the machine has: the compiler runs
  // dominate, and each is a process of its own. The fragments of all pages share one unit.
  struct Job {
    Unit unit;
    fs::path source;
    int status = 0;
    std::string output;
  };
  std::vector<Block> blocks;  // what the units point into, kept until the report
  for (const auto& page : pages) {
    auto more = extract(read(root / page), page);
    blocks.insert(blocks.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
  }
  // A block shown from a file (<!-- file: PATH -->) is compared with it; the build compiles the file.
  std::size_t shown = 0;
  std::vector<std::string> report;
  for (const Block& b : blocks) {
    if (b.file.empty()) continue;
    ++shown;
    const fs::path file = root / b.file;
    if (!fs::is_regular_file(file)) {
      report.push_back(b.page + ":" + std::to_string(b.fence_line) + ": this ```cpp block shows " + b.file +
                       ", which is not a file under " + root.string());
      continue;
    }
    if (auto why = differs_from_file(b, read(file))) report.push_back(*why);
  }
  std::size_t failed = report.size();

  std::vector<Job> jobs;
  auto us = units(blocks);
  for (std::size_t i = 0; i < us.size(); ++i) {
    fs::path source = work / ("unit_" + std::to_string(i) + ".cpp");
    std::ofstream(source, std::ios::binary) << us[i].source;
    jobs.push_back({std::move(us[i]), source, 0, {}});
  }
  const fs::path header = pch.empty() || jobs.empty() ? fs::path() : precompile(compiler, flags, pch, work / "pch");
  std::atomic<std::size_t> next_job{0};
  auto worker = [&] {
    for (std::size_t j; (j = next_job++) < jobs.size();)
      jobs[j].status = compile(compiler, flags, header, jobs[j].source, jobs[j].output);
  };
  std::vector<std::thread> threads(std::clamp<unsigned>(std::thread::hardware_concurrency(), 1, 8));
  for (auto& t : threads) t = std::thread(worker);
  for (auto& t : threads) t.join();

  std::size_t compiled = 0;
  for (const Job& job : jobs) {
    compiled += job.unit.blocks.size();
    if (job.status == 0) continue;
    std::cerr << job.output;
    for (const Block* b : blamed(job.unit, job.output)) {
      ++failed;
      report.push_back(b->page + ":" + std::to_string(b->fence_line) + ": this ```cpp block does not compile");
    }
  }
  for (const auto& r : report) std::cerr << r << "\n";
  std::cout << compiled + shown << " C++ blocks in " << pages.size() << " pages, " << failed << " failed\n";
  return failed ? 1 : 0;
} catch (const std::exception& e) {
  std::cerr << "webapi-doc-snippets: " << e.what() << "\n";
  return 2;
}
