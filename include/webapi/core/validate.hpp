#pragma once
// Checks that a request can be put on the wire as it is, before anything is sent.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include <webapi/core/ascii.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/request.hpp>

namespace webapi {

namespace detail {
/// Which bytes are RFC 9110 token characters.
inline constexpr std::array<bool, 256> token_chars = ascii::alnum_or("!#$%&'*+-.^_`|~");
}  // namespace detail

/// RFC 9110 token characters, the only ones a header name may hold.
constexpr bool is_token_char(char c) noexcept { return detail::token_chars[static_cast<unsigned char>(c)]; }

/// nullopt when `name: value` is a safe header field; otherwise what is wrong with it. The value itself is
/// never quoted, since it may be a credential.
inline std::optional<std::string> header_problem(std::string_view name, std::string_view value) {
  if (name.empty()) return "a header name is empty";
  for (char c : name)
    if (!is_token_char(c)) return "header name '" + std::string(name) + "' holds a character not allowed in a header name";
  for (char c : value) {
    if (c == '\r' || c == '\n') return "header '" + std::string(name) + "' value contains CR or LF";
    if (c == '\0') return "header '" + std::string(name) + "' value contains a NUL byte";
    // RFC 9110 5.5: a field value holds no control character but HTAB; servers and proxies disagree on the rest.
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F)
      return "header '" + std::string(name) + "' value contains a control character";
  }
  return std::nullopt;
}

/// Validates every header of the request, its content type, and its path.
/// nullopt when the request may be sent; otherwise an invalid_argument error naming the request's operation
/// and what was wrong: a header name that is not a token, a control character other than HTAB in a
/// header value or the content type, or a path that does not start with '/' or holds a byte that must be
/// percent-encoded (space, control, '?', '#', non-ASCII).
inline std::optional<Error> validate(const Request& r) {
  for (const auto& [name, value] : r.headers)
    if (auto p = header_problem(name, value)) return make_error(ErrorKind::invalid_argument, *p, r.operation);
  if (auto p = header_problem("Content-Type", r.content_type))
    return make_error(ErrorKind::invalid_argument, *p, r.operation);
  if (r.path.empty() || r.path.front() != '/')
    return make_error(ErrorKind::invalid_argument, "request path must start with '/'", r.operation);
  for (char c : r.path)
    if (static_cast<unsigned char>(c) <= 0x20 || c == '?' || c == '#' || static_cast<unsigned char>(c) >= 0x7F)
      return make_error(ErrorKind::invalid_argument, "request path holds an unencoded character", r.operation);
  return std::nullopt;
}

}  // namespace webapi
