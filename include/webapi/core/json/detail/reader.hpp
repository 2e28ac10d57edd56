#pragma once
// The lexical layer of the decoder: a cursor over the input bytes that reads one JSON token at a time,
// validating as it goes (grammar, UTF-8, escapes, nesting depth). The typed layer drives it; nothing here
// allocates except strings the caller asked for and the scratch buffer for keys with escapes.

#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <system_error>

#include <webapi/core/json/detail/chars.hpp>
#include <webapi/core/json/detail/failure.hpp>
#include <webapi/core/json/detail/key_set.hpp>
#include <webapi/core/json/limits.hpp>

namespace webapi::json::detail {

enum class Token : unsigned char { invalid, end, object, array, string, number, boolean, null };

constexpr std::string_view token_name(Token t) noexcept {
  switch (t) {
    case Token::object: return "object";
    case Token::array: return "array";
    case Token::string: return "string";
    case Token::number: return "number";
    case Token::boolean: return "boolean";
    case Token::null: return "null";
    case Token::end: return "end of input";
    case Token::invalid: break;
  }
  return "invalid JSON";
}

// The token a value starting with byte `c` can be; the reader confirms it while reading.
inline constexpr auto token_table = [] {
  struct Table { Token t[256]{}; } table{};
  table.t[static_cast<unsigned char>('{')] = Token::object;
  table.t[static_cast<unsigned char>('[')] = Token::array;
  table.t[static_cast<unsigned char>('"')] = Token::string;
  table.t[static_cast<unsigned char>('-')] = Token::number;
  for (char c = '0'; c <= '9'; ++c) table.t[static_cast<unsigned char>(c)] = Token::number;
  table.t[static_cast<unsigned char>('t')] = Token::boolean;
  table.t[static_cast<unsigned char>('f')] = Token::boolean;
  table.t[static_cast<unsigned char>('n')] = Token::null;
  return table;
}();

class Reader {
 public:
  /// `missing_is_default`: a struct may lack members it requires; they keep their defaults.
  /// `skip_null_elements`: a null element of an array whose elements cannot be null is left out.
  Reader(std::string_view text, Failure& failure, bool missing_is_default = false,
         bool skip_null_elements = false) noexcept
      : begin_(text.data()),
        p_(text.data()),
        end_(text.data() + text.size()),
        failure_(failure),
        missing_is_default_(missing_is_default),
        skip_null_elements_(skip_null_elements) {}

  Failure& failure() noexcept { return failure_; }
  std::size_t depth() const noexcept { return depth_; }
  bool missing_is_default() const noexcept { return missing_is_default_; }
  bool skip_null_elements() const noexcept { return skip_null_elements_; }

  /// Skips whitespace and names the next token without consuming it.
  [[gnu::always_inline]] Token peek() noexcept {
    skip_ws();
    return p_ == end_ ? Token::end : token_table.t[static_cast<unsigned char>(*p_)];
  }
  bool at_end() noexcept {
    skip_ws();
    return p_ == end_;
  }

  // ---- failures; each returns false

  bool fail_syntax(std::string_view what) { return fail_syntax_at(p_, what); }
  bool fail_syntax_at(const char* where, std::string_view what) {
    std::string r = "malformed JSON at byte " + std::to_string(where - begin_) + ": ";
    r.append(what);
    return failure_.reason(std::move(r));
  }
  /// The object being read has a second member named `key` (docs/json.md, "Duplicate member names"). The
  /// path is the object's; the name is shown as JSON text, cut after 64 bytes.
  bool fail_duplicate(std::string_view key) {
    std::string r = "duplicate member \"";
    constexpr std::size_t shown = 64;
    for (char c : key.substr(0, shown)) {
      if (c == '"' || c == '\\') r.push_back('\\');
      if (static_cast<unsigned char>(c) < 0x20) {
        char hex[4];
        auto e = std::to_chars(hex, hex + sizeof hex, static_cast<unsigned>(static_cast<unsigned char>(c)), 16);
        r.append("\\u00").append(e.ptr - hex < 2 ? "0" : "").append(hex, e.ptr);
        continue;
      }
      r.push_back(c);
    }
    r.append(key.size() > shown ? "\"..." : "\"");
    return failure_.reason(std::move(r));
  }
  /// The next token is not what the target type needs. Input that is not JSON at all is reported as such.
  bool fail_expected(std::string_view expected) {
    Token t = peek();
    if (t == Token::end) return fail_syntax("unexpected end of input");
    if (t == Token::invalid) return fail_syntax(unexpected_char());
    std::string r = "expected ";
    r.append(expected).append(", got ").append(token_name(t));
    return failure_.reason(std::move(r));
  }

