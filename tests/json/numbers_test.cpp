// Numbers at the edges: values beyond their C++ type, non-finite doubles on the way out, and free-form
// numbers that must come back exactly as they went in.

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <string>

#include <webapi/core/json.hpp>
#include <webapi/core/request_builder.hpp>

#include "test_models.hpp"
#include "test_support.hpp"

using namespace testmodels;
using testsupport::error_of;
namespace json = webapi::json;

BOOST_AUTO_TEST_SUITE(numbers)

BOOST_AUTO_TEST_CASE(free_form_numbers_beyond_double_are_errors_naming_the_path) {
  BOOST_TEST(error_of<Free>(R"({"any": {"x": [1, 1e400]}})") ==
             "at $.any.x[1]: malformed JSON at byte 18: number out of range of double");
  BOOST_TEST(error_of<Free>(R"({"any": 1, "meta": {"big": -2e308}})") ==
             "at $.meta.big: malformed JSON at byte 27: number out of range of double");
  BOOST_TEST(error_of<boost::json::value>("[0, 1e999]") == "at $[1]: malformed JSON at byte 4: number out of range of double");
  // Typed members alike.
  BOOST_TEST(error_of<Grid>(R"({"rows": [[1e309]], "flags": [], "scale": 1})") ==
             "at $.rows[0][0]: malformed JSON at byte 11: number out of range of double");
  BOOST_TEST(error_of<Grid>(R"({"rows": [], "flags": [], "scale": 3.5e38})") == "at $.scale: number out of range of float");
}

BOOST_AUTO_TEST_CASE(free_form_numbers_keep_their_kind_and_value) {
  auto v = json::decode<boost::json::value>(
      R"([9223372036854775807, -9223372036854775808, 18446744073709551615, 18446744073709551616, 0.1, -0, 1E2])");
  BOOST_REQUIRE_MESSAGE(v, (v ? "" : v.error().message));
  const auto& a = v->as_array();
  BOOST_TEST(a[0].as_int64() == std::numeric_limits<std::int64_t>::max());
  BOOST_TEST(a[1].as_int64() == std::numeric_limits<std::int64_t>::min());
  BOOST_TEST(a[2].as_uint64() == std::numeric_limits<std::uint64_t>::max());
  BOOST_TEST(a[3].as_double() == 18446744073709551616.0);
  BOOST_TEST(a[4].as_double() == 0.1);
  BOOST_TEST(a[5].as_int64() == 0);
  BOOST_TEST(a[6].as_double() == 100.0);
}

BOOST_AUTO_TEST_CASE(free_form_numbers_survive_round_trips_unchanged) {
  // Each of these drifted in its last digit through a parser that does not read decimals exactly.
  constexpr std::string_view text =
      R"({"a":0.30000000000000004,"b":1.7976931348623157e+308,"c":5e-324,"d":2.2250738585072014e-308,)"
      R"("e":123456.789,"f":0.1,"g":-1.0000000000000002,"h":9007199254740993,"i":4.35,"j":1e+22})";
  auto first = json::decode<boost::json::value>(text);
  BOOST_REQUIRE_MESSAGE(first, (first ? "" : first.error().message));
  std::string once = json::encode(*first);
  BOOST_TEST(once == text);
  boost::json::value v = *first;
  for (int i = 0; i < 5; ++i) v = json::decode<boost::json::value>(json::encode(v)).value();
  BOOST_TEST(json::encode(v) == text);
  BOOST_TEST(v.at("a").as_double() == 0.30000000000000004);
  BOOST_TEST(v.at("i").as_double() == 4.35);
}

BOOST_AUTO_TEST_CASE(non_finite_numbers_are_never_written) {
  Grid g{{{1, std::numeric_limits<double>::infinity()}}, {}, 1};
  auto r = json::try_encode(g);
  BOOST_REQUIRE(!r);
  BOOST_TEST((r.error().kind == webapi::ErrorKind::invalid_argument));
  BOOST_TEST(r.error().message == "cannot encode: at $.rows[0][1]: infinity is not a JSON number");
  BOOST_CHECK_THROW((void)json::encode(g), webapi::Exception);

  g = Grid{{}, {}, std::numeric_limits<float>::quiet_NaN()};
  BOOST_TEST(json::try_encode(g).error().message == "cannot encode: at $.scale: NaN is not a JSON number");

  Free f{boost::json::object{{"x", boost::json::array{1, -std::numeric_limits<double>::infinity()}}}, {}, {}};
  BOOST_TEST(json::try_encode(f).error().message == "cannot encode: at $.any.x[1]: infinity is not a JSON number");
  Maps m{{}, {}, std::nullopt};
  BOOST_TEST(json::try_encode(m).value() == R"({"counts":{},"groups":{}})");

  // try_encode_to leaves the output as it was.
  std::string out = "prefix";
  BOOST_TEST(!json::try_encode_to(out, f));
  BOOST_TEST(out == "prefix");
}

BOOST_AUTO_TEST_CASE(a_request_body_that_cannot_be_encoded_fails_the_request) {
  Grid g{{}, {}, std::numeric_limits<float>::infinity()};
  auto req = webapi::RequestBuilder(webapi::Method::post, "put_grid", "")
                 .path("/grid")
                 .body(json::try_encode(g), "application/json")
                 .build();
  BOOST_REQUIRE(!req);
  BOOST_TEST((req.error().kind == webapi::ErrorKind::invalid_argument));
  BOOST_TEST(req.error().operation == "put_grid");
  BOOST_TEST(req.error().message == "cannot encode: at $.scale: infinity is not a JSON number");
}

BOOST_AUTO_TEST_SUITE_END()
