#pragma once
// The requests a fake received and what it did with each, for verify-style assertions:
//
//   BOOST_TEST(fake.journal().count("get_quote_like_toggle") == 2);
//   BOOST_TEST(fake.journal().last()->request.query_value("quote_id") == "q-1");
//
// Bounded twice, so a fake serving a long benchmark or hostile clients does not grow without bound: it
// keeps the newest `capacity()` entries (10,000 unless set) and at most `max_bytes()` of them (16 MiB
// unless set), dropping the oldest first; and of each request body only the first `body_prefix()` bytes
// (4 KiB unless set), with the body's full size in `body_size`. dropped() counts what was let go.
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

/// One request a fake received and what it answered.
struct JournalEntry {
  Request request{};               ///< as received, its body cut to the journal's body_prefix()
  std::string operation{};         ///< the route's operation name; empty when no route matched
  ManualClock::time_point at{};    ///< the fake's clock when it arrived
  int status = 0;                  ///< the status answered; 0 when the connection was dropped
  bool injected = false;           ///< answered by an injected fault rather than by the fake's rules
  std::size_t body_size = 0;       ///< the size of the body received, even where request.body holds less
};

/// The requests a fake received, oldest first, within the bounds the file's introduction describes.
class Journal {
 public:
  /// Entries kept unless set_capacity() says otherwise.
  static constexpr std::size_t default_capacity = 10'000;
  /// Bytes of entries kept unless set_max_bytes() says otherwise.
  static constexpr std::size_t default_max_bytes = 16 * 1024 * 1024;
  /// Bytes of each body kept unless set_body_prefix() says otherwise.
  static constexpr std::size_t default_body_prefix = 4 * 1024;

  /// Appends a copy of `request` (dropping the oldest entries beyond the bounds) and returns it; the
  /// reference stays valid until the next record() or clear().
  ///
  /// The copy is written into the storage of the last entry let go, so a full journal (the usual state of a
  /// long-running fake) copies a request without allocating for its strings and lists.
  JournalEntry& record(const Request& request, std::string_view operation, ManualClock::time_point at) {
    const std::size_t cost = footprint(request, operation, std::min(request.body.size(), body_prefix_));
    if (capacity_ == 0 || cost > max_bytes_) {
      ++dropped_;
      fill(scratch_, request, operation, at);
      return *(latest_ = &scratch_);
    }
    while (!entries_.empty() && (entries_.size() >= capacity_ || bytes_ + cost > max_bytes_)) pop_oldest();
    entries_.push_back(std::move(spare_));
    fill(entries_.back(), request, operation, at);
    bytes_ += cost;
    return *(latest_ = &entries_.back());
  }

  /// The entry the last record() made, kept or not; nullptr after clear() or once the bounds dropped it.
  JournalEntry* latest() noexcept { return latest_; }

  /// Keeps at most `n` entries; 0 keeps none.
  void set_capacity(std::size_t n) {
    capacity_ = n;
    while (entries_.size() > capacity_) pop_oldest();
  }
  /// The most entries kept.
  std::size_t capacity() const noexcept { return capacity_; }
  /// Keeps entries of at most `n` bytes in all (as footprint() counts them).
  void set_max_bytes(std::size_t n) {
    max_bytes_ = n;
    while (bytes_ > max_bytes_) pop_oldest();
  }
  /// The most bytes of entries kept.
  std::size_t max_bytes() const noexcept { return max_bytes_; }
  /// Keeps at most the first `n` bytes of each request body from the next record() on.
  void set_body_prefix(std::size_t n) noexcept { body_prefix_ = n; }
  /// The most bytes of a body kept in an entry.
  std::size_t body_prefix() const noexcept { return body_prefix_; }
  /// What the entries kept take, by footprint().
  std::size_t bytes() const noexcept { return bytes_; }
  /// Entries let go because of the bounds since the last clear().
  std::size_t dropped() const noexcept { return dropped_; }

  /// The entries kept, oldest first.
  const std::deque<JournalEntry>& entries() const noexcept { return entries_; }
  /// The `i`th entry kept, oldest first; std::out_of_range when there are not that many.
  const JournalEntry& at(std::size_t i) const { return entries_.at(i); }
  /// How many entries are kept.
  std::size_t size() const noexcept { return entries_.size(); }
  /// Whether no entry is kept.
  bool empty() const noexcept { return entries_.empty(); }
  /// Forgets every entry, and resets dropped() to 0; the bounds stay.
  void clear() {
    latest_ = nullptr;
    entries_.clear();
    bytes_ = 0;
    dropped_ = 0;
  }

  /// A copy of the newest entry kept, if any.
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

  /// The bytes an entry is counted as: its strings plus a fixed overhead per entry and per field.
  static std::size_t footprint(const JournalEntry& e) noexcept {
    return footprint(e.request, e.operation, e.request.body.size());
  }

 private:
  /// footprint() of an entry holding `r`, `operation` and `body_size` bytes of the body.
  static std::size_t footprint(const Request& r, std::string_view operation, std::size_t body_size) noexcept {
    constexpr std::size_t per_field = 64;
    std::size_t n = sizeof(JournalEntry) + operation.size() + r.path.size() + body_size + r.base_url.size() +
                    r.content_type.size();
    for (const auto& [name, value] : r.query) n += per_field + name.size() + value.size();
    for (const auto& [name, value] : r.headers) n += per_field + name.size() + value.size();
    return n;
  }

  /// Makes `e` the entry of `request`; assigning reuses the capacity of what `e` held.
  void fill(JournalEntry& e, const Request& request, std::string_view operation, ManualClock::time_point at) {
    e.request = request;
    if (e.request.body.size() > body_prefix_) {
      e.request.body.resize(body_prefix_);
      e.request.body.shrink_to_fit();
    }
    e.operation = operation;
    e.at = at;
    e.status = 0;
    e.injected = false;
    e.body_size = request.body.size();
  }

  void pop_oldest() {
    if (latest_ == &entries_.front()) latest_ = nullptr;
    bytes_ -= footprint(entries_.front());
    spare_ = std::move(entries_.front());  // its storage serves the next record()
    entries_.pop_front();
    ++dropped_;
  }

  std::deque<JournalEntry> entries_;
  std::size_t capacity_ = default_capacity;
  std::size_t max_bytes_ = default_max_bytes;
  std::size_t body_prefix_ = default_body_prefix;
  std::size_t bytes_ = 0;
  std::size_t dropped_ = 0;
  JournalEntry scratch_;  // where record() writes what it cannot keep
  JournalEntry spare_;    // an entry let go, whose storage the next record() reuses
  JournalEntry* latest_ = nullptr;
};

}  // namespace webapi::fakes
