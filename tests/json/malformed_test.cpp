// Malformed input: every kind gives a decode error naming where, never a crash or a partial value.

#include <boost/test/unit_test.hpp>

#include <random>
#include <string>

#include <webapi/core/json.hpp>

#include "test_models.hpp"
#include "test_support.hpp"

using namespace testmodels;
using testsupport::error_of;
namespace json = webapi::json;

namespace {

constexpr std::string_view valid_page = R"({"collection": [
  {"id": 1, "title": "caf\u00e9 \"x\"", "kind": "track", "user": {"id": -10, "username": "ann", "city": "Z\u00fcrich"},
   "bpm": 1.5e2, "tags": ["a", "b\n"], "extra": {"n": [true, false, null, {}]}},
  {"id": 2, "title": "t", "kind": "playlist", "user": {"id": 11, "username": "bob"}, "bpm": null, "tags": []}],
 "next_href": null})";

std::string nested(std::size_t depth, std::string_view open, std::string_view close, std::string_view inner) {
  std::string s;
  for (std::size_t i = 0; i < depth; ++i) s += open;
  s += inner;
  for (std::size_t i = 0; i < depth; ++i) s += close;
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(malformed)

BOOST_AUTO_TEST_CASE(the_reference_document_is_valid) {
  auto r = json::decode<Page>(valid_page);
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->collection[0].title == "caf\xC3\xA9 \"x\"");
}

