// Turns wire names into C++ identifiers, type names and string literals.
#include "names.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace webapi::codegen {
namespace {

const std::set<std::string> kReserved = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
    "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
    "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
    "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
    "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
    "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
    "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    // names that are macros somewhere, or that would hide the namespaces the headers use
    "linux", "unix", "errno", "assert", "NULL", "EOF", "TRUE", "FALSE", "DOMAIN", "OVERFLOW", "UNDERFLOW",
    "major", "minor", "stdin", "stdout", "stderr", "std", "boost", "webapi", "BOOST_DESCRIBE_STRUCT"};

bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool lower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::vector<std::string> camel_words(std::string_view s) {
  std::vector<std::string> words;
  std::string cur;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (!alnum(c)) {
      if (!cur.empty()) words.push_back(std::move(cur)), cur.clear();
      continue;
    }
    if (!cur.empty() && upper(c)) {
      char prev = s[i - 1];
      bool hump = lower(prev) || digit(prev) || (upper(prev) && i + 1 < s.size() && lower(s[i + 1]));
      if (hump) words.push_back(std::move(cur)), cur.clear();
    }
    cur += c;
  }
  if (!cur.empty()) words.push_back(std::move(cur));
  return words;
}

std::string snake(std::string_view s) {
  std::string out;
  for (const auto& w : camel_words(s)) {
    if (!out.empty()) out += '_';
    for (char c : w) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string pascal(std::string_view s) {
  std::string out;
  bool start = true;
  for (char c : s) {
    if (!alnum(c)) { start = true; continue; }
    out += start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    start = false;
  }
  if (out.empty()) out = "Value";
  if (digit(out[0])) out = "T" + out;
  return out;
}

bool is_identifier(std::string_view s) {
  if (s.empty() || digit(s[0])) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return alnum(c) || c == '_'; });
}

std::string identifier(std::string_view wire) {
  std::string r;
  for (char c : wire) {
    if (alnum(c) || c == '_') r += c;
    else if (!r.empty() && r.back() != '_') r += '_';
  }
  while (!r.empty() && r.back() == '_' && !(wire.size() && wire.back() == '_')) r.pop_back();
  if (r.empty()) r = "value";
  if (digit(r[0])) r = "n" + r;
  if (r.size() >= 2 && r[0] == '_' && (upper(r[1]) || r[1] == '_')) r = "u" + r;
  if (kReserved.count(r)) r += '_';
  return r;
}

std::string type_name(std::string_view schema_name) {
  bool has_upper = std::any_of(schema_name.begin(), schema_name.end(), upper);
  std::string n = is_identifier(schema_name) && has_upper ? std::string(schema_name) : pascal(schema_name);
  n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
  if (n[0] == '_') n = "T" + n;
  if (kReserved.count(n)) n += '_';
  return n;
}

std::string cpp_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string lowercase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string uppercase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace webapi::codegen
