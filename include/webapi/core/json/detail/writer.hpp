#pragma once
// The byte layer of the encoder: appends JSON tokens to a std::string. It writes through a raw pointer
// into space reserved ahead, so each token costs one capacity check rather than one per character.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

#include <webapi/core/json/detail/chars.hpp>
#include <webapi/core/json/detail/failure.hpp>

namespace webapi::json::detail {

class Writer {
 public:
  /// With `replace_invalid_utf8`, a byte that starts no UTF-8 sequence is written as U+FFFD, not a failure.
  explicit Writer(std::string& out, bool replace_invalid_utf8 = false)
      : out_(out), pos_(out.size()), replace_invalid_utf8_(replace_invalid_utf8) {}
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  /// Trims the reserved space, leaving exactly what was written.
  ~Writer() { out_.resize(pos_); }

  void put(char c) {
    reserve(1);
    out_[pos_++] = c;
  }
  void raw(std::string_view s) {
    reserve(s.size());
    std::memcpy(out_.data() + pos_, s.data(), s.size());
    pos_ += s.size();
  }
  /// `"key":` for a key known to need no escaping.
  void plain_key(std::string_view key) {
    reserve(key.size() + 3);
    char* p = out_.data() + pos_;
    *p++ = '"';
    std::memcpy(p, key.data(), key.size());
    p += key.size();
    *p++ = '"';
    *p++ = ':';
    pos_ += key.size() + 3;
  }

  /// A quoted string. Quotes, backslashes and control characters are escaped; UTF-8 passes through. Bytes
  /// that are not UTF-8 cannot be JSON text (the decoder refuses them): the writer records a failure naming
  /// the first such byte's offset (the caller adds the path), and what it wrote is dropped.
  void string(std::string_view s) {
    const char* p = s.data();
    const char* const end = p + s.size();
    const char* run = p;  // bytes not yet copied: they need no escape
    reserve(s.size() + 2);
    out_[pos_++] = '"';
    for (;;) {
      const char* q = scan_string<true>(p, end);
      if (q != end && static_cast<unsigned char>(*q) >= 0x80) {
        if (int n = utf8_sequence(q, end)) {  // well-formed UTF-8 stays in the run
          p = q + n;
          continue;
        }
        if (replace_invalid_utf8_) {
          std::memcpy(out_.data() + pos_, run, static_cast<std::size_t>(q - run));
          pos_ += static_cast<std::size_t>(q - run);
          reserve(static_cast<std::size_t>(end - q) + 3);  // U+FFFD is three bytes for one
          raw("\xEF\xBF\xBD");
          p = run = q + 1;
          continue;
        }
        not_utf8(static_cast<std::size_t>(q - s.data()));
        q = end;  // the output is dropped on failure: close the string and go on
      }
      std::memcpy(out_.data() + pos_, run, static_cast<std::size_t>(q - run));
      pos_ += static_cast<std::size_t>(q - run);
      if (q == end) break;
      // Each escape grows the output by up to five bytes over what was reserved for the rest.
      reserve(static_cast<std::size_t>(end - q) + 6);
      escape(static_cast<unsigned char>(*q));
      p = run = q + 1;
    }
    out_[pos_++] = '"';
  }

  template <class I>
  void integer(I v) {
    reserve(24);
    auto r = std::to_chars(out_.data() + pos_, out_.data() + pos_ + 24, v);
    pos_ = static_cast<std::size_t>(r.ptr - out_.data());
  }

  /// Shortest text that reads back as the same double. JSON has no infinity or NaN: the writer records a
  /// failure (the caller adds the path while unwinding) and writes null to keep going.
  /// With `keep_double` (a free-form value, whose kind is all a reader has to go by), an integral double gets
  /// ".0", so it reads back as a double and not as an integer.
  void number(double d, bool keep_double = false) {
    if (!std::isfinite(d)) [[unlikely]] {
      if (!failed_) failure_.reason(std::isnan(d) ? "NaN is not a JSON number" : "infinity is not a JSON number");
      failed_ = true;
      return raw("null");
    }
    reserve(32);
    const std::size_t start = pos_;
    auto r = std::to_chars(out_.data() + pos_, out_.data() + pos_ + 32, d);
    pos_ = static_cast<std::size_t>(r.ptr - out_.data());
    if (keep_double && std::string_view(out_.data() + start, pos_ - start).find_first_of(".eE") == std::string_view::npos)
      raw(".0");
  }

  /// Whether a value JSON cannot represent was met; failure() then says what and where.
  bool failed() const noexcept { return failed_; }
  Failure& failure() noexcept { return failure_; }

 private:
  void reserve(std::size_t n) {
    if (out_.size() - pos_ < n) grow(n);
  }
  [[gnu::noinline]] void grow(std::size_t n) {
    std::size_t want = std::max({pos_ + n, out_.size() * 2, std::size_t{256}});
    out_.resize(want);
  }

  // Records the failure; the caller's unwinding adds the path.
  [[gnu::noinline]] void not_utf8(std::size_t offset) {
    if (!failed_) failure_.reason("byte " + std::to_string(offset) + " of the string is not UTF-8");
    failed_ = true;
  }

  // Space for the escape (up to six bytes) is reserved by the caller.
  void escape(unsigned char c) {
    char* p = out_.data() + pos_;
    *p++ = '\\';
    switch (c) {
      case '"': *p++ = '"'; break;
      case '\\': *p++ = '\\'; break;
      case '\b': *p++ = 'b'; break;
      case '\f': *p++ = 'f'; break;
      case '\n': *p++ = 'n'; break;
      case '\r': *p++ = 'r'; break;
      case '\t': *p++ = 't'; break;
      default: {
        constexpr char hex[] = "0123456789abcdef";
        *p++ = 'u';
        *p++ = '0';
        *p++ = '0';
        *p++ = hex[c >> 4];
        *p++ = hex[c & 0xF];
      }
    }
    pos_ = static_cast<std::size_t>(p - out_.data());
  }

  std::string& out_;
  std::size_t pos_;
  bool failed_ = false;
  bool replace_invalid_utf8_ = false;
  Failure failure_;
};

}  // namespace webapi::json::detail