  // ---- structure

  /// Precondition: peek() == Token::object.
  bool begin_object() {
    if (++depth_ > max_depth) return fail_syntax("nesting deeper than " + std::to_string(max_depth) + " levels");
    ++p_;
    return true;
  }
  /// 1: a member follows, its key in `key` and the ':' consumed; 0: the object closed; -1: failure.
  /// `key` may point into the input or into a scratch buffer that the next key overwrites.
  int next_member(bool& first, std::string_view& key) {
    int n = next_key(first);
    if (n <= 0) return n;
    return read_key(key) ? 1 : -1;
  }

  /// 1: a key follows and the cursor is on its opening quote; 0: the object closed; -1: failure.
  [[gnu::always_inline]] int next_key(bool& first) {
    skip_ws();
    if (p_ == end_) return fail_syntax("unexpected end of input in object"), -1;
    if (*p_ == '}') {
      ++p_;
      --depth_;
      return 0;
    }
    if (!first) {
      if (*p_ != ',') return fail_syntax("expected ',' or '}' in object"), -1;
      ++p_;
      skip_ws();
      if (p_ == end_) return fail_syntax("unexpected end of input in object"), -1;
    }
    first = false;
    if (*p_ != '"') return fail_syntax("expected a string key in object"), -1;
    return 1;
  }

  /// After next_key: consumes the key if its bytes are exactly `"expected"`. Models mostly arrive with
  /// their keys in declaration order, so this usually saves scanning the key at all. `expected` must need
  /// no escaping. The ':' is left for colon().
  [[gnu::always_inline]] bool try_key(std::string_view expected) noexcept {
    std::size_t n = expected.size();
    if (static_cast<std::size_t>(end_ - p_) < n + 2 || p_[n + 1] != '"' || !same_bytes(p_ + 1, expected.data(), n))
      return false;
    p_ += n + 2;
    return true;
  }

  /// After next_key: reads the key and its ':'.
  bool read_key(std::string_view& key) { return read_string_view(key) && colon(); }

  /// The ':' after a key.
  [[gnu::always_inline]] bool colon() {
    if (p_ != end_ && *p_ == ':') return ++p_, true;
    skip_ws();
    if (p_ != end_ && *p_ == ':') return ++p_, true;
    return fail_syntax("expected ':' after object key");
  }

  /// Precondition: peek() == Token::array.
  bool begin_array() {
    if (++depth_ > max_depth) return fail_syntax("nesting deeper than " + std::to_string(max_depth) + " levels");
    ++p_;
    return true;
  }
  /// 1: an element follows; 0: the array closed; -1: failure.
  int next_element(bool& first) {
    skip_ws();
    if (p_ == end_) return fail_syntax("unexpected end of input in array"), -1;
    if (*p_ == ']') {
      ++p_;
      --depth_;
      return 0;
    }
    if (!first) {
      if (*p_ != ',') return fail_syntax("expected ',' or ']' in array"), -1;
      ++p_;
      skip_ws();
      if (p_ == end_) return fail_syntax("unexpected end of input in array"), -1;
      if (*p_ == ']') return fail_syntax("trailing ',' in array"), -1;
    }
    first = false;
    return 1;
  }

  // ---- scalars; each has the matching peek() as precondition

  bool read_string(std::string& out) {
    out.clear();
    AppendSink sink{out};
    return read_string_body(sink);
  }
  /// The string's text without copying it when it has no escapes; otherwise decoded into scratch.
  bool read_string_view(std::string_view& out) {
    ViewSink sink{scratch_};
    if (!read_string_body(sink)) return false;
    out = sink.view();
    return true;
  }

  bool read_bool(bool& out) {
    if (literal("true")) return out = true, true;
    if (literal("false")) return out = false, true;
    return fail_syntax(unexpected_char());
  }
  bool read_null() { return literal("null") ? true : fail_syntax(unexpected_char()); }

