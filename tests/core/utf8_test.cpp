#include <boost/test/unit_test.hpp>

#include <webapi/core/utf8.hpp>

BOOST_AUTO_TEST_SUITE(utf8)

BOOST_AUTO_TEST_CASE(counts_characters_not_bytes) {
  BOOST_TEST(webapi::utf8_length("") == 0u);
  BOOST_TEST(webapi::utf8_length("plain") == 5u);
  BOOST_TEST(webapi::utf8_length("caf\xC3\xA9") == 4u);                     // é: two bytes
  BOOST_TEST(webapi::utf8_length("\xE2\x82\xAC" "5") == 2u);                // €: three bytes
  BOOST_TEST(webapi::utf8_length("\xF0\x9F\x98\x80!") == 2u);               // an emoji: four bytes
  static_assert(webapi::utf8_length("\xE6\x97\xA5\xE6\x9C\xAC") == 2);  // usable in constant expressions
}

BOOST_AUTO_TEST_CASE(malformed_text_counts_every_byte_but_continuations) {
  BOOST_TEST(webapi::utf8_length("\xC3") == 1u);        // a lead byte whose sequence is cut short
  BOOST_TEST(webapi::utf8_length("a\xFF" "b") == 3u);   // a byte that is never UTF-8
  BOOST_TEST(webapi::utf8_length("\x80\x80") == 0u);    // continuation bytes with no lead
}

BOOST_AUTO_TEST_SUITE_END()
