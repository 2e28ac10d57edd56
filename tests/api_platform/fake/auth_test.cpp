// The API key: in the X-Api-Key header or the apikey query parameter, the header winning; 401 otherwise,
// never repeating the key. /me tells who the key belongs to. Every operation is routed; what the fake does
// not model is 501 naming it.

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;
using webapi::Method;

BOOST_FIXTURE_TEST_SUITE(auth, PlatformFixture)

BOOST_AUTO_TEST_CASE(the_key_in_the_header_names_its_user) {
  auto me = ok(client.api_key_owner());
  BOOST_REQUIRE(me.user.has_value());
  BOOST_TEST(*me.user->id == user.id);
  BOOST_TEST(*me.user->username == "jane");
  BOOST_TEST(*me.user->full_name == "Jane Doe");
  BOOST_TEST(*me.user->email == "jane@example.com");

  PlatformClient as_other{fake, {.api_key = other.api_key}};
  BOOST_TEST(*ok(as_other.api_key_owner()).user->id == other.id);
}

BOOST_AUTO_TEST_CASE(the_key_in_the_query_works_too) {
  PlatformClient in_query{fake, {.api_key = user.api_key, .api_key_in_query = true}};
  BOOST_TEST(*ok(in_query.api_key_owner()).user->id == user.id);
  const auto sent = fake.requests().back();
  BOOST_TEST(sent.request.query_value("apikey").has_value());
  BOOST_TEST(!sent.request.headers.get("X-Api-Key").has_value());
}

BOOST_AUTO_TEST_CASE(the_header_wins_over_the_query) {
  auto r = raw(Method::get, "/me", "not-a-key", {}, {{"apikey", user.api_key}});
  BOOST_TEST(r.status == 401);
  r = raw(Method::get, "/me", user.api_key, {}, {{"apikey", "not-a-key"}});
  BOOST_TEST(r.status == 200);
}

BOOST_AUTO_TEST_CASE(no_key_or_an_unknown_one_is_401_without_the_key) {
  auto none = raw(Method::get, "/environments", "");
  BOOST_TEST(none.status == 401);
  BOOST_TEST(refusal_of(none.status, none.body).name == "AuthenticationError");
  BOOST_TEST(refusal_of(none.status, none.body).message.find("X-Api-Key") != std::string::npos);

  PlatformClient wrong{fake, {.api_key = "PMAK-not-issued"}};
  auto r = wrong.all_environments();
  auto e = refused(r, 401);
  BOOST_TEST(r.error().body.find("PMAK-not-issued") == std::string::npos);
  BOOST_TEST(r.error().message.find("PMAK-not-issued") == std::string::npos);
  (void)e;
}

BOOST_AUTO_TEST_CASE(a_revoked_key_stops_working) {
  BOOST_TEST(fake.revoke_api_key(user.api_key));
  refused(client.api_key_owner(), 401);
  BOOST_TEST(!fake.revoke_api_key(user.api_key));
}

BOOST_AUTO_TEST_CASE(me_counts_the_calls_made_with_the_users_keys) {
  ok(client.all_environments());
  ok(client.all_collections());
  auto me = ok(client.api_key_owner());
  BOOST_REQUIRE(me.operations && me.operations->size() == 1u);
  BOOST_TEST(*me.operations->front().name == "api_usage");
  BOOST_TEST(*me.operations->front().usage == 3.0);  // this call included
}

BOOST_AUTO_TEST_CASE(every_operation_is_routed_and_the_unmodeled_answer_501_by_name) {
  std::size_t routed = 0;
  for (const auto& op : ap::operations) {
    bool found = false;
    for (const auto& r : fake.routes()) found = found || r.operation == op.name;
    BOOST_TEST(found, op.name);
    routed += found;
  }
  BOOST_TEST(routed == ap::operations.size());

  auto r = client.import_external_api_specification();
  auto e = refused(r, 501);
  BOOST_TEST(e.message.find("import_external_api_specification") != std::string::npos);
  BOOST_TEST(refused(client.import_exported_data(), 501).message.find("import_exported_data") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(errors_decode_into_the_service_error) {
  auto r = client.single_environment("nope");
  refused(r, 404);
  BOOST_REQUIRE(r.error().service_error() != nullptr);
  BOOST_TEST(r.error().service_error()->code == "instanceNotFoundError");
  BOOST_TEST((r.error().category() == webapi::ErrorCategory::not_found));
}

BOOST_AUTO_TEST_SUITE_END()
