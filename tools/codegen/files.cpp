// Reads and writes files, and pretty-prints JSON in the layout specs/<module>.json are committed in.
#include "files.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <boost/json.hpp>

#include "die.hpp"

namespace webapi::codegen {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) die("cannot read " + p.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

js::value read_json(const fs::path& p) {
  boost::system::error_code ec;
  js::value v = js::parse(read_file(p), ec);
  if (ec) die(p.string() + ": " + ec.message());
  return v;
}

void write_file(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  if (!out) die("cannot write " + p.string());
  out << text;
}

void pretty(std::string& out, const js::value& v, int indent) {
  auto pad = [&](int n) { out.append(static_cast<std::size_t>(n), ' '); };
  if (v.is_object()) {
    const auto& o = v.as_object();
    if (o.empty()) { out += "{}"; return; }
    out += "{\n";
    std::size_t i = 0;
    for (const auto& kv : o) {
      pad(indent + 2);
      out += js::serialize(js::value(kv.key()));
      out += ": ";
      pretty(out, kv.value(), indent + 2);
      out += ++i < o.size() ? ",\n" : "\n";
    }
    pad(indent);
    out += "}";
  } else if (v.is_array()) {
    const auto& a = v.as_array();
    if (a.empty()) { out += "[]"; return; }
    bool flat = std::all_of(a.begin(), a.end(), [](const js::value& e) { return !e.is_structured(); });
    if (flat) {
      std::string line = js::serialize(v);
      if (line.size() + static_cast<std::size_t>(indent) < 100) { out += line; return; }
    }
    out += "[\n";
    for (std::size_t i = 0; i < a.size(); ++i) {
      pad(indent + 2);
      pretty(out, a[i], indent + 2);
      out += i + 1 < a.size() ? ",\n" : "\n";
    }
    pad(indent);
    out += "]";
  } else {
    out += js::serialize(v);
  }
}

}  // namespace webapi::codegen
