// Typed decoding: every mapping, and the exact error text for each way input can fail to fit the type.

#include <boost/test/unit_test.hpp>

#include <limits>
#include <string>

#include <webapi/core/json.hpp>

#include "test_models.hpp"
#include "test_support.hpp"

using namespace testmodels;
using testsupport::error_of;
namespace json = webapi::json;

namespace {

constexpr std::string_view page_text = R"({
  "collection": [
    {"id": 1, "title": "One", "kind": "track", "user": {"id": 10, "username": "ann", "city": "Oslo"},
     "bpm": 120.5, "tags": ["a", "b"]},
    {"id": 2, "title": "Two", "kind": "playlist", "user": {"id": 11, "username": "bob", "city": null},
     "bpm": null, "tags": []},
    {"id": 3, "title": "Three", "kind": "system-playlist", "user": {"id": 12, "username": "cy"}, "tags": ["x"]}
  ],
  "next_href": "https://example.test/next"
})";

}  // namespace

BOOST_AUTO_TEST_SUITE(decode)

BOOST_AUTO_TEST_CASE(nested_page_decodes_every_field) {
  auto r = json::decode<Page>(page_text);
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  const Page& p = *r;
  BOOST_TEST_REQUIRE(p.collection.size() == 3u);
  BOOST_TEST(p.collection[0].id == 1);
  BOOST_TEST(p.collection[0].title == "One");
  BOOST_TEST((p.collection[0].kind == Kind::track));
  BOOST_TEST(p.collection[0].user.username == "ann");
  BOOST_TEST(*p.collection[0].user.city == "Oslo");
  BOOST_TEST(*p.collection[0].bpm == 120.5);
  BOOST_TEST((p.collection[0].tags == std::vector<std::string>{"a", "b"}));
  BOOST_TEST(!p.collection[1].user.city.has_value());  // null
  BOOST_TEST(!p.collection[1].bpm.has_value());
  BOOST_TEST((p.collection[1].kind == Kind::playlist));
  BOOST_TEST((p.collection[2].kind == Kind::system_playlist));
  BOOST_TEST(!p.collection[2].user.city.has_value());  // missing
  BOOST_TEST(!p.collection[2].bpm.has_value());
  BOOST_TEST(*p.next_href == "https://example.test/next");
}

BOOST_AUTO_TEST_CASE(wrong_type_names_the_full_path) {
  BOOST_TEST(error_of<Page>(R"({"collection":[{"id":1,"title":"t","kind":"track","user":{"id":1,"username":"a"},"tags":[]},
                                              {"id":2,"title":"t","kind":"track","user":{"id":"7","username":"a"},"tags":[]}]})") ==
             "at $.collection[1].user.id: expected integer, got string");
  BOOST_TEST(error_of<User>(R"({"id": 1, "username": 42})") == "at $.username: expected string, got number");
  BOOST_TEST(error_of<Track>(R"({"id":1,"title":"t","kind":"track","user":{"id":1,"username":"a"},"tags":["a",{}]})") ==
             "at $.tags[1]: expected string, got object");
  BOOST_TEST(error_of<User>(R"([1])") == "at $: expected object, got array");
  BOOST_TEST(error_of<Grid>(R"({"rows": [[1, 2], [3, true]], "flags": [], "scale": 1})") ==
             "at $.rows[1][1]: expected number, got boolean");
  BOOST_TEST(error_of<Grid>(R"({"rows": [], "flags": [true, 0], "scale": 1})") ==
             "at $.flags[1]: expected boolean, got number");
}

BOOST_AUTO_TEST_CASE(missing_required_field_names_it_and_where) {
  BOOST_TEST(error_of<Page>(R"({"collection":[{"id":1,"title":"t","kind":"track","user":{"username":"a"},"tags":[]}]})") ==
             "missing required field 'id' at $.collection[0].user");
  BOOST_TEST(error_of<User>(R"({"id": 1})") == "missing required field 'username' at $");
  BOOST_TEST(error_of<User>(R"({})") == "missing required field 'id' at $");
}

BOOST_AUTO_TEST_CASE(null_for_required_member_is_an_error) {
  BOOST_TEST(error_of<User>(R"({"id": 1, "username": null})") == "at $.username: expected string, got null");
  BOOST_TEST(error_of<User>(R"({"id": null, "username": "a"})") == "at $.id: expected integer, got null");
}

