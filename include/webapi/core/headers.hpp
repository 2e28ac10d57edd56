#pragma once
// An ordered list of header fields with case-insensitive lookup.

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace webapi {

constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

class Headers {
 public:
  using Field = std::pair<std::string, std::string>;

  Headers() = default;
  Headers(std::initializer_list<Field> fields) : fields_(fields) {}

  /// Replaces every field called `name` with one field.
  void set(std::string_view name, std::string_view value) {
    erase(name);
    fields_.emplace_back(name, value);
  }
  /// Appends a field, keeping any already present under that name.
  void add(std::string_view name, std::string_view value) { fields_.emplace_back(name, value); }
  void erase(std::string_view name) {
    std::erase_if(fields_, [&](const Field& f) { return iequals(f.first, name); });
  }

  /// The first value of `name`, if present.
  std::optional<std::string_view> get(std::string_view name) const {
    for (const auto& f : fields_)
      if (iequals(f.first, name)) return std::string_view(f.second);
    return std::nullopt;
  }
  bool contains(std::string_view name) const { return get(name).has_value(); }

  auto begin() const { return fields_.begin(); }
  auto end() const { return fields_.end(); }
  std::size_t size() const { return fields_.size(); }
  bool empty() const { return fields_.empty(); }

  friend bool operator==(const Headers&, const Headers&) = default;

 private:
  std::vector<Field> fields_;
};

}  // namespace webapi
