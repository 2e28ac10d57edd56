// Eight threads sharing one client and one refreshing token: one fetch serves them all, at the start and
// again after the service stopped accepting the token. Run under ThreadSanitizer too (label concurrency).
#define BOOST_TEST_MODULE client_concurrency
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <webapi/core/credentials.hpp>
#include <webapi/fakes/userinfo.hpp>
#include <webapi/userinfo.hpp>

#include "on_eight_threads.hpp"

namespace fu = webapi::fakes::userinfo;

using webapi_test::on_eight_threads;

BOOST_AUTO_TEST_CASE(eight_threads_refresh_once_not_eight_times) {
  fu::Fake fake;
  std::string ada = fake.add_user({.email = "ada@analytical.example"});
  std::atomic<int> fetches{0};
  auto provider = std::make_shared<webapi::RefreshingToken>([&]() -> webapi::Result<webapi::AccessToken> {
    ++fetches;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a slow token endpoint widens any race
    return webapi::AccessToken{fake.issue_access_token({.user_id = ada}), std::chrono::system_clock::now() + std::chrono::hours(1)};
  });
  webapi::userinfo::Client<fu::Fake> client{fake, {.access_token = provider}};

  BOOST_TEST(on_eight_threads([&] { return client.oauth2_userinfo_get().has_value(); }) == 8);
  BOOST_TEST(fetches.load() == 1);

  // The service stops accepting the token: every thread is refused, and one new token serves them all.
  const auto journal = fake.journal();
  for (const auto& e : journal.entries()) {
    auto bearer = e.request.headers.get("Authorization");
    BOOST_REQUIRE(bearer);
    fake.revoke_token(bearer->substr(7));
  }
  BOOST_TEST(on_eight_threads([&] { return client.oauth2_userinfo_get().has_value(); }) == 8);
  BOOST_TEST(fetches.load() == 2);
  BOOST_TEST(provider->fetches() == 2u);
}
