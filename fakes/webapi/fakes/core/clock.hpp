#pragma once
// A clock a test moves by hand: the fake's idea of "now", for dates, expiry and anything time-driven.
//
// It starts at a fixed instant so runs repeat exactly, and never moves on its own. Safe to read and move
// from any thread.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>

namespace webapi::fakes {

class ManualClock {
 public:
  using clock = std::chrono::system_clock;
  using duration = clock::duration;
  using time_point = clock::time_point;

  /// 2024-01-01T00:00:00Z.
  static constexpr time_point default_start() {
    return time_point(std::chrono::duration_cast<duration>(std::chrono::sys_days(
                                                               std::chrono::year(2024) / 1 / 1)
                                                               .time_since_epoch()));
  }

  ManualClock() = default;
  explicit ManualClock(time_point start) : ticks_(start.time_since_epoch().count()) {}

  time_point now() const noexcept { return time_point(duration(ticks_.load(std::memory_order_acquire))); }
  void advance(duration d) noexcept { ticks_.fetch_add(d.count(), std::memory_order_acq_rel); }
  void set(time_point t) noexcept { ticks_.store(t.time_since_epoch().count(), std::memory_order_release); }
  void reset() noexcept { set(default_start()); }

 private:
  std::atomic<duration::rep> ticks_{default_start().time_since_epoch().count()};
};

/// Whole days since 1970-01-01 of `t` (UTC).
inline long long day_number(ManualClock::time_point t) {
  return std::chrono::floor<std::chrono::days>(t).time_since_epoch().count();
}

/// "YYYY-MM-DD" of `t` in UTC.
inline std::string date_string(ManualClock::time_point t) {
  std::chrono::year_month_day ymd{std::chrono::floor<std::chrono::days>(t)};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()));
  return buf;
}

/// "YYYY-MM-DDTHH:MM:SSZ" of `t` in UTC.
inline std::string timestamp_string(ManualClock::time_point t) {
  auto day = std::chrono::floor<std::chrono::days>(t);
  std::chrono::hh_mm_ss hms{std::chrono::floor<std::chrono::seconds>(t - day)};
  char buf[16];
  std::snprintf(buf, sizeof buf, "T%02d:%02d:%02dZ", static_cast<int>(hms.hours().count()),
                static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()));
  return date_string(t) + buf;
}

}  // namespace webapi::fakes
