#pragma once
// Decoding of gzip (and zlib "deflate") response bodies, bounded so a small body cannot inflate without limit.

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <zlib.h>

namespace webapi::detail {

/// Decodes `in` (gzip or zlib framing, detected from its header) into `out`. Returns what went wrong, or
/// nullopt on success. Stops with an error once the output would pass `limit` bytes.
inline std::optional<std::string> inflate_body(std::string_view in, std::size_t limit, std::string& out) {
  out.clear();
  z_stream z{};
  // 15 window bits + 32: accept both gzip and zlib headers.
  if (inflateInit2(&z, 15 + 32) != Z_OK) return "cannot initialise zlib";
  struct Guard {
    z_stream* z;
    ~Guard() { inflateEnd(z); }
  } guard{&z};

  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  std::size_t chunk = in.size() * 4 < 16384 ? 16384 : in.size() * 4;
  for (;;) {
    if (out.size() >= limit + 1) return "decoded body exceeds the limit of " + std::to_string(limit) + " bytes";
    std::size_t room = std::min(chunk, limit + 1 - out.size());
    std::size_t old = out.size();
    out.resize(old + room);
    z.next_out = reinterpret_cast<Bytef*>(out.data() + old);
    z.avail_out = static_cast<uInt>(room);
    int rc = inflate(&z, Z_NO_FLUSH);
    out.resize(old + (room - z.avail_out));
    if (out.size() > limit) return "decoded body exceeds the limit of " + std::to_string(limit) + " bytes";
    if (rc == Z_STREAM_END) {
      if (z.avail_in == 0) return std::nullopt;
      // Another gzip member follows (RFC 1952 allows several).
      if (inflateReset(&z) != Z_OK) return "cannot reset zlib";
      continue;
    }
    if (rc == Z_BUF_ERROR && z.avail_in == 0) return "compressed body is truncated";
    if (rc != Z_OK && rc != Z_BUF_ERROR)
      return std::string("compressed body is malformed (") + (z.msg ? z.msg : "zlib error") + ")";
    chunk *= 2;
  }
}

}  // namespace webapi::detail