  template <class I>
  bool read_integer(I& out) {
    const char* start = p_;
    bool negative = *p_ == '-';
    if (negative) ++p_;
    std::uint64_t magnitude = 0;
    bool too_big = false;
    if (p_ == end_ || !is_digit(*p_)) return fail_syntax_at(start, "invalid number");
    if (*p_ == '0') {
      ++p_;
    } else {
      const char* digits = p_;
      while (p_ != end_ && is_digit(*p_)) ++p_;
      auto n = static_cast<std::size_t>(p_ - digits);
      for (std::size_t i = 0, safe = n < 19 ? n : 19; i < safe; ++i)  // 19 digits always fit in 64 bits
        magnitude = magnitude * 10 + static_cast<unsigned>(digits[i] - '0');
      if (n == 20) {
        auto d = static_cast<unsigned>(digits[19] - '0');
        if (magnitude > (std::numeric_limits<std::uint64_t>::max() - d) / 10) too_big = true;
        else magnitude = magnitude * 10 + d;
      } else if (n > 20) {
        too_big = true;
      }
    }
    if (p_ != end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) {
      // 3.0 and 1e3 are integers written another way; accept them when exact and in range.
      p_ = start;
      double d = 0;
      if (!read_double(d)) return false;
      constexpr double lo = static_cast<double>(std::numeric_limits<I>::min());
      constexpr double hi = static_cast<double>(std::numeric_limits<I>::max() / 2 + 1) * 2.0;  // max + 1
      if (d >= lo && d < hi && static_cast<double>(static_cast<I>(d)) == d) return out = static_cast<I>(d), true;
      return fail_integer<I>(start);
    }
    if (p_ != end_ && is_digit(*p_)) return fail_syntax_at(start, "leading zero in number");
    if (too_big) return fail_integer<I>(start);
    if (negative) {
      if constexpr (std::is_signed_v<I>) {
        constexpr auto limit = static_cast<std::uint64_t>(std::numeric_limits<I>::max()) + 1;
        if (magnitude > limit) return fail_integer<I>(start);
        out = magnitude == 0 ? I{0} : static_cast<I>(-static_cast<I>(magnitude - 1) - 1);
        return true;
      } else {
        if (magnitude != 0) return fail_integer<I>(start);
        return out = 0, true;
      }
    }
    if (magnitude > static_cast<std::uint64_t>(std::numeric_limits<I>::max())) return fail_integer<I>(start);
    out = static_cast<I>(magnitude);
    return true;
  }

  /// Precondition: peek() == Token::number. Whether it has neither fraction nor exponent.
  bool number_is_integer() const noexcept {
    const char* q = p_;
    if (q != end_ && *q == '-') ++q;
    while (q != end_ && is_digit(*q)) ++q;
    return q == end_ || (*q != '.' && *q != 'e' && *q != 'E');
  }
  /// read_integer for a number known to be integral, without recording a failure when it does not fit.
  template <class I>
  bool read_integer_quiet(I& out) {
    const char* start = p_;
    bool negative = *p_ == '-';
    if (negative) ++p_;
    const char* digits = p_;
    while (p_ != end_ && is_digit(*p_)) ++p_;
    if (p_ == digits || (*digits == '0' && p_ - digits > 1)) return p_ = start, false;
    auto [ptr, ec] = std::from_chars(start, p_, out);
    if (ec != std::errc{} || ptr != p_) return p_ = start, false;
    return true;
  }
  /// Back to an earlier position() at the same depth, to read a value again once its kind is known.
  void rewind(const char* to) noexcept { p_ = to; }

  bool read_double(double& out) {
    const char* start = p_;
    if (!scan_number()) return false;
    auto [ptr, ec] = std::from_chars(start, p_, out);
    if (ec == std::errc::result_out_of_range) {
      // Too small to represent is zero, as every JSON parser reads it; too large has no double.
      if (underflows(start, p_)) return out = *start == '-' ? -0.0 : 0.0, true;
      return fail_syntax_at(start, "number out of range of double");
    }
    if (ec != std::errc{} || ptr != p_) return fail_syntax_at(start, "invalid number");
    return true;
  }

