#pragma once
// seed_demo(fake): a small data set to try the audio-sharing API on, e.g. behind
// `webapi-fake-server --api audio --seed demo`.
//
// What it adds:
//   app        client_id "demo-app", redirect URI http://127.0.0.1:8080/callback
//   users      ada (signed in at the login page, so /connect approves as her), bob, carol
//   tracks     bob: "Morning Fog", "Night Drive", "Tide Pools"; carol: "Paper Boats", "Glasshouse"
//   playlist   carol's "Quiet Hours" (Paper Boats, Night Drive)
//   relations  ada follows carol and likes "Paper Boats"; carol likes "Night Drive"
//   extras     a comment by carol on "Morning Fog"; ada's connected account and web profile
// and returns the credentials as NAME=VALUE pairs, in that order: CLIENT_ID, CLIENT_SECRET, REDIRECT_URI,
// ACCESS_TOKEN (ada's, for an hour of the fake's clock), USER_ID (ada's), OTHER_USER_ID (bob's, whom ada does
// not follow: the user the contract scenarios follow and unfollow).

#include <string>
#include <utility>
#include <vector>

#include <webapi/fakes/audio/fake.hpp>

namespace webapi::fakes::audio {

inline constexpr std::string_view demo_redirect_uri = "http://127.0.0.1:8080/callback";

inline std::vector<std::pair<std::string, std::string>> seed_demo(Fake& fake) {
  const std::string client_id = fake.add_app({.client_id = "demo-app", .redirect_uris = {std::string(demo_redirect_uri)}});
  const Id ada = fake.add_user({.username = "ada", .full_name = "Ada Byron", .city = "London", .country = "United Kingdom"});
  const Id bob = fake.add_user({.username = "bob", .full_name = "Bob Reed", .city = "Berlin", .country = "Germany"});
  const Id carol = fake.add_user({.username = "carol", .full_name = "Carol Tan", .city = "Lisbon", .country = "Portugal"});

  const Id fog = fake.add_track(bob, {.title = "Morning Fog", .genre = "Ambient", .tag_list = "calm piano", .duration_ms = 184000});
  const Id drive = fake.add_track(bob, {.title = "Night Drive", .genre = "Electronic", .tag_list = "synth", .duration_ms = 241000});
  fake.add_track(bob, {.title = "Tide Pools", .genre = "Ambient", .tag_list = "calm field-recording", .duration_ms = 302000});
  const Id boats = fake.add_track(carol, {.title = "Paper Boats", .genre = "Folk", .tag_list = "acoustic calm", .duration_ms = 199000});
  fake.add_track(carol, {.title = "Glasshouse", .genre = "Electronic", .tag_list = "synth", .duration_ms = 226000});
  fake.add_playlist(carol, {.title = "Quiet Hours", .description = "for late evenings", .tracks = {boats, drive}});

  fake.follow(ada, carol);
  fake.like_track(ada, boats);
  fake.like_track(carol, drive);
  fake.add_comment(carol, fog, "Lovely texture.");
  fake.add_connection(ada, {.service = "twitter", .display_name = "@ada", .post_publish = true});
  fake.add_web_profile(ada, {.service = "personal", .title = "Notes", .url = "https://ada.example", .username = "ada"});
  fake.sign_in(ada);

  return {{"CLIENT_ID", client_id},
          {"CLIENT_SECRET", fake.client_secret(client_id)},
          {"REDIRECT_URI", std::string(demo_redirect_uri)},
          {"ACCESS_TOKEN", fake.issue_token(ada, client_id)},
          {"USER_ID", std::to_string(ada)},
          {"OTHER_USER_ID", std::to_string(bob)}};
}

}  // namespace webapi::fakes::audio
