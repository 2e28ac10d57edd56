#pragma once
// Durations as text in the protobuf JSON form (`format: google-duration`): seconds with up to nine
// fractional digits and a trailing 's', such as "3.5s", "-0.000001s" or "86400s".
//
//   auto d = webapi::parse_duration("3.5s");            // Result<std::chrono::nanoseconds>: 3'500'000'000ns
//   std::string s = webapi::format_duration(1500ms);    // "1.500s"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

namespace detail {

/// ".5" style fractions: `digits` (one to nine of them) as nanoseconds; false on anything else.
constexpr bool fraction_nanos(std::string_view digits, std::int64_t& nanos) noexcept {
  if (digits.empty() || digits.size() > 9) return false;
  std::int64_t n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + (c - '0');
  }
  for (std::size_t i = digits.size(); i < 9; ++i) n *= 10;
  nanos = n;
  return true;
}

/// The fraction of a second the way protobuf's JSON writes it: nothing, or 3, 6 or 9 digits after a dot.
inline std::string fraction_text(std::int64_t nanos) {
  if (nanos == 0) return {};
  std::string digits = std::to_string(nanos);
  digits.insert(0, 9 - digits.size(), '0');
  if (nanos % 1'000'000 == 0) digits.resize(3);
  else if (nanos % 1'000 == 0) digits.resize(6);
  return "." + digits;
}

}  // namespace detail

/// Reads "<seconds>[.<fraction>]s" with an optional leading '-'. A decode error says what is wrong: no
/// trailing 's', no digits, more than nine fractional digits, or a value beyond std::chrono::nanoseconds
/// (about ±292 years).
inline Result<std::chrono::nanoseconds> parse_duration(std::string_view text) {
  auto fail = [&](std::string_view why) {
    return make_error(ErrorKind::decode, "duration \"" + std::string(text) + "\": " + std::string(why));
  };
  std::string_view s = text;
  if (s.empty() || s.back() != 's') return fail("expected seconds ending in 's', such as \"3.5s\"");
  s.remove_suffix(1);
  bool negative = !s.empty() && s.front() == '-';
  if (negative) s.remove_prefix(1);
  std::string_view whole = s.substr(0, s.find('.'));
  std::int64_t nanos = 0;
  if (whole.size() < s.size() && !detail::fraction_nanos(s.substr(whole.size() + 1), nanos))
    return fail("the fraction must be one to nine digits");
  if (whole.empty()) return fail("no whole seconds before the fraction or the 's'");
  constexpr std::int64_t max_seconds = std::chrono::nanoseconds::max().count() / 1'000'000'000;
  std::int64_t seconds = 0;
  for (char c : whole) {
    if (c < '0' || c > '9') return fail("the seconds must be digits");
    if (seconds > max_seconds) break;
    seconds = seconds * 10 + (c - '0');
  }
  // Within ±(max_seconds s + 854775807 ns) the nanoseconds fit; beyond that they would overflow.
  if (seconds > max_seconds ||
      (seconds == max_seconds && nanos > std::chrono::nanoseconds::max().count() % 1'000'000'000))
    return fail("beyond the range of std::chrono::nanoseconds (about 292 years)");
  std::int64_t total = seconds * 1'000'000'000 + nanos;
  return std::chrono::nanoseconds(negative ? -total : total);
}

/// The protobuf JSON text of `d`: whole seconds, then 3, 6 or 9 fractional digits when there is a fraction
/// ("3s", "3.500s", "-0.000001s").
inline std::string format_duration(std::chrono::nanoseconds d) {
  // Magnitude in unsigned arithmetic, so nanoseconds::min() has one too.
  std::uint64_t n = d.count() < 0 ? 0 - static_cast<std::uint64_t>(d.count()) : static_cast<std::uint64_t>(d.count());
  std::string out = d.count() < 0 ? "-" : "";
  out += std::to_string(n / 1'000'000'000);
  out += detail::fraction_text(static_cast<std::int64_t>(n % 1'000'000'000));
  out += 's';
  return out;
}

}  // namespace webapi
