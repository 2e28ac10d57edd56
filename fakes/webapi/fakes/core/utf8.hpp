#pragma once
// valid_utf8(text): `text` with every byte that does not belong to a well-formed UTF-8 sequence replaced by
// U+FFFD. A fake echoes what it was sent (a parameter in an error message, a stored name); its answers
// must stay valid JSON text whatever a client sent.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace webapi::fakes {

/// The length of the well-formed UTF-8 sequence starting at s[i] (RFC 3629), or 0 if there is none.
inline std::size_t utf8_sequence(std::string_view s, std::size_t i) noexcept {
  auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  auto cont = [&](std::size_t k, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
    return k < s.size() && at(k) >= lo && at(k) <= hi;
  };
  unsigned char c = at(i);
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (c == 0xE0) return cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0;
  if (c == 0xED) return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0;  // no UTF-16 surrogates
  if (c >= 0xE1 && c <= 0xEF) return cont(i + 1) && cont(i + 2) ? 3 : 0;
  if (c == 0xF0) return cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  if (c >= 0xF1 && c <= 0xF3) return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  if (c == 0xF4) return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  return 0;
}

/// `text` with every byte that starts no well-formed UTF-8 sequence replaced by U+FFFD, one replacement per
/// byte; valid text comes back unchanged.
inline std::string valid_utf8(std::string text) {
  // Answers are mostly ASCII, which needs no check: skip it eight bytes at a time.
  std::size_t i = 0;
  for (std::uint64_t word; i + 8 <= text.size(); i += 8) {
    std::memcpy(&word, text.data() + i, 8);
    if (word & 0x8080808080808080u) break;
  }
  while (i < text.size()) {
    std::size_t n = utf8_sequence(text, i);
    if (n == 0) {
      text.replace(i, 1, "\xEF\xBF\xBD");
      n = 3;
    }
    i += n;
  }
  return text;
}

}  // namespace webapi::fakes
