#pragma once
// The locations the fake offers, the same for every project: us-central1 (Iowa), europe-west1 (Belgium)
// and asia-northeast1 (Tokyo). A resource name under any other location is 404.

#include <array>
#include <string>
#include <string_view>

namespace webapi::fakes::migration {

struct OfferedLocation {
  std::string_view id;
  std::string_view display_name;
};

inline constexpr std::array<OfferedLocation, 3> offered{{
    {"us-central1", "Iowa"},
    {"europe-west1", "Belgium"},
    {"asia-northeast1", "Tokyo"},
}};

inline const OfferedLocation* find_location(std::string_view id) {
  for (const auto& l : offered)
    if (l.id == id) return &l;
  return nullptr;
}

/// "us-central1, europe-west1, asia-northeast1", for messages.
inline std::string offered_locations() {
  std::string out;
  for (const auto& l : offered) out.append(out.empty() ? "" : ", ").append(l.id);
  return out;
}

}  // namespace webapi::fakes::migration
