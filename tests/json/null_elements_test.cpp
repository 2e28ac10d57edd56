// A null where a list holds records: an error for input a program must trust, left out of a service's
// answers, so one record the service will not show does not cost the whole list.

#include <boost/test/unit_test.hpp>

#include <optional>
#include <string>
#include <vector>

#include <webapi/core/json.hpp>

#include "test_models.hpp"
#include "test_support.hpp"

using namespace testmodels;
using testsupport::error_of;
namespace json = webapi::json;

namespace {

constexpr std::string_view users_with_nulls = R"([null, {"id": 1, "username": "ann"}, null, {"id": 2, "username": "bob"}])";

}  // namespace

BOOST_AUTO_TEST_SUITE(null_elements)

BOOST_AUTO_TEST_CASE(by_default_a_null_record_is_an_error_at_its_index) {
  BOOST_TEST(error_of<std::vector<User>>(users_with_nulls) == "at $[0]: expected object, got null");
  BOOST_TEST(error_of<std::vector<std::string>>(R"(["a", null])") == "at $[1]: expected string, got null");
}

BOOST_AUTO_TEST_CASE(in_answers_null_records_are_left_out) {
  auto r = json::decode<std::vector<User>>(users_with_nulls, json::response_options);
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST_REQUIRE(r->size() == 2u);
  BOOST_TEST((*r)[0].username == "ann");
  BOOST_TEST((*r)[1].username == "bob");

  auto page = json::decode<Page>(R"({"collection": [null], "next_href": null})", json::response_options);
  BOOST_REQUIRE(page);
  BOOST_TEST(page->collection.empty());
}

BOOST_AUTO_TEST_CASE(an_error_after_skipped_nulls_names_the_element_as_the_json_counts_it) {
  auto r = json::decode<std::vector<User>>(R"([null, null, {"id": "x", "username": "c"}])", json::response_options);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().message == "at $[2].id: expected integer, got string");
}

BOOST_AUTO_TEST_CASE(lists_that_can_hold_null_keep_it) {
  auto r = json::decode<std::vector<std::optional<int>>>("[1, null, 3]", json::response_options);
  BOOST_REQUIRE(r);
  BOOST_TEST_REQUIRE(r->size() == 3u);
  BOOST_TEST(!(*r)[1].has_value());
}

BOOST_AUTO_TEST_SUITE_END()
