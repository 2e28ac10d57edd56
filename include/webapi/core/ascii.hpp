#pragma once
// ASCII case for protocol text (header and parameter names, media types, schemes, host names, percent
// escapes), and tables of the bytes a piece of protocol text may hold, in one place. Locale-free:
// std::tolower follows the program's C locale.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace webapi::ascii {

/// Which bytes are ASCII letters, digits or one of `punctuation`, indexed by the byte as unsigned char: a
/// table made at compile time, for checks that run on every byte of a request.
constexpr std::array<bool, 256> alnum_or(std::string_view punctuation) {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           punctuation.find(static_cast<char>(c)) != std::string_view::npos;
  return t;
}

/// `c` in lower case when it is an ASCII capital letter; any other byte as it is.
constexpr char to_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

/// `s` with each ASCII capital letter in lower case.
inline std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = to_lower(c);
  return out;
}

/// Whether `a` and `b` are equal ignoring ASCII case, as header names compare.
constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (to_lower(a[i]) != to_lower(b[i])) return false;
  return true;
}

/// `s` without the spaces and horizontal tabs around it (HTTP's optional whitespace).
constexpr std::string_view trim_ows(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

/// The media type of a Content-Type value in lower case, without its parameters or surrounding spaces:
/// "Application/JSON ; charset=utf-8" gives "application/json".
inline std::string media_type_essence(std::string_view content_type) {
  return to_lower(trim_ows(content_type.substr(0, content_type.find(';'))));
}

}  // namespace webapi::ascii
