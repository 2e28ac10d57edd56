// A member the model requires but the input lacks: an error for input a program must trust, its default
// for a service's answers, so one incomplete element does not cost the whole page.

#include <boost/test/unit_test.hpp>

#include <string>

#include <webapi/core/call.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/core/request_builder.hpp>

#include "test_models.hpp"
#include "test_support.hpp"

using namespace testmodels;
using testsupport::error_of;
namespace json = webapi::json;

namespace {

// 500 tracks; the 321st lacks its user's required id.
std::string long_page() {
  std::string s = R"({"collection":[)";
  for (int i = 0; i < 500; ++i) {
    if (i) s += ',';
    std::string user = i == 320 ? R"({"username":"u"})" : R"({"id":)" + std::to_string(i) + R"(,"username":"u"})";
    s += R"({"id":)" + std::to_string(i) + R"(,"title":"t","kind":"track","user":)" + user + R"(,"tags":[]})";
  }
  return s + "]}";
}

webapi::Result<Page> fetch(const std::string& body) {
  webapi::CannedTransport transport(webapi::Response{200, {}, body});
  return webapi::call<Page>(transport, webapi::RequestBuilder(webapi::Method::get, "get_page", "").path("/page").build());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(missing_members)

BOOST_AUTO_TEST_CASE(strict_by_default_naming_the_member_and_where) {
  BOOST_TEST(error_of<Page>(long_page()) == "missing required field 'id' at $.collection[320].user");
}

BOOST_AUTO_TEST_CASE(default_value_keeps_the_rest_of_the_page) {
  auto r = json::decode<Page>(long_page(), {.missing_required = json::MissingRequired::default_value});
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->collection.size() == 500u);
  BOOST_TEST(r->collection[320].user.id == 0);
  BOOST_TEST(r->collection[320].user.username == "u");
  BOOST_TEST(r->collection[321].user.id == 321);
  // Every required member, at any depth.
  auto bare = json::decode<Track>("{}", json::response_options);
  BOOST_REQUIRE(bare);
  BOOST_TEST((*bare == Track{}));
}

BOOST_AUTO_TEST_CASE(answers_read_by_call_keep_the_page_but_wrong_types_still_fail) {
  auto r = fetch(long_page());
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().message));
  BOOST_TEST(r->collection.size() == 500u);

  auto wrong = fetch(R"({"collection":[{"id":1,"title":"t","kind":"track","user":{"id":"7","username":"u"},"tags":[]}]})");
  BOOST_REQUIRE(!wrong);
  BOOST_TEST((wrong.error().kind == webapi::ErrorKind::decode));
  BOOST_TEST(wrong.error().message.find("at $.collection[0].user.id: expected integer, got string") != std::string::npos,
             wrong.error().message);
  auto null_required = fetch(R"({"collection":[{"id":1,"title":null}]})");
  BOOST_REQUIRE(!null_required);
  BOOST_TEST(null_required.error().message.find("at $.collection[0].title: expected string, got null") != std::string::npos,
             null_required.error().message);
}

BOOST_AUTO_TEST_SUITE_END()
