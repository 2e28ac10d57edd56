// Members whose wire spelling differs from their C++ type (webapi_formats): bytes as base64, 64-bit integers
// as decimal strings, through Optional, vector and map, and the errors that name the member at fault.

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <boost/describe/class.hpp>

#include <webapi/core/json.hpp>
#include <webapi/core/optional.hpp>
#include <webapi/core/wire_format.hpp>

#include "test_support.hpp"

namespace formats {

struct File {
  webapi::Optional<std::string> data;
  std::string name;
  static constexpr webapi::Format webapi_formats[] = {{"data", webapi::WireFormat::base64}};
  friend bool operator==(const File&, const File&) = default;
};
BOOST_DESCRIBE_STRUCT(File, (), (data, name))

struct Payload {
  std::vector<File> payload;
  friend bool operator==(const Payload&, const Payload&) = default;
};
BOOST_DESCRIBE_STRUCT(Payload, (), (payload))

struct Job {
  Payload inlinePayload;
  friend bool operator==(const Job&, const Job&) = default;
};
BOOST_DESCRIBE_STRUCT(Job, (), (inlinePayload))

struct Counts {
  std::int64_t total = 0;
  webapi::Optional<std::uint64_t> bytes;
  std::vector<std::int64_t> buckets;
  std::map<std::string, std::int64_t> frequency;
  std::int64_t plain = 0;  // no format: a JSON number as usual
  static constexpr webapi::Format webapi_formats[] = {{"total", webapi::WireFormat::decimal_string},
                                                      {"bytes", webapi::WireFormat::decimal_string},
                                                      {"buckets", webapi::WireFormat::decimal_string},
                                                      {"frequency", webapi::WireFormat::decimal_string}};
  friend bool operator==(const Counts&, const Counts&) = default;
};
BOOST_DESCRIBE_STRUCT(Counts, (), (total, bytes, buckets, frequency, plain))

}  // namespace formats

using namespace formats;
namespace json = webapi::json;
using testsupport::error_of;

BOOST_AUTO_TEST_SUITE(wire_formats)

// What Google's client sends for a CSV file: the file's bytes in standard padded base64. A Latin-1 'é'
// (0xE9, not UTF-8) and a NUL survive, since the member holds bytes, not text.
BOOST_AUTO_TEST_CASE(bytes_are_base64_on_the_wire_and_raw_in_the_model) {
  const std::string csv = std::string("MachineName,TotalRAM\ncaf\xE9") + '\0' + ",8\n";
  File f{csv, "inline.csv"};
  const std::string wire = json::encode(f);
  BOOST_TEST(wire == "{\"data\":\"TWFjaGluZU5hbWUsVG90YWxSQU0KY2Fm6QAsOAo=\",\"name\":\"inline.csv\"}");
  auto back = json::decode<File>(wire);
  BOOST_REQUIRE(back);
  BOOST_TEST((*back == f));
  BOOST_TEST(back->data->size() == csv.size());
}

BOOST_AUTO_TEST_CASE(bytes_read_url_safe_and_unpadded_base64) {
  // 0xFB 0xFF in standard base64 is "+/8=", in URL-safe "-_8", unpadded.
  BOOST_TEST(*json::decode<File>(R"({"data":"-_8","name":""})")->data == "\xFB\xFF");
  BOOST_TEST(*json::decode<File>(R"({"data":"+/8=","name":""})")->data == "\xFB\xFF");
  BOOST_TEST(!json::decode<File>(R"({"data":null,"name":""})")->data.has_value());
  BOOST_TEST(json::encode(File{std::nullopt, "x"}) == R"({"name":"x"})");
}

