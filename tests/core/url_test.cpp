#include <boost/test/unit_test.hpp>

#include <cctype>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <webapi/core/url.hpp>

using namespace webapi;

BOOST_AUTO_TEST_SUITE(url_encoding)

BOOST_AUTO_TEST_CASE(path_segment_keeps_every_value_inside_its_segment) {
  BOOST_TEST(url::encode_segment("abc-1.2_~") == "abc-1.2_~");
  BOOST_TEST(url::encode_segment("../x") == "..%2Fx");
  BOOST_TEST(url::encode_segment("a/b") == "a%2Fb");
  BOOST_TEST(url::encode_segment("%") == "%25");
  BOOST_TEST(url::encode_segment("a b") == "a%20b");
  BOOST_TEST(url::encode_segment("?q#f") == "%3Fq%23f");
  BOOST_TEST(url::encode_segment("caf\xC3\xA9") == "caf%C3%A9");
  BOOST_TEST(url::encode_segment("..") == "%2E%2E");
  BOOST_TEST(url::encode_segment(".") == "%2E");
}

BOOST_AUTO_TEST_CASE(query_components_escape_delimiters) {
  BOOST_TEST(url::encode_query_component("a&b=c+d e#") == "a%26b%3Dc%2Bd%20e%23");
  std::vector<QueryParam> q{{"tags", "x"}, {"tags", "y z"}, {"empty", ""}};
  BOOST_TEST(url::encode_query(q) == "tags=x&tags=y%20z&empty=");
}

BOOST_AUTO_TEST_CASE(decode_reverses_encode_and_rejects_bad_escapes) {
  BOOST_TEST(*url::decode("a%2Fb%20c") == "a/b c");
  BOOST_TEST(*url::decode("a+b", true) == "a b");
  BOOST_TEST(*url::decode("a+b") == "a+b");
  BOOST_TEST(!url::decode("%zz").has_value());
  BOOST_TEST(!url::decode("%4").has_value());
  BOOST_TEST(!url::decode("a%").has_value());
  BOOST_TEST(*url::decode("caf%c3%A9") == "caf\xC3\xA9");
}

BOOST_AUTO_TEST_CASE(every_byte_survives_encoding_as_segment_and_as_query_component) {
  std::string all;
  for (int c = 0; c < 256; ++c) all += static_cast<char>(c);
  for (const auto& encoded : {url::encode_segment(all), url::encode_query_component(all)}) {
    for (char c : encoded) BOOST_TEST((std::isalnum(static_cast<unsigned char>(c)) || std::strchr("-._~%", c)));
    BOOST_TEST(*url::decode(encoded) == all);
  }
  BOOST_TEST(url::encode_query_component("\x7F\x80 ") == "%7F%80%20");
}

BOOST_AUTO_TEST_CASE(decode_query_reads_pairs_as_a_server_does) {
  auto q = url::decode_query("a=1&b=x+y&&c&=v&d=%2B%26");
  BOOST_REQUIRE(q);
  std::vector<std::pair<std::string, std::string>> got;
  for (const auto& p : *q) got.emplace_back(p.name, p.value);
  BOOST_TEST((got == std::vector<std::pair<std::string, std::string>>{
                         {"a", "1"}, {"b", "x y"}, {"c", ""}, {"", "v"}, {"d", "+&"}}));
  BOOST_TEST(url::decode_query("")->empty());
  BOOST_TEST(!url::decode_query("a=%zz").has_value());
}

BOOST_AUTO_TEST_CASE(full_url_joins_base_and_target_with_one_slash) {
  Request r;
  r.base_url = "https://example.test/api/";
  r.path = "/quote/search";
  r.query = {{"category", "life"}, {"minlength", "20"}};
  BOOST_TEST(url::target(r) == "/quote/search?category=life&minlength=20");
  BOOST_TEST(url::full_url(r) == "https://example.test/api/quote/search?category=life&minlength=20");
}

BOOST_AUTO_TEST_SUITE_END()