BOOST_AUTO_TEST_CASE(unknown_keys_are_skipped_whatever_they_hold) {
  auto r = json::decode<User>(R"({"extra": {"deep": [1, [2, {"x": null}], "s\"}"], "e": {}}, "id": 5,
                                  "more": [], "flag": true, "n": -1.5e-3, "s": "\u00e9\\", "username": "z", "z": null})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->id == 5);
  BOOST_TEST(r->username == "z");
}

BOOST_AUTO_TEST_CASE(keys_in_any_order_and_escaped_keys) {
  auto r = json::decode<User>(R"({"city": "c", "user\u006eame": "u", "id": 3})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->username == "u");
  BOOST_TEST(r->id == 3);
  BOOST_TEST(*r->city == "c");
}

// A member twice is refused, at any depth: duplicate_members_test.cpp.

BOOST_AUTO_TEST_CASE(integers_are_range_checked) {
  auto ints = [](std::string_view member, std::string_view value) {
    std::string s = "{";
    for (std::string_view m : {"i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64"})
      s.append(s.size() > 1 ? ",\"" : "\"").append(m).append("\":").append(m == member ? value : "0");
    return s + "}";
  };
  BOOST_TEST(error_of<Ints>(ints("i32", "2147483648")) ==
             "at $.i32: expected integer in [-2147483648, 2147483647], got 2147483648");
  BOOST_TEST(error_of<Ints>(ints("i32", "-2147483649")) ==
             "at $.i32: expected integer in [-2147483648, 2147483647], got -2147483649");
  BOOST_TEST(error_of<Ints>(ints("u8", "256")) == "at $.u8: expected integer in [0, 255], got 256");
  BOOST_TEST(error_of<Ints>(ints("u8", "-1")) == "at $.u8: expected integer in [0, 255], got -1");
  BOOST_TEST(error_of<Ints>(ints("i8", "128")) == "at $.i8: expected integer in [-128, 127], got 128");
  BOOST_TEST(error_of<Ints>(ints("u64", "18446744073709551616")) ==
             "at $.u64: expected integer in [0, 18446744073709551615], got 18446744073709551616");
  BOOST_TEST(error_of<Ints>(ints("i64", "9223372036854775808")) ==
             "at $.i64: expected integer in [-9223372036854775808, 9223372036854775807], got 9223372036854775808");
  BOOST_TEST(error_of<Ints>(ints("i64", "99999999999999999999999")) ==
             "at $.i64: expected integer in [-9223372036854775808, 9223372036854775807], got 99999999999999999999999");
  BOOST_TEST(error_of<Ints>(ints("i32", "1.5")) ==
             "at $.i32: expected integer in [-2147483648, 2147483647], got 1.5");
  BOOST_TEST(error_of<Ints>(ints("i32", "1e10")) ==
             "at $.i32: expected integer in [-2147483648, 2147483647], got 1e10");

  auto r = json::decode<Ints>(
      R"({"i8":-128,"u8":255,"i16":-32768,"u16":65535,"i32":-2147483648,"u32":4294967295,)"
      R"("i64":-9223372036854775808,"u64":18446744073709551615})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->i8 == -128);
  BOOST_TEST(r->u8 == 255);
  BOOST_TEST(r->i16 == -32768);
  BOOST_TEST(r->u16 == 65535);
  BOOST_TEST(r->i32 == std::numeric_limits<std::int32_t>::min());
  BOOST_TEST(r->u32 == std::numeric_limits<std::uint32_t>::max());
  BOOST_TEST(r->i64 == std::numeric_limits<std::int64_t>::min());
  BOOST_TEST(r->u64 == std::numeric_limits<std::uint64_t>::max());
}

BOOST_AUTO_TEST_CASE(integers_written_as_exact_decimals_are_accepted) {
  BOOST_TEST(json::decode<std::int32_t>("3.0").value() == 3);
  BOOST_TEST(json::decode<std::int32_t>("1e3").value() == 1000);
  BOOST_TEST(json::decode<std::int32_t>("-0").value() == 0);
  BOOST_TEST(json::decode<std::uint8_t>("-0.0").value() == 0);
}

BOOST_AUTO_TEST_CASE(floating_point_accepts_any_number) {
  BOOST_TEST(json::decode<double>("42").value() == 42.0);
  BOOST_TEST(json::decode<double>("-0.1").value() == -0.1);
  BOOST_TEST(json::decode<double>("1.7976931348623157e308").value() == std::numeric_limits<double>::max());
  BOOST_TEST(json::decode<double>("4.9e-324").value() == std::numeric_limits<double>::denorm_min());
  BOOST_TEST(json::decode<double>("1e-400").value() == 0.0);
  BOOST_TEST(json::decode<float>("0.5").value() == 0.5f);
  BOOST_TEST(json::decode<double>("1e400").error().message == "at $: malformed JSON at byte 0: number out of range of double");
  BOOST_TEST(json::decode<float>("1e39").error().message == "at $: number out of range of float");
  BOOST_TEST(json::decode<double>("\"1\"").error().message == "at $: expected number, got string");
}

BOOST_AUTO_TEST_CASE(renamed_and_keyword_members_use_their_wire_names) {
  auto r = json::decode<Renamed>(R"({"default": true, "@odata.type": "#x", "class": 7})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->default_);
  BOOST_TEST(*r->odata_type == "#x");
  BOOST_TEST(r->class_ == 7);
  BOOST_TEST(error_of<Renamed>(R"({"default": true, "@odata.type": 1, "class": 7})") ==
             "at $[\"@odata.type\"]: expected string, got number");
  BOOST_TEST(error_of<Renamed>(R"({"default_": true, "class": 7})") == "missing required field 'default' at $");
}

BOOST_AUTO_TEST_CASE(open_enums_keep_a_value_they_do_not_list) {
  constexpr std::string_view text = R"({"kind":"album","previous":"system-playlist","history":["track","mix \"2\""]})";
  auto r = json::decode<Tagged>(text);
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(!r->kind.is_known());
  BOOST_TEST(!r->kind.known().has_value());
  BOOST_TEST(r->kind.wire() == "album");
  BOOST_TEST(!(r->kind == Kind::track));
  BOOST_TEST((r->kind == webapi::OpenEnum<Kind>::raw("album")));
  BOOST_TEST((*r->previous == Kind::system_playlist));
  BOOST_TEST((r->previous->known() == Kind::system_playlist));
  BOOST_TEST((r->history[0] == Kind::track));
  BOOST_TEST(r->history[1].wire() == "mix \"2\"");
  BOOST_TEST(json::encode(*r) == text);  // the unknown values go back exactly as they came
  BOOST_TEST((json::decode<Tagged>(json::encode(*r)).value() == *r));

  // A known value given raw is the known value.
  BOOST_TEST(webapi::OpenEnum<Kind>::raw("track").is_known());
  BOOST_TEST((webapi::OpenEnum<Kind>::raw("track") == webapi::OpenEnum<Kind>{Kind::track}));
  BOOST_TEST((webapi::from_wire<webapi::OpenEnum<Kind>>("x")->wire() == "x"));
  BOOST_TEST(webapi::to_wire(webapi::OpenEnum<Kind>{Kind::system_playlist}) == "system-playlist");
  // Still a string on the wire.
  BOOST_TEST(error_of<Tagged>(R"({"kind": 3, "history": []})") == "at $.kind: expected string, got number");
}

