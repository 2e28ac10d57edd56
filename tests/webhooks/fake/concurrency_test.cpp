// One webhooks fake serving many threads at once, each creating, updating, listing and archiving
// subscriptions of its own app, while events are triggered and the clock moves.
#define BOOST_TEST_MODULE fakes_webhooks_concurrency
#include <atomic>
#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/webhooks.hpp>

using namespace webapi;
using namespace std::chrono_literals;

namespace {
Request webhooks_request(Method method, std::int32_t app, const std::string& rest, const std::string& key,
                         std::string body = {}) {
  Request r;
  r.method = method;
  r.path = "/webhooks/v3/" + std::to_string(app) + rest;
  r.query.push_back({"hapikey", key});
  r.body = std::move(body);
  if (!r.body.empty()) r.content_type = "application/json";
  return r;
}

int status_of(const Result<Response>& r) { return r ? r->status : 0; }
}  // namespace

BOOST_AUTO_TEST_CASE(many_threads_create_update_and_archive_subscriptions_consistently) {
  webapi::fakes::webhooks::Fake fake;
  constexpr int threads = 6;
  constexpr int rounds = 100;
  std::vector<std::int32_t> apps;
  std::vector<std::string> keys;
  for (int t = 0; t < threads; ++t) {
    apps.push_back(fake.add_app());
    keys.push_back(fake.add_api_key({.apps = {apps.back()}}));
    fake.set_settings(apps.back(), {.target_url = "https://t" + std::to_string(t) + ".example.com/"});
  }

  std::atomic<int> failures{0};
  std::vector<std::vector<std::string>> created(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      const std::int32_t app = apps[t];
      const std::string& key = keys[t];
      for (int i = 0; i < rounds; ++i) {
        auto c = fake.send(webhooks_request(Method::post, app, "/subscriptions", key,
                                            R"({"eventType":"contact.creation","active":true})"));
        if (status_of(c) != 201) {
          ++failures;
          continue;
        }
        const std::string id(boost::json::parse(c->body).at("id").as_string());
        created[t].push_back(id);
        if (fake.trigger(app, "contact.creation") != 1) ++failures;  // only this one is live
        if (status_of(fake.send(webhooks_request(Method::patch, app, "/subscriptions/" + id, key,
                                                 R"({"active":false})"))) != 200)
          ++failures;
        auto list = fake.send(webhooks_request(Method::get, app, "/subscriptions", key));
        if (status_of(list) != 200 || boost::json::parse(list->body).at("results").as_array().size() != 1) ++failures;
        if (status_of(fake.send(webhooks_request(Method::delete_, app, "/subscriptions/" + id, key))) != 204)
          ++failures;
        if (status_of(fake.send(webhooks_request(Method::get, app, "/subscriptions/" + id, key))) != 404) ++failures;
        // Another thread's app is never reachable with this key.
        if (status_of(fake.send(webhooks_request(Method::get, apps[(t + 1) % threads], "/subscriptions", key))) != 403)
          ++failures;
        fake.clock().advance(1s);
        (void)fake.snapshot().apps.size();
      }
    });
  }
  for (auto& th : pool) th.join();

  BOOST_TEST(failures.load() == 0);
  std::set<std::string> all;
  for (const auto& v : created) all.insert(v.begin(), v.end());
  BOOST_TEST(all.size() == std::size_t(threads * rounds));  // no id handed out twice
  BOOST_TEST(fake.snapshot().subscriptions_created == threads * rounds);
  BOOST_TEST(fake.deliveries().size() == std::size_t(threads * rounds));
  BOOST_TEST(fake.journal().count("subscriptions_create") == std::size_t(threads * rounds));
  BOOST_TEST(fake.journal().count("subscriptions_archive") == std::size_t(threads * rounds));
  for (std::int32_t app : apps)
    BOOST_TEST(fake.inspect([&](const webapi::fakes::webhooks::State& s) {
      return s.apps.at(app).subscriptions.where([](const auto& sub) { return !sub.archived; }).size();
    }) == 0u);
  BOOST_TEST((fake.clock().now() == webapi::fakes::ManualClock::default_start() + std::chrono::seconds(threads * rounds)));
}
