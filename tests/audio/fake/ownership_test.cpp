// Tracks and playlists: created by the caller, changed and deleted by their owner only; a deleted track
// leaves playlists, likes, reposts and feeds; comments are listed per track and per user.
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace test;

namespace {

constexpr const char* boundary = "audio-test-boundary";

/// A multipart/form-data body of text fields and, when `audio` is not empty, the file track[asset_data].
std::string upload_body(const std::vector<std::pair<std::string, std::string>>& fields, const std::string& audio) {
  std::string body;
  for (const auto& [name, value] : fields)
    body += std::string("--") + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n";
  if (!audio.empty())
    body += std::string("--") + boundary +
            "\r\nContent-Disposition: form-data; name=\"track[asset_data]\"; filename=\"take.mp3\"\r\n"
            "Content-Type: audio/mpeg\r\n\r\n" + audio + "\r\n";
  return body + "--" + boundary + "--\r\n";
}

struct OwnershipFixture : AudioFixture {
  Answer upload(const std::string& token, const std::vector<std::pair<std::string, std::string>>& fields,
                const std::string& audio = "ID3-fake-audio") {
    return raw(webapi::Method::post, "/tracks", {}, "Bearer " + token, upload_body(fields, audio),
               std::string("multipart/form-data; boundary=") + boundary);
  }
  Answer send_json(webapi::Method m, const std::string& path, const std::string& token, const std::string& json,
                   const std::string& type = "application/json") {
    return raw(m, path, {}, "Bearer " + token, json, type);
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(audio_ownership, OwnershipFixture)

BOOST_AUTO_TEST_CASE(an_upload_makes_a_track_of_the_caller) {
  auto a = upload(bob_token, {{"track[title]", "Night Drive"}, {"track[genre]", "Electronic"}});
  BOOST_TEST_REQUIRE(a.status == 201);
  const auto id = a.object().at("id").as_int64();
  BOOST_TEST(a.object().at("user").at("id").as_int64() == bob);
  BOOST_TEST(a.object().at("permalink_url").as_string() == "https://soundcloud.com/bob-reed/night-drive");
  BOOST_TEST(get("/me/tracks", bob_token).ids() == std::vector<std::int64_t>{id});
  BOOST_TEST(get(users(bob) + "/tracks", ada_token).ids() == std::vector<std::int64_t>{id});
  BOOST_TEST(as_bob.get_me_tracks_track_id(id).has_value());
  BOOST_TEST(as_ada.get_me_tracks_track_id(id).error().status == 404);  // not Ada's
  BOOST_TEST(fake.track(id)->asset_bytes == 14);
}

BOOST_AUTO_TEST_CASE(an_upload_needs_a_title_and_the_audio_file) {
  auto untitled = upload(bob_token, {{"track[genre]", "Electronic"}});
  BOOST_TEST(untitled.status == 400);
  BOOST_TEST(std::string(untitled.object().at("message").as_string()).find("track[title]") != std::string::npos);
  auto silent = upload(bob_token, {{"track[title]", "Nothing"}}, "");
  BOOST_TEST(silent.status == 400);
  BOOST_TEST(std::string(silent.object().at("message").as_string()).find("track[asset_data]") != std::string::npos);
  BOOST_TEST(upload(bob_token, {{"track[title]", "T"}, {"track[sharing]", "friends"}}).status == 400);
}

BOOST_AUTO_TEST_CASE(only_the_owner_updates_or_deletes_a_track) {
  const fa::Id song = fake.add_track(bob, {.title = "Night Drive"});
  auto refused = send_json(webapi::Method::put, tracks(song), ada_token, R"({"track":{"title":"Mine now"}})");
  BOOST_TEST(refused.status == 403);
  BOOST_TEST(as_ada.delete_tracks_track_id(song).error().status == 403);
  BOOST_TEST(fake.track(song)->title == "Night Drive");

  auto updated = send_json(webapi::Method::put, tracks(song), bob_token, R"j({"track":{"title":"Night Drive (edit)","genre":"Synthwave"}})j");
  BOOST_TEST(updated.status == 200);
  BOOST_TEST(updated.object().at("title").as_string() == "Night Drive (edit)");
  BOOST_TEST(fake.track(song)->genre == "Synthwave");

  BOOST_REQUIRE(as_bob.delete_tracks_track_id(song).has_value());
  BOOST_TEST(as_bob.get_tracks_track_id(song).error().status == 404);
}

BOOST_AUTO_TEST_CASE(deleting_a_track_removes_it_from_playlists_likes_reposts_and_feeds) {
  const fa::Id song = fake.add_track(bob, {.title = "Night Drive"});
  const fa::Id set = fake.add_playlist(carol, {.title = "Quiet Hours", .tracks = {song}});
  fake.follow(ada, bob);
  BOOST_REQUIRE(as_ada.post_likes_tracks_track_id(song).has_value());
  BOOST_REQUIRE(as_ada.post_reposts_tracks_track_id(song).has_value());
  BOOST_REQUIRE(!get("/me/activities", ada_token).object().at("collection").as_array().empty());
  fake.add_comment(carol, song, "nice");

  BOOST_REQUIRE(as_bob.delete_tracks_track_id(song).has_value());
  BOOST_TEST(fake.playlist(set)->tracks.empty());
  BOOST_TEST(*as_ada.get_playlists_playlist_id(set)->track_count == 0);
  BOOST_TEST(get("/me/likes/tracks", ada_token).ids().empty());
  BOOST_TEST(get("/me/favorites/ids", ada_token).ids().empty());
  BOOST_TEST(*as_ada.get_users_user_id(ada)->reposts_count == 0);
  BOOST_TEST(get("/me/activities", ada_token).object().at("collection").as_array().empty());
  BOOST_TEST(get("/me/followings/tracks", ada_token).ids().empty());
  BOOST_TEST(get(users(carol) + "/comments", ada_token).ids().empty());
}

BOOST_AUTO_TEST_CASE(a_playlist_is_created_by_the_caller_and_changed_by_its_owner_only) {
  const fa::Id song = fake.add_track(bob, {.title = "Night Drive"});
  auto created = send_json(webapi::Method::post, "/playlists", carol_token(),
                           R"({"playlist":{"title":"Late","tracks":[{"id":")" + std::to_string(song) + R"("}]}})");
  BOOST_TEST_REQUIRE(created.status == 201);
  const auto id = created.object().at("id").as_int64();
  BOOST_TEST(created.object().at("user_id").as_int64() == carol);
  BOOST_TEST(created.object().at("tracks").as_array().size() == 1u);
  BOOST_TEST(get(users(carol) + "/playlists", ada_token).ids() == std::vector<std::int64_t>{id});

  BOOST_TEST(send_json(webapi::Method::put, playlists(id), ada_token, R"({"playlist":{"title":"Taken"}})").status == 403);
  BOOST_TEST(as_ada.delete_playlists_playlist_id(id).error().status == 403);
  auto renamed = send_json(webapi::Method::put, playlists(id), carol_token(), R"({"playlist":{"title":"Later","tracks":[]}})");
  BOOST_TEST(renamed.status == 200);
  BOOST_TEST(fake.playlist(id)->title == "Later");
  BOOST_TEST(fake.playlist(id)->tracks.empty());

  AudioClient as_carol{fake, {.access_token = carol_token()}};
  BOOST_REQUIRE(as_carol.delete_playlists_playlist_id(id).has_value());
  BOOST_TEST(!fake.playlist(id));
}

BOOST_AUTO_TEST_CASE(a_playlist_of_unknown_tracks_is_400_naming_the_item) {
  auto a = send_json(webapi::Method::post, "/playlists", ada_token, R"({"playlist":{"title":"X","tracks":[{"id":"999"}]}})");
  BOOST_TEST(a.status == 400);
  BOOST_TEST(std::string(a.object().at("message").as_string()).find("playlist.tracks[0].id") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(comments_are_listed_per_track_and_per_user) {
  const fa::Id song = fake.add_track(bob, {.title = "Night Drive"});
  auto posted = send_json(webapi::Method::post, tracks(song) + "/comments", ada_token,
                          R"({"comment":{"body":"Great drop","timestamp":61000}})", "application/json; charset=utf-8");
  BOOST_TEST_REQUIRE(posted.status == 201);
  BOOST_TEST(posted.object().at("body").as_string() == "Great drop");
  // The description makes the position a string.
  BOOST_TEST(posted.object().at("timestamp").as_string() == "61000");
  const auto id = posted.object().at("id").as_int64();
  BOOST_TEST(get(tracks(song) + "/comments", bob_token).ids() == std::vector<std::int64_t>{id});
  auto by_ada = as_bob.get_users_user_id_comments(ada);
  BOOST_REQUIRE_MESSAGE(by_ada.has_value(), why(by_ada));
  BOOST_REQUIRE_EQUAL(by_ada->size(), 1u);
  BOOST_TEST(*by_ada->front().track_id == song);
  BOOST_TEST(*as_bob.get_tracks_track_id(song)->comment_count == 1);
  BOOST_TEST(as_bob.get_users_user_id_comments(bob)->empty());
}

BOOST_AUTO_TEST_CASE(a_comment_without_a_body_is_400) {
  const fa::Id song = fake.add_track(bob, {.title = "Night Drive"});
  BOOST_TEST(send_json(webapi::Method::post, tracks(song) + "/comments", ada_token, R"({"comment":{"body":""}})").status == 400);
}

BOOST_AUTO_TEST_CASE(a_private_track_is_seen_by_its_owner_only) {
  const fa::Id secret = fake.add_track(bob, {.title = "Demo take", .sharing = "private"});
  BOOST_TEST(as_bob.get_tracks_track_id(secret).has_value());
  BOOST_TEST(as_ada.get_tracks_track_id(secret).error().status == 404);
  BOOST_TEST(get(users(bob) + "/tracks", ada_token).ids().empty());
  BOOST_TEST(*as_bob.get_me()->private_tracks_count == 1);
}

BOOST_AUTO_TEST_CASE(me_playlists_list_the_callers_own_and_another_users_playlist_is_404_there) {
  const fa::Id song = fake.add_track(bob, {.title = "Night Drive"});
  const fa::Id mine = fake.add_playlist(ada, {.title = "Mine", .tracks = {song}});
  const fa::Id theirs = fake.add_playlist(carol, {.title = "Theirs"});
  auto list = as_ada.get_me_playlists();
  BOOST_REQUIRE_MESSAGE(list.has_value(), why(list));
  BOOST_REQUIRE_EQUAL(list->size(), 1u);
  BOOST_TEST(*list->front().id == mine);
  BOOST_TEST(*as_ada.get_me_playlists_playlist_id(mine)->track_count == 1);
  BOOST_TEST(as_ada.get_me_playlists_playlist_id(theirs).error().status == 404);
  BOOST_TEST(get(playlists(mine) + "/tracks", bob_token).ids() == std::vector<std::int64_t>{song});
}

BOOST_AUTO_TEST_CASE(a_track_closed_to_comments_refuses_them_and_an_unstreamable_one_has_no_streams) {
  const fa::Id closed = fake.add_track(bob, {.title = "Closed", .streamable = false, .commentable = false});
  BOOST_TEST(send_json(webapi::Method::post, tracks(closed) + "/comments", ada_token, R"({"comment":{"body":"hi"}})").status == 403);
  BOOST_TEST(as_ada.get_tracks_track_id_streams(closed).error().status == 403);
}

BOOST_AUTO_TEST_CASE(a_second_track_of_the_same_title_gets_its_own_page) {
  auto first = upload(bob_token, {{"track[title]", "Night Drive"}});
  auto second = upload(bob_token, {{"track[title]", "Night Drive"}});
  BOOST_TEST(second.object().at("permalink_url").as_string() == "https://soundcloud.com/bob-reed/night-drive-2");
  BOOST_TEST(get("/resolve", ada_token, {{"url", "https://soundcloud.com/bob-reed/night-drive-2"}})
                 .response.headers.get("Location")
                 .value_or("") == "https://api.soundcloud.com" + tracks(second.object().at("id").as_int64()));
  BOOST_TEST(first.object().at("id") != second.object().at("id"));
}

BOOST_AUTO_TEST_SUITE_END()
