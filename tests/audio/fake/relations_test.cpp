// Likes, reposts and follows: set and cleared by their operations, idempotent, and visible in every list
// and count that shows them.
#include <cstdint>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

namespace {

struct RelationsFixture : AudioFixture {
  fa::Id song = fake.add_track(bob, {.title = "Night Drive"});
  fa::Id other_song = fake.add_track(bob, {.title = "Morning Fog"});
  fa::Id set = fake.add_playlist(carol, {.title = "Quiet Hours", .tracks = {song}});

  std::vector<std::int64_t> ids(const std::string& path, const std::string& token) { return get(path, token).ids(); }
  std::int64_t favoritings(fa::Id track) { return *as_ada.get_tracks_track_id(track)->favoritings_count; }
  std::int64_t track_reposts(fa::Id track) { return *as_ada.get_tracks_track_id(track)->reposts_count; }
};

using Ids = std::vector<std::int64_t>;

}  // namespace

BOOST_FIXTURE_TEST_SUITE(audio_relations, RelationsFixture)

BOOST_AUTO_TEST_CASE(a_track_like_shows_everywhere_and_twice_is_once) {
  for (int i = 0; i < 2; ++i) {
    auto r = as_ada.post_likes_tracks_track_id(song);
    BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
  }
  BOOST_TEST(ids("/me/likes/tracks", ada_token) == Ids{song});
  BOOST_TEST(ids("/me/favorites/ids", ada_token) == Ids{song});
  BOOST_TEST(ids(users(ada) + "/likes/tracks", bob_token) == Ids{song});
  BOOST_TEST(ids(users(ada) + "/favorites", bob_token) == Ids{song});
  BOOST_TEST(ids(tracks(song) + "/favoriters", bob_token) == Ids{ada});
  BOOST_TEST(favoritings(song) == 1);
  BOOST_TEST(*as_ada.get_tracks_track_id(song)->user_favorite);
  BOOST_TEST(*as_bob.get_users_user_id(ada)->public_favorites_count == 1);
}

BOOST_AUTO_TEST_CASE(an_unlike_clears_it_everywhere_and_twice_is_harmless) {
  BOOST_REQUIRE(as_ada.post_likes_tracks_track_id(song));
  for (int i = 0; i < 2; ++i) {
    auto r = as_ada.delete_likes_tracks_track_id(song);
    BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
  }
  BOOST_TEST(ids("/me/likes/tracks", ada_token).empty());
  BOOST_TEST(ids(tracks(song) + "/favoriters", bob_token).empty());
  BOOST_TEST(favoritings(song) == 0);
  BOOST_TEST(*as_bob.get_users_user_id(ada)->public_favorites_count == 0);
}

BOOST_AUTO_TEST_CASE(likes_list_newest_first) {
  BOOST_REQUIRE(as_ada.post_likes_tracks_track_id(song));
  BOOST_REQUIRE(as_ada.post_likes_tracks_track_id(other_song));
  BOOST_TEST(ids("/me/likes/tracks", ada_token) == (Ids{other_song, song}));
}

BOOST_AUTO_TEST_CASE(a_playlist_like_counts_on_the_playlist) {
  BOOST_REQUIRE(as_ada.post_likes_playlists_playlist_id(set).has_value());
  BOOST_REQUIRE(as_ada.post_likes_playlists_playlist_id(set).has_value());
  BOOST_TEST(*as_bob.get_playlists_playlist_id(set)->likes_count == 1);
  BOOST_REQUIRE(as_ada.delete_likes_playlists_playlist_id(set).has_value());
  BOOST_TEST(*as_bob.get_playlists_playlist_id(set)->likes_count == 0);
}

BOOST_AUTO_TEST_CASE(liking_an_unknown_track_is_404) {
  BOOST_TEST(as_ada.post_likes_tracks_track_id(424242).error().status == 404);
}

// The acknowledgement of a change is labelled as the description's Success and Created responses are, also on
// the operations that list their success without content.
BOOST_AUTO_TEST_CASE(an_acknowledgement_is_labelled_as_the_descriptions_success_responses) {
  const std::string json_utf8 = "application/json; charset=utf-8";
  auto repost = raw(webapi::Method::post, "/reposts/tracks/" + std::to_string(song), {}, "Bearer " + ada_token);
  BOOST_TEST(repost.status == 201);
  BOOST_TEST(repost.response.headers.get("Content-Type").value_or("") == json_utf8);
  BOOST_TEST(repost.object().at("status").as_string() == "201 - Created");
  auto undone = raw(webapi::Method::delete_, "/reposts/tracks/" + std::to_string(song), {}, "Bearer " + ada_token);
  BOOST_TEST(undone.status == 200);
  BOOST_TEST(undone.response.headers.get("Content-Type").value_or("") == json_utf8);
  auto like = raw(webapi::Method::post, "/likes/tracks/" + std::to_string(song), {}, "Bearer " + ada_token);
  BOOST_TEST(like.response.headers.get("Content-Type").value_or("") == json_utf8);
}

