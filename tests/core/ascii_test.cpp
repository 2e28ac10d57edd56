// webapi::ascii: the project's one ASCII case helper, locale-free.
#include <clocale>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/ascii.hpp>

namespace ascii = webapi::ascii;

BOOST_AUTO_TEST_SUITE(ascii_case)

BOOST_AUTO_TEST_CASE(only_ascii_capitals_change) {
  BOOST_TEST(ascii::to_lower("Content-Type: X-ÄÖ 123 @[`{") == "content-type: x-ÄÖ 123 @[`{");
  static_assert(ascii::to_lower('Z') == 'z' && ascii::to_lower('@') == '@' && ascii::to_lower('[') == '[');
  // A byte of a UTF-8 sequence is never taken for a letter, whatever the C locale says.
  const std::string latin1_capital = "\xC4";
  std::setlocale(LC_CTYPE, "C.UTF-8");
  BOOST_TEST(ascii::to_lower(latin1_capital) == latin1_capital);
  std::setlocale(LC_CTYPE, "C");
}

BOOST_AUTO_TEST_CASE(iequals_ignores_ascii_case_only) {
  static_assert(ascii::iequals("X-Api-Key", "x-api-KEY"));
  BOOST_TEST(!ascii::iequals("X-Api-Key", "X-Api-Keys"));
  BOOST_TEST(!ascii::iequals("\xC4", "\xE4"));  // Ä and ä in Latin-1 are different bytes, not a case pair
}

BOOST_AUTO_TEST_CASE(a_media_type_is_its_essence_in_lower_case) {
  BOOST_TEST(ascii::media_type_essence("Application/JSON; charset=UTF-8") == "application/json");
  BOOST_TEST(ascii::media_type_essence(" multipart/form-data ;boundary=x") == "multipart/form-data");
  BOOST_TEST(ascii::media_type_essence("text/plain") == "text/plain");
  BOOST_TEST(ascii::media_type_essence("") == "");
}

BOOST_AUTO_TEST_SUITE_END()
