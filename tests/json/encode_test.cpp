// Typed encoding: exact output for each mapping, escaping, number forms, and round trips through decode.

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <string>

#include <boost/json/parse.hpp>

#include <webapi/core/json.hpp>

#include "test_models.hpp"

using namespace testmodels;
namespace json = webapi::json;

namespace {

template <class T>
void check_round_trip(const T& v) {
  std::string text = json::encode(v);
  boost::system::error_code ec;
  (void)boost::json::parse(text, ec);
  BOOST_TEST(!ec, "encode wrote invalid JSON: " << text);
  auto back = json::decode<T>(text);
  BOOST_REQUIRE_MESSAGE(back, (back ? "" : back.error().message) << " in " << text);
  BOOST_TEST((*back == v), "round trip changed the value: " << text);
}

Track sample_track() {
  return Track{7, "T\"it\\le\n", Kind::system_playlist, User{42, "\xC3\xA9l\xC3\xA8ve", std::nullopt}, 98.25, {"a", "b"}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(encode)

BOOST_AUTO_TEST_CASE(struct_members_in_declaration_order_nullopt_left_out) {
  BOOST_TEST(json::encode(sample_track()) ==
             R"({"id":7,"title":"T\"it\\le\n","kind":"system-playlist","user":{"id":42,"username":"élève"},)"
             R"("bpm":98.25,"tags":["a","b"]})");
  BOOST_TEST(json::encode(User{1, "u", "c"}) == R"({"id":1,"username":"u","city":"c"})");
  BOOST_TEST(json::encode(Page{}) == R"({"collection":[]})");
}

BOOST_AUTO_TEST_CASE(keys_are_wire_names) {
  BOOST_TEST(json::encode(Renamed{true, "#t", 3}) == R"({"default":true,"@odata.type":"#t","class":3})");
  BOOST_TEST(json::encode(Derived{{"i"}, 2}) == R"({"id":"i","n":2})");
}

BOOST_AUTO_TEST_CASE(strings_are_escaped_and_utf8_passes_through) {
  using namespace std::string_literals;
  BOOST_TEST(json::encode("\"\\/\b\f\n\r\t\x01\x1f\x7f"s) == R"("\"\\/\b\f\n\r\t\u0001\u001f)" "\x7f\"");
  BOOST_TEST(json::encode("a\0b"s) == R"("a\u0000b")");
  BOOST_TEST(json::encode("\xF0\x9F\x98\x80 \xE2\x82\xAC"s) == "\"\xF0\x9F\x98\x80 \xE2\x82\xAC\"");
  std::string long_text(1000, 'x');
  long_text[500] = '"';
  long_text[999] = '\n';
  BOOST_TEST(json::encode(long_text) == "\"" + std::string(500, 'x') + "\\\"" + std::string(498, 'x') + "\\n\"");
  std::string all_controls;
  for (int c = 0; c < 0x20; ++c) all_controls.push_back(static_cast<char>(c));
  check_round_trip(all_controls);
  check_round_trip(std::string(300, '\x01'));  // every byte escaped: output six times the input
}

BOOST_AUTO_TEST_CASE(a_string_that_is_not_utf8_is_refused_naming_where) {
  using namespace std::string_literals;
  User u{7, "ann\xC3\xA9\xFFx", std::nullopt};  // valid up to a lone 0xFF
  auto r = json::try_encode(u);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == webapi::ErrorKind::invalid_argument);
  BOOST_TEST(r.error().message == "cannot encode: at $.username: byte 5 of the string is not UTF-8");
  for (std::string bad : {"\xC3"s, "\xC0\xAF"s, "\xED\xA0\x80"s, "\xF4\x90\x80\x80"s, std::string(40, 'a') + "\x80"})
    BOOST_TEST(!json::try_encode(bad), "encoded ill-formed UTF-8 in " << bad.size() << " bytes");
  BOOST_CHECK_THROW(json::encode("\x80"s), webapi::Exception);
  // A server echoing what a peer sent may have such bytes written as U+FFFD instead, and nothing else changes.
  std::string echoed;
  BOOST_REQUIRE(json::try_encode_to(echoed, u, {.replace_invalid_utf8 = true}));
  BOOST_TEST(echoed == "{\"id\":7,\"username\":\"ann\xC3\xA9\xEF\xBF\xBDx\"}");
  std::string many;
  BOOST_REQUIRE(json::try_encode_to(many, std::string(100, '\xFF') + "\"", {.replace_invalid_utf8 = true}));
  std::string expected = "\"";
  for (int i = 0; i < 100; ++i) expected += "\xEF\xBF\xBD";
  BOOST_TEST(many == expected + "\\\"\"");  // each byte replaced, three for one, and the quote still escaped
  // Everything the writer accepts, its own decoder reads back.
  check_round_trip("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"s + std::string(40, 'a') + "\xC3\xA9"s);
}

BOOST_AUTO_TEST_CASE(numbers_shortest_round_trip_form) {
  BOOST_TEST(json::encode(0.1) == "0.1");
  BOOST_TEST(json::encode(5.0) == "5");
  BOOST_TEST(json::encode(-2.5e-10) == "-2.5e-10");
  BOOST_TEST(json::encode(1e21) == "1e+21");
  BOOST_TEST(json::encode(0.25f) == "0.25");
  BOOST_TEST(json::encode(std::numeric_limits<std::int64_t>::min()) == "-9223372036854775808");
  BOOST_TEST(json::encode(std::numeric_limits<std::uint64_t>::max()) == "18446744073709551615");
  BOOST_TEST(json::encode(std::int8_t{-5}) == "-5");
  BOOST_TEST(json::encode(true) == "true");
  for (double d : {0.1, 1.0 / 3.0, 123456.789e300, 5e-324, -0.0, 2.2250738585072014e-308}) check_round_trip(d);
}

BOOST_AUTO_TEST_CASE(enums_variants_maps_free_form) {
  BOOST_TEST(json::encode(Kind::playlist) == R"("playlist")");
  Pets pets{{Cat{"m"}, Dog{2}}, std::string("id-1")};
  BOOST_TEST(json::encode(pets) == R"({"pets":[{"meow":"m"},{"bark":2}],"id":"id-1"})");
  Maps maps;
  maps.counts = {{"b", 2}, {"a", 1}};
  maps.groups = {{"g", {"x"}}};
  maps.users = std::map<std::string, User>{{"k\"", User{1, "u", {}}}};
  BOOST_TEST(json::encode(maps) == R"({"counts":{"a":1,"b":2},"groups":{"g":["x"]},"users":{"k\"":{"id":1,"username":"u"}}})");
  Free f{boost::json::parse(R"({"a":[1,null,"x"]})"), boost::json::object{{"k", 1}}, std::nullopt};
  BOOST_TEST(json::encode(f) == R"({"any":{"a":[1,null,"x"]},"meta":{"k":1}})");
  BOOST_TEST(json::encode(Free{}) == R"({"any":null})");
  BOOST_TEST(json::encode(std::optional<int>{}) == "null");
  BOOST_TEST(json::encode(Grid{{{1, 2}, {}}, {true, false}, 1.5f}) == R"({"rows":[[1,2],[]],"flags":[true,false],"scale":1.5})");
}

