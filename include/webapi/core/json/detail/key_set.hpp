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
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>

namespace webapi::json::detail {

class KeySet {
 public:
  static constexpr std::size_t inline_keys = 8;

  /// Adds `key`; false when it was there already. A `key` that is not `stable` (it lives in a buffer the
  /// next key overwrites) is copied first.
  bool add(std::string_view key, bool stable) {
    if (!set_) {
      for (std::size_t i = 0; i < count_; ++i)
        if (small_[i].size() == key.size() && small_[i] == key) return false;
      if (count_ < inline_keys) {
        small_[count_++] = stable ? key : own(key);
        return true;
      }
      set_ = std::make_unique<std::unordered_set<std::string_view>>(small_.begin(), small_.end(), 4 * inline_keys);
    }
    if (set_->contains(key)) return false;
    set_->insert(stable ? key : own(key));
    return true;
  }

 private:
  std::string_view own(std::string_view key) {
    if (!owned_) owned_ = std::make_unique<std::deque<std::string>>();
    return owned_->emplace_back(key);  // a deque never moves its elements: views of them stay valid
  }

  std::array<std::string_view, inline_keys> small_;
  std::size_t count_ = 0;
  std::unique_ptr<std::unordered_set<std::string_view>> set_;
  std::unique_ptr<std::deque<std::string>> owned_;  // copies of names that were not stable
};

}  // namespace webapi::json::detail
