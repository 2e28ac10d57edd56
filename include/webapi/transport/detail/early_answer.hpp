#pragma once
// A server may answer before it has read the whole request: a 413 for a body too large, a 401 before an
// upload, often followed by closing the connection. The client then sees its write fail (EPIPE, a reset)
// or bytes arrive while it still writes. Either way the answer is what the caller needs, not "connection
// lost": RFC 9112 section 9.5 asks a client to watch for it and stop sending the body. BeastTransport reads
// while it writes a body (plain or TLS) and stops writing once what it read holds a final answer.

#include <cstddef>
#include <string_view>

namespace webapi::detail {

/// Whether `bytes`, read from the peer while the request was still being written, hold more than interim
/// (1xx) heads, whole or still arriving: the start of a final answer, or anything else that is not a 1xx,
/// which the response reader then judges. Past `limit` bytes the writer stops in any case.
inline bool holds_final_answer(std::string_view bytes, std::size_t limit) {
  if (bytes.size() > limit) return true;
  constexpr std::string_view version = "HTTP/1.";
  while (!bytes.empty()) {
    const std::size_t known = bytes.size() < version.size() ? bytes.size() : version.size();
    if (bytes.substr(0, known) != version.substr(0, known)) return true;
    if (bytes.size() < 10) return false;  // "HTTP/1.1 1": not yet told apart
    if (bytes[9] != '1') return true;
    const std::size_t end = bytes.find("\r\n\r\n");
    if (end == std::string_view::npos) return false;
    bytes.remove_prefix(end + 4);
  }
  return false;
}

}  // namespace webapi::detail
