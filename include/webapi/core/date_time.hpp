#pragma once
// Date-times as RFC 3339 text (`format: date-time`, `google-datetime`) and std::chrono time points.
//
//   auto t = webapi::parse_date_time("2026-03-01T09:30:00.25+01:00");   // Result<sys_time<nanoseconds>>
//   std::string s = webapi::format_date_time(*t);                        // "2026-03-01T08:30:00.250Z"
//
// Reading takes any offset ("Z", "+05:30", "-08:00") and a fraction of one to nine digits; writing is in
// UTC with 'Z' and 0, 3, 6 or 9 fractional digits, the form Google's services write.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <webapi/core/duration.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// A point in time to the nanosecond, as parse_date_time gives and format_date_time takes.
using DateTime = std::chrono::sys_time<std::chrono::nanoseconds>;

/// Reads "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)" ('t' and 'z' in either case). A decode error
/// names what is wrong: the part that is malformed, a date that does not exist (2026-02-30), a leap second
/// (std::chrono's system clock has none), or a time beyond the range of DateTime (years 1678 to 2261).
inline Result<DateTime> parse_date_time(std::string_view text) {
  using namespace std::chrono;
  auto fail = [&](std::string_view why) {
    return make_error(ErrorKind::decode, "date-time \"" + std::string(text) + "\": " + std::string(why));
  };
  auto number = [&](std::size_t at, std::size_t n, int& out) {
    if (at + n > text.size()) return false;
    out = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (text[i] < '0' || text[i] > '9') return false;
      out = out * 10 + (text[i] - '0');
    }
    return true;
  };
  auto at = [&](std::size_t i, char c) { return i < text.size() && text[i] == c; };
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (!number(0, 4, y) || !at(4, '-') || !number(5, 2, mo) || !at(7, '-') || !number(8, 2, d))
    return fail("expected a date YYYY-MM-DD");
  if (!at(10, 'T') && !at(10, 't')) return fail("expected 'T' between the date and the time");
  if (!number(11, 2, h) || !at(13, ':') || !number(14, 2, mi) || !at(16, ':') || !number(17, 2, s))
    return fail("expected a time HH:MM:SS");
  year_month_day date{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
  if (!date.ok()) return fail("no such date");
  if (h > 23 || mi > 59) return fail("no such time of day");
  if (s == 60) return fail("leap seconds cannot be represented");
  if (s > 59) return fail("no such time of day");
  std::size_t i = 19;
  std::int64_t nanos = 0;
  if (at(i, '.')) {
    std::size_t end = i + 1;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    if (!detail::fraction_nanos(text.substr(i + 1, end - i - 1), nanos))
      return fail("the fraction of a second must be one to nine digits");
    i = end;
  }
  std::int64_t offset_minutes = 0;
  if (at(i, 'Z') || at(i, 'z')) {
    ++i;
  } else if (at(i, '+') || at(i, '-')) {
    int oh = 0, om = 0;
    if (!number(i + 1, 2, oh) || !at(i + 3, ':') || !number(i + 4, 2, om) || oh > 23 || om > 59)
      return fail("expected an offset +HH:MM or -HH:MM");
    offset_minutes = (text[i] == '-' ? -1 : 1) * (oh * 60 + om);
    i += 6;
  } else {
    return fail("expected 'Z' or an offset +HH:MM or -HH:MM after the time");
  }
  if (i != text.size()) return fail("unexpected text after the offset");
  // Whole seconds since the epoch fit in 64 bits for every four-digit year; the nanoseconds may not.
  std::int64_t seconds = std::int64_t{sys_days(date).time_since_epoch().count()} * 86400 + h * 3600 + mi * 60 + s -
                         offset_minutes * 60;
  constexpr std::int64_t lo = nanoseconds::min().count() / 1'000'000'000;  // the seconds of min(), rounded up
  constexpr std::int64_t hi = nanoseconds::max().count() / 1'000'000'000;
  if (seconds <= lo || seconds >= hi) return fail("beyond the range of std::chrono::sys_time<nanoseconds>");
  return DateTime(nanoseconds(seconds * 1'000'000'000 + nanos));
}

/// `t` in UTC as RFC 3339 with 'Z' and 0, 3, 6 or 9 fractional digits ("2026-03-01T08:30:00.250Z").
inline std::string format_date_time(DateTime t) {
  using namespace std::chrono;
  const sys_days day_point = floor<days>(t);
  const year_month_day date{day_point};
  const hh_mm_ss<nanoseconds> time{t - day_point};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d", int(date.year()), unsigned(date.month()),
                unsigned(date.day()), int(time.hours().count()), int(time.minutes().count()),
                int(time.seconds().count()));
  return buf + detail::fraction_text(time.subseconds().count()) + "Z";
}

}  // namespace webapi
