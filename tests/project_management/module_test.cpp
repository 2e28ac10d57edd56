#define BOOST_TEST_MODULE webapi project_management module
#include <boost/test/unit_test.hpp>

#include <webapi/project_management.hpp>

#include "../support/canned_client.hpp"

using namespace webapi;
using test::contains;
namespace pm = webapi::project_management;

namespace {

struct Fixture {
  test::CannedTransport transport{test::json(R"({"id": 1, "name": "Manual", "unexpected": [true]})", 200,
                                       "application/vnd.xtrf-v1+json;charset=UTF-8")};
  pm::Client<test::CannedTransport> client{transport, {.access_token = "xtrf-token"}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(project_management_client, Fixture)

BOOST_AUTO_TEST_CASE(classic_and_smart_projects_by_id) {
  auto classic = client.get_projects_project_id("p1", {.embed = "tasks"});
  WEBAPI_REQUIRE_OK(classic);
  BOOST_TEST(classic->id.value_or(0) == 1);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::get);
  BOOST_TEST(req.base_url == "https://presentation.s.xtrf.eu/home-api");
  BOOST_TEST(req.path == "/projects/p1");
  BOOST_TEST(test::query(req) == "embed=tasks");
  BOOST_TEST(req.headers.get("X-AUTH-ACCESS-TOKEN").value_or("") == "xtrf-token");
  BOOST_TEST(auth::is_secret(req, "X-AUTH-ACCESS-TOKEN"));

  transport.respond(test::json(R"({"id": "p1", "name": "Smart"})", 200, "application/vnd.xtrf-v1+json;charset=UTF-8"));
  auto smart = client.get_v2_projects_project_id("p1");
  WEBAPI_REQUIRE_OK(smart);
  BOOST_TEST(test::sent(transport).path == "/v2/projects/p1");
  BOOST_TEST(smart->id.value_or("") == "p1");
}

BOOST_AUTO_TEST_CASE(hostile_ids_stay_inside_their_segment) {
  transport.respond(test::json("{}"));
  WEBAPI_REQUIRE_OK(client.get_v2_projects_project_id("../admin"));
  BOOST_TEST(test::sent(transport).path == "/v2/projects/..%2Fadmin");
  WEBAPI_REQUIRE_OK(client.get_v2_projects_project_id(".."));
  BOOST_TEST(test::sent(transport).path == "/v2/projects/%2E%2E");
  WEBAPI_REQUIRE_OK(client.get_v2_projects_project_id("a b?c#d%e"));
  BOOST_TEST(test::sent(transport).path == "/v2/projects/a%20b%3Fc%23d%25e");
  test::CannedTransport fresh;
  pm::Client<test::CannedTransport> c{fresh, {.access_token = "t"}};
  auto empty = c.get_v2_projects_project_id("");
  BOOST_REQUIRE(!empty);
  BOOST_TEST(empty.error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(!fresh.last().has_value());
}

BOOST_AUTO_TEST_CASE(status_change_has_a_json_body_and_no_result) {
  transport.respond(test::json("", 204));
  auto r = client.put_v2_projects_project_id_status("p9", {.body = {.status = "CLOSED"}});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::put);
  BOOST_TEST(req.path == "/v2/projects/p9/status");
  BOOST_TEST(req.body == R"({"status":"CLOSED"})");
  BOOST_TEST(contains(req.content_type, "application/json"));

  transport.respond(test::json(R"({"message": "impossible move"})", 400));
  auto refused = client.put_v2_projects_project_id_status("p9", {.body = {.status = "OPENED"}});
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().status == 400);
}

BOOST_AUTO_TEST_CASE(dictionary_value_missing_a_required_field) {
  // docs/json.md: an answer lacking a required member keeps it empty; a wrong type is still an error.
  transport.respond(test::json(R"({"id": 3, "preferedEntity": false, "active": true})"));
  auto r = client.get_dictionaries_type_id("language", 3);
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(r->name.empty());
  BOOST_TEST(test::sent(transport).path == "/dictionaries/language/3");

  transport.respond(test::json(R"({"id": 3, "name": 5, "preferedEntity": false})"));
  auto wrong = client.get_dictionaries_type_id("language", 3);
  BOOST_REQUIRE(!wrong);
  BOOST_TEST(wrong.error().kind == ErrorKind::decode);
  BOOST_TEST(contains(wrong.error().message, "at $.name: expected string, got number"));

  transport.respond(test::json(R"({"id": 3, "name": "English", "preferedEntity": false, "later": 1})"));
  auto ok = client.get_dictionaries_type_id("language", 3);
  WEBAPI_REQUIRE_OK(ok);
  BOOST_TEST(ok->name == "English");
}

BOOST_AUTO_TEST_CASE(operations_only_the_requirements_give) {
  transport.respond(test::json(R"({"id": 77})"));
  auto r = client.post_v2_dictionaries_language({.body = boost::json::value{{"name", "Klingon"}}});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::post);
  BOOST_TEST(req.path == "/v2/dictionaries/language");
  BOOST_TEST(req.body == R"({"name":"Klingon"})");
  BOOST_TEST(r->at("id").as_int64() == 77);

  WEBAPI_REQUIRE_OK(client.get_project_groups_project_group_id(12));
  BOOST_TEST(test::sent(transport).path == "/projectGroups/12");
}

BOOST_AUTO_TEST_CASE(unnamed_operations_go_through_send) {
  auto r = client.send(Method::post, "/v2/quotes/q1/files/archive", {.body = "{}", .content_type = "application/json"});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/v2/quotes/q1/files/archive");
  BOOST_TEST(req.headers.get("X-AUTH-ACCESS-TOKEN").value_or("") == "xtrf-token");
}

BOOST_AUTO_TEST_CASE(no_token_no_request) {
  test::CannedTransport fresh;
  pm::Client<test::CannedTransport> anonymous{fresh};
  auto r = anonymous.get_users();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::auth);
  BOOST_TEST(!fresh.last().has_value());
}

BOOST_AUTO_TEST_SUITE_END()
