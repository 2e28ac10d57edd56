// Google's system parameters: out of every operation's parameters, into Config or a per-call with(); the
// ones that carry credentials are secrets on the request.

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/recording.hpp>
#include <webapi/migration/client.hpp>
#include <webapi/transport/logging.hpp>

namespace mc = webapi::migration;

namespace {

webapi::Response ok_json(std::string body) {
  webapi::Response r;
  r.headers.set("Content-Type", "application/json");
  r.body = std::move(body);
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(system_parameters)

BOOST_AUTO_TEST_CASE(an_operations_own_parameters_come_first) {
  webapi::CannedTransport canned{ok_json("{}")};
  mc::Client<webapi::CannedTransport> client{canned, {.access_token = "ya29.t"}};
  // The first designated initializer is the operation's own, not one of eleven shared ones.
  BOOST_REQUIRE(client.groups_list("projects/p1/locations/l1", {.filter = "name:web", .page_size = 5}));
  BOOST_TEST(canned.last()->query_value("filter").value_or("") == "name:web");
  BOOST_TEST(!canned.last()->query_value("fields"));
}

BOOST_AUTO_TEST_CASE(config_sets_them_for_every_call_and_with_for_one) {
  webapi::CannedTransport canned{ok_json("{}")};
  mc::Client<webapi::CannedTransport> client{
      canned, {.access_token = "ya29.t", .system_parameters = {.pretty_print = false, .quota_user = "tenant-7"}}};
  BOOST_REQUIRE(client.groups_list("projects/p1/locations/l1"));
  BOOST_TEST(canned.last()->query_value("quotaUser").value_or("") == "tenant-7");
  BOOST_TEST(canned.last()->query_value("prettyPrint").value_or("") == "false");

  BOOST_REQUIRE(client.with({.fields = "groups(name)"}).groups_list("projects/p1/locations/l1"));
  BOOST_TEST(canned.last()->query_value("fields").value_or("") == "groups(name)");
  BOOST_TEST(!canned.last()->query_value("quotaUser"));  // with() replaces the configured set for that call

  BOOST_REQUIRE(client.groups_list("projects/p1/locations/l1"));  // and the client itself is unchanged
  BOOST_TEST(!canned.last()->query_value("fields"));
  BOOST_TEST(canned.last()->query_value("quotaUser").value_or("") == "tenant-7");
}

BOOST_AUTO_TEST_CASE(key_access_token_and_oauth_token_are_secrets_and_never_logged) {
  webapi::CannedTransport canned{ok_json("{}")};
  std::string line;
  webapi::Logging logged{canned, [&](std::string_view l) { line = l; }};
  mc::AnyClient client{logged, {.access_token = "ya29.header",
                                .system_parameters = {.access_token = "ya29.query-secret",
                                                      .key = "AIza-key-secret",
                                                      .oauth_token = "ya29.oauth-secret"}}};
  BOOST_REQUIRE(client.groups_list("projects/p1/locations/l1"));
  const auto sent = *canned.last();
  for (const char* name : {"key", "access_token", "oauth_token"}) BOOST_TEST(webapi::auth::is_secret(sent, name));
  BOOST_TEST(sent.query_value("key").value_or("") == "AIza-key-secret");
  for (const char* secret : {"ya29.query-secret", "AIza-key-secret", "ya29.oauth-secret"})
    BOOST_TEST(line.find(secret) == std::string::npos, line);
  BOOST_TEST(line.find("key=") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
