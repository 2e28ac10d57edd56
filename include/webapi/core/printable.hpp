#pragma once
// Text that came from a peer (a response body, a service's error message) is safe to write to a terminal or a
// line-oriented log once its control characters are escaped: a CR or LF cannot forge a second log line, and an
// ESC cannot drive the terminal that shows it.

#include <string>
#include <string_view>

namespace webapi {

/// `text` with every C0 control character and DEL written as an escape: "\n", "\r", "\t", else "\xNN"
/// (hexadecimal, lower case). Every other byte, UTF-8 included, is kept.
inline std::string escape_controls(std::string_view text) {
  auto is_control = [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; };
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (!is_control(c)) {
      out += c;
      continue;
    }
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        constexpr char digits[] = "0123456789abcdef";
        auto b = static_cast<unsigned char>(c);
        out += "\\x";
        out += digits[b >> 4];
        out += digits[b & 0xf];
      }
    }
  }
  return out;
}

}  // namespace webapi
