#pragma once
// The monitor schedules the service accepts. A schedule is a five-field cron pattern (minute, hour, day
// of month, month, day of week), but only the ones its scheduler offers:
//
//   */N * * * *      every N minutes, N one of 5, 10, 15, 30
//   0 */N * * *      every N hours, N one of 1, 2, 3, 4, 6, 8, 12
//   0 H * * *        every day at hour H (0 to 23)
//   0 H * * D        every D at hour H: D one of MON ... SUN, or MON-FRI for weekdays
//
// which covers every sample the description gives (*/5, */30, 0 */1, 0 */6, 0 17 * * *, 0 12 * * MON,
// 0 6 * * MON-FRI). Anything else, a well-formed cron pattern included, is refused.

#include <array>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

namespace webapi::fakes::api_platform {

namespace detail {

inline std::vector<std::string_view> cron_fields(std::string_view pattern) {
  std::vector<std::string_view> out;
  while (!pattern.empty()) {
    auto start = pattern.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    pattern.remove_prefix(start);
    auto end = pattern.find(' ');
    out.push_back(pattern.substr(0, end));
    pattern.remove_prefix(end == std::string_view::npos ? pattern.size() : end);
  }
  return out;
}

inline bool number_in(std::string_view text, int low, int high) {
  int n = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size() && n >= low && n <= high;
}

inline bool one_of(std::string_view text, std::initializer_list<std::string_view> allowed) {
  for (auto a : allowed)
    if (a == text) return true;
  return false;
}

}  // namespace detail

/// Whether the service's monitors accept `pattern` as a schedule.
inline bool is_accepted_schedule(std::string_view pattern) {
  auto f = detail::cron_fields(pattern);
  if (f.size() != 5 || f[2] != "*" || f[3] != "*") return false;
  if (f[1] == "*" && f[4] == "*") return detail::one_of(f[0], {"*/5", "*/10", "*/15", "*/30"});
  if (f[0] != "0") return false;
  if (f[1].starts_with("*/")) return f[4] == "*" && detail::one_of(f[1], {"*/1", "*/2", "*/3", "*/4", "*/6", "*/8", "*/12"});
  if (!detail::number_in(f[1], 0, 23)) return false;
  return detail::one_of(f[4], {"*", "MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN", "MON-FRI"});
}

}  // namespace webapi::fakes::api_platform