  /// Consumes one value of any kind, validating it as strictly as a typed read would.
  bool skip_value() {
    switch (peek()) {
      case Token::object: {
        if (!begin_object()) return false;
        bool first = true;
        std::string_view key;
        std::string saved;
        KeySet names;  // a skipped object is held to the same rule as a read one
        for (int n; (n = next_member(first, key)) != 0;) {
          if (n < 0) return false;
          const bool stable = in_input(key);
          if (!names.add(key, stable)) return fail_duplicate(key);
          if (!stable) saved = key, key = saved;  // nested keys reuse the scratch buffer
          if (!skip_value()) return failure_.push_key(key), false;
        }
        return true;
      }
      case Token::array: {
        if (!begin_array()) return false;
        bool first = true;
        std::size_t i = 0;
        for (int n; (n = next_element(first)) != 0; ++i) {
          if (n < 0) return false;
          if (!skip_value()) return failure_.push_index(i), false;
        }
        return true;
      }
      case Token::string: {
        DiscardSink sink;
        return read_string_body(sink);
      }
      case Token::number: return scan_number();
      case Token::boolean: {
        bool b;
        return read_bool(b);
      }
      case Token::null: return read_null();
      case Token::end: return fail_syntax("unexpected end of input");
      case Token::invalid: break;
    }
    return fail_syntax(unexpected_char());
  }

  /// Where the cursor is, and how many bytes are left after it.
  const char* position() const noexcept { return p_; }
  std::size_t remaining() const noexcept { return static_cast<std::size_t>(end_ - p_); }

  /// Whether `s` points into the input rather than into the scratch buffer that the next key overwrites.
  bool in_input(std::string_view s) const noexcept {
    return std::less_equal<>{}(begin_, s.data()) && std::less<>{}(s.data(), end_);
  }

 private:
  [[gnu::always_inline]] void skip_ws() noexcept {
    if (p_ != end_ && static_cast<unsigned char>(*p_) > ' ') return;  // compact JSON: no whitespace at all
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  // memcmp for the short, known-length keys of models, without a library call.
  static bool same_bytes(const char* a, const char* b, std::size_t n) noexcept {
    if (n >= 8) {
      std::uint64_t x, y;
      for (; n > 8; n -= 8, a += 8, b += 8) {
        std::memcpy(&x, a, 8);
        std::memcpy(&y, b, 8);
        if (x != y) return false;
      }
      std::memcpy(&x, a + n - 8, 8);  // the last eight bytes, overlapping what was compared
      std::memcpy(&y, b + n - 8, 8);
      return x == y;
    }
    if (n >= 4) {
      std::uint32_t x, y, u, v;
      std::memcpy(&x, a, 4);
      std::memcpy(&y, b, 4);
      std::memcpy(&u, a + n - 4, 4);
      std::memcpy(&v, b + n - 4, 4);
      return x == y && u == v;
    }
    for (std::size_t i = 0; i < n; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }

  std::string unexpected_char() const {
    if (p_ == end_) return "unexpected end of input";
    auto c = static_cast<unsigned char>(*p_);
    if (c >= 0x20 && c < 0x7F) return std::string("unexpected character '") + static_cast<char>(c) + "'";
    char hex[8];
    auto r = std::to_chars(hex, hex + sizeof hex, static_cast<unsigned>(c), 16);
    return "unexpected byte 0x" + std::string(hex, r.ptr);
  }

  bool literal(std::string_view word) noexcept {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) return false;
    p_ += word.size();
    return true;
  }

  // The bounds of the target type say more to a reader than its name would.
  template <class I>
  bool fail_integer(const char* start) {
    return failure_.reason("expected integer in [" + std::to_string(std::numeric_limits<I>::min()) + ", " +
                           std::to_string(std::numeric_limits<I>::max()) + "], got " + std::string(start, p_));
  }

  // Consumes a number, checking the JSON grammar -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?
  bool scan_number() {
    const char* start = p_;
    if (p_ != end_ && *p_ == '-') ++p_;
    if (p_ == end_ || !is_digit(*p_)) return fail_syntax_at(start, "invalid number");
    if (*p_ == '0') {
      ++p_;
      if (p_ != end_ && is_digit(*p_)) return fail_syntax_at(start, "leading zero in number");
    } else {
      while (p_ != end_ && is_digit(*p_)) ++p_;
    }
    if (p_ != end_ && *p_ == '.') {
      ++p_;
      if (p_ == end_ || !is_digit(*p_)) return fail_syntax_at(start, "invalid number");
      while (p_ != end_ && is_digit(*p_)) ++p_;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !is_digit(*p_)) return fail_syntax_at(start, "invalid number");
      while (p_ != end_ && is_digit(*p_)) ++p_;
    }
    return true;
  }

  // Out of range and no significant digit before the point with a non-positive exponent: a tiny number.
  static bool underflows(const char* s, const char* e) noexcept {
    if (*s == '-') ++s;
    bool int_zero = *s == '0';
    for (const char* q = s; q != e; ++q)
      if (*q == 'e' || *q == 'E') return q + 1 != e && q[1] == '-';
    return int_zero;
  }

