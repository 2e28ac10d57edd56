#include <boost/test/unit_test.hpp>

#include <webapi/core/base64.hpp>

using namespace webapi;

BOOST_AUTO_TEST_SUITE(base64_codec)

BOOST_AUTO_TEST_CASE(rfc4648_vectors) {
  const char* plain[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
  const char* coded[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"};
  for (int i = 0; i < 7; ++i) {
    BOOST_TEST(base64::encode(plain[i]) == coded[i]);
    BOOST_TEST(*base64::decode(coded[i]) == plain[i]);
  }
}

BOOST_AUTO_TEST_CASE(binary_round_trip_and_malformed_input) {
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
  BOOST_TEST(*base64::decode(base64::encode(bytes)) == bytes);
  BOOST_TEST(*base64::decode("Zm9v\r\nYmFy") == "foobar");
  BOOST_TEST(!base64::decode("Zm9v!").has_value());
  BOOST_TEST(!base64::decode("Zg==Zg").has_value());
  BOOST_TEST(!base64::decode("Z").has_value());
}

// JSON `format: byte` values may come in either alphabet; plain decode keeps to the standard one.
BOOST_AUTO_TEST_CASE(any_alphabet_reads_url_safe_base64_too) {
  BOOST_TEST(*base64::decode_any_alphabet("-_8") == "\xFB\xFF");
  BOOST_TEST(*base64::decode_any_alphabet("+/8=") == "\xFB\xFF");
  BOOST_TEST(!base64::decode("-_8").has_value());
  BOOST_TEST(!base64::decode_any_alphabet("Zm9v!").has_value());
}

BOOST_AUTO_TEST_SUITE_END()
