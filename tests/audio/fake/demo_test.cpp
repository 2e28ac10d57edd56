// The demo data set behind `webapi-fake-server --api audio --seed demo`, and the snapshot JSON.
#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

namespace {

struct DemoFixture {
  fa::Fake fake;
  std::vector<std::pair<std::string, std::string>> credentials = fa::seed_demo(fake);
  std::string value(const std::string& name) const {
    for (const auto& [n, v] : credentials)
      if (n == name) return v;
    BOOST_FAIL("no credential " << name);
    return {};
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(audio_demo, DemoFixture)

BOOST_AUTO_TEST_CASE(the_demo_names_its_credentials_in_order) {
  std::vector<std::string> names;
  for (const auto& [n, v] : credentials) names.push_back(n);
  BOOST_TEST(names == (std::vector<std::string>{"CLIENT_ID", "CLIENT_SECRET", "REDIRECT_URI", "ACCESS_TOKEN", "USER_ID",
                                              "OTHER_USER_ID"}));
}

BOOST_AUTO_TEST_CASE(the_demo_token_reads_the_demo_user_and_her_followings) {
  AudioClient audio{fake, {.access_token = value("ACCESS_TOKEN")}};
  auto me = audio.get_me();
  BOOST_REQUIRE_MESSAGE(me.has_value(), why(me));
  BOOST_TEST(std::to_string(*me->id) == value("USER_ID"));
  BOOST_TEST(*me->username == "ada");
  BOOST_TEST(*me->followings_count == 1);
  BOOST_TEST(audio.get_me_connections()->size() == 1u);
  AudioClient by_app{fake, {.client_id = value("CLIENT_ID")}};
  auto profiles = by_app.get_users_user_id_web_profiles(*me->id);
  BOOST_REQUIRE_MESSAGE(profiles.has_value(), why(profiles));
  BOOST_TEST(profiles->size() == 1u);
}

BOOST_AUTO_TEST_CASE(the_demo_user_is_signed_in_for_connect) {
  webapi::Request r;
  r.method = webapi::Method::get;
  r.path = "/connect";
  r.query = {{"client_id", value("CLIENT_ID")}, {"redirect_uri", value("REDIRECT_URI")}, {"response_type", "code"},
             {"scope", "*"}, {"code_challenge", fa::challenge_s256(std::string(43, 'v'))}, {"code_challenge_method", "S256"}};
  auto a = fake.send(r);
  BOOST_REQUIRE(a.has_value());
  BOOST_TEST(a->status == 302);
  BOOST_TEST(std::string(a->headers.get("Location").value_or("")).find("code=") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_snapshot_lists_records_and_keeps_secrets_out) {
  const std::string json = boost::json::serialize(fake.snapshot_json());
  auto o = boost::json::parse(json).as_object();
  BOOST_TEST(o.at("users").as_array().size() == 3u);
  BOOST_TEST(o.at("tracks").as_array().size() == 5u);
  BOOST_TEST(o.at("follows").as_array().size() == 1u);
  BOOST_TEST(json.find(value("CLIENT_SECRET")) == std::string::npos);
  BOOST_TEST(json.find(value("ACCESS_TOKEN")) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(reset_empties_the_fake) {
  fake.reset();
  BOOST_TEST(fake.snapshot().users.empty());
  BOOST_TEST(fake.snapshot().apps.empty());
}

BOOST_AUTO_TEST_SUITE_END()