BOOST_AUTO_TEST_CASE(track_reposts_show_in_reposters_and_counts) {
  for (int i = 0; i < 2; ++i) {
    auto r = as_ada.post_reposts_tracks_track_id(song);
    BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
  }
  auto reposters = get(tracks(song) + "/reposters", bob_token);
  BOOST_TEST(reposters.json.is_object());  // reposters always come as {collection, next_href}
  BOOST_TEST(reposters.ids() == Ids{ada});
  BOOST_TEST(track_reposts(song) == 1);
  BOOST_TEST(*as_bob.get_users_user_id(ada)->reposts_count == 1);

  BOOST_REQUIRE(as_ada.delete_reposts_tracks_track_id(song).has_value());
  BOOST_REQUIRE(as_ada.delete_reposts_tracks_track_id(song).has_value());
  BOOST_TEST(ids(tracks(song) + "/reposters", bob_token).empty());
  BOOST_TEST(track_reposts(song) == 0);
}

BOOST_AUTO_TEST_CASE(playlist_reposts_show_in_reposters) {
  BOOST_REQUIRE(as_ada.post_reposts_playlists_playlist_id(set).has_value());
  BOOST_TEST(ids(playlists(set) + "/reposters", bob_token) == Ids{ada});
  BOOST_REQUIRE(as_ada.delete_reposts_playlists_playlist_id(set).has_value());
  BOOST_TEST(ids(playlists(set) + "/reposters", bob_token).empty());
}

BOOST_AUTO_TEST_CASE(a_follow_shows_on_both_sides_and_in_the_counts) {
  auto first = raw(webapi::Method::put, "/me/followings/" + std::to_string(bob), {}, "Bearer " + ada_token);
  BOOST_TEST(first.status == 201);
  auto second = raw(webapi::Method::put, "/me/followings/" + std::to_string(bob), {}, "Bearer " + ada_token);
  BOOST_TEST(second.status == 200);  // already followed: nothing changes

  BOOST_TEST(ids("/me/followings", ada_token) == Ids{bob});
  BOOST_TEST(ids("/me/followers", bob_token) == Ids{ada});
  BOOST_TEST(ids(users(bob) + "/followers", ada_token) == Ids{ada});
  BOOST_TEST(ids(users(ada) + "/followings", bob_token) == Ids{bob});
  auto followed = as_ada.get_me_followings_user_id(bob);
  BOOST_REQUIRE_MESSAGE(followed.has_value(), why(followed));
  BOOST_TEST(*followed->id == bob);
  BOOST_TEST(*as_ada.get_users_user_id_followings_following_id(ada, bob)->id == bob);
  BOOST_TEST(*as_bob.get_me_followers_follower_id(ada)->id == ada);
  BOOST_TEST(*as_bob.get_users_user_id(bob)->followers_count == 1);
  BOOST_TEST(*as_bob.get_users_user_id(ada)->followings_count == 1);
}

BOOST_AUTO_TEST_CASE(an_unfollow_clears_both_sides_and_not_followed_is_404) {
  BOOST_REQUIRE(as_ada.put_me_followings_user_id(bob).has_value());
  for (int i = 0; i < 2; ++i) BOOST_REQUIRE(as_ada.delete_me_followings_user_id(bob).has_value());
  BOOST_TEST(ids("/me/followings", ada_token).empty());
  BOOST_TEST(ids(users(bob) + "/followers", ada_token).empty());
  BOOST_TEST(as_ada.get_me_followings_user_id(bob).error().status == 404);
  BOOST_TEST(as_ada.get_users_user_id_followings_following_id(ada, bob).error().status == 404);
  BOOST_TEST(as_bob.get_me_followers_follower_id(ada).error().status == 404);
  BOOST_TEST(*as_bob.get_users_user_id(bob)->followers_count == 0);
}

BOOST_AUTO_TEST_CASE(following_yourself_is_400) { BOOST_TEST(as_ada.put_me_followings_user_id(ada).error().status == 400); }

// The description lists "application/json; charset=utf-8" for these answers (components/responses/Success);
// the fake labels them so, parameters included.
BOOST_AUTO_TEST_CASE(like_and_unfollow_answers_carry_the_described_media_type) {
  fake.follow(ada, bob);
  for (auto method : {webapi::Method::post, webapi::Method::delete_}) {
    auto a = raw(method, "/likes/tracks/" + std::to_string(song), {}, "Bearer " + ada_token);
    BOOST_TEST(a.status == 200);
    BOOST_TEST(a.response.content_type() == "application/json; charset=utf-8");
  }
  auto unfollow = raw(webapi::Method::delete_, "/me/followings/" + std::to_string(bob), {}, "Bearer " + ada_token);
  BOOST_TEST(unfollow.status == 200);
  BOOST_TEST(unfollow.response.content_type() == "application/json; charset=utf-8");
}

BOOST_AUTO_TEST_SUITE_END()