BOOST_AUTO_TEST_CASE(plain_enums_stay_closed) {
  BOOST_TEST((json::decode<Kind>("\"system-playlist\"").value() == Kind::system_playlist));
  BOOST_TEST(error_of<Kind>("\"album\"") ==
             "at $: expected one of \"track\", \"playlist\", \"system-playlist\", got \"album\"");
  BOOST_TEST(error_of<Kind>("\"system_playlist\"") ==
             "at $: expected one of \"track\", \"playlist\", \"system-playlist\", got \"system_playlist\"");
  BOOST_TEST(error_of<Kind>("1") == "at $: expected string, got number");
  BOOST_TEST((json::decode<Kind>("\"tr\\u0061ck\"").value() == Kind::track));
  BOOST_TEST(error_of<Page>(R"({"collection":[{"id":1,"title":"t","kind":"album","user":{"id":1,"username":"a"},"tags":[]}]})") ==
             "at $.collection[0].kind: expected one of \"track\", \"playlist\", \"system-playlist\", got \"album\"");
}

BOOST_AUTO_TEST_CASE(variants_are_chosen_by_what_tells_the_alternatives_apart) {
  auto r = json::decode<Pets>(R"({"pets": [{"meow": "m"}, {"bark": 3}, {"bark": 4, "x": 1}], "id": "abc"})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST_REQUIRE(r->pets.size() == 3u);
  BOOST_TEST(std::get<Cat>(r->pets[0]).meow == "m");
  BOOST_TEST(std::get<Dog>(r->pets[1]).bark == 3);
  BOOST_TEST(std::get<Dog>(r->pets[2]).bark == 4);
  BOOST_TEST(std::get<std::string>(r->id) == "abc");
  BOOST_TEST(std::get<std::int64_t>(json::decode<Pets>(R"({"pets": [], "id": 12})")->id) == 12);

  // The alternative the kind of value singles out is decoded directly, so its errors name the full path.
  BOOST_TEST(error_of<Pets>(R"({"pets": [], "id": 1.5})") ==
             "at $.id: expected integer in [-9223372036854775808, 9223372036854775807], got 1.5");
  BOOST_TEST(error_of<Pets>(R"({"pets": [], "id": true})") ==
             "at $.id: matches none of the oneOf alternatives: no alternative is a boolean");
  BOOST_TEST(error_of<Pets>(R"({"pets": [{"meow": "m"}, {"purr": 1}], "id": 1})") ==
             "at $.pets[1]: matches none of the oneOf alternatives (1: missing required field 'meow'; "
             "2: missing required field 'bark')");
  // The required members of each are there: nothing tells them apart.
  BOOST_TEST(error_of<Pets>(R"({"pets": [{"bark": 4, "meow": "both"}], "id": 1})") ==
             "at $.pets[0]: fits oneOf alternatives 1 and 2 equally (each defines 1 of the members present); "
             "nothing in the value tells them apart");
  // A wrong type inside the chosen alternative is reported inside it, not as a mismatch.
  BOOST_TEST(error_of<Pets>(R"({"pets": [{"bark": "loud"}], "id": 1})") == "at $.pets[0].bark: expected integer, got string");
}

BOOST_AUTO_TEST_CASE(variant_prefers_the_alternative_that_defines_more_of_the_members) {
  // Both alternatives accept any object; the members present decide.
  BOOST_TEST(std::get<Album>(json::decode<Media>(R"({"title": "t", "songs": [{"title": "s"}]})").value()).songs->size() == 1u);
  BOOST_TEST(*std::get<Song>(json::decode<Media>(R"({"title": "t", "duration": 3})").value()).duration == 3);
  BOOST_TEST(*std::get<Song>(json::decode<Media>(R"({"title": "t", "duration": 3, "extra": 1})").value()).duration == 3);
  // A null says nothing about which it is.
  BOOST_TEST(error_of<Media>(R"({"title": "t", "songs": null})").starts_with("at $: fits oneOf alternatives 1 and 2 equally"));
  BOOST_TEST(error_of<Media>(R"({"title": "t"})").starts_with("at $: fits oneOf alternatives 1 and 2 equally"));
  // Whatever was chosen decodes as the same alternative again after encoding.
  for (std::string_view text : {R"({"title": "t", "duration": 3, "songs": null})", R"({"songs": [], "x": {"duration": 1}})"}) {
    Media m = json::decode<Media>(text).value();
    Media again = json::decode<Media>(json::encode(m)).value();
    BOOST_TEST(m.index() == again.index());
    BOOST_TEST((m == again));
  }
}

BOOST_AUTO_TEST_CASE(variant_of_numbers_strings_and_enums) {
  using Num = std::variant<double, std::int32_t>;
  BOOST_TEST(std::get<std::int32_t>(json::decode<Num>("7").value()) == 7);  // integral: the integer alternative
  BOOST_TEST(std::get<double>(json::decode<Num>("7.5").value()) == 7.5);
  using Word = std::variant<Kind, std::vector<std::string>>;
  BOOST_TEST((std::get<Kind>(json::decode<Word>("\"playlist\"").value()) == Kind::playlist));
  using Closed = std::variant<Kind, std::string>;
  BOOST_TEST(std::get<std::string>(json::decode<Closed>("\"album\"").value()) == "album");  // Kind does not list it
  BOOST_TEST(error_of<Closed>("\"track\"") ==
             "at $: fits several oneOf alternatives equally; nothing in the value tells them apart");
  using Flag = std::variant<bool, std::string>;  // a member whose examples and schema disagree
  BOOST_TEST(std::get<bool>(json::decode<Flag>("true").value()));
  BOOST_TEST(std::get<std::string>(json::decode<Flag>("\"true\"").value()) == "true");
}

BOOST_AUTO_TEST_CASE(whitespace_anywhere_between_tokens) {
  auto r = json::decode<User>(" \r\n\t{ \"id\" :\n 7 ,\t\"username\"\r\n:\"u\" , \"city\" : null } \n");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->id == 7);
  BOOST_TEST(r->username == "u");
}

