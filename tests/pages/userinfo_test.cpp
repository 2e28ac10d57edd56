// Testing against the userinfo fake (docs/userinfo.md): the demo's tokens, what each one's scope shows,
// and the fake's clock running a token out.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/fakes/userinfo/compiled.hpp>
#include <webapi/userinfo.hpp>

namespace fu = webapi::fakes::userinfo;
namespace userinfo = webapi::userinfo;
using namespace std::chrono_literals;

namespace {

struct DemoFixture {
  fu::CompiledFake fake;  // its clock stands at 2024-01-01T00:00:00Z until the test moves it
  std::vector<std::pair<std::string, std::string>> demo = fake.seed_demo();
  std::string token(const char* name) const {
    for (const auto& [n, v] : demo)
      if (n == name) return v;
    throw std::invalid_argument(name);
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(userinfo_page, DemoFixture)

BOOST_AUTO_TEST_CASE(each_token_shows_what_its_scope_grants) {
  userinfo::AnyClient ada{fake, {.access_token = token("ACCESS_TOKEN")}};
  auto me = ada.oauth2_userinfo_get();
  BOOST_TEST_REQUIRE(me.has_value());
  BOOST_TEST(me->email.value_or("") == "ada@analytical.example");
  BOOST_TEST(me->hd.value_or("") == "analytical.example");

  userinfo::AnyClient grace{fake, {.access_token = token("EMAIL_ONLY_TOKEN")}};
  auto email_only = grace.oauth2_userinfo_get();
  BOOST_TEST_REQUIRE(email_only.has_value());
  BOOST_TEST(email_only->email.value_or("") == "grace@example.com");
  BOOST_TEST(!email_only->name.has_value());

  userinfo::AnyClient revoked{fake, {.access_token = token("REVOKED_TOKEN")}};
  auto refused = revoked.oauth2_userinfo_get();
  BOOST_TEST_REQUIRE(!refused.has_value());
  BOOST_TEST(refused.error().category() == webapi::ErrorCategory::unauthenticated);
}

BOOST_AUTO_TEST_CASE(a_token_runs_out_an_hour_later_on_the_fake_clock) {
  userinfo::AnyClient backend{fake};  // tokeninfo takes no credential of its own
  auto info = backend.oauth2_tokeninfo({.access_token = token("ACCESS_TOKEN")});
  BOOST_TEST_REQUIRE(info.has_value());
  BOOST_TEST(info->expires_in.value_or(0) == 3600);

  fake.clock().advance(1h);
  userinfo::AnyClient ada{fake, {.access_token = token("ACCESS_TOKEN")}};
  auto later = ada.oauth2_userinfo_get();
  BOOST_TEST_REQUIRE(!later.has_value());
  BOOST_TEST(later.error().category() == webapi::ErrorCategory::unauthenticated);
}

BOOST_AUTO_TEST_SUITE_END()
