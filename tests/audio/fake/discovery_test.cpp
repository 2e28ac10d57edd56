// Search by q, resolve of public page URLs, streams, related tracks, and the activity feeds.
#include <cstdint>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

namespace {

struct DiscoveryFixture : AudioFixture {
  fa::Id fog = fake.add_track(bob, {.title = "Morning Fog", .genre = "Ambient", .tag_list = "calm piano"});
  fa::Id drive = fake.add_track(bob, {.title = "Night Drive", .genre = "Electronic", .tag_list = "synth"});
  fa::Id boats = fake.add_track(carol, {.title = "Paper Boats", .genre = "Folk", .tag_list = "calm acoustic"});
  fa::Id hidden = fake.add_track(carol, {.title = "Foggy demo", .sharing = "private"});
  fa::Id quiet = fake.add_playlist(carol, {.title = "Quiet Hours", .tracks = {fog, boats}});

  std::string resolve_location(const std::string& page, int expected_status = 302) {
    auto a = get("/resolve", ada_token, {{"url", page}});
    BOOST_TEST(a.status == expected_status);
    return std::string(a.response.headers.get("Location").value_or(""));
  }
  /// The (type, origin id) of each item of a feed, in order.
  std::vector<std::pair<std::string, std::int64_t>> feed(const std::string& path, const std::string& token) {
    auto a = get(path, token);
    BOOST_REQUIRE_EQUAL(a.status, 200);
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (const auto& item : a.object().at("collection").as_array())
      out.emplace_back(std::string(item.at("type").as_string()), item.at("origin").at("id").as_int64());
    return out;
  }
};

using Ids = std::vector<std::int64_t>;
using Feed = std::vector<std::pair<std::string, std::int64_t>>;

}  // namespace

BOOST_FIXTURE_TEST_SUITE(audio_discovery, DiscoveryFixture)

BOOST_AUTO_TEST_CASE(search_finds_public_tracks_playlists_and_users_by_q) {
  BOOST_TEST(get("/tracks", ada_token, {{"q", "fog"}}).ids() == Ids{fog});  // not the private "Foggy demo"
  BOOST_TEST(get("/tracks", ada_token, {{"q", "CALM"}}).ids() == (Ids{boats, fog}));  // tags, any case, newest first
  BOOST_TEST(get("/tracks", ada_token, {{"q", ""}, {"genres", "Electronic"}}).ids() == Ids{drive});
  BOOST_TEST(get("/playlists", ada_token, {{"q", "quiet"}}).ids() == Ids{quiet});
  BOOST_TEST(get("/playlists", ada_token, {{"q", "loud"}}).ids().empty());
  BOOST_TEST(get("/users", ada_token, {{"q", "carol"}}).ids() == Ids{carol});
}

BOOST_AUTO_TEST_CASE(search_with_ids_filters_to_them_and_refuses_a_bad_one) {
  BOOST_TEST(get("/tracks", ada_token, {{"q", ""}, {"ids", std::to_string(fog) + "," + std::to_string(boats)}}).ids() ==
             (Ids{boats, fog}));
  BOOST_TEST(get("/users", ada_token, {{"q", ""}, {"ids", "x1"}}).status == 400);
}

BOOST_AUTO_TEST_CASE(resolve_redirects_a_public_page_to_the_api_resource) {
  BOOST_TEST(resolve_location("https://soundcloud.com/bob-reed") == "https://api.soundcloud.com" + users(bob));
  BOOST_TEST(resolve_location("https://soundcloud.com/bob-reed/night-drive") == "https://api.soundcloud.com" + tracks(drive));
  BOOST_TEST(resolve_location("https://soundcloud.com/carol-tan/sets/quiet-hours") ==
             "https://api.soundcloud.com" + playlists(quiet));
  auto a = get("/resolve", ada_token, {{"url", "https://soundcloud.com/bob-reed/night-drive"}});
  BOOST_TEST(a.object().at("location").as_string() == "https://api.soundcloud.com" + tracks(drive));
}

BOOST_AUTO_TEST_CASE(resolve_of_an_unknown_page_is_404) {
  resolve_location("https://soundcloud.com/nobody", 404);
  resolve_location("https://soundcloud.com/bob-reed/no-such-track", 404);
  resolve_location("https://soundcloud.com/carol-tan/foggy-demo", 404);  // private, and not Ada's
  resolve_location("https://example.com/bob-reed", 404);
}

BOOST_AUTO_TEST_CASE(streams_give_the_tracks_urls) {
  auto streams = as_ada.get_tracks_track_id_streams(drive);
  BOOST_REQUIRE_MESSAGE(streams.has_value(), why(streams));
  BOOST_TEST(streams->http_mp3_128_url->starts_with("https://api.soundcloud.com" + tracks(drive) + "/streams/"));
  BOOST_TEST(streams->hls_mp3_128_url.has_value());
  BOOST_TEST(as_ada.get_tracks_track_id_streams(hidden).error().status == 404);
}

BOOST_AUTO_TEST_CASE(related_tracks_share_a_genre_or_a_tag) {
  BOOST_TEST(get(tracks(fog) + "/related", ada_token).ids() == Ids{boats});  // "calm"
  BOOST_TEST(get(tracks(drive) + "/related", ada_token).ids().empty());
}

BOOST_AUTO_TEST_CASE(activities_hold_own_actions_and_followed_users_tracks_newest_first) {
  fake.follow(ada, bob);
  const fa::Id fresh = fake.add_track(bob, {.title = "Tide Pools"});
  BOOST_REQUIRE(as_ada.post_reposts_tracks_track_id(boats).has_value());
  BOOST_REQUIRE(as_ada.post_reposts_playlists_playlist_id(quiet).has_value());
  const Feed expected{{"playlist-repost", quiet}, {"track-repost", boats}, {"track", fresh}, {"track", drive}, {"track", fog}};
  BOOST_TEST(feed("/me/activities", ada_token) == expected);
  BOOST_TEST(feed("/me/activities/all/own", ada_token) == (Feed{{"playlist-repost", quiet}, {"track-repost", boats}}));
  BOOST_TEST(feed("/me/activities/tracks", ada_token) ==
             (Feed{{"track-repost", boats}, {"track", fresh}, {"track", drive}, {"track", fog}}));
  BOOST_TEST(get("/me/followings/tracks", ada_token).ids() == (Ids{fresh, drive, fog}));
}

BOOST_AUTO_TEST_CASE(unfollowing_or_unreposting_takes_items_out_of_the_feed) {
  fake.follow(ada, bob);
  BOOST_REQUIRE(as_ada.post_reposts_tracks_track_id(boats).has_value());
  BOOST_REQUIRE(as_ada.delete_me_followings_user_id(bob).has_value());
  BOOST_REQUIRE(as_ada.delete_reposts_tracks_track_id(boats).has_value());
  BOOST_TEST(feed("/me/activities", ada_token).empty());
}

BOOST_AUTO_TEST_CASE(the_typed_client_reads_a_feed) {
  fake.follow(ada, bob);
  auto activities = as_ada.get_me_activities({.limit = 1});
  BOOST_REQUIRE_MESSAGE(activities.has_value(), why(activities));
  BOOST_REQUIRE_EQUAL(activities->collection->size(), 1u);
  const auto& origin = *activities->collection->front().origin;
  BOOST_TEST(std::holds_alternative<au::Track>(origin));
  BOOST_TEST(activities->next_href.has_value());
}

BOOST_AUTO_TEST_SUITE_END()
