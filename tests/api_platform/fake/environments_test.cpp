// Environments: CRUD by uid; a name of 1 to 254 characters, at most 100 values, keys of 1 to 254
// characters, string values and boolean enabled, each refusal naming the field.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;
using webapi::Method;

namespace {

ap::CreateEnvironmentParams env_named(std::string name, std::vector<ap::EnvironmentValue> values = {}) {
  ap::CreateEnvironmentParams p;
  p.body.environment.name = std::move(name);
  p.body.environment.values = std::move(values);
  return p;
}

std::vector<ap::EnvironmentValue> values_n(std::size_t n) {
  std::vector<ap::EnvironmentValue> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back({.key = "k" + std::to_string(i), .value = "v"});
  return v;
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(environments, PlatformFixture)

BOOST_AUTO_TEST_CASE(created_read_updated_and_deleted_by_uid) {
  auto made = ok(client.create_environment(
      env_named("Staging", {{.key = "baseUrl", .value = "https://s.example.com"}, {.key = "t", .value = "x", .enabled = false}})));
  const std::string uid = *made.environment->uid;
  BOOST_TEST(uid == user.id + "-" + *made.environment->id);

  auto got = ok(client.single_environment(uid));
  BOOST_TEST(*got.environment->name == "Staging");
  BOOST_REQUIRE(got.environment->values->size() == 2u);
  BOOST_TEST(*got.environment->values->at(0).key == "baseUrl");
  BOOST_TEST(*got.environment->values->at(0).enabled == true);
  BOOST_TEST(*got.environment->values->at(1).enabled == false);

  ap::UpdateEnvironmentParams change;
  change.body.environment = {.name = "Production", .values = std::vector<ap::EnvironmentValue>{}};
  BOOST_TEST(*ok(client.update_environment(uid, change)).environment->name == "Production");
  BOOST_TEST(fake.environment(*made.environment->id)->values.empty());

  auto listed = ok(client.all_environments());
  BOOST_REQUIRE(listed.environments->size() == 1u);
  BOOST_TEST(*listed.environments->front().uid == uid);
  BOOST_TEST(*listed.environments->front().owner == user.id);

  BOOST_TEST(*ok(client.delete_environment(uid)).environment->uid == uid);
  refused(client.single_environment(uid), 404);
  BOOST_TEST(ok(client.all_environments()).environments->empty());
}

BOOST_AUTO_TEST_CASE(each_user_lists_their_own) {
  environment("Mine");
  PlatformClient as_other{fake, {.api_key = other.api_key}};
  BOOST_TEST(ok(as_other.all_environments()).environments->empty());
}

BOOST_AUTO_TEST_CASE(the_name_has_1_to_254_characters) {
  BOOST_TEST(refused(client.create_environment(env_named("")), 400).param == "environment.name");
  ok(client.create_environment(env_named(std::string(254, 'n'))));
  auto e = refused(client.create_environment(env_named(std::string(255, 'n'))), 400);
  BOOST_TEST(e.param == "environment.name");
  BOOST_TEST(e.message.find("254") != std::string::npos);
  // Characters, not bytes: 254 two-byte letters fit.
  std::string umlauts;
  for (int i = 0; i < 254; ++i) umlauts += "\xC3\xA4";
  ok(client.create_environment(env_named(umlauts)));
}

BOOST_AUTO_TEST_CASE(at_most_100_values) {
  ok(client.create_environment(env_named("full", values_n(100))));
  BOOST_TEST(refused(client.create_environment(env_named("over", values_n(101))), 400).param == "environment.values");
}

BOOST_AUTO_TEST_CASE(each_key_has_1_to_254_characters) {
  auto v = values_n(5);
  v[3].key = "";
  BOOST_TEST(refused(client.create_environment(env_named("e", v)), 400).param == "environment.values[3].key");
  v[3].key = std::string(255, 'k');
  BOOST_TEST(refused(client.create_environment(env_named("e", v)), 400).param == "environment.values[3].key");
  v[3].key = std::string(254, 'k');
  ok(client.create_environment(env_named("e", v)));
}

BOOST_AUTO_TEST_CASE(values_are_strings_and_enabled_a_boolean) {
  auto r = raw(Method::post, "/environments", user.api_key,
               R"({"environment":{"name":"e","values":[{"key":"a","value":"1"},{"key":"b","value":2}]}})");
  BOOST_TEST(r.status == 400);
  BOOST_TEST(refusal_of(r.status, r.body).param == "environment.values[1].value");
  r = raw(Method::post, "/environments", user.api_key,
          R"({"environment":{"name":"e","values":[{"key":"a","value":"1","enabled":"yes"}]}})");
  BOOST_TEST(r.status == 400);
  BOOST_TEST(refusal_of(r.status, r.body).param == "environment.values[0].enabled");
  r = raw(Method::post, "/environments", user.api_key, R"({"environment":{"values":[]}})");
  BOOST_TEST(r.status == 400);
  BOOST_TEST(refusal_of(r.status, r.body).param == "environment.name");
  BOOST_TEST(ok(client.all_environments()).environments->empty());
}

BOOST_AUTO_TEST_CASE(a_refused_update_changes_nothing) {
  const std::string uid = environment("Keep");
  ap::UpdateEnvironmentParams change;
  change.body.environment = {.name = "Renamed", .values = values_n(101)};
  refused(client.update_environment(uid, change), 400);
  BOOST_TEST(*ok(client.single_environment(uid)).environment->name == "Keep");
}

BOOST_AUTO_TEST_SUITE_END()
