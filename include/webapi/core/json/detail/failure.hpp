#pragma once
// A decode failure: the reason, recorded where it happened, and the JSON path, added level by level
// while the decoder unwinds. Successful decodes never touch it, so reporting costs nothing until needed.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace webapi::json::detail {

class Failure {
 public:
  /// Always false, so a reader can `return failure.reason(...)`.
  bool reason(std::string text) {
    reason_ = std::move(text);
    is_missing_ = false;
    return false;
  }
  bool missing(std::string_view key) {
    missing_ = key;
    is_missing_ = true;
    return false;
  }

  void push_key(std::string_view key) {
    std::string seg;
    if (is_identifier(key)) {
      seg.reserve(key.size() + 1);
      seg.push_back('.');
      seg.append(key);
    } else {
      seg = "[\"";
      for (char c : key) {
        if (c == '"' || c == '\\') seg.push_back('\\');
        seg.push_back(c);
      }
      seg.append("\"]");
    }
    reversed_path_.push_back(std::move(seg));
  }
  void push_index(std::size_t i) { reversed_path_.push_back("[" + std::to_string(i) + "]"); }

  /// "$.collection[3].user.id"
  std::string path() const {
    std::string p = "$";
    for (auto it = reversed_path_.rbegin(); it != reversed_path_.rend(); ++it) p += *it;
    return p;
  }

  /// "at $.a[1].id: expected string, got number" or "missing required field 'id' at $.a[1]"
  std::string message() const {
    if (is_missing_) return "missing required field '" + missing_ + "' at " + path();
    return "at " + path() + ": " + reason_;
  }

 private:
  static bool is_identifier(std::string_view s) noexcept {
    if (s.empty()) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
      char c = s[i];
      bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
  }

  std::string reason_;
  std::string missing_;
  bool is_missing_ = false;
  std::vector<std::string> reversed_path_;
};

}  // namespace webapi::json::detail