  struct AppendSink {
    std::string& out;
    void append(const char* b, const char* e) { out.append(b, e); }
    void push(char c) { out.push_back(c); }
  };
  struct DiscardSink {
    void append(const char*, const char*) noexcept {}
    void push(char) noexcept {}
  };
  // Points into the input until the first escape, then copies into scratch.
  struct ViewSink {
    std::string& scratch;
    const char* b = nullptr;
    const char* e = nullptr;
    bool owned = false;
    void append(const char* first, const char* last) {
      if (owned) scratch.append(first, last);
      else if (b == nullptr) b = first, e = last;
      else own(), scratch.append(first, last);
    }
    void push(char c) {
      if (!owned) own();
      scratch.push_back(c);
    }
    void own() {
      owned = true;
      if (b) scratch.assign(b, e);
      else scratch.clear();
    }
    std::string_view view() const {
      return owned ? std::string_view(scratch) : std::string_view(b, static_cast<std::size_t>(e - b));
    }
  };

  // Precondition: *p_ == '"'.
  template <class Sink>
  bool read_string_body(Sink& sink) {
    const char* quote = p_;
    const char* run = ++p_;
    for (;;) {
      const char* q = scan_string<true>(p_, end_);
      if (q == end_) return fail_syntax_at(quote, "unterminated string");
      auto c = static_cast<unsigned char>(*q);
      if (c == '"') {
        sink.append(run, q);
        p_ = q + 1;
        return true;
      }
      if (c >= 0x80) {
        int n = utf8_sequence(q, end_);
        if (n == 0) return fail_syntax_at(q, "invalid UTF-8 in string");
        p_ = q + n;
        continue;
      }
      if (c == '\\') {
        sink.append(run, q);
        p_ = q + 1;
        if (!unescape(sink)) return false;
        run = p_;
        continue;
      }
      return fail_syntax_at(q, "unescaped control character in string");
    }
  }

  // After a backslash.
  template <class Sink>
  bool unescape(Sink& sink) {
    if (p_ == end_) return fail_syntax("unterminated string");
    char c = *p_++;
    switch (c) {
      case '"': sink.push('"'); return true;
      case '\\': sink.push('\\'); return true;
      case '/': sink.push('/'); return true;
      case 'b': sink.push('\b'); return true;
      case 'f': sink.push('\f'); return true;
      case 'n': sink.push('\n'); return true;
      case 'r': sink.push('\r'); return true;
      case 't': sink.push('\t'); return true;
      case 'u': break;
      default: return fail_syntax_at(p_ - 2, "invalid escape in string");
    }
    std::uint32_t cp = 0;
    if (!hex4(cp)) return false;
    if (cp >= 0xDC00 && cp <= 0xDFFF) return fail_syntax_at(p_ - 6, "lone low surrogate in string");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      std::uint32_t low = 0;
      if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u')
        return fail_syntax_at(p_ - 6, "high surrogate not followed by a low surrogate");
      p_ += 2;
      if (!hex4(low)) return false;
      if (low < 0xDC00 || low > 0xDFFF) return fail_syntax_at(p_ - 6, "high surrogate not followed by a low surrogate");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    if (cp < 0x80) {
      sink.push(static_cast<char>(cp));
    } else if (cp < 0x800) {
      sink.push(static_cast<char>(0xC0 | (cp >> 6)));
      sink.push(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      sink.push(static_cast<char>(0xE0 | (cp >> 12)));
      sink.push(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      sink.push(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      sink.push(static_cast<char>(0xF0 | (cp >> 18)));
      sink.push(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      sink.push(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      sink.push(static_cast<char>(0x80 | (cp & 0x3F)));
    }
    return true;
  }

  bool hex4(std::uint32_t& out) {
    if (end_ - p_ < 4) return fail_syntax("truncated \\u escape");
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = p_[i];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= static_cast<std::uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') v |= static_cast<std::uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= static_cast<std::uint32_t>(c - 'A' + 10);
      else return fail_syntax_at(p_ + i, "invalid hex digit in \\u escape");
    }
    p_ += 4;
    out = v;
    return true;
  }

  const char* begin_;
  const char* p_;
  const char* end_;
  Failure& failure_;
  std::size_t depth_ = 0;
  bool missing_is_default_;
  bool skip_null_elements_;
  std::string scratch_;
};

}  // namespace webapi::json::detail
