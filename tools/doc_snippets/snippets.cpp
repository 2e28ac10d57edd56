#include "snippets.hpp"

#include <algorithm>
#include <array>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace webapi::doc_snippets {
namespace {

std::string trim(std::string_view s) {
  auto b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  auto e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// The parameter list of a <!-- snippet: ... --> comment, or empty when the line is not one.
std::string snippet_params(const std::string& line) {
  static const std::regex re(R"(^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$)");
  std::smatch m;
  return std::regex_match(line, m, re) ? m[1].str() : std::string{};
}

// The path of a <!-- file: ... --> comment, or empty when the line is not one.
std::string file_marker(const std::string& line) {
  static const std::regex re(R"(^\s*<!--\s*file:\s*(.*?)\s*-->\s*$)");
  std::smatch m;
  return std::regex_match(line, m, re) ? m[1].str() : std::string{};
}

// The lines of a file's text; a final newline ends the last line rather than starting an empty one.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

constexpr std::array modules{"audio",          "userinfo", "quotes",  "project_management",
                             "api_platform",   "webhooks", "finance", "migration"};

bool mentions(const std::vector<Block>& blocks, const std::string& needle) {
  for (const auto& b : blocks)
    if (!b.whole_unit && b.file.empty()) {
      if (b.params.find(needle) != std::string::npos) return true;
      for (const auto& l : b.lines)
        if (l.find(needle) != std::string::npos) return true;
    }
  return false;
}

bool names_module(const std::vector<Block>& blocks, std::string_view qualifier, std::string_view module) {
  return mentions(blocks, std::string(qualifier) + std::string(module) + "::");
}

bool is_include(const std::string& line) { return starts_with(trim(line), "#include"); }

void line_directive(std::ostringstream& o, std::size_t line, const std::string& page) {
  o << "#line " << line << " \"" << page << "\"\n";
}

}  // namespace

std::vector<Block> extract(const std::string& text, const std::string& page) {
  std::vector<Block> out;
  std::istringstream in(text);
  std::string line, previous;
  std::size_t n = 0;
  Block* open = nullptr;
  bool skipping = false, other = false;
  std::size_t other_line = 0;
  while (std::getline(in, line)) {
    ++n;
    std::string t = trim(line);
    if (open || skipping) {
      if (t == "```") {
        open = nullptr;
        skipping = false;
      } else if (open) {
        open->lines.push_back(line);
      }
    } else if (other) {
      if (starts_with(t, "```")) other = false;
    } else if (starts_with(t, "```")) {
      std::string info = trim(std::string_view(t).substr(3));
      if (info == "cpp" || info == "c++" || info == "cpp file" || info == "c++ file") {
        out.push_back({page, n, {}, snippet_params(previous), info.ends_with("file"), file_marker(previous)});
        open = &out.back();
      } else if (info == "cpp skip" || info == "c++ skip") {
        skipping = true;
      } else {
        other = true;
        other_line = n;
      }
    }
    if (!t.empty()) previous = line;
  }
  if (open || skipping)
    throw std::runtime_error(page + ":" + std::to_string(open ? open->fence_line : n) + ": ```cpp block never closed");
  if (other) throw std::runtime_error(page + ":" + std::to_string(other_line) + ": code block never closed");
  for (auto& b : out)
    for (const auto& l : b.lines)
      if (l.find("int main(") != std::string::npos) b.whole_unit = true;
  return out;
}

std::optional<std::string> differs_from_file(const Block& block, const std::string& file_text) {
  const std::vector<std::string> file = lines_of(file_text);
  const std::size_t n = std::max(file.size(), block.lines.size());
  for (std::size_t i = 0; i < n; ++i) {
    const bool in_page = i < block.lines.size(), in_file = i < file.size();
    if (in_page && in_file && block.lines[i] == file[i]) continue;
    auto shown = [](bool present, const std::string& line, const char* end) {
      return present ? "\"" + line + "\"" : std::string(end);
    };
    return block.page + ":" + std::to_string(block.fence_line) + ": this ```cpp block differs from " + block.file +
           " at its line " + std::to_string(i + 1) + " (" + block.page + ":" +
           std::to_string(block.fence_line + 1 + i) + "): the page has " +
           shown(in_page, in_page ? block.lines[i] : "", "the block's end") + ", the file has " +
           shown(in_file, in_file ? file[i] : "", "the file's end");
  }
  return std::nullopt;
}

std::vector<Unit> units(const std::vector<Block>& blocks) {
  std::vector<Unit> out;
  Unit fragments;
  std::ostringstream o;
  o << "// Fragments of the pages, each the body of a function.\n"
    << "#include <chrono>\n#include <cstdlib>\n#include <iostream>\n#include <map>\n#include <optional>\n"
    << "#include <string>\n#include <vector>\n\n#include <webapi/transport.hpp>\n";
  for (std::string_view m : modules) {
    if (names_module(blocks, "webapi::", m)) o << "#include <webapi/" << m << ".hpp>\n";
    if (names_module(blocks, "fakes::", m)) o << "#include <webapi/fakes/" << m << ".hpp>\n";
  }
  if (mentions(blocks, "fakes::serve(")) o << "#include <webapi/fake_server/serve.hpp>\n";
  for (const auto& b : blocks) {
    if (b.whole_unit || !b.file.empty()) continue;  // a block shown from its file is not compiled
    for (std::size_t i = 0; i < b.lines.size(); ++i)
      if (is_include(b.lines[i])) {
        line_directive(o, b.fence_line + 1 + i, b.page);
        o << b.lines[i] << "\n";
      }
  }
  o << "\nusing namespace std::chrono_literals;\n";
  for (const auto& b : blocks) {
    if (b.whole_unit || !b.file.empty()) continue;  // a block shown from its file is not compiled
    fragments.blocks.push_back(&b);
    o << "\n";
    line_directive(o, b.fence_line > 1 ? b.fence_line - 1 : 1, b.page);  // the <!-- snippet: --> line
    o << "[[maybe_unused]] static int snippet_" << fragments.blocks.size() << "(" << b.params << ") {\n";
    line_directive(o, b.fence_line + 1, b.page);
    for (const auto& l : b.lines) o << (is_include(l) ? "" : l) << "\n";
    line_directive(o, b.fence_line + b.lines.size() + 1, b.page);  // the closing fence
    o << "  return 0;\n}\n";
  }
  fragments.source = o.str();
  if (!fragments.blocks.empty()) out.push_back(std::move(fragments));
  for (const auto& b : blocks) {
    if (!b.whole_unit || !b.file.empty()) continue;
    std::ostringstream w;
    line_directive(w, b.fence_line + 1, b.page);
    for (const auto& l : b.lines) w << l << "\n";
    out.push_back({w.str(), {&b}});
  }
  return out;
}

}  // namespace webapi::doc_snippets
