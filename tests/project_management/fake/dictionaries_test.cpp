// Dictionaries: constant ids unique within a type, one default, active and inactive values, names in the
// caller's locale; exchange rates of a currency by its ISO code.

#include <set>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;

BOOST_FIXTURE_TEST_SUITE(dictionaries, PmFixture)

BOOST_AUTO_TEST_CASE(active_lists_leave_out_inactive_values_all_lists_keep_them) {
  auto active = client.get_dictionaries_active();
  auto all = client.get_dictionaries_all();
  BOOST_REQUIRE(active.has_value());
  BOOST_REQUIRE(all.has_value());
  BOOST_TEST(active->currency->size() == 3u);
  BOOST_TEST(all->currency->size() == 4u);
  for (const auto& c : *active->currency) BOOST_TEST(*c.active);
  BOOST_TEST(client.get_dictionaries_type_active("language")->size() == 3u);
  BOOST_TEST(client.get_dictionaries_type_all("language")->size() == 4u);
}

BOOST_AUTO_TEST_CASE(ids_are_unique_within_a_type_and_a_type_has_at_most_one_default) {
  auto all = client.get_dictionaries_all();
  BOOST_REQUIRE(all.has_value());
  std::set<std::int64_t> ids;
  int defaults = 0;
  for (const auto& c : *all->currency) {
    BOOST_TEST(ids.insert(*c.id).second);
    defaults += c.default_.value_or(false) ? 1 : 0;
  }
  BOOST_TEST(defaults == 1);
  BOOST_TEST(*all->currency->front().iso_code == "EUR");
  BOOST_CHECK_THROW(fake.add_dictionary_value("currency", {.id = 2, .names = {{"en", "Franc"}}}), std::invalid_argument);
  BOOST_CHECK_THROW(fake.add_dictionary_value("currency", {.id = 9, .names = {{"en", "Franc"}}, .is_default = true}),
                    std::invalid_argument);
  BOOST_CHECK_THROW(fake.add_dictionary_value("colour", {.id = 1}), std::invalid_argument);
  fake.add_dictionary_value("industry", {.id = 2, .names = {{"en", "Automotive"}}});  // id 2 of another type
  BOOST_TEST(client.get_dictionaries_type_id("industry", 2)->name == "Automotive");
}

BOOST_AUTO_TEST_CASE(names_come_in_the_callers_locale) {
  BOOST_TEST(client.get_dictionaries_type_id("language", 2)->name == "German");
  BOOST_TEST(client_de.get_dictionaries_type_id("language", 2)->name == "Deutsch");
  BOOST_TEST(*client_de.get_dictionaries_all()->country->front().name == "Deutschland");
  BOOST_TEST(*client.get_dictionaries_all()->country->front().name == "Germany");
  // A locale a value has no name in falls back to English.
  auto fr = client_with(fake.add_api_key({.locale = "fr"}));
  BOOST_TEST(fr.get_dictionaries_type_id("language", 2)->name == "German");
}

BOOST_AUTO_TEST_CASE(a_name_filter_matches_in_the_callers_locale) {
  auto de = client_de.get_dictionaries_type_all("language", {.name_equals = "Deutsch"});
  BOOST_REQUIRE(de.has_value());
  BOOST_REQUIRE(de->size() == 1u);
  BOOST_TEST(*de->front().id == 2);
  BOOST_TEST(client.get_dictionaries_type_all("language", {.name_equals = "Deutsch"})->empty());
}

BOOST_AUTO_TEST_CASE(an_unknown_type_or_id_is_404) {
  BOOST_TEST(test::refusal(client.get_dictionaries_type_id("colour", 1), 404) == "no dictionary of type 'colour'");
  BOOST_TEST(test::refusal(client.get_dictionaries_type_id("currency", 42), 404) ==
             "dictionary 'currency' has no value 42");
}

BOOST_AUTO_TEST_CASE(exchange_rates_by_iso_code_answer_the_latest) {
  BOOST_TEST(test::refusal(client.get_dictionaries_currency_iso_code_exchange_rate("PLN"), 404) ==
             "no exchange rate of PLN yet");
  BOOST_REQUIRE(client.post_dictionaries_currency_iso_code_exchange_rate("PLN", {.body = {.exchange_rate = "4.3127"}}));
  BOOST_REQUIRE(client.post_dictionaries_currency_iso_code_exchange_rate("PLN", {.body = {.exchange_rate = "4.3001"}}));
  BOOST_TEST(*client.get_dictionaries_currency_iso_code_exchange_rate("PLN")->exchange_rate == "4.3001");
  BOOST_TEST(client.get_dictionaries_currency_iso_code_exchange_rate("USD").error().status == 404);
  auto bad = client.post_dictionaries_currency_iso_code_exchange_rate("USD", {.body = {.exchange_rate = "cheap"}});
  BOOST_TEST(test::refusal(bad, 400) == "'exchangeRate' must be a positive decimal number, got 'cheap'");
  auto unknown = client.post_dictionaries_currency_iso_code_exchange_rate("XYZ", {.body = {.exchange_rate = "1"}});
  BOOST_TEST(test::refusal(unknown, 404) == "no currency with the ISO code 'XYZ'");
}

BOOST_AUTO_TEST_SUITE_END()
