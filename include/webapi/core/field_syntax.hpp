#pragma once
// What may stand in an HTTP field: RFC 9110's token characters (a field name), and the bytes a field value may
// hold (HTAB, SP, VCHAR, obs-text), found sixteen bytes at a time with GCC's and Clang's vector types (a byte
// at a time with another compiler). Requests are checked with it before they are sent (validate.hpp) and
// response heads read with it (transport/detail/common_head.hpp); bench_response_head times the reading.

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include <webapi/core/ascii.hpp>

namespace webapi {

namespace detail {
/// Which bytes are RFC 9110 token characters.
inline constexpr std::array<bool, 256> token_chars = ascii::alnum_or("!#$%&'*+-.^_`|~");
}  // namespace detail

/// RFC 9110 token characters, the only ones a header name may hold.
constexpr bool is_token_char(char c) noexcept { return detail::token_chars[static_cast<unsigned char>(c)]; }

namespace detail::field_syntax {

#if defined(__GNUC__)
#define WEBAPI_FIELD_SYNTAX_VECTORS 1
/// Sixteen bytes, compared all at once with the compiler's vector types.
using Bytes = unsigned char __attribute__((vector_size(16)));

/// The index of the first byte of `mask` (each byte 0 or all ones, as a comparison of Bytes makes them) that
/// is set; 16 when none is.
template <class Mask>
inline int first_marked(const Mask& mask) {
  static_assert(sizeof(Mask) == 16);
  std::uint64_t half[2];
  std::memcpy(half, &mask, sizeof half);
  for (int i = 0; i < 2; ++i)
    if (half[i] != 0)
      return i * 8 +
             (std::endian::native == std::endian::little ? std::countr_zero(half[i]) : std::countl_zero(half[i])) / 8;
  return 16;
}
#endif

/// The first byte from `p` on, before `last`, that may not stand in a field value or the reason phrase as
/// Beast reads them (anything but HTAB, SP, VCHAR and obs-text); `last` if there is none. In a well-formed
/// line it is the CR that ends it. Sixteen bytes are looked at a time.
inline const char* first_control(const char* p, const char* last) {
  for (;;) {
#ifdef WEBAPI_FIELD_SYNTAX_VECTORS
    while (last - p >= 16) {
      Bytes v;
      std::memcpy(&v, p, sizeof v);
      const int at = first_marked((v < 0x20) | (v == 0x7f));
      p += at;
      if (at != 16) break;  // the loop below stops at once
    }
#endif
    while (p != last && static_cast<unsigned char>(*p) >= 0x20 && *p != 0x7f) ++p;
    if (p == last || *p != '\t') return p;
    ++p;  // HTAB may stand in a value
  }
}

/// The first byte from `p` on, before `last`, that is no RFC 9110 token character (tchar, as Beast reads a
/// field name); `last` if there is none. In a well-formed field line it is the colon after the name. Sixteen
/// bytes are looked at a time for the first that is no letter, digit or '-' (of which names are made, nearly
/// always); from there the token table decides, a byte at a time.
inline const char* end_of_token(const char* p, const char* last) {
#ifdef WEBAPI_FIELD_SYNTAX_VECTORS
  for (; last - p >= 16; p += 16) {
    Bytes v;
    std::memcpy(&v, p, sizeof v);
    const Bytes lower = v | 0x20;  // a capital letter made small; nothing else becomes a letter
    const auto plain = ((lower >= 'a') & (lower <= 'z')) | ((v >= '0') & (v <= '9')) | (v == '-');
    if (const int at = first_marked(~plain); at != 16) {
      p += at;
      break;
    }
  }
#endif
  while (p != last && is_token_char(*p)) ++p;
  return p;
}

}  // namespace detail::field_syntax
}  // namespace webapi
