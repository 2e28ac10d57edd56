#pragma once
// Checks that a request can be put on the wire as it is, before anything is sent.

#include <optional>
#include <string>
#include <string_view>

#include <webapi/core/error.hpp>
#include <webapi/core/field_syntax.hpp>
#include <webapi/core/request.hpp>

namespace webapi {

/// nullopt when `name: value` is a safe header field; otherwise what is wrong with it. The value itself is
/// never quoted, since it may be a credential.
inline std::optional<std::string> header_problem(std::string_view name, std::string_view value) {
  if (name.empty()) return "a header name is empty";
  if (detail::field_syntax::end_of_token(name.data(), name.data() + name.size()) != name.data() + name.size())
    return "header name '" + std::string(name) + "' holds a character not allowed in a header name";
  // RFC 9110 5.5: a field value holds no control character but HTAB; servers and proxies disagree on the rest.
  const char* bad = detail::field_syntax::first_control(value.data(), value.data() + value.size());
  if (bad == value.data() + value.size()) return std::nullopt;
  if (*bad == '\r' || *bad == '\n') return "header '" + std::string(name) + "' value contains CR or LF";
  if (*bad == '\0') return "header '" + std::string(name) + "' value contains a NUL byte";
  return "header '" + std::string(name) + "' value contains a control character";
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
