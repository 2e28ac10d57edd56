#pragma once
#include <string_view>

namespace extras_test {
inline bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }
}  // namespace extras_test
