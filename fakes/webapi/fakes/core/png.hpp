#pragma once
// A small, valid PNG made deterministically from a string, for fakes that answer with generated images.
//
// The picture is a grid of colour blocks derived from the seed text, so the same inputs always give the
// same bytes and different inputs visibly different images. Stored (uncompressed) deflate blocks keep it
// free of zlib.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace webapi::fakes::png {

namespace detail {

inline std::uint32_t crc32(std::string_view data, std::uint32_t crc = 0) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (unsigned char b : data) crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

inline std::uint32_t adler32(std::string_view data) {
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : data) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}

inline void put_u32(std::string& out, std::uint32_t v) {
  out += static_cast<char>(v >> 24);
  out += static_cast<char>(v >> 16);
  out += static_cast<char>(v >> 8);
  out += static_cast<char>(v);
}

inline void chunk(std::string& out, std::string_view type, std::string_view data) {
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  std::string body(type);
  body += data;
  out += body;
  put_u32(out, crc32(body));
}

// zlib stream of stored deflate blocks (at most 65535 bytes each).
inline std::string zlib_stored(std::string_view raw) {
  std::string out("\x78\x01", 2);
  do {
    std::size_t n = raw.size() < 65535 ? raw.size() : 65535;
    bool last = n == raw.size();
    out += static_cast<char>(last ? 1 : 0);
    out += static_cast<char>(n & 0xFF);
    out += static_cast<char>(n >> 8);
    out += static_cast<char>(~n & 0xFF);
    out += static_cast<char>((~n >> 8) & 0xFF);
    out.append(raw.substr(0, n));
    raw.remove_prefix(n);
  } while (!raw.empty());
  return out;
}

}  // namespace detail

/// The eight bytes every PNG file starts with.
inline constexpr std::string_view signature{"\x89PNG\r\n\x1a\n", 8};

/// A `width` x `height` RGB PNG of 4x4 colour blocks derived from `seed`.
inline std::string make(std::string_view seed, std::uint32_t width = 16, std::uint32_t height = 16) {
  if (width == 0) width = 1;
  if (height == 0) height = 1;
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (char c : seed) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;

  std::string raw;
  raw.reserve((width * 3 + 1) * height);
  for (std::uint32_t y = 0; y < height; ++y) {
    raw += '\0';  // filter type: none
    for (std::uint32_t x = 0; x < width; ++x) {
      std::uint64_t cell = h ^ ((static_cast<std::uint64_t>(x / 4) << 32) | (y / 4));
      cell = (cell ^ (cell >> 29)) * 0xBF58476D1CE4E5B9ull;
      cell ^= cell >> 32;
      raw += static_cast<char>(cell);
      raw += static_cast<char>(cell >> 8);
      raw += static_cast<char>(cell >> 16);
    }
  }

  std::string out(signature);
  std::string ihdr;
  detail::put_u32(ihdr, width);
  detail::put_u32(ihdr, height);
  ihdr += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit depth, RGB, deflate, adaptive filter, no interlace
  detail::chunk(out, "IHDR", ihdr);
  std::string idat = detail::zlib_stored(raw);
  detail::put_u32(idat, detail::adler32(raw));
  detail::chunk(out, "IDAT", idat);
  detail::chunk(out, "IEND", {});
  return out;
}

/// Width and height from a PNG's header, if `bytes` starts like one.
/// False, leaving `width` and `height` alone, if `bytes` is shorter than a PNG header or does not start with the
/// signature and an IHDR chunk. Only the header is read; the rest of the image is not checked.
inline bool dimensions(std::string_view bytes, std::uint32_t& width, std::uint32_t& height) {
  if (bytes.size() < 24 || bytes.substr(0, 8) != signature || bytes.substr(12, 4) != "IHDR") return false;
  auto u32 = [&](std::size_t at) {
    return (std::uint32_t(std::uint8_t(bytes[at])) << 24) | (std::uint32_t(std::uint8_t(bytes[at + 1])) << 16) |
           (std::uint32_t(std::uint8_t(bytes[at + 2])) << 8) | std::uint32_t(std::uint8_t(bytes[at + 3]));
  };
  width = u32(16);
  height = u32(20);
  return true;
}

}  // namespace webapi::fakes::png