BOOST_AUTO_TEST_CASE(bad_base64_names_the_member_path) {
  BOOST_TEST(error_of<Job>(R"({"inlinePayload":{"payload":[{"data":"TWFj!","name":"a.csv"}]}})") ==
             "at $.inlinePayload.payload[0].data: expected base64, got \"TWFj!\"");
  BOOST_TEST(error_of<File>(R"({"data":"Zg==Zg","name":""})") == "at $.data: expected base64, got \"Zg==Zg\"");
  BOOST_TEST(error_of<File>(R"({"data":12,"name":""})") == "at $.data: expected base64 string, got number");
  // A long bad value (a raw CSV file, say) is quoted by its start only.
  const std::string csv(1000, 'x');
  BOOST_TEST(error_of<File>(R"({"data":"MachineName,)" + csv + R"(","name":""})") ==
             "at $.data: expected base64, got \"MachineName,xxxxxxxxxxxxxxxxxxxxxxxxxxxx\"...");
}

// 2^53 + 1 is the first integer a double (a JavaScript number) cannot hold; as a string it survives.
BOOST_AUTO_TEST_CASE(int64_members_are_decimal_strings_and_survive_above_2_to_the_53) {
  Counts c{9007199254740993, 18446744073709551615u, {-9223372036854775807 - 1, 17179869184}, {{"a", 3}}, 9007199254740993};
  const std::string wire = json::encode(c);
  BOOST_TEST(wire == R"({"total":"9007199254740993","bytes":"18446744073709551615",)"
                     R"("buckets":["-9223372036854775808","17179869184"],"frequency":{"a":"3"},"plain":9007199254740993})");
  auto back = json::decode<Counts>(wire);
  BOOST_REQUIRE(back);
  BOOST_TEST((*back == c));
  BOOST_TEST(back->total == 9007199254740993);
}

BOOST_AUTO_TEST_CASE(int64_members_also_read_json_numbers) {
  auto c = json::decode<Counts>(R"({"total":9007199254740993,"bytes":7,"buckets":[1,"2"],"frequency":{},"plain":1})");
  BOOST_REQUIRE(c);
  BOOST_TEST(c->total == 9007199254740993);
  BOOST_TEST(*c->bytes == 7u);
  BOOST_TEST((c->buckets == std::vector<std::int64_t>{1, 2}));
}

BOOST_AUTO_TEST_CASE(int64_strings_that_are_no_integer_in_range_name_the_member) {
  BOOST_TEST(error_of<Counts>(R"({"total":"12abc","buckets":[],"frequency":{},"plain":1})") ==
             "at $.total: expected an integer in a string, got \"12abc\"");
  BOOST_TEST(error_of<Counts>(R"({"total":"","buckets":[],"frequency":{},"plain":1})") ==
             "at $.total: expected an integer in a string, got \"\"");
  BOOST_TEST(error_of<Counts>(R"({"total":"1.5","buckets":[],"frequency":{},"plain":1})") ==
             "at $.total: expected an integer in a string, got \"1.5\"");
  BOOST_TEST(error_of<Counts>(R"({"total":"9223372036854775808","buckets":[],"frequency":{},"plain":1})") ==
             "at $.total: integer \"9223372036854775808\" out of range [-9223372036854775808, 9223372036854775807]");
  BOOST_TEST(error_of<Counts>(R"({"total":1,"bytes":"-1","buckets":[],"frequency":{},"plain":1})") ==
             "at $.bytes: integer \"-1\" out of range [0, 18446744073709551615]");
  BOOST_TEST(error_of<Counts>(R"({"total":1,"buckets":["1","x"],"frequency":{},"plain":1})") ==
             "at $.buckets[1]: expected an integer in a string, got \"x\"");
  BOOST_TEST(error_of<Counts>(R"({"total":1,"buckets":[],"frequency":{"k":"-"},"plain":1})") ==
             "at $.frequency.k: expected an integer in a string, got \"-\"");
  BOOST_TEST(error_of<Counts>(R"({"total":true,"buckets":[],"frequency":{},"plain":1})") ==
             "at $.total: expected integer in a string, got boolean");
  // A member without a format keeps reading numbers only.
  BOOST_TEST(error_of<Counts>(R"({"total":1,"buckets":[],"frequency":{},"plain":"1"})") ==
             "at $.plain: expected integer, got string");
}

BOOST_AUTO_TEST_SUITE_END()
