// One audio fake serving many users at once, each liking, following, reposting and reading lists and
// counts while the others do the same: every relation set is seen once, and the counts agree.
#define BOOST_TEST_MODULE fakes_audio_concurrency
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/audio.hpp>

namespace fa = webapi::fakes::audio;

namespace {
int send_status(fa::Fake& fake, webapi::Method method, std::string path, const std::string& token) {
  webapi::Request r;
  r.method = method;
  r.path = std::move(path);
  r.headers.set("Authorization", "Bearer " + token);
  auto answer = fake.send(r);
  return answer ? answer->status : 0;
}
}  // namespace

BOOST_AUTO_TEST_CASE(many_users_like_follow_and_repost_at_once_and_the_counts_agree) {
  fa::Fake fake;
  const fa::Id artist = fake.add_user({.username = "artist"});
  const fa::Id song = fake.add_track(artist, {.title = "Anthem"});
  constexpr int threads = 6;
  constexpr int rounds = 50;
  std::vector<std::string> tokens;
  for (int t = 0; t < threads; ++t)
    tokens.push_back(fake.issue_token(fake.add_user({.username = "fan " + std::to_string(t)})));

  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  const std::string like = "/likes/tracks/" + std::to_string(song);
  const std::string repost = "/reposts/tracks/" + std::to_string(song);
  const std::string follow = "/me/followings/" + std::to_string(artist);
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      const std::string& token = tokens[t];
      for (int i = 0; i < rounds; ++i) {
        // Each round ends with the relations set, so all are set when the threads finish.
        if (send_status(fake, webapi::Method::delete_, like, token) != 200) ++failures;
        if (send_status(fake, webapi::Method::post, like, token) != 200) ++failures;
        if (send_status(fake, webapi::Method::post, repost, token) != 201) ++failures;
        int f = send_status(fake, webapi::Method::put, follow, token);
        if (f != 200 && f != 201) ++failures;
        if (send_status(fake, webapi::Method::get, "/tracks/" + std::to_string(song), token) != 200) ++failures;
      }
    });
  for (auto& th : pool) th.join();

  BOOST_TEST(failures.load() == 0);
  fake.inspect([&](const fa::State& s) {
    BOOST_TEST(s.track_likes.count_objects(song) == threads);
    BOOST_TEST(s.track_reposts.count_objects(song) == threads);
    BOOST_TEST(s.follows.count_objects(artist) == threads);
    return 0;
  });
  webapi::Request r;
  r.method = webapi::Method::get;
  r.path = "/tracks/" + std::to_string(song);
  r.headers.set("Authorization", "Bearer " + tokens[0]);
  auto track = boost::json::parse(fake.send(r)->body).as_object();
  BOOST_TEST(track.at("favoritings_count").as_int64() == threads);
  BOOST_TEST(track.at("reposts_count").as_int64() == threads);
}
