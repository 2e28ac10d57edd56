#define BOOST_TEST_MODULE webapi api_platform module
#include <boost/test/unit_test.hpp>

#include <webapi/api_platform.hpp>

#include "../support/canned_client.hpp"

using namespace webapi;
using test::contains;
namespace ap = webapi::api_platform;

namespace {

struct Fixture {
  test::CannedTransport transport{test::json(R"({"environment": {"id": "e1", "name": "Prod", "uid": "u-e1", "more": 1}})")};
  ap::Client<test::CannedTransport> client{transport, {.api_key = "PMAK-1"}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(api_platform_client, Fixture)

BOOST_AUTO_TEST_CASE(key_in_its_header_by_default) {
  auto r = client.create_environment(
      {.body = {.environment = {.name = "Prod", .values = std::vector<ap::EnvironmentValue>{
                                                    {.key = "host", .value = "x.example", .enabled = true}}}}});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::post);
  BOOST_TEST(req.base_url == "https://api.getpostman.com");
  BOOST_TEST(req.path == "/environments");
  BOOST_TEST(req.headers.get("X-Api-Key").value_or("") == "PMAK-1");
  BOOST_TEST(req.query.empty());
  BOOST_TEST(req.body == R"({"environment":{"name":"Prod","values":[{"key":"host","value":"x.example","enabled":true}]}})");
  BOOST_REQUIRE(r->environment);
  BOOST_TEST(r->environment->uid.value_or("") == "u-e1");
}

BOOST_AUTO_TEST_CASE(key_in_the_query_when_asked) {
  ap::Client<test::CannedTransport> q{transport, {.api_key = "PMAK-2", .api_key_in_query = true}};
  transport.respond(test::json(R"({"collection": {"id": "c2", "uid": "1-c2"}})"));
  WEBAPI_REQUIRE_OK(q.create_a_fork("1-c1", {.workspace = "w1"}));
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/collections/fork/1-c1");
  BOOST_TEST(test::query(req) == "workspace=w1&apikey=PMAK-2");
  BOOST_TEST(!req.headers.contains("X-Api-Key"));
  BOOST_TEST(auth::is_secret(req, "apikey"));
}

BOOST_AUTO_TEST_CASE(hostile_uids_are_one_segment) {
  transport.respond(test::json(R"({"collection": {"id": "c", "uid": "1-c"}})"));
  WEBAPI_REQUIRE_OK(client.delete_collection("../../me"));
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::delete_);
  BOOST_TEST(req.path == "/collections/..%2F..%2Fme");
}

BOOST_AUTO_TEST_CASE(missing_key_fails_before_sending_webhooks_included) {
  test::CannedTransport fresh{test::json(R"({"webhook": {"id": "w", "webhookUrl": "https://hook.example/1"}})")};
  ap::Client<test::CannedTransport> anonymous{fresh};
  auto denied = anonymous.all_environments();
  BOOST_REQUIRE(!denied);
  BOOST_TEST(denied.error().kind == ErrorKind::auth);
  BOOST_TEST(!fresh.last().has_value());

  // The service needs the key for createWebhook too, though its description does not say so there.
  auto hook = anonymous.create_webhook({.body = ap::CreateWebhookRequest{
                                            .webhook = ap::CreateWebhookRequestWebhook{.collection = "c1", .name = "n"}}});
  BOOST_REQUIRE(!hook);
  BOOST_TEST(hook.error().kind == ErrorKind::auth);
  BOOST_TEST(!fresh.last().has_value());
}

BOOST_AUTO_TEST_CASE(a_missing_required_field_keeps_its_default_a_wrong_type_is_named) {
  // docs/json.md: an answer lacking a required member keeps it empty rather than failing the call.
  transport.respond(test::json(R"({"environment": {"id": "e1"}})"));
  auto r = client.send<ap::EnvironmentInput>(Method::get, "/environments/e1");
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(r->name.empty());
  transport.respond(test::json(R"({"name": ["x"]})"));
  auto wrong = client.send<ap::EnvironmentInput>(Method::get, "/environments/e1");
  BOOST_REQUIRE(!wrong);
  BOOST_TEST(contains(wrong.error().message, "at $.name: expected string, got array"));
}

BOOST_AUTO_TEST_SUITE_END()