BOOST_AUTO_TEST_CASE(recursive_models_encode) {
  Node root{"r", {}, std::nullopt};
  root.children.push_back(Node{"a", {Node{"a1", {}, std::nullopt}}, std::nullopt});
  root.children.push_back(Node{"b", {}, webapi::Box<Node>(Node{"r", {}, std::nullopt})});
  BOOST_TEST(json::encode(root) ==
             R"({"name":"r","children":[{"name":"a","children":[{"name":"a1","children":[]}]},)"
             R"({"name":"b","children":[],"parent":{"name":"r","children":[]}}]})");
  check_round_trip(root);
}

BOOST_AUTO_TEST_CASE(round_trips) {
  check_round_trip(sample_track());
  check_round_trip(Page{{sample_track(), Track{}, sample_track()}, "n"});
  check_round_trip(Ints{-128, 255, -32768, 65535, -2147483647 - 1, 4294967295u, std::numeric_limits<std::int64_t>::min(),
                        std::numeric_limits<std::uint64_t>::max()});
  check_round_trip(Renamed{true, std::nullopt, -1});
  check_round_trip(Pets{{Dog{1}, Cat{""}}, std::int64_t{-3}});
  check_round_trip(Free{boost::json::parse(R"([{"deep":{"er":[true,false,null,1.5,-7,"s"]}}])"), boost::json::object{}, boost::json::array{1, 2}});
  check_round_trip(Grid{{{0.1, -0.0, 1e300}}, {false}, -0.5f});
}

BOOST_AUTO_TEST_CASE(encode_to_appends) {
  std::string out = "prefix:";
  json::encode_to(out, User{1, "u", {}});
  BOOST_TEST(out == R"(prefix:{"id":1,"username":"u"})");
}

BOOST_AUTO_TEST_SUITE_END()
