// One quotes fake serving many threads at once.
#define BOOST_TEST_MODULE fakes_quotes_concurrency
#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/quotes.hpp>

using namespace webapi;

namespace {
Request make(Method m, std::string path, const std::string& key, std::vector<QueryParam> q) {
  Request r;
  r.method = m;
  r.path = std::move(path);
  r.query = std::move(q);
  r.headers.set("X-Service-Api-Secret", key);
  return r;
}
}  // namespace

BOOST_AUTO_TEST_CASE(many_threads_toggle_create_and_read_consistently) {
  webapi::fakes::quotes::Fake fake;
  std::string quote = fake.add_quote({.text = "Shared.", .author = "All", .category = "life"});
  constexpr int threads = 6;
  constexpr int rounds = 200;  // even: every thread's like ends where it started
  std::vector<std::string> keys;
  for (int t = 0; t < threads; ++t) keys.push_back(fake.add_api_key("user" + std::to_string(t)));
  std::string show;
  {
    auto r = fake.send(make(Method::put, "/qshow", keys[0], {{"title", "Shared"}}));
    show = std::string(boost::json::parse(r->body).at("contents").at("id").as_string());
  }

  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  std::vector<std::vector<std::string>> created(threads);
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (int i = 0; i < rounds; ++i) {
        auto like = fake.send(make(Method::get, "/quote/like/toggle", keys[t], {{"quote_id", quote}}));
        if (!like || like->status != 200) ++failures;
        auto put = fake.send(make(Method::put, "/quote", keys[t], {{"quote", "t" + std::to_string(t)}}));
        if (!put || put->status != 200) {
          ++failures;
          continue;
        }
        created[t].push_back(
            std::string(boost::json::parse(put->body).at("contents").at("id").as_string()));
        auto search = fake.send(make(Method::get, "/quote/search", keys[t], {{"category", "life"}}));
        if (!search || search->status != 200) ++failures;
        if (t == 0) {  // the owner keeps adding the same quote: one membership in the end
          auto add = fake.send(make(Method::post, "/qshow/quotes/add", keys[0], {{"id", show}, {"quoteid", quote}}));
          if (!add || add->status != 200) ++failures;
        }
        fake.clock().advance(std::chrono::seconds(1));
        (void)fake.snapshot().quotes.size();
      }
    });
  }
  for (auto& th : pool) th.join();

  BOOST_TEST(failures.load() == 0);
  std::set<std::string> ids;
  for (int t = 0; t < threads; ++t) {
    BOOST_TEST(created[t].size() == std::size_t(rounds));
    BOOST_TEST(!fake.liked("user" + std::to_string(t), quote));
    ids.insert(created[t].begin(), created[t].end());
  }
  BOOST_TEST(ids.size() == std::size_t(threads * rounds));  // no id handed out twice
  BOOST_TEST(fake.snapshot().quotes.size() == std::size_t(threads * rounds + 1));
  BOOST_TEST(fake.qshow(show)->quote_ids.size() == 1u);
  BOOST_TEST(fake.journal().count("get_quote_like_toggle") == std::size_t(threads * rounds));
}
