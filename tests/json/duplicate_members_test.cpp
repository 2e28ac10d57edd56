// A member name that comes twice in one object is a decode error naming the member and the object's path,
// at every depth, whatever kind of value holds the object, and whether or not a name is escaped.

#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include <webapi/core/json.hpp>

#include "test_models.hpp"
#include "test_support.hpp"

using namespace testmodels;
using testsupport::error_of;
namespace json = webapi::json;

namespace {

bool says(const std::string& message, std::string_view expected) {
  return message == expected;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(duplicate_members)

BOOST_AUTO_TEST_CASE(a_known_member_twice_at_the_top_level) {
  // In declaration order (the reader's fast path) and out of it.
  auto m = error_of<User>(R"({"id":1,"username":"a","id":2})");
  BOOST_TEST(says(m, R"(at $: duplicate member "id")"), m);
  m = error_of<User>(R"({"username":"a","username":"b","id":1})");
  BOOST_TEST(says(m, R"(at $: duplicate member "username")"), m);
  // The second one where the reader expects it next in declaration order (after "id", "username" is).
  m = error_of<User>(R"({"username":"a","id":1,"username":"b"})");
  BOOST_TEST(says(m, R"(at $: duplicate member "username")"), m);
  // Twice with the same value is refused too: the rule is about names, not about disagreeing values.
  m = error_of<User>(R"({"id":1,"id":1,"username":"a"})");
  BOOST_TEST(says(m, R"(at $: duplicate member "id")"), m);
}

BOOST_AUTO_TEST_CASE(in_a_nested_object_and_inside_arrays) {
  auto m = error_of<Track>(R"({"id":1,"title":"t","kind":"track","user":{"id":2,"username":"u","city":"x","city":"y"},"tags":[]})");
  BOOST_TEST(says(m, R"(at $.user: duplicate member "city")"), m);
  m = error_of<Page>(R"({"collection":[{"id":1,"title":"t","kind":"track","user":{"id":2,"username":"u"},"tags":[]},
                                        {"id":1,"title":"t","title":"u","kind":"track","user":{"id":2,"username":"u"},"tags":[]}]})");
  BOOST_TEST(says(m, R"(at $.collection[1]: duplicate member "title")"), m);
}

BOOST_AUTO_TEST_CASE(names_that_differ_only_by_escapes_are_the_same_name) {
  auto m = error_of<User>(R"({"id":1,"username":"a","\u0069d":2})");
  BOOST_TEST(says(m, R"(at $: duplicate member "id")"), m);
  m = error_of<User>(R"({"\u0069\u0064":1,"username":"a","id":2})");
  BOOST_TEST(says(m, R"(at $: duplicate member "id")"), m);
  // An unknown name, and one inside a free-form value, alike.
  m = error_of<User>(R"({"id":1,"username":"a","x\"y":1,"x\u0022y":2})");
  BOOST_TEST(says(m, R"(at $: duplicate member "x\"y")"), m);
  m = error_of<Free>(R"({"any":{"a":1,"\u0061":2}})");
  BOOST_TEST(says(m, R"(at $.any: duplicate member "a")"), m);
}

BOOST_AUTO_TEST_CASE(members_the_model_does_not_know) {
  // Skipped members: the name twice at the level of the model, and inside a skipped value at any depth.
  auto m = error_of<User>(R"({"id":1,"extra":1,"username":"a","extra":{}})");
  BOOST_TEST(says(m, R"(at $: duplicate member "extra")"), m);
  m = error_of<User>(R"({"id":1,"username":"a","extra":{"deep":[{"k":1,"k":2}]}})");
  BOOST_TEST(says(m, R"(at $.extra.deep[0]: duplicate member "k")"), m);
  // Many unknown members (past the ones compared in place) are still told apart, the last from the first.
  std::string many = R"({"id":1,"username":"a")";
  for (int i = 0; i < 40; ++i) many += ",\"u" + std::to_string(i) + "\":" + std::to_string(i);
  BOOST_TEST(json::decode<User>(many + "}").has_value());
  m = error_of<User>(many + R"(,"u0":0})");
  BOOST_TEST(says(m, R"(at $: duplicate member "u0")"), m);
  // Escaped unknown names past the ones compared in place are kept as decoded copies.
  std::string escaped = R"({"id":1,"username":"a")";
  for (int i = 0; i < 20; ++i) escaped += ",\"\\u0065" + std::to_string(i) + "\":" + std::to_string(i);
  BOOST_TEST(json::decode<User>(escaped + "}").has_value());
  m = error_of<User>(escaped + R"(,"e19":0})");
  BOOST_TEST(says(m, R"(at $: duplicate member "e19")"), m);
}

BOOST_AUTO_TEST_CASE(maps_free_form_values_and_one_of_objects) {
  auto m = error_of<Maps>(R"({"counts":{"a":1,"b":2,"a":3},"groups":{}})");
  BOOST_TEST(says(m, R"(at $.counts: duplicate member "a")"), m);
  m = error_of<Maps>(R"({"counts":{},"groups":{"g":[],"g":["x"]}})");
  BOOST_TEST(says(m, R"(at $.groups: duplicate member "g")"), m);
  m = error_of<Free>(R"({"any":null,"meta":{"n":{"x":1,"x":1}}})");
  BOOST_TEST(says(m, R"(at $.meta.n: duplicate member "x")"), m);
  m = error_of<Free>(R"({"any":null,"list":[{},{"q":1,"q":2}]})");
  BOOST_TEST(says(m, R"(at $.list[1]: duplicate member "q")"), m);
  // An object read as one of several alternatives says what is wrong with it, not that none fits.
  m = error_of<Media>(R"({"title":"a","title":"b"})");
  BOOST_TEST(says(m, R"(at $: duplicate member "title")"), m);
}

BOOST_AUTO_TEST_CASE(distinct_names_are_untouched) {
  // Names that share a prefix or a length, and the same name in sibling or nested objects, are no duplicates.
  auto r = json::decode<Page>(R"({"collection":[
    {"id":1,"title":"t","kind":"track","user":{"id":1,"username":"u"},"tags":[],"x":{"id":1,"x":{"id":2}}},
    {"id":2,"title":"t","kind":"track","user":{"id":1,"username":"u"},"tags":[],"x":{"id":1}}],"next_href":null})");
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->collection.size() == 2u);
  auto f = json::decode<Free>(R"({"any":{"a":1,"aa":2,"b":{"a":3}},"meta":{"ab":1,"ba":2}})");
  BOOST_REQUIRE_MESSAGE(f, (f ? "" : f.error().message));
  BOOST_TEST(f->any.as_object().size() == 3u);
}

BOOST_AUTO_TEST_SUITE_END()
