#pragma once
// Tables of records keyed by id, kept in creation order, and deterministic id and key generation.
//
// Not synchronised: a fake keeps its tables inside its state, behind its own mutex.
//
// The keys and tokens fakes issue are the same on every run, which tests rely on, unless the process sets a
// credential secret: webapi-fake-server draws one at each start (or takes --demo-secret), so that the
// credentials a served demo prints cannot be known before it starts.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace webapi::fakes {

/// Ids "<prefix><n>" with n counting from 1: readable in test output, the same on every run.
class IdSequence {
 public:
  /// Ids will start with `prefix`; the first is prefix + "1".
  explicit IdSequence(std::string prefix = {}) : prefix_(std::move(prefix)) {}
  /// The next id; never one given before, until reset().
  std::string next() { return prefix_ + std::to_string(++count_); }
  /// How many ids were given since construction or the last reset().
  std::uint64_t issued() const noexcept { return count_; }
  /// Starts again from 1, so ids repeat.
  void reset() noexcept { count_ = 0; }

 private:
  std::string prefix_;
  std::uint64_t count_ = 0;
};

/// SplitMix64: a small, well-mixed step for deterministic pseudo-random values.
constexpr std::uint64_t splitmix64(std::uint64_t x) noexcept {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

namespace detail {
inline std::atomic<std::uint64_t>& credential_secret_value() {
  static std::atomic<std::uint64_t> value{0};
  return value;
}
inline std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
  return h;
}
}  // namespace detail

/// The process's credential secret, mixed into every deterministic_token(); 0 (none) unless set.
inline std::uint64_t credential_secret() noexcept { return detail::credential_secret_value().load(); }
/// Sets the credential secret for every fake of the process; 0 goes back to none. Set it before the fakes
/// issue the credentials it should change: those issued before keep their values.
inline void set_credential_secret(std::uint64_t secret) noexcept { detail::credential_secret_value().store(secret); }
/// A credential secret derived from `text` (as --demo-secret gives it): the same text, the same credentials.
inline std::uint64_t credential_secret_from(std::string_view text) noexcept {
  std::uint64_t s = splitmix64(detail::fnv1a(text));
  return s ? s : 1;
}
/// A credential secret drawn from std::random_device: different on each call.
inline std::uint64_t random_credential_secret() {
  std::random_device entropy;
  std::uint64_t s = (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
  return s ? s : 1;
}

/// A secret-looking token: prefix + 32 hex digits derived from `n`, `salt` and the credential secret, so
/// the same on every run unless the process sets a secret.
inline std::string deterministic_token(std::string_view prefix, std::uint64_t n, std::string_view salt = {}) {
  std::uint64_t h = detail::fnv1a(salt);  // so two fakes' tokens differ
  if (const std::uint64_t secret = credential_secret()) h = splitmix64(h ^ secret);
  static constexpr char hex[] = "0123456789abcdef";
  std::string out(prefix);
  std::uint64_t a = splitmix64(n ^ h), b = splitmix64(a + n);
  for (std::uint64_t w : {a, b})
    for (int i = 60; i >= 0; i -= 4) out += hex[(w >> i) & 0xF];
  return out;
}

/// Records of type T by string id, listed in the order they were inserted.
template <class T>
class Table {
 public:
  /// Inserts or replaces a record keyed by its own `id` member.
  T& put(T value)
    requires requires { std::string(value.id); }
  {
    std::string id = value.id;
    return put(std::move(id), std::move(value));
  }

  /// Inserts or replaces the record `id`; a replaced record keeps its place in the order.
  /// (Pass an id that is not a member of `value`: argument order of evaluation is unspecified.)
  T& put(std::string id, T value) {
    auto it = rows_.find(id);
    if (it != rows_.end()) {
      it->second.value = std::move(value);
      return it->second.value;
    }
    auto [pos, _] = rows_.emplace(std::move(id), Row{++seq_, std::move(value)});
    return pos->second.value;
  }

  /// The record `id`, or nullptr when there is none. The pointer stays valid until that record is erased or the
  /// table is cleared.
  T* find(std::string_view id) {
    auto it = rows_.find(id);
    return it == rows_.end() ? nullptr : &it->second.value;
  }
  /// The record `id`, or nullptr when there is none.
  const T* find(std::string_view id) const {
    auto it = rows_.find(id);
    return it == rows_.end() ? nullptr : &it->second.value;
  }
  /// Whether there is a record `id`.
  bool contains(std::string_view id) const { return rows_.find(id) != rows_.end(); }
  /// Removes the record `id`; false when there was none.
  bool erase(std::string_view id) {
    auto it = rows_.find(id);
    if (it == rows_.end()) return false;
    rows_.erase(it);
    return true;
  }
  /// The number of records.
  std::size_t size() const noexcept { return rows_.size(); }
  /// Whether there are no records.
  bool empty() const noexcept { return rows_.empty(); }
  /// Removes every record.
  void clear() { rows_.clear(); }

  /// Every record, oldest first.
  std::vector<const T*> ordered() const {
    std::vector<std::pair<std::uint64_t, const T*>> v;
    v.reserve(rows_.size());
    for (const auto& [id, row] : rows_) v.emplace_back(row.seq, &row.value);
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<const T*> out;
    out.reserve(v.size());
    for (const auto& [seq, p] : v) out.push_back(p);
    return out;
  }
  /// Every record meeting `pred`, oldest first.
  template <class Pred>
  std::vector<const T*> where(Pred pred) const {
    std::vector<const T*> out;
    for (const T* p : ordered())
      if (pred(*p)) out.push_back(p);
    return out;
  }

 private:
  struct Row {
    std::uint64_t seq;
    T value;
  };
  std::map<std::string, Row, std::less<>> rows_;
  std::uint64_t seq_ = 0;
};

}  // namespace webapi::fakes