BOOST_AUTO_TEST_CASE(maps_read_objects) {
  auto r = json::decode<Maps>(R"({"counts": {"a": 3, "b c": 2}, "groups": {"g": ["x", "y"], "h": []},
                                  "users": {"u1": {"id": 1, "username": "one"}}})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->counts.size() == 2u);
  BOOST_TEST(r->counts.at("a") == 3);
  BOOST_TEST(r->counts.at("b c") == 2);
  BOOST_TEST((r->groups.at("g") == std::vector<std::string>{"x", "y"}));
  BOOST_TEST(r->groups.at("h").empty());
  BOOST_TEST(r->users->at("u1").username == "one");
  BOOST_TEST(error_of<Maps>(R"({"counts": {"ok": 1, "b c": "2"}, "groups": {}})") ==
             "at $.counts[\"b c\"]: expected integer, got string");
  BOOST_TEST(error_of<Maps>(R"({"counts": {}, "groups": {}, "users": {"u": {"id": 1}}})") ==
             "missing required field 'username' at $.users.u");
}

BOOST_AUTO_TEST_CASE(box_allows_recursive_models) {
  auto r = json::decode<Node>(R"({"name": "root", "children": [
      {"name": "a", "children": [{"name": "a1", "children": []}]},
      {"name": "b", "children": [], "parent": {"name": "root", "children": []}}]})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->children.size() == 2u);
  BOOST_TEST(r->children[0]->children[0]->name == "a1");
  BOOST_TEST((*r->children[1]->parent)->name == "root");
  BOOST_TEST(error_of<Node>(R"({"name": "r", "children": [{"name": "a", "children": [{"children": []}]}]})") ==
             "missing required field 'name' at $.children[0].children[0]");
}

