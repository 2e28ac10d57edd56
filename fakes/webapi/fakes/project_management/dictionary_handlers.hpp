#pragma once
// Dictionaries: every type's values (active ones or all), one type's values, one value by id, and the
// exchange rates of a currency by its ISO code. Names come in the caller's locale.

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/project_management/call.hpp>
#include <webapi/fakes/project_management/dictionaries.hpp>

namespace webapi::fakes::project_management {

/// The values of dictionary `type` named in the path; 404 for a type the service does not know.
inline const std::vector<DictionaryValue>& dictionary_in_path(const Call& c) {
  const std::string type = path_text(c, "type");
  if (!is_dictionary_type(type)) not_found("no dictionary of type '" + type + "'");
  static const std::vector<DictionaryValue> none;
  auto it = c.state.dictionaries.find(type);
  return it == c.state.dictionaries.end() ? none : it->second;
}

/// One value as a type's own model (CurrencyDTO, LanguageDTO, ...): those share id, name, active and
/// default, and some carry the value's symbol as their code.
template <class Dto>
Dto dictionary_dto(const DictionaryValue& v, std::string_view locale) {
  Dto d;
  d.id = v.id;
  d.name = localized_name(v, locale);
  d.active = v.active;
  d.default_ = v.is_default;
  if constexpr (requires { d.symbol; }) d.symbol = v.symbol;
  if constexpr (requires { d.iso_code; }) d.iso_code = v.symbol;
  if constexpr (requires { d.iso6391; }) d.iso6391 = v.symbol;
  return d;
}

inline pm::DictionaryEntity dictionary_entity(const DictionaryValue& v, std::string_view locale) {
  pm::DictionaryEntity e;
  e.id = v.id;
  e.name = localized_name(v, locale);
  e.display_name = e.name;
  e.active = v.active;
  e.default_entity = v.is_default;
  e.prefered_entity = false;
  return e;
}

/// Fills one member of ManyValuesPerTypeDTO with the values of `type`.
template <class Dto>
void fill_dictionary(webapi::Optional<std::vector<Dto>>& out, const State& s, std::string_view type,
                     std::string_view locale, bool active_only) {
  std::vector<Dto> values;
  if (auto it = s.dictionaries.find(type); it != s.dictionaries.end())
    for (const DictionaryValue& v : it->second)
      if (v.active || !active_only) values.push_back(dictionary_dto<Dto>(v, locale));
  out = std::move(values);
}

inline pm::ManyValuesPerTypeDTO every_dictionary(const State& s, std::string_view locale, bool active_only) {
  pm::ManyValuesPerTypeDTO m;
  fill_dictionary(m.calculation_unit, s, "calculationUnit", locale, active_only);
  fill_dictionary(m.category, s, "category", locale, active_only);
  fill_dictionary(m.country, s, "country", locale, active_only);
  fill_dictionary(m.currency, s, "currency", locale, active_only);
  fill_dictionary(m.industry, s, "industry", locale, active_only);
  fill_dictionary(m.job_type, s, "jobType", locale, active_only);
  fill_dictionary(m.language, s, "language", locale, active_only);
  fill_dictionary(m.lead_source, s, "leadSource", locale, active_only);
  fill_dictionary(m.person_department, s, "personDepartment", locale, active_only);
  fill_dictionary(m.person_position, s, "personPosition", locale, active_only);
  fill_dictionary(m.province, s, "province", locale, active_only);
  fill_dictionary(m.specialization, s, "specialization", locale, active_only);
  return m;
}

/// The values of the dictionary in the path, active ones or all, named `nameEquals` when that is given
/// (in the caller's locale).
inline std::vector<pm::DictionaryEntity> dictionary_values(const Call& c, bool active_only) {
  const auto name = Params::from(c.request).non_empty("nameEquals");
  std::vector<pm::DictionaryEntity> out;
  for (const DictionaryValue& v : dictionary_in_path(c)) {
    if (active_only && !v.active) continue;
    pm::DictionaryEntity e = dictionary_entity(v, c.identity.locale);
    if (!name || e.name == *name) out.push_back(std::move(e));
  }
  return out;
}

/// The currency whose ISO code the path names; 404 when the currency dictionary has none.
inline std::string currency_in_path(const Call& c) {
  const std::string iso = path_text(c, "isoCode");
  if (auto it = c.state.dictionaries.find("currency"); it != c.state.dictionaries.end())
    for (const DictionaryValue& v : it->second)
      if (v.symbol == iso) return iso;
  not_found("no currency with the ISO code '" + iso + "'");
}

/// Whether `text` is a positive decimal number, as exchange rates are written ("4.3127").
inline bool is_positive_decimal(std::string_view text) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size() && value > 0;
}

namespace handlers {

/// GET /dictionaries/active
inline Response active_dictionaries(Call& c) { return model_response(every_dictionary(c.state, c.identity.locale, true)); }
/// GET /dictionaries/all
inline Response all_dictionaries(Call& c) { return model_response(every_dictionary(c.state, c.identity.locale, false)); }
/// GET /dictionaries/{type}/active
inline Response active_dictionary_values(Call& c) { return model_response(dictionary_values(c, true)); }
/// GET /dictionaries/{type}/all
inline Response all_dictionary_values(Call& c) { return model_response(dictionary_values(c, false)); }

/// GET /dictionaries/{type}/{id}
inline Response dictionary_value(Call& c) {
  const std::int64_t id = path_id(c, "id");
  for (const DictionaryValue& v : dictionary_in_path(c))
    if (v.id == id) return model_response(dictionary_entity(v, c.identity.locale));
  not_found("dictionary '" + path_text(c, "type") + "' has no value " + std::to_string(id));
}

/// GET /dictionaries/currency/{isoCode}/exchangeRate: the rate added last.
inline Response exchange_rate(Call& c) {
  const std::string iso = currency_in_path(c);
  auto it = c.state.exchange_rates.find(iso);
  if (it == c.state.exchange_rates.end() || it->second.empty()) not_found("no exchange rate of " + iso + " yet");
  return model_response(it->second.back().rate);
}

/// POST /dictionaries/currency/{isoCode}/exchangeRate
inline Response add_exchange_rate(Call& c, const pm::CurrencyHistoryDTO& body) {
  const std::string iso = currency_in_path(c);
  if (!body.exchange_rate) invalid("exchangeRate", "'exchangeRate' is required");
  if (!is_positive_decimal(*body.exchange_rate))
    invalid("exchangeRate", "'exchangeRate' must be a positive decimal number, got '" + *body.exchange_rate + "'");
  c.state.exchange_rates[iso].push_back({body, ++c.state.rates_added});
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
