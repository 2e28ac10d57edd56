// The C++ blocks of a Markdown page and the translation units that compile them.
//
// Conventions for a ```cpp block:
//   - a block holding `int main(`, or fenced as ```cpp file, is a whole translation unit, compiled as is;
//   - fenced as ```cpp skip, it is not compiled (for output or pseudo-code only; use sparingly);
//   - any other block is a fragment: the body of a function returning int. The fragments of every page
//     share one translation unit whose common part is the standard library basics, <webapi/transport.hpp>,
//     `using namespace std::chrono_literals`, the umbrella header of every module a page names as
//     webapi::<module> or fakes::<module>, and <webapi/fake_server/serve.hpp> when one calls fakes::serve.
//     A fragment's own #include lines move to file scope. The names a fragment uses without declaring
//     them are the function's parameters, given by an HTML comment on the line just above the fence:
//     <!-- snippet: std::string key, webapi::quotes::Client<webapi::BeastTransport>& quotes -->
//   - a block under <!-- file: tests/pages/quotes_test.cpp --> (on the line just above the fence) shows that
//     file, which the build compiles and runs: it is not compiled again, but must equal the file, line for
//     line (the path is relative to the root the pages are read from).
// Every line keeps its place: the units carry #line directives, so a compiler error names the page's
// file and line.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace webapi::doc_snippets {

struct Block {
  std::string page;            // the page it is on, as named to extract()
  std::size_t fence_line = 0;  // 1-based line of the opening fence
  std::vector<std::string> lines;
  std::string params;          // from <!-- snippet: ... -->
  bool whole_unit = false;
  std::string file;            // from <!-- file: ... -->: the block shows this file and is not compiled
};

// The blocks of one page; `skip` blocks are left out. Throws std::runtime_error on an unclosed fence.
std::vector<Block> extract(const std::string& text, const std::string& page);

struct Unit {
  std::string source;
  std::vector<const Block*> blocks;
};

// Where a block shown from its file (Block::file) differs from `file_text`, the file's contents: "PAGE:LINE:
// ..." naming the fence's line, the first line that differs, in the page and in the file, and both texts;
// nothing when they are equal.
std::optional<std::string> differs_from_file(const Block& block, const std::string& file_text);

// One unit holding every fragment of the blocks, whatever their pages (each in its own function), then one
// per whole-unit block.
std::vector<Unit> units(const std::vector<Block>& blocks);

}  // namespace webapi::doc_snippets
