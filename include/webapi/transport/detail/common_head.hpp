#pragma once
// Most responses have a head of one plain form: "HTTP/1.1", a final status with a body, a Content-Length, and
// fields without folding or a Transfer-Encoding. Such a head is read here in one pass over its bytes, at a
// fraction of what Beast's parser spends on it; any other head, and any head this reader is not sure of, is
// declined and goes to Beast's parser whole, as before. A head taken here is one Beast's parser takes with
// the same status, fields, length and keep-alive: fuzz/response_head.cpp holds the two to it, and
// docs/benchmarks-transport.md ("Reading the response head") measures the gain.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>

#include <webapi/core/ascii.hpp>
#include <webapi/core/field_syntax.hpp>
#include <webapi/core/headers.hpp>

namespace webapi::detail {

/// What read_common_head() made of the bytes at the start of a response.
struct CommonHead {
  enum class Outcome {
    taken,       ///< a complete head of the common form: its fields were added, the rest is set
    incomplete,  ///< no end of the head yet, within the limit: read more and ask again
    declined,    ///< another form, or past the limit: Beast's parser reads it
  };
  Outcome outcome = Outcome::declined;
  int status = 0;
  std::uint64_t content_length = 0;
  bool keep_alive = true;
  std::size_t size = 0;  ///< the head's bytes, its empty last line included
};

namespace common_head {

/// Whether the token or field value `s` is `lower` (lower case) but for ASCII case. Setting bit 0x20 makes a
/// capital letter small and leaves every other byte such text may hold unlike any letter or '-'.
inline bool is(std::string_view s, std::string_view lower) {
  if (s.size() != lower.size()) return false;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {  // eight bytes at a time
    std::uint64_t a, b;
    std::memcpy(&a, s.data() + i, 8);
    std::memcpy(&b, lower.data() + i, 8);
    if ((a | 0x2020202020202020) != b) return false;
  }
  for (; i < s.size(); ++i)
    if (static_cast<char>(s[i] | 0x20) != lower[i]) return false;
  return true;
}

}  // namespace common_head

/// Reads the response head at the start of `bytes` when it is complete, no longer than `limit` and of the
/// common form (see above); then adds its fields to `fields` in order. `scanned` says how far earlier calls
/// for the same head saw no end of it (0 at first): a head arriving a few bytes at a time is looked for
/// from there, not read again from its start each time. Everything it calls is inlined into it (flatten),
/// the construction of each field's strings included: a quarter fewer instructions for nginx's head of
/// eight fields.
[[gnu::flatten]] inline CommonHead read_common_head(std::string_view bytes, std::size_t limit, std::size_t& scanned,
                                                    Headers& fields) {
  using common_head::is;
  using field_syntax::end_of_token;
  using field_syntax::first_control;
  using Outcome = CommonHead::Outcome;
  CommonHead head;
  auto incomplete = [&] {
    scanned = bytes.size();
    head.outcome = bytes.size() < limit ? Outcome::incomplete : Outcome::declined;
    return head;
  };
  if (scanned != 0 && bytes.find("\r\n\r\n", scanned - std::min<std::size_t>(scanned, 3)) == std::string_view::npos)
    return incomplete();
  const char* const first = bytes.data();
  const char* const last = first + bytes.size();

  // "HTTP/1.1 " three digits " " reason CRLF, for a final status whose response has a body.
  constexpr std::string_view version = "HTTP/1.1 ";
  if (bytes.size() < version.size() + 4)
    return version.starts_with(bytes.substr(0, version.size())) ? incomplete() : head;
  if (!bytes.starts_with(version)) return head;
  const char* p = first + version.size();
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (!digit(p[0]) || !digit(p[1]) || !digit(p[2]) || p[3] != ' ') return head;
  head.status = (p[0] - '0') * 100 + (p[1] - '0') * 10 + (p[2] - '0');
  if (head.status < 200 || head.status > 599 || head.status == 204 || head.status == 304) return head;
  const char* cr = first_control(p + 4, last);
  if (last - cr < 2) return incomplete();
  if (cr[0] != '\r' || cr[1] != '\n') return head;
  p = cr + 2;

  // Fields up to the empty line: name ":" OWS value OWS CRLF, none folded onto the next line. They are
  // added once the whole head is known to be of the common form.
  struct Found {
    const char* name;
    const char* value;
    std::size_t name_size, value_size;
  };
  constexpr std::size_t most_fields = 32;
  Found found[most_fields];  // as many as there are fields are set
  std::size_t count = 0;
  bool has_length = false;
  for (;; p = cr + 2) {
    if (last - p < 2) return incomplete();
    if (p[0] == '\r') {
      if (p[1] != '\n') return head;
      break;
    }
    const char* colon = end_of_token(p, last);
    if (colon == last) return incomplete();
    if (count == most_fields || colon == p || *colon != ':') return head;
    cr = first_control(colon + 1, last);
    if (last - cr < 3) return incomplete();
    if (cr[0] != '\r' || cr[1] != '\n' || cr[2] == ' ' || cr[2] == '\t') return head;
    const std::string_view name(p, static_cast<std::size_t>(colon - p));
    const std::string_view value =
        ascii::trim_ows(std::string_view(colon + 1, static_cast<std::size_t>(cr - colon - 1)));
    // The fields that decide the body's length and the connection's fate, as Beast's parser reads them.
    switch (name.size()) {
      case 14:
        if (is(name, "content-length")) {
          if (has_length || value.empty() || value.size() > 18) return head;
          for (char c : value) {
            if (!digit(c)) return head;
            head.content_length = head.content_length * 10 + static_cast<std::uint64_t>(c - '0');
          }
          has_length = true;
        }
        break;
      case 10:
        if (is(name, "connection")) {
          if (is(value, "close"))
            head.keep_alive = false;
          else if (!is(value, "keep-alive"))
            return head;
        }
        break;
      case 17:  // Transfer-Encoding
      case 16:  // Proxy-Connection
      case 7:   // Upgrade
        if (is(name, "transfer-encoding") || is(name, "proxy-connection") || is(name, "upgrade")) return head;
        break;
      default:
        break;
    }
    found[count++] = {name.data(), value.data(), name.size(), value.size()};
  }
  head.size = static_cast<std::size_t>(p + 2 - first);
  // Within the limit with room to spare: Beast's parser decides every head near it.
  if (!has_length || head.size + 4 > limit) return head;
  for (std::size_t i = 0; i < count; ++i)
    fields.add(std::string_view(found[i].name, found[i].name_size),
               std::string_view(found[i].value, found[i].value_size));
  head.outcome = Outcome::taken;
  return head;
}

}  // namespace webapi::detail
