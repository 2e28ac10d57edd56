// One userinfo fake serving many threads at once, while tokens are issued and revoked and the clock moves.
#define BOOST_TEST_MODULE fakes_userinfo_concurrency
#include <atomic>
#include <chrono>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/fakes/userinfo.hpp>

using namespace webapi;
using namespace std::chrono_literals;

namespace {
Request userinfo_request(const std::string& token) {
  Request r;
  r.method = Method::get;
  r.path = "/oauth2/v2/userinfo";
  r.headers.set("Authorization", "Bearer " + token);
  return r;
}
}  // namespace

BOOST_AUTO_TEST_CASE(many_threads_issue_use_and_revoke_tokens_consistently) {
  webapi::fakes::userinfo::Fake fake;
  constexpr int threads = 6;
  constexpr int rounds = 150;
  std::vector<std::string> users;
  for (int t = 0; t < threads; ++t)
    users.push_back(fake.add_user({.email = "u" + std::to_string(t) + "@x.example"}));

  std::atomic<int> failures{0};
  std::vector<std::vector<std::string>> issued(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (int i = 0; i < rounds; ++i) {
        // Each token lasts far longer than the clock moves in this test, so only revocation refuses it.
        std::string token = fake.issue_access_token({.user_id = users[t], .lifetime = 24h});
        issued[t].push_back(token);
        auto ok = fake.send(userinfo_request(token));
        if (!ok || ok->status != 200 || ok->body.find(users[t]) == std::string::npos) ++failures;
        fake.revoke_token(token);
        auto refused = fake.send(userinfo_request(token));
        if (!refused || refused->status != 401) ++failures;
        fake.clock().advance(1s);
        (void)fake.snapshot().access_tokens.size();
      }
    });
  }
  for (auto& th : pool) th.join();

  BOOST_TEST(failures.load() == 0);
  std::set<std::string> all;
  for (const auto& v : issued) all.insert(v.begin(), v.end());
  BOOST_TEST(all.size() == std::size_t(threads * rounds));  // no token value handed out twice
  BOOST_TEST(fake.journal().count("oauth2_userinfo_get") == std::size_t(2 * threads * rounds));
  const auto moved = std::chrono::seconds(threads * rounds);
  BOOST_TEST((fake.clock().now() == webapi::fakes::ManualClock::default_start() + moved));
}
