#pragma once
// Reading multipart/form-data bodies (RFC 7578), for fakes that accept uploads.
//
// The inverse of webapi::MultipartForm: parts are split on the boundary named in the Content-Type, and each
// part's Content-Disposition name and filename and its Content-Type are read. Names may be quoted strings
// with backslash escapes, and the percent-escapes browsers use for '"', CR and LF are undone.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/ascii.hpp>
#include <webapi/core/headers.hpp>

namespace webapi::fakes::multipart {

/// One part of a multipart/form-data body as a fake received it.
struct Part {
  /// the form field name from its Content-Disposition
  std::string name;
  std::optional<std::string> filename;  ///< present when the part is a file
  std::string content_type;             ///< empty when the part does not say (text/plain by default)
  /// the part's bytes, as sent
  std::string data;
};

namespace detail {

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

inline std::string unescape_browser(std::string s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      std::string_view code(s.data() + i + 1, 2);
      if (code == "22") { out += '"'; i += 2; continue; }
      if (code == "0D" || code == "0d") { out += '\r'; i += 2; continue; }
      if (code == "0A" || code == "0a") { out += '\n'; i += 2; continue; }
    }
    out += s[i];
  }
  return out;
}

/// Parameters of a header value: `form-data; name="a"; filename=b` -> {{"name","a"},{"filename","b"}}.
/// Parameter names are lower-cased. nullopt on an unterminated quoted string.
inline std::optional<std::vector<std::pair<std::string, std::string>>> parameters(std::string_view value) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t semi = value.find(';');
  if (semi == std::string_view::npos) return out;
  value.remove_prefix(semi + 1);
  while (!value.empty()) {
    value = trim(value);
    std::size_t eq = value.find('=');
    if (eq == std::string_view::npos) break;
    std::string name = ascii::to_lower(trim(value.substr(0, eq)));
    value.remove_prefix(eq + 1);
    value = trim(value);
    std::string v;
    if (!value.empty() && value.front() == '"') {
      std::size_t i = 1;
      bool closed = false;
      for (; i < value.size(); ++i) {
        if (value[i] == '\\' && i + 1 < value.size()) { v += value[++i]; continue; }
        if (value[i] == '"') { closed = true; break; }
        v += value[i];
      }
      if (!closed) return std::nullopt;
      value.remove_prefix(i + 1);
      std::size_t next = value.find(';');
      value.remove_prefix(next == std::string_view::npos ? value.size() : next + 1);
    } else {
      std::size_t next = value.find(';');
      v = std::string(trim(value.substr(0, next)));
      value.remove_prefix(next == std::string_view::npos ? value.size() : next + 1);
    }
    out.emplace_back(std::move(name), std::move(v));
  }
  return out;
}

}  // namespace detail

/// The boundary named by a multipart Content-Type, if it is one.
inline std::optional<std::string> boundary_of(std::string_view content_type) {
  std::string_view type = detail::trim(content_type.substr(0, content_type.find(';')));
  if (!iequals(type, "multipart/form-data")) return std::nullopt;
  auto params = detail::parameters(content_type);
  if (!params) return std::nullopt;
  for (auto& [n, v] : *params)
    if (n == "boundary" && !v.empty() && v.size() <= 70) return v;
  return std::nullopt;
}

/// The parts of `body`; nullopt when it is not a well-formed multipart/form-data body for `content_type`.
inline std::optional<std::vector<Part>> parse(std::string_view content_type, std::string_view body) {
  auto boundary = boundary_of(content_type);
  if (!boundary) return std::nullopt;
  const std::string delimiter = "--" + *boundary;
  const std::string inner = "\r\n" + delimiter;

  // The first delimiter starts the body or follows a preamble line.
  std::size_t pos;
  if (body.substr(0, delimiter.size()) == delimiter) pos = delimiter.size();
  else if (std::size_t at = body.find(inner); at != std::string_view::npos) pos = at + inner.size();
  else return std::nullopt;

  std::vector<Part> parts;
  for (;;) {
    std::string_view rest = body.substr(pos);
    if (rest.substr(0, 2) == "--") return parts;  // the closing delimiter
    // Transport padding after a delimiter is allowed before its CRLF.
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) {
      rest.remove_prefix(1);
      ++pos;
    }
    if (rest.substr(0, 2) != "\r\n") return std::nullopt;
    pos += 2;

    std::size_t headers_end = body.find("\r\n\r\n", pos);
    std::size_t data_start;
    std::string_view header_block;
    if (body.substr(pos, 2) == "\r\n") {  // a part with no headers at all
      header_block = {};
      data_start = pos + 2;
    } else {
      if (headers_end == std::string_view::npos) return std::nullopt;
      header_block = body.substr(pos, headers_end - pos);
      data_start = headers_end + 4;
    }

    Part part;
    bool disposition = false;
    while (!header_block.empty()) {
      std::size_t eol = header_block.find("\r\n");
      std::string_view line = header_block.substr(0, eol);
      header_block.remove_prefix(eol == std::string_view::npos ? header_block.size() : eol + 2);
      std::size_t colon = line.find(':');
      if (colon == std::string_view::npos) return std::nullopt;
      std::string_view name = detail::trim(line.substr(0, colon));
      std::string_view value = detail::trim(line.substr(colon + 1));
      if (iequals(name, "Content-Disposition")) {
        if (!iequals(detail::trim(value.substr(0, value.find(';'))), "form-data")) return std::nullopt;
        auto params = detail::parameters(value);
        if (!params) return std::nullopt;
        for (auto& [n, v] : *params) {
          if (n == "name") {
            part.name = detail::unescape_browser(std::move(v));
            disposition = true;
          }
          else if (n == "filename") part.filename = detail::unescape_browser(std::move(v));
        }
      } else if (iequals(name, "Content-Type")) {
        part.content_type = std::string(value);
      }
    }
    if (!disposition) return std::nullopt;

    std::size_t data_end = body.find(inner, data_start);
    if (data_end == std::string_view::npos) return std::nullopt;
    part.data = std::string(body.substr(data_start, data_end - data_start));
    parts.push_back(std::move(part));
    pos = data_end + inner.size();
  }
}

/// The first part called `name`, or nullptr.
inline const Part* find(const std::vector<Part>& parts, std::string_view name) {
  for (const auto& p : parts)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace webapi::fakes::multipart
