// C++ names and literals for the wire names of a description.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace webapi::codegen {

// Words of an identifier-ish string, split at non-alphanumerics and at camel-case humps.
std::vector<std::string> camel_words(std::string_view s);
// snake_case of the words of `s`.
std::string snake(std::string_view s);
// PascalCase joining the pieces between non-alphanumerics; each piece keeps its inner case.
std::string pascal(std::string_view s);
bool is_identifier(std::string_view s);
// A C++ name for a wire name: invalid characters become '_', a keyword gets a trailing '_'.
std::string identifier(std::string_view wire);
// The C++ type name for a schema name.
std::string type_name(std::string_view schema_name);
// A C++ string literal holding `s`.
std::string cpp_string(std::string_view s);
std::string lowercase(std::string s);
std::string uppercase(std::string s);

}  // namespace webapi::codegen