BOOST_AUTO_TEST_CASE(every_truncation_is_an_error) {
  for (std::size_t n = 0; n < valid_page.size(); ++n) {
    std::string_view prefix = valid_page.substr(0, n);
    auto r = json::decode<Page>(prefix);
    BOOST_TEST(!r, "truncated at " << n << " decoded");
    if (!r) BOOST_TEST((r.error().kind == webapi::ErrorKind::decode));
  }
  BOOST_TEST(error_of<User>(R"({"id": 1, "username": "ab)") == "at $.username: malformed JSON at byte 22: unterminated string");
  BOOST_TEST(error_of<User>(R"({"id": 1, "username": "ab")") == "at $: malformed JSON at byte 26: unexpected end of input in object");
  BOOST_TEST(error_of<std::vector<int>>("[1, 2") == "at $: malformed JSON at byte 5: unexpected end of input in array");
  BOOST_TEST(error_of<User>(R"({"id": )") == "at $.id: malformed JSON at byte 7: unexpected end of input");
  BOOST_TEST(error_of<bool>("tru") == "at $: malformed JSON at byte 0: unexpected character 't'");
}

BOOST_AUTO_TEST_CASE(invalid_utf8_is_refused_in_values_keys_and_skipped_values) {
  const char* bad[] = {
      "\xC3\x28",          // lead byte without continuation
      "\x80",              // lone continuation byte
      "\xC0\xAF",          // overlong '/'
      "\xE0\x80\xAF",      // overlong, three bytes
      "\xED\xA0\x80",      // UTF-16 surrogate encoded in UTF-8
      "\xF4\x90\x80\x80",  // above U+10FFFF
      "\xF8\x88\x80\x80",  // five-byte form
      "\xFF",
      "\xE2\x82",  // truncated sequence at the end of the string
  };
  for (const char* b : bad) {
    std::string as_value = std::string(R"({"id": 1, "username": "x)") + b + "\"}";
    BOOST_TEST(error_of<User>(as_value).find("invalid UTF-8 in string") != std::string::npos);
    std::string as_key = std::string(R"({"id": 1, "username": "x", ")") + b + "\": 1}";
    BOOST_TEST(error_of<User>(as_key).find("invalid UTF-8 in string") != std::string::npos);
    std::string skipped = std::string(R"({"id": 1, "username": "x", "other": ["ok", ")") + b + "\"]}";
    BOOST_TEST(error_of<User>(skipped).starts_with("at $.other[1]: malformed JSON at byte"));
  }
  BOOST_TEST(error_of<std::string>("\"ab\xC3\x28\"") == "at $: malformed JSON at byte 3: invalid UTF-8 in string");
}

BOOST_AUTO_TEST_CASE(bad_escapes_and_surrogates) {
  BOOST_TEST(error_of<std::string>(R"("\ud800")") == "at $: malformed JSON at byte 1: high surrogate not followed by a low surrogate");
  BOOST_TEST(error_of<std::string>(R"("\ud800\u0041")") == "at $: malformed JSON at byte 7: high surrogate not followed by a low surrogate");
  BOOST_TEST(error_of<std::string>(R"("\udc00")") == "at $: malformed JSON at byte 1: lone low surrogate in string");
  BOOST_TEST(error_of<std::string>(R"("\x")") == "at $: malformed JSON at byte 1: invalid escape in string");
  BOOST_TEST(error_of<std::string>(R"("\u12g4")") == "at $: malformed JSON at byte 5: invalid hex digit in \\u escape");
  BOOST_TEST(error_of<std::string>(R"("\u12)") == "at $: malformed JSON at byte 3: truncated \\u escape");
  BOOST_TEST(error_of<std::string>("\"a\tb\"") == "at $: malformed JSON at byte 2: unescaped control character in string");
  BOOST_TEST(error_of<std::string>("\"a\nb\"") == "at $: malformed JSON at byte 2: unescaped control character in string");
}

BOOST_AUTO_TEST_CASE(grammar_errors) {
  BOOST_TEST(error_of<std::vector<int>>("[1,]") == "at $: malformed JSON at byte 3: trailing ',' in array");
  BOOST_TEST(error_of<std::vector<int>>("[1 2]") == "at $: malformed JSON at byte 3: expected ',' or ']' in array");
  BOOST_TEST(error_of<std::vector<int>>("[,1]") == "at $[0]: malformed JSON at byte 1: unexpected character ','");
  BOOST_TEST(error_of<User>(R"({"id": 1,})") == "at $: malformed JSON at byte 9: expected a string key in object");
  BOOST_TEST(error_of<User>(R"({"id" 1})") == "at $: malformed JSON at byte 6: expected ':' after object key");
  BOOST_TEST(error_of<User>(R"({id: 1})") == "at $: malformed JSON at byte 1: expected a string key in object");
  BOOST_TEST(error_of<User>(R"({"id": 1 "username": "x"})") == "at $: malformed JSON at byte 9: expected ',' or '}' in object");
  BOOST_TEST(error_of<User>(R"({'id': 1})") == "at $: malformed JSON at byte 1: expected a string key in object");
  BOOST_TEST(error_of<int>("01") == "at $: malformed JSON at byte 0: leading zero in number");
  BOOST_TEST(error_of<double>("-") == "at $: malformed JSON at byte 0: invalid number");
  BOOST_TEST(error_of<double>("1.") == "at $: malformed JSON at byte 0: invalid number");
  BOOST_TEST(error_of<double>(".5") == "at $: malformed JSON at byte 0: unexpected character '.'");
  BOOST_TEST(error_of<double>("1e") == "at $: malformed JSON at byte 0: invalid number");
  BOOST_TEST(error_of<double>("+1") == "at $: malformed JSON at byte 0: unexpected character '+'");
  BOOST_TEST(error_of<double>("NaN") == "at $: malformed JSON at byte 0: unexpected character 'N'");
  BOOST_TEST(error_of<int>("1 2") == "at $: malformed JSON at byte 2: unexpected data after the JSON value");
  BOOST_TEST(error_of<User>(R"({"id":1,"username":"u"} {})") == "at $: malformed JSON at byte 24: unexpected data after the JSON value");
  BOOST_TEST(error_of<User>(R"({"id":1,"username":"u"} // c)") == "at $: malformed JSON at byte 24: unexpected data after the JSON value");
  BOOST_TEST(error_of<User>(R"({"id": 1, "username": "u", "x": nul})") == "at $.x: malformed JSON at byte 32: unexpected character 'n'");
  BOOST_TEST(error_of<User>(R"({"id": 1, "username": "u", "x": 1.})") == "at $.x: malformed JSON at byte 32: invalid number");
  BOOST_TEST(error_of<User>("\xEF\xBB\xBF{}") == "at $: malformed JSON at byte 0: unexpected byte 0xef");
}

BOOST_AUTO_TEST_CASE(nesting_is_limited) {
  static_assert(json::max_depth == 128);
  // Exactly at the limit is fine, one deeper is refused: in typed arrays, skipped values and free-form values.
  using Deep = boost::json::value;
  BOOST_TEST(json::decode<Deep>(nested(128, "[", "]", "1")).has_value());
  BOOST_TEST(error_of<Deep>(nested(129, "[", "]", "1")).find("nesting deeper than 128 levels") != std::string::npos);
  BOOST_TEST(json::decode<User>(R"({"id":1,"username":"u","x":)" + nested(127, "[", "]", "") + "}").has_value());
  BOOST_TEST(error_of<User>(R"({"id":1,"username":"u","x":)" + nested(128, "[", "]", "") + "}")
                 .starts_with("at $.x" + nested(127, "[0]", "", "") + ": malformed JSON at byte"));
  BOOST_TEST(error_of<User>(R"({"id":1,"username":"u","x":)" + nested(200, R"({"a":)", "}", "1") + "}")
                 .find("nesting deeper than 128 levels") != std::string::npos);
  // Recursive models stop at the limit too.
  std::string deep_node = nested(200, R"({"name":"n","children":[)", "]}", "");
  BOOST_TEST(error_of<Node>(deep_node).find("nesting deeper than 128 levels") != std::string::npos);
  // A hostile document far deeper than the stack could take is refused, not a crash.
  BOOST_TEST(error_of<Deep>(std::string(1'000'000, '[')).find("nesting deeper") != std::string::npos);
  BOOST_TEST(error_of<std::vector<int>>(std::string(1'000'000, '[')).find("expected integer, got array") != std::string::npos);
  BOOST_TEST(error_of<Node>(nested(100000, R"({"children":[)", "]}", "")).find("nesting deeper") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(random_corruption_never_crashes_or_half_decodes) {
  std::mt19937 rng(12345);
  std::string base(valid_page);
  int decoded = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string s = base;
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      std::size_t at = rng() % s.size();
      switch (rng() % 4) {
        case 0: s[at] = static_cast<char>(rng() % 256); break;
        case 1: s.erase(at, 1 + rng() % 8); break;
        case 2: s.insert(at, 1, "{}[]\",:0-e\\u"[rng() % 12]); break;
        case 3: s.resize(at); break;
      }
      if (s.empty()) s = "x";
    }
    auto r = json::decode<Page>(s);
    if (r) {
      ++decoded;
      // Whatever still decodes must survive a round trip unchanged.
      auto again = json::decode<Page>(json::encode(*r));
      BOOST_REQUIRE(again);
      BOOST_TEST((*again == *r));
    } else {
      BOOST_TEST((r.error().kind == webapi::ErrorKind::decode));
      BOOST_TEST((r.error().message.starts_with("at $") || r.error().message.starts_with("missing required field")));
    }
  }
  BOOST_TEST_MESSAGE(decoded << " of 20000 corrupted documents still decoded");
}

BOOST_AUTO_TEST_SUITE_END()
