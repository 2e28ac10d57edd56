#pragma once
// The fake's idea of "now", for dates, expiry and anything time-driven; a test freezes it, sets it or
// moves it on.
//
// Two modes. Frozen (the default for an in-process fake): it starts at 2024-01-01T00:00:00Z and moves only
// when told, so runs repeat exactly. Following real time (what a served fake does, see
// webapi-fake-server): it reads the system clock plus whatever the test moved it by, so tokens expire and
// timestamps move as they would against the service. freeze() and follow_real_time() switch between
// them from the current reading, so switching never makes time jump.
//
// Safe to read and move from any thread.

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

namespace webapi::fakes {

/// A settable clock for a fake: frozen at default_start() until told otherwise. See the file's introduction
/// for the two modes. Every member is safe to call from any thread.
class ManualClock {
 public:
  /// The clock its readings are comparable with.
  using clock = std::chrono::system_clock;
  /// The unit it moves by.
  using duration = clock::duration;
  /// A reading.
  using time_point = clock::time_point;

  /// 2024-01-01T00:00:00Z.
  static constexpr time_point default_start() {
    return time_point(std::chrono::duration_cast<duration>(std::chrono::sys_days(
                                                               std::chrono::year(2024) / 1 / 1)
                                                               .time_since_epoch()));
  }

  /// Frozen at default_start().
  ManualClock() = default;
  /// Frozen at `start`.
  explicit ManualClock(time_point start) : frozen_at_(start) {}

  /// The current reading: the frozen time, or the system clock plus the offset moved by.
  time_point now() const {
    std::lock_guard lock(mutex_);
    return now_locked();
  }
  /// Moves the clock on (or back, for a negative `d`), in either mode.
  void advance(duration d) {
    std::lock_guard lock(mutex_);
    if (frozen_)
      frozen_at_ += d;
    else
      offset_ += d;
  }
  /// Makes "now" read `t`; a clock following real time goes on from there.
  void set(time_point t) {
    std::lock_guard lock(mutex_);
    if (frozen_)
      frozen_at_ = t;
    else
      offset_ = t - clock::now();
  }
  /// Stops the clock at its current reading.
  void freeze() {
    std::lock_guard lock(mutex_);
    frozen_at_ = now_locked();
    frozen_ = true;
  }
  /// Lets the clock run at real speed from its current reading.
  void follow_real_time() {
    std::lock_guard lock(mutex_);
    offset_ = now_locked() - clock::now();
    frozen_ = false;
  }
  /// Whether the clock is frozen rather than following real time.
  bool frozen() const {
    std::lock_guard lock(mutex_);
    return frozen_;
  }

  /// What reset() comes back to: frozen at default_start() (false, the default), or the real time,
  /// running (true).
  void set_real_time_by_default(bool real_time) {
    std::lock_guard lock(mutex_);
    real_time_default_ = real_time;
  }
  /// What set_real_time_by_default() last set; false unless set.
  bool real_time_by_default() const {
    std::lock_guard lock(mutex_);
    return real_time_default_;
  }
  /// Back to the default: frozen at default_start(), or following real time with no offset.
  void reset() {
    std::lock_guard lock(mutex_);
    frozen_ = !real_time_default_;
    frozen_at_ = default_start();
    offset_ = duration::zero();
  }

 private:
  time_point now_locked() const { return frozen_ ? frozen_at_ : clock::now() + offset_; }

  mutable std::mutex mutex_;
  bool frozen_ = true;
  bool real_time_default_ = false;
  time_point frozen_at_ = default_start();
  duration offset_{};
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
