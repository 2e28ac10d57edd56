#pragma once
// An ordered list of header fields with case-insensitive lookup.

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/ascii.hpp>

namespace webapi {

using ascii::iequals;  // header names compare ignoring ASCII case

/// Header fields in the order they were added, names compared without regard to ASCII case. A name may
/// appear more than once.
class Headers {
 public:
  /// One field: name and value, as given.
  using Field = std::pair<std::string, std::string>;

  /// No fields.
  Headers() = default;
  /// `fields`, in order, duplicates kept.
  Headers(std::initializer_list<Field> fields) : fields_(fields) {}

  /// Replaces every field called `name` with one field.
  void set(std::string_view name, std::string_view value) {
    erase(name);
    fields_.emplace_back(name, value);
  }
  /// Appends a field, keeping any already present under that name.
  void add(std::string_view name, std::string_view value) { fields_.emplace_back(name, value); }
  /// Removes every field called `name`; nothing if there is none.
  void erase(std::string_view name) {
    std::erase_if(fields_, [&](const Field& f) { return iequals(f.first, name); });
  }

  /// The first value of `name`, if present.
  std::optional<std::string_view> get(std::string_view name) const {
    for (const auto& f : fields_)
      if (iequals(f.first, name)) return std::string_view(f.second);
    return std::nullopt;
  }
  /// Whether any field is called `name`.
  bool contains(std::string_view name) const { return get(name).has_value(); }

  /// The fields in order, each a Field.
  auto begin() const { return fields_.begin(); }
  /// The end of the fields.
  auto end() const { return fields_.end(); }
  /// The number of fields, each repeat counted.
  std::size_t size() const { return fields_.size(); }
  /// Whether there are no fields.
  bool empty() const { return fields_.empty(); }
  /// Makes room for `n` fields, so that adding that many allocates no more for the list itself.
  void reserve(std::size_t n) { fields_.reserve(n); }

  /// Equal when the same fields appear in the same order; names here compare case-sensitively.
  friend bool operator==(const Headers&, const Headers&) = default;

 private:
  std::vector<Field> fields_;
};

}  // namespace webapi
