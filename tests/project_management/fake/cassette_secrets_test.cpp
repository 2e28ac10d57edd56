// No credential of the project-management API survives in a cassette: the access token travels in a header.
#include <boost/test/unit_test.hpp>

#include <map>

#include <webapi/fakes/project_management.hpp>
#include <webapi/project_management.hpp>

#include "../../support/cassette_secrets.hpp"

BOOST_AUTO_TEST_CASE(no_project_management_credential_survives_in_a_cassette) {
  webapi::fakes::project_management::Fake fake;
  std::map<std::string, std::string> v;
  for (auto& [name, value] : seed_demo(fake)) v[name] = value;
  test::cassette_secrets::Recorded rec(fake, "project_management");
  {
    webapi::project_management::Client en(rec.transport(), {.access_token = v.at("ACCESS_TOKEN")});
    webapi::project_management::Client de(rec.transport(), {.access_token = v.at("ACCESS_TOKEN_DE")});
    BOOST_TEST(en.get_projects_project_id(v.at("CLASSIC_PROJECT_ID")).has_value());
    BOOST_TEST(de.get_dictionaries_type_id("language", 1).has_value());
  }
  rec.recorder.reset();
  test::cassette_secrets::require_none_survive(rec.path, {v.at("ACCESS_TOKEN"), v.at("ACCESS_TOKEN_DE")}, 2);
}