BOOST_AUTO_TEST_CASE(free_form_members_hold_any_json) {
  auto r = json::decode<Free>(R"({"any": {"x": [1, "two", null, {"y": 3.5}]}, "meta": {"k": "v"}, "list": [1, 2]})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST((r->any == boost::json::parse(R"({"x": [1, "two", null, {"y": 3.5}]})")));
  BOOST_TEST((r->meta->at("k") == "v"));
  BOOST_TEST(r->list->size() == 2u);

  auto null_any = json::decode<Free>(R"({"any": null})");
  BOOST_REQUIRE(null_any);
  BOOST_TEST(null_any->any.is_null());
  auto missing = json::decode<Free>(R"({})");
  BOOST_REQUIRE(missing);
  BOOST_TEST(missing->any.is_null());
  BOOST_TEST(!missing->meta.has_value());

  BOOST_TEST(error_of<Free>(R"({"any": 1, "meta": [1]})") == "at $.meta: expected object, got array");
  BOOST_TEST(error_of<Free>(R"({"any": 1, "list": {}})") == "at $.list: expected array, got object");
  BOOST_TEST(json::decode<boost::json::value>("\"s\"").value() == "s");
}

BOOST_AUTO_TEST_CASE(arrays_of_arrays_and_vector_of_bool) {
  auto r = json::decode<Grid>(R"({"rows": [[1, 2.5], [], [-3e2]], "flags": [true, false, true], "scale": 0.25})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST((r->rows == std::vector<std::vector<double>>{{1, 2.5}, {}, {-300}}));
  BOOST_TEST((r->flags == std::vector<bool>{true, false, true}));
  BOOST_TEST(r->scale == 0.25f);
}

BOOST_AUTO_TEST_CASE(members_of_described_bases_are_read) {
  auto r = json::decode<Derived>(R"({"id": "x", "n": 2})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->id == "x");
  BOOST_TEST(r->n == 2);
  BOOST_TEST(error_of<Derived>(R"({"n": 2})") == "missing required field 'id' at $");
}

BOOST_AUTO_TEST_CASE(top_level_values_and_empty_bodies) {
  BOOST_TEST(error_of<User>("") == "at $: malformed JSON at byte 0: unexpected end of input");
  BOOST_TEST(error_of<User>("  \n ") == "at $: malformed JSON at byte 4: unexpected end of input");
  BOOST_TEST(error_of<std::vector<int>>("") == "at $: malformed JSON at byte 0: unexpected end of input");
  BOOST_TEST(!json::decode<std::optional<User>>("").value().has_value());
  BOOST_TEST(!json::decode<std::optional<User>>(" null ").value().has_value());
  BOOST_TEST(json::decode<std::optional<User>>(R"({"id":1,"username":"u"})").value()->id == 1);
  BOOST_TEST((json::decode<std::vector<int>>(" [1, 2 ,3] \n").value() == std::vector<int>{1, 2, 3}));
  BOOST_TEST(json::decode<std::string>("\"x\"").value() == "x");
  BOOST_TEST(json::decode<bool>("false").value() == false);
  BOOST_TEST(error_of<std::string>("null") == "at $: expected string, got null");
}

BOOST_AUTO_TEST_CASE(string_escapes_are_decoded) {
  auto r = json::decode<std::string>(R"("q\" b\\ s\/ \b\f\n\r\t \u0041\u00e9\u20ac\ud83d\ude00 \u0000end")");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  using namespace std::string_literals;
  BOOST_TEST(*r == "q\" b\\ s/ \b\f\n\r\t A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 \0end"s);
  BOOST_TEST(json::decode<std::string>("\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"").value() ==
             "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
}

BOOST_AUTO_TEST_CASE(decode_error_is_a_value_and_value_throws) {
  auto r = json::decode<User>("{");
  BOOST_TEST(!r);
  BOOST_TEST((r.error().kind == webapi::ErrorKind::decode));
  BOOST_CHECK_THROW((void)r.value(), webapi::Exception);
}

BOOST_AUTO_TEST_CASE(codable_concept_accepts_models_and_rejects_others) {
  static_assert(json::Codable<Page>);
  static_assert(json::Codable<Node>);
  static_assert(json::Codable<Pets>);
  static_assert(json::Codable<std::map<std::string, std::vector<std::optional<Kind>>>>);
  static_assert(!json::Codable<Unsupported>);
  static_assert(!json::Codable<std::map<int, int>>);
  static_assert(!json::Codable<char>);
  static_assert(!json::Codable<std::vector<const char*>>);
  BOOST_TEST(true);
}

BOOST_AUTO_TEST_CASE(webapi_optional_reads_and_writes_as_std_optional_does) {
  auto full = json::decode<Listing>(R"({"title": null, "ids": [1, null, 3], "owner": {"id": 5, "username": "ann"}})");
  BOOST_REQUIRE(full);
  BOOST_TEST(!full->title);
  BOOST_REQUIRE(full->ids);
  BOOST_TEST(full->ids->size() == 3u);
  BOOST_TEST(((*full->ids)[0] == 1 && !(*full->ids)[1] && (*full->ids)[2] == 3));
  BOOST_TEST(full->owner->username == "ann");
  auto empty = json::decode<Listing>("{}");
  BOOST_REQUIRE(empty);
  BOOST_TEST((*empty == Listing{}));
  BOOST_TEST(json::encode(*full) == R"({"ids":[1,null,3],"owner":{"id":5,"username":"ann"}})");
  BOOST_TEST(json::encode(Listing{.title = "t"}) == R"({"title":"t"})");
  BOOST_TEST(error_of<Listing>(R"({"ids": [1, "2"]})") == "at $.ids[1]: expected integer, got string");
  auto top = json::decode<webapi::Optional<User>>("");
  BOOST_REQUIRE(top);
  BOOST_TEST(!*top);
}

BOOST_AUTO_TEST_SUITE_END()
