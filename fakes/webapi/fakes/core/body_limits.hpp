#pragma once
// How many fields a form body and how many parts a multipart body a fake splits, at most.
//
// Splitting a body makes records per field or part, each larger than the bytes it came from: 60 MB of
// "a&a&a&..." is thirty million fields, and gigabytes once split. So before a fake splits a body, the
// Dispatcher counts its fields or parts (reading the body once, allocating nothing, stopping one past the
// limit) and refuses one over the limit with 413 naming the limit. Below the limits, what a split keeps is
// the body's bytes plus a bounded overhead per field or part.

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/multipart.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes {

/// The most fields and parts a fake splits from one request body. webapi-fake-server sets them from
/// ServeOptions (--max-form-fields, --max-multipart-parts).
struct BodyLimits {
  /// fields of an application/x-www-form-urlencoded body (empty pieces between '&' are not fields)
  std::size_t max_form_fields = 1000;
  /// parts of a multipart/form-data body
  std::size_t max_multipart_parts = 100;
};

/// The number of fields of the form body `body`, counted up to `stop_after + 1` at most.
inline std::size_t form_field_count(std::string_view body, std::size_t stop_after) {
  std::size_t count = 0;
  const char* p = body.data();
  const char* end = p + body.size();
  while (p < end && count <= stop_after) {
    const void* amp = std::memchr(p, '&', static_cast<std::size_t>(end - p));
    const char* piece_end = amp ? static_cast<const char*>(amp) : end;
    if (piece_end != p) ++count;
    p = piece_end + 1;
  }
  return count;
}

/// The number of parts of the multipart body `body` with `boundary`, counted up to `stop_after + 1` at most:
/// the delimiters in it, less the closing one.
inline std::size_t multipart_part_count(std::string_view body, std::string_view boundary, std::size_t stop_after) {
  const std::string inner = "\r\n--" + std::string(boundary);
  std::size_t delimiters = body.starts_with(std::string_view(inner).substr(2)) ? 1 : 0;
  for (std::size_t at = body.find(inner); at != std::string_view::npos && delimiters <= stop_after + 1;
       at = body.find(inner, at + inner.size()))
    ++delimiters;
  return delimiters == 0 ? 0 : delimiters - 1;
}

/// Refuses with 413 a request whose form body holds more than `limits.max_form_fields` fields or whose
/// multipart body holds more than `limits.max_multipart_parts` parts. Other bodies pass unread.
inline void check_body_limits(const Request& r, const BodyLimits& limits) {
  if (r.body.empty()) return;
  const std::string type = media_type(r);
  if (type == "application/x-www-form-urlencoded") {
    if (form_field_count(r.body, limits.max_form_fields) > limits.max_form_fields)
      throw Failure(413,
                    "the form body holds more than " + std::to_string(limits.max_form_fields) +
                        " fields, the limit (max_form_fields)",
                    {{"in", "body"}});
  } else if (type == "multipart/form-data") {
    auto boundary = multipart::boundary_of(full_content_type(r));
    if (boundary && multipart_part_count(r.body, *boundary, limits.max_multipart_parts) > limits.max_multipart_parts)
      throw Failure(413,
                    "the multipart body holds more than " + std::to_string(limits.max_multipart_parts) +
                        " parts, the limit (max_multipart_parts)",
                    {{"in", "body"}});
  }
}

}  // namespace webapi::fakes
