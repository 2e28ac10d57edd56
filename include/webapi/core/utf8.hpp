#pragma once
// utf8_length(text): the number of characters (code points) in UTF-8 text, which is how services count
// the length of a string they bound ("at most 50 characters"), not in bytes. Text that is not well-formed
// UTF-8 counts each byte that does not continue a sequence as one character.

#include <cstddef>
#include <string_view>

namespace webapi {

/// Characters (UTF-8 code points) in `text`.
constexpr std::size_t utf8_length(std::string_view text) noexcept {
  std::size_t n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

}  // namespace webapi
