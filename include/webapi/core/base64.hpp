#pragma once
// Base64 (RFC 4648, standard alphabet, padded) for HTTP Basic credentials and base64 payloads.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace webapi::base64 {

/// `in` in padded base64 (standard alphabet, no line breaks).
inline std::string encode(std::string_view in) {
  static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    std::uint32_t n = (std::uint8_t(in[i]) << 16) | (std::uint8_t(in[i + 1]) << 8) | std::uint8_t(in[i + 2]);
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += alphabet[(n >> 6) & 63];
    out += alphabet[n & 63];
  }
  if (std::size_t rest = in.size() - i; rest > 0) {
    std::uint32_t n = std::uint8_t(in[i]) << 16;
    if (rest == 2) n |= std::uint8_t(in[i + 1]) << 8;
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += rest == 2 ? alphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

namespace detail {

// The value of each base64 character, -1 for bytes that are none; `url_safe` also maps '-' and '_'.
constexpr std::array<std::int8_t, 256> decode_table(bool url_safe) {
  std::array<std::int8_t, 256> t{};
  t.fill(-1);
  constexpr std::string_view a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (std::size_t i = 0; i < a.size(); ++i) t[std::uint8_t(a[i])] = static_cast<std::int8_t>(i);
  if (url_safe) {
    t[std::uint8_t('-')] = 62;
    t[std::uint8_t('_')] = 63;
  }
  return t;
}

inline std::optional<std::string> decode_with(std::string_view in, const std::array<std::int8_t, 256>& table) {
  std::string out;
  out.reserve(in.size() / 4 * 3);
  std::uint32_t acc = 0;
  int bits = 0;
  std::size_t padding = 0;
  for (char c : in) {
    if (c == '\r' || c == '\n') continue;
    if (c == '=') { ++padding; continue; }
    if (padding > 0) return std::nullopt;  // data after padding
    int v = table[std::uint8_t(c)];
    if (v < 0) return std::nullopt;
    acc = (acc << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xFF);
    }
  }
  if (padding > 2 || bits >= 6) return std::nullopt;
  return out;
}

}  // namespace detail

/// Decodes padded or unpadded base64; ignores CR/LF (MIME line breaks). nullopt on any other stray byte.
inline std::optional<std::string> decode(std::string_view in) {
  static constexpr auto table = detail::decode_table(false);
  return detail::decode_with(in, table);
}

/// decode, also reading the URL-safe alphabet ('-' and '_' for '+' and '/'), as Google's JSON parsers read
/// `format: byte` values.
inline std::optional<std::string> decode_any_alphabet(std::string_view in) {
  static constexpr auto table = detail::decode_table(true);
  return detail::decode_with(in, table);
}

}  // namespace webapi::base64
