// Paging: limit and offset slice a list; linked_partitioning answers {collection, next_href}, and
// following next_href walks the whole list, the last page having none.
#include <cstdint>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <boost/url/parse.hpp>

#include "fixture.hpp"

using namespace test;

namespace {

struct PagingFixture : AudioFixture {
  std::vector<std::int64_t> liked;  ///< newest like first, as the lists run
  PagingFixture() {
    for (int i = 0; i < 5; ++i) {
      fa::Id t = fake.add_track(bob, {.title = "Track " + std::to_string(i)});
      fake.like_track(ada, t);
      liked.insert(liked.begin(), t);
    }
  }
  /// GET of an absolute next_href, as a client follows it (with its own credential).
  Answer follow(const std::string& href, const std::string& token) {
    auto u = boost::urls::parse_absolute_uri(href);
    BOOST_REQUIRE(u.has_value());
    BOOST_TEST(std::string(u->scheme()) + "://" + std::string(u->encoded_authority()) == "https://api.soundcloud.com");
    Query q;
    for (auto p : u->params()) q.push_back({std::string(p.key), std::string(p.value)});
    return get(std::string(u->encoded_path()), token, std::move(q));
  }
};

using Ids = std::vector<std::int64_t>;

}  // namespace

BOOST_FIXTURE_TEST_SUITE(audio_paging, PagingFixture)

BOOST_AUTO_TEST_CASE(limit_and_offset_slice_a_plain_list) {
  auto page = get("/me/likes/tracks", ada_token, {{"limit", "2"}, {"offset", "1"}});
  BOOST_TEST(page.json.is_array());
  BOOST_TEST(page.ids() == (Ids{liked[1], liked[2]}));
  BOOST_TEST(get("/me/likes/tracks", ada_token, {{"offset", "9"}}).ids().empty());
}

BOOST_AUTO_TEST_CASE(linked_partitioning_walks_the_list_by_next_href_until_the_end) {
  auto page = get("/me/likes/tracks", ada_token, {{"limit", "2"}, {"linked_partitioning", "true"}});
  Ids seen;
  int pages = 1;
  for (;;) {
    BOOST_REQUIRE(page.json.is_object());
    for (auto id : page.ids()) seen.push_back(id);
    const auto* next = page.object().if_contains("next_href");
    if (!next) break;
    page = follow(std::string(next->as_string()), ada_token);
    ++pages;
  }
  BOOST_TEST(seen == liked);
  BOOST_TEST(pages == 3);
}

BOOST_AUTO_TEST_CASE(next_href_keeps_the_filters_and_carries_no_credential) {
  auto page = get(users(ada) + "/likes/tracks", bob_token, {{"limit", "1"}, {"linked_partitioning", "1"}, {"access", "playable"}});
  const std::string next(page.object().at("next_href").as_string());
  BOOST_TEST(next.find("access=playable") != std::string::npos);
  BOOST_TEST(next.find("offset=1") != std::string::npos);
  BOOST_TEST(next.find(bob_token) == std::string::npos);
  BOOST_TEST(next.find("client_id") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_list_that_fits_one_page_has_no_next_href) {
  auto page = get("/me/likes/tracks", ada_token, {{"linked_partitioning", "true"}});
  BOOST_TEST(page.ids() == liked);
  BOOST_TEST(!page.object().contains("next_href"));
}

BOOST_AUTO_TEST_CASE(a_limit_outside_1_to_200_or_a_negative_offset_is_400_naming_it) {
  auto big = get("/me/likes/tracks", ada_token, {{"limit", "201"}});
  BOOST_TEST(big.status == 400);
  BOOST_TEST(std::string(big.object().at("message").as_string()).find("'limit'") != std::string::npos);
  BOOST_TEST(get("/me/likes/tracks", ada_token, {{"limit", "0"}}).status == 400);
  BOOST_TEST(get("/me/likes/tracks", ada_token, {{"offset", "-1"}}).status == 400);
  BOOST_TEST(get("/me/likes/tracks", ada_token, {{"limit", "ten"}}).status == 400);
}

BOOST_AUTO_TEST_CASE(reposters_page_by_limit_newest_first) {
  const fa::Id song = liked.front();
  BOOST_REQUIRE(as_ada.post_reposts_tracks_track_id(song).has_value());
  BOOST_REQUIRE(as_bob.post_reposts_tracks_track_id(song).has_value());
  auto first = get(tracks(song) + "/reposters", ada_token, {{"limit", "1"}});
  BOOST_TEST(first.ids() == Ids{bob});
  BOOST_TEST_REQUIRE(first.object().contains("next_href"));
  BOOST_TEST(follow(std::string(first.object().at("next_href").as_string()), ada_token).ids() == Ids{ada});
}

BOOST_AUTO_TEST_SUITE_END()
