#pragma once
// Byte-level scanning shared by the reader and the writer: finding the next byte of a string that needs
// attention sixteen (SSE2) or eight (any 64-bit word) bytes at a time, and validating UTF-8.

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace webapi::json::detail {

inline constexpr std::uint64_t ones8 = 0x0101010101010101ULL;
inline constexpr std::uint64_t high8 = 0x8080808080808080ULL;

// Bit 7 of each byte of the result is set where that byte of `v` is zero. Borrows can set bits only above
// the first true zero, so the lowest set bit is always exact.
constexpr std::uint64_t zero_bytes(std::uint64_t v) noexcept { return (v - ones8) & ~v & high8; }
constexpr std::uint64_t bytes_below(std::uint64_t v, unsigned char n) noexcept {
  return (v - ones8 * n) & ~v & high8;
}

// First byte in [p, end) that is '"', '\\' or a control character; with `stop_at_non_ascii`, bytes from
// 0x80 up too (the reader validates those as UTF-8; the writer passes them through).
template <bool stop_at_non_ascii>
inline const char* scan_string(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  const __m128i max_control = _mm_set1_epi8(0x1F);
  while (end - p >= 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash));
    if constexpr (stop_at_non_ascii) {
      hit = _mm_or_si128(hit, _mm_cmplt_epi8(v, space));  // signed: bytes from 0x80 count as negative
    } else {
      hit = _mm_or_si128(hit, _mm_cmpeq_epi8(_mm_min_epu8(v, max_control), v));  // unsigned v <= 0x1F
    }
    if (int mask = _mm_movemask_epi8(hit)) return p + std::countr_zero(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  if constexpr (std::endian::native == std::endian::little) {
    while (end - p >= 8) {
      std::uint64_t v;
      std::memcpy(&v, p, 8);
      std::uint64_t m = zero_bytes(v ^ (ones8 * '"')) | zero_bytes(v ^ (ones8 * '\\')) | bytes_below(v, 0x20);
      if constexpr (stop_at_non_ascii) m |= v & high8;
      if (m) return p + (std::countr_zero(m) >> 3);
      p += 8;
    }
  }
  for (; p < end; ++p) {
    auto c = static_cast<unsigned char>(*p);
    if (c == '"' || c == '\\' || c < 0x20 || (stop_at_non_ascii && c >= 0x80)) return p;
  }
  return p;
}

// Length (2 to 4) of the well-formed UTF-8 sequence starting at p, or 0. Refuses overlong forms,
// surrogates and code points above U+10FFFF, as RFC 3629 requires.
inline int utf8_sequence(const char* p, const char* end) noexcept {
  auto at = [&](int i) { return static_cast<unsigned char>(p[i]); };
  auto cont = [&](int i) { return (at(i) & 0xC0) == 0x80; };
  unsigned c0 = at(0);
  long avail = end - p;
  if (c0 < 0xC2) return 0;
  if (c0 < 0xE0) return avail >= 2 && cont(1) ? 2 : 0;
  if (c0 < 0xF0) {
    if (avail < 3 || !cont(1) || !cont(2)) return 0;
    if (c0 == 0xE0 && at(1) < 0xA0) return 0;
    if (c0 == 0xED && at(1) > 0x9F) return 0;
    return 3;
  }
  if (c0 < 0xF5) {
    if (avail < 4 || !cont(1) || !cont(2) || !cont(3)) return 0;
    if (c0 == 0xF0 && at(1) < 0x90) return 0;
    if (c0 == 0xF4 && at(1) > 0x8F) return 0;
    return 4;
  }
  return 0;
}

constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

}  // namespace webapi::json::detail
