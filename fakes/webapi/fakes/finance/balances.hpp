#pragma once
// Balances computed from the accounts held, for net worth and historical balances.
//
// The fake keeps each account's current balance only; the balance at the end of an earlier day is the
// current one with the account's later transactions undone. A credit raises an asset account's balance and
// lowers what a liability account (card, loan) owes; a debit does the opposite.

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/errors.hpp>
#include <webapi/fakes/finance/state.hpp>

namespace webapi::fakes::finance {

using Day = std::chrono::sys_days;

/// The day a YYYY-MM-DD text names (already checked by date_param).
inline Day parse_day(std::string_view d) {
  int y = 0;
  unsigned m = 0, day = 0;
  std::sscanf(std::string(d).c_str(), "%d-%u-%u", &y, &m, &day);
  std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(m), std::chrono::day(day)};
  if (!ymd.ok()) invalid_value("date", "'" + std::string(d) + "' is not a calendar date");
  return Day(ymd);
}

inline std::string day_string(Day d) { return date_string(ManualClock::time_point(d)); }

/// Whether an account counts towards net worth: included, and neither closed nor deleted.
inline bool counts(const Account& a) {
  return a.include_in_net_worth && (a.status == "ACTIVE" || a.status == "TO_BE_CLOSED");
}

/// The account's balance at the end of `day`.
inline double balance_on(const State& s, const Account& a, Day day) {
  double balance = a.balance;
  const std::string last = day_string(day);
  for (const auto& [_, t] : s.transactions) {
    if (t.account_id != a.id || t.date <= last) continue;
    const double raise = t.base_type == "CREDIT" ? t.amount : -t.amount;  // on an asset account
    balance -= a.is_asset() ? raise : -raise;
  }
  return balance;
}

/// The days from `from` to `to` at `interval` (D, W or M: 1, 7 or 30 days), the latest first, ending at `to`.
inline std::vector<Day> series(Day from, Day to, std::string_view interval) {
  if (from > to) yodlee_error(400, "Y809", "Invalid date range: fromDate is after toDate");
  int step = interval == "D" ? 1 : interval == "W" ? 7 : interval == "M" ? 30 : 0;
  if (step == 0) invalid_value("interval", "expected D, W or M, got '" + std::string(interval) + "'");
  std::vector<Day> out;
  for (Day d = to; d >= from && out.size() < 400; d -= std::chrono::days(step)) out.push_back(d);
  return out;
}

/// The days a derived call covers: fromDate..toDate at `interval` (default M), or today alone when neither
/// date is given. Future dates are refused, as the service does.
inline std::vector<Day> requested_days(const Call& c) {
  const Day today = std::chrono::floor<std::chrono::days>(c.now);
  auto from = date_param(c, "fromDate");
  auto to = date_param(c, "toDate");
  std::string interval = c.params.non_empty("interval").value_or("M");
  if (!from && !to) return series(today, today, interval);
  Day last = to ? parse_day(*to) : today;
  if (last > today) yodlee_error(400, "Y802", "Future date not allowed: toDate is after today");
  Day first = from ? parse_day(*from) : last - std::chrono::days(30);
  return series(first, last, interval);
}

}  // namespace webapi::fakes::finance
