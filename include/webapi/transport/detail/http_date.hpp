#pragma once
// HTTP dates (RFC 9110 section 5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms a
// recipient must still accept.

#include <array>
#include <chrono>
#include <optional>
#include <string_view>

namespace webapi::detail {

inline std::optional<int> month_number(std::string_view m) {
  static constexpr std::array<std::string_view, 12> names{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == m) return static_cast<int>(i + 1);
  return std::nullopt;
}

/// Reads `n` digits at `pos` (leading spaces allowed where `pad`), advancing `pos`.
inline std::optional<int> read_number(std::string_view s, std::size_t& pos, std::size_t n, bool pad = false) {
  int v = 0;
  for (std::size_t i = 0; i < n; ++i, ++pos) {
    if (pos >= s.size()) return std::nullopt;
    char c = s[pos];
    if (pad && c == ' ' && i + 1 < n) continue;
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

inline bool expect(std::string_view s, std::size_t& pos, std::string_view what) {
  if (s.substr(pos, what.size()) != what) return false;
  pos += what.size();
  return true;
}

inline std::optional<std::chrono::system_clock::time_point> parse_http_date(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  std::size_t comma = s.find(',');
  std::size_t pos = 0;
  std::optional<int> day, month, year, hh, mm, ss;
  auto time_of_day = [&]() {
    hh = read_number(s, pos, 2);
    if (!hh || !expect(s, pos, ":")) return false;
    mm = read_number(s, pos, 2);
    if (!mm || !expect(s, pos, ":")) return false;
    ss = read_number(s, pos, 2);
    return ss.has_value();
  };
  if (comma == 3) {
    // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
    pos = 5;
    if (s.size() < 5 || s[4] != ' ') return std::nullopt;
    day = read_number(s, pos, 2);
    if (!day || !expect(s, pos, " ")) return std::nullopt;
    month = month_number(s.substr(pos, 3));
    pos += 3;
    if (!month || !expect(s, pos, " ")) return std::nullopt;
    year = read_number(s, pos, 4);
    if (!year || !expect(s, pos, " ") || !time_of_day() || !expect(s, pos, " GMT") || pos != s.size())
      return std::nullopt;
  } else if (comma != std::string_view::npos) {
    // RFC 850: "Sunday, 06-Nov-94 08:49:37 GMT"
    pos = comma + 1;
    if (!expect(s, pos, " ")) return std::nullopt;
    day = read_number(s, pos, 2);
    if (!day || !expect(s, pos, "-")) return std::nullopt;
    month = month_number(s.substr(pos, 3));
    pos += 3;
    if (!month || !expect(s, pos, "-")) return std::nullopt;
    year = read_number(s, pos, 2);
    if (!year || !expect(s, pos, " ") || !time_of_day() || !expect(s, pos, " GMT") || pos != s.size())
      return std::nullopt;
    // Two-digit years: RFC 9110 says to read one more than 50 years ahead as the past; keep it simple.
    *year += *year < 70 ? 2000 : 1900;
  } else {
    // asctime: "Sun Nov  6 08:49:37 1994"
    if (s.size() != 24 || s[3] != ' ') return std::nullopt;
    pos = 4;
    month = month_number(s.substr(pos, 3));
    pos += 3;
    if (!month || !expect(s, pos, " ")) return std::nullopt;
    day = read_number(s, pos, 2, true);
    if (!day || !expect(s, pos, " ") || !time_of_day() || !expect(s, pos, " ")) return std::nullopt;
    year = read_number(s, pos, 4);
    if (!year || pos != s.size()) return std::nullopt;
  }
  using namespace std::chrono;
  const year_month_day ymd{std::chrono::year{*year}, std::chrono::month{static_cast<unsigned>(*month)},
                           std::chrono::day{static_cast<unsigned>(*day)}};
  if (!ymd.ok() || *hh > 23 || *mm > 59 || *ss > 60) return std::nullopt;
  return sys_days{ymd} + hours{*hh} + minutes{*mm} + seconds{*ss};
}

}  // namespace webapi::detail
