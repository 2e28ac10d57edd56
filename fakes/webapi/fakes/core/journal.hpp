#pragma once
// The requests a fake received and what it did with each, for verify-style assertions:
//
//   BOOST_TEST(fake.journal().count("get_quote_like_toggle") == 2);
//   BOOST_TEST(fake.journal().last()->request.query_value("quote_id") == "q-1");
//
// It keeps the newest `capacity()` entries (10,000 unless set), so a fake serving a long benchmark or a
// loopback server does not grow without bound; dropped() counts what was let go.
//
// Not synchronised: a fake keeps its journal behind its mutex and hands out copies.

#include <algorithm>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/clock.hpp>

namespace webapi::fakes {

struct JournalEntry {
  Request request{};               ///< as received
  std::string operation{};         ///< the route's operation name; empty when no route matched
  ManualClock::time_point at{};    ///< the fake's clock when it arrived
  int status = 0;                  ///< the status answered; 0 when the connection was dropped
  bool injected = false;           ///< answered by an injected fault rather than by the fake's rules
};

class Journal {
 public:
  static constexpr std::size_t default_capacity = 10'000;

  /// Appends an entry (dropping the oldest beyond capacity) and returns it; the reference stays valid
  /// until the next record() or clear().
  JournalEntry& record(Request request, std::string operation, ManualClock::time_point at) {
    if (capacity_ == 0) {
      ++dropped_;
      scratch_ = {std::move(request), std::move(operation), at, 0, false};
      return scratch_;
    }
    while (entries_.size() >= capacity_) {
      entries_.pop_front();
      ++dropped_;
    }
    entries_.push_back({std::move(request), std::move(operation), at, 0, false});
    return entries_.back();
  }

  /// Keeps at most `n` entries; 0 keeps none.
  void set_capacity(std::size_t n) {
    capacity_ = n;
    while (entries_.size() > capacity_) {
      entries_.pop_front();
      ++dropped_;
    }
  }
  std::size_t capacity() const noexcept { return capacity_; }
  /// Entries let go because of the capacity since the last clear().
  std::size_t dropped() const noexcept { return dropped_; }

  const std::deque<JournalEntry>& entries() const noexcept { return entries_; }
  const JournalEntry& at(std::size_t i) const { return entries_.at(i); }
  std::size_t size() const noexcept { return entries_.size(); }
  bool empty() const noexcept { return entries_.empty(); }
  void clear() {
    entries_.clear();
    dropped_ = 0;
  }

  std::optional<JournalEntry> last() const {
    if (entries_.empty()) return std::nullopt;
    return entries_.back();
  }
  /// Calls of `operation`.
  std::size_t count(std::string_view operation) const {
    return static_cast<std::size_t>(std::count_if(entries_.begin(), entries_.end(),
                                                  [&](const JournalEntry& e) { return e.operation == operation; }));
  }
  /// Calls with `method` on exactly the encoded `path`.
  std::size_t count(Method method, std::string_view path) const {
    return static_cast<std::size_t>(std::count_if(entries_.begin(), entries_.end(), [&](const JournalEntry& e) {
      return e.request.method == method && e.request.path == path;
    }));
  }
  /// Entries meeting `pred`, oldest first.
  template <class Pred>
  std::vector<JournalEntry> where(Pred pred) const {
    std::vector<JournalEntry> out;
    for (const auto& e : entries_)
      if (pred(e)) out.push_back(e);
    return out;
  }

 private:
  std::deque<JournalEntry> entries_;
  std::size_t capacity_ = default_capacity;
  std::size_t dropped_ = 0;
  JournalEntry scratch_;  // where record() writes when the capacity is 0
};

}  // namespace webapi::fakes
