#pragma once
// The dictionaries a fresh fake holds, and how their values are answered.
//
// Each value has an id that is constant and unique within its type, a name per locale, an active flag
// and at most one default per type. Names are answered in the caller's locale (English where a value has
// no name in it). The set below is small on purpose: enough values per type to tell active from
// inactive, defaults from the rest and one locale from another.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/fakes/project_management/state.hpp>

namespace webapi::fakes::project_management {

/// The dictionary types the service knows (the path's {type}).
inline constexpr std::string_view dictionary_types[] = {
    "calculationUnit", "category", "country", "currency", "industry", "jobType",
    "language", "leadSource", "personDepartment", "personPosition", "province", "specialization"};

inline bool is_dictionary_type(std::string_view type) {
  for (std::string_view t : dictionary_types)
    if (t == type) return true;
  return false;
}

/// The name of `v` in `locale`; English, or else any name, when it has none in that locale.
inline std::string localized_name(const DictionaryValue& v, std::string_view locale) {
  if (auto it = v.names.find(std::string(locale)); it != v.names.end()) return it->second;
  if (auto it = v.names.find("en"); it != v.names.end()) return it->second;
  return v.names.empty() ? std::string() : v.names.begin()->second;
}

/// Adds `v` to the dictionary `type`, keeping ids unique within the type and at most one default.
/// Throws std::invalid_argument otherwise: a test's mistake.
inline void add_dictionary_value(State& s, std::string_view type, DictionaryValue v) {
  if (!is_dictionary_type(type))
    throw std::invalid_argument("project_management fake: no dictionary type '" + std::string(type) + "'");
  auto& values = s.dictionaries[std::string(type)];
  for (const auto& existing : values) {
    if (existing.id == v.id)
      throw std::invalid_argument("project_management fake: dictionary '" + std::string(type) + "' already has id " +
                                  std::to_string(v.id));
    if (existing.is_default && v.is_default)
      throw std::invalid_argument("project_management fake: dictionary '" + std::string(type) +
                                  "' already has a default value");
  }
  auto at = values.begin();
  while (at != values.end() && at->id < v.id) ++at;
  values.insert(at, std::move(v));
}

/// The values a fresh fake holds: currencies, languages, countries and specializations, named in English,
/// German and Polish.
inline void seed_standard_dictionaries(State& s) {
  using Names = std::map<std::string, std::string>;
  auto add = [&](std::string_view type, std::int64_t id, Names names, bool active, bool is_default,
                 std::optional<std::string> symbol = {}) {
    add_dictionary_value(s, type, {id, std::move(names), active, is_default, std::move(symbol)});
  };
  add("currency", 1, {{"en", "Euro"}, {"de", "Euro"}, {"pl", "Euro"}}, true, true, "EUR");
  add("currency", 2, {{"en", "US Dollar"}, {"de", "US-Dollar"}, {"pl", "Dolar amerykański"}}, true, false, "USD");
  add("currency", 3, {{"en", "Polish Zloty"}, {"de", "Polnischer Zloty"}, {"pl", "Złoty"}}, true, false, "PLN");
  add("currency", 4, {{"en", "Deutsche Mark"}, {"de", "Deutsche Mark"}, {"pl", "Marka niemiecka"}}, false, false, "DEM");
  add("language", 1, {{"en", "English"}, {"de", "Englisch"}, {"pl", "Angielski"}}, true, true, "en");
  add("language", 2, {{"en", "German"}, {"de", "Deutsch"}, {"pl", "Niemiecki"}}, true, false, "de");
  add("language", 3, {{"en", "Polish"}, {"de", "Polnisch"}, {"pl", "Polski"}}, true, false, "pl");
  add("language", 4, {{"en", "Latin"}, {"de", "Latein"}, {"pl", "Łacina"}}, false, false, "la");
  add("country", 1, {{"en", "Germany"}, {"de", "Deutschland"}, {"pl", "Niemcy"}}, true, false, "DE");
  add("country", 2, {{"en", "Poland"}, {"de", "Polen"}, {"pl", "Polska"}}, true, true, "PL");
  add("specialization", 1, {{"en", "General"}, {"de", "Allgemein"}, {"pl", "Ogólna"}}, true, true);
  add("specialization", 2, {{"en", "Medical"}, {"de", "Medizin"}, {"pl", "Medyczna"}}, true, false);
  add("specialization", 3, {{"en", "Legal"}, {"de", "Recht"}, {"pl", "Prawnicza"}}, false, false);
}

}  // namespace webapi::fakes::project_management
