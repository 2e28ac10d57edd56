// Reading and writing the generator's files, and the stable JSON layout of the stripped descriptions.
#pragma once

#include <filesystem>
#include <string>

#include <boost/json/value.hpp>

namespace webapi::codegen {

namespace fs = std::filesystem;
namespace js = boost::json;

std::string read_file(const fs::path& p);
js::value read_json(const fs::path& p);
// Writes `text` to `p`, creating the folders on the way.
void write_file(const fs::path& p, const std::string& text);
// Appends `v` to `out` as indented JSON, keeping short arrays of scalars on one line.
void pretty(std::string& out, const js::value& v, int indent);

}  // namespace webapi::codegen
