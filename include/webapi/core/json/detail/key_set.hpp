#pragma once
// The member names of one JSON object seen so far, so that a name coming twice is refused (docs/json.md,
// "Duplicate member names"). Names are compared decoded, so "a" and "\u0061" are the same name.
//
// Most objects have a few members: the first `inline_keys` names are kept on the stack as views and compared
// directly, with no allocation. Past them a hash set takes over, so an object of a million members costs a
// million lookups, not half a trillion comparisons.

#include <array>
#include <cstddef>
#include <deque>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_set>

namespace webapi::json::detail {

class KeySet {
 public:
  static constexpr std::size_t inline_keys = 8;

  // Making one costs two stores and dropping it one test: the decoder holds one for every object it reads,
  // most of which never see a name it does not know.
  KeySet() noexcept {}  // the name slots are left unset: only the first count_ are ever read
  KeySet(const KeySet&) = delete;
  KeySet& operator=(const KeySet&) = delete;
  ~KeySet() {
    if (spill_) [[unlikely]]
      release();
  }

  /// Adds `key`; false when it was there already. A `key` that is not `stable` (it lives in a buffer the
  /// next key overwrites) is copied first.
  bool add(std::string_view key, bool stable) {
    if (!spill_ || spill_->set.empty()) {
      for (std::size_t i = 0; i < count_; ++i)
        if (size_[i] == key.size() && (key.empty() || std::memcmp(data_[i], key.data(), key.size()) == 0)) return false;
      if (count_ < inline_keys) {
        if (!stable) key = own(key);
        data_[count_] = key.data();
        size_[count_++] = key.size();
        return true;
      }
      if (!spill_) spill_ = new Spill;
      spill_->set.reserve(4 * inline_keys);
      for (std::size_t i = 0; i < count_; ++i) spill_->set.emplace(data_[i], size_[i]);
    }
    if (spill_->set.contains(key)) return false;
    spill_->set.insert(stable ? key : own(key));
    return true;
  }

 private:
  // Out of line, so that the destructor the decoder runs for every object is one test.
  [[gnu::noinline]] void release() noexcept { delete spill_; }

  struct Spill {
    std::unordered_set<std::string_view> set;  // empty while the names fit in place
    std::deque<std::string> owned;  // copies of names that were not stable; a deque never moves them
  };

  std::string_view own(std::string_view key) {
    if (!spill_) spill_ = new Spill;
    return spill_->owned.emplace_back(key);
  }

  const char* data_[inline_keys];
  std::size_t size_[inline_keys];
  std::size_t count_ = 0;
  Spill* spill_ = nullptr;
};

}  // namespace webapi::json::detail
