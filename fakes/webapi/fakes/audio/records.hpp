#pragma once
// The fake's records as the module's response models, with every count computed from the relations at
// the moment of the call (so a like shows at once in the track's favoritings_count and in the liker's
// public_favorites_count), and with the URLs the service gives: `uri` on the API, `permalink_url` on
// the public site.
//
// The description has several user shapes (User, CompleteUser, UsersListItem, MetaUser, CommentUser) and
// two track shapes (Track, and the items of LegacyPlaylistResponse); each is filled by one template that
// sets the members the shape has.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/audio/models.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/state.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::audio {

namespace models = webapi::audio;

/// Where the public pages live; resolve() reads these URLs back.
inline constexpr std::string_view public_site = "https://soundcloud.com";
/// The API's address when a request does not say (an in-process call without a base URL).
inline constexpr std::string_view default_api_base = "https://api.soundcloud.com";

/// The base URL the caller reached the API at: links in answers point back there.
inline std::string api_base(const Call& c) {
  std::string b = c.request.base_url.empty() ? std::string(default_api_base) : c.request.base_url;
  while (!b.empty() && b.back() == '/') b.pop_back();
  return b;
}

/// "YYYY/MM/DD HH:MM:SS +0000", the service's timestamp layout.
inline std::string service_time(Time t) {
  auto day = std::chrono::floor<std::chrono::days>(t);
  std::chrono::year_month_day ymd{day};
  std::chrono::hh_mm_ss hms{std::chrono::floor<std::chrono::seconds>(t - day)};
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d/%02u/%02u %02d:%02d:%02d +0000", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                static_cast<int>(hms.hours().count()), static_cast<int>(hms.minutes().count()),
                static_cast<int>(hms.seconds().count()));
  return buf;
}

inline std::string user_page(const User& u) { return std::string(public_site) + "/" + u.permalink; }

template <class Shape>
Shape user_model(const Call& c, const User& u) {
  const State& s = c.state;
  Shape m;
  m.id = u.id;
  m.kind = "user";
  m.username = u.username;
  m.permalink = u.permalink;
  m.permalink_url = user_page(u);
  m.uri = api_base(c) + "/users/" + std::to_string(u.id);
  m.avatar_url = std::string(public_site) + "/avatars/" + std::to_string(u.id) + ".jpg";
  m.last_modified = service_time(u.created_at);
  if constexpr (requires { m.created_at; }) m.created_at = service_time(u.created_at);
  if constexpr (requires { m.followers_count; }) {
    m.followers_count = s.follows.count_objects(u.id);
    m.followings_count = s.follows.count_subjects(u.id);
    m.reposts_count = s.track_reposts.count_subjects(u.id) + s.playlist_reposts.count_subjects(u.id);
  }
  if constexpr (requires { m.track_count; }) {
    m.full_name = u.full_name;
    m.city = u.city;
    m.country = u.country;
    m.description = u.description;
    m.public_favorites_count = s.track_likes.count_subjects(u.id);
    std::int64_t tracks = 0, playlists = 0;
    for (const auto& [id, t] : s.tracks) tracks += t.user_id == u.id && t.sharing != "private";
    for (const auto& [id, p] : s.playlists) playlists += p.user_id == u.id && p.sharing != "private";
    m.track_count = tracks;
    m.playlist_count = playlists;
  }
  if constexpr (requires { m.private_tracks_count; }) {
    std::int64_t tracks = 0, playlists = 0;
    for (const auto& [id, t] : s.tracks) tracks += t.user_id == u.id && t.sharing == "private";
    for (const auto& [id, p] : s.playlists) playlists += p.user_id == u.id && p.sharing == "private";
    m.private_tracks_count = tracks;
    m.private_playlists_count = playlists;
    m.plan = "Free";
  }
  return m;
}

inline std::string track_page(const State& s, const Track& t) {
  return user_page(s.users.at(t.user_id)) + "/" + t.permalink;
}

template <class Shape = models::Track>
Shape track_model(const Call& c, const Track& t) {
  const State& s = c.state;
  const std::string uri = api_base(c) + "/tracks/" + std::to_string(t.id);
  Shape m;
  m.id = t.id;
  m.kind = "track";
  m.title = t.title;
  m.genre = t.genre;
  m.tag_list = t.tag_list;
  m.description = t.description;
  m.sharing = t.sharing;
  m.duration = t.duration_ms;
  m.streamable = t.streamable;
  m.commentable = t.commentable;
  m.created_at = service_time(t.created_at);
  m.uri = uri;
  m.permalink_url = track_page(s, t);
  m.stream_url = uri + "/stream";
  m.playback_count = t.playback_count;
  m.favoritings_count = s.track_likes.count_objects(t.id);
  if constexpr (requires { m.reposts_count; }) m.reposts_count = s.track_reposts.count_objects(t.id);
  std::int64_t comments = 0;
  for (const auto& [id, cm] : s.comments) comments += cm.track_id == t.id;
  m.comment_count = comments;
  m.user = user_model<models::MetaUser>(c, s.users.at(t.user_id));
  if (c.caller.user_id) m.user_favorite = s.track_likes.has(*c.caller.user_id, t.id);
  if constexpr (requires { m.access; }) m.access = webapi::audio::TrackAccess::playable;
  return m;
}

inline std::string playlist_page(const State& s, const Playlist& p) {
  return user_page(s.users.at(p.user_id)) + "/sets/" + p.permalink;
}

template <class Shape = models::Playlist>
Shape playlist_model(const Call& c, const Playlist& p) {
  const State& s = c.state;
  Shape m;
  m.id = p.id;
  m.kind = "playlist";
  m.title = p.title;
  m.description = p.description;
  m.sharing = p.sharing;
  m.permalink = p.permalink;
  m.permalink_url = playlist_page(s, p);
  m.uri = api_base(c) + "/playlists/" + std::to_string(p.id);
  m.created_at = service_time(p.created_at);
  m.last_modified = service_time(p.last_modified);
  m.user_id = p.user_id;
  m.user = user_model<models::MetaUser>(c, s.users.at(p.user_id));
  if constexpr (requires { m.likes_count; }) m.likes_count = s.playlist_likes.count_objects(p.id);
  if constexpr (requires { m.tracks_uri; }) m.tracks_uri = *m.uri + "/tracks";
  using Item = typename decltype(m.tracks)::value_type::value_type;
  std::vector<Item> tracks;
  std::int64_t duration = 0;
  for (Id id : p.tracks) {
    const Track& t = s.tracks.at(id);
    if (!visible_to(c, t.user_id, t.sharing)) continue;
    tracks.push_back(track_model<Item>(c, t));
    duration += t.duration_ms;
  }
  m.track_count = static_cast<std::int64_t>(tracks.size());
  m.duration = duration;
  m.tracks = std::move(tracks);
  return m;
}

inline models::Comment comment_model(const Call& c, const Comment& cm) {
  models::Comment m;
  m.id = cm.id;
  m.kind = "comment";
  m.body = cm.body;
  m.track_id = cm.track_id;
  m.user_id = cm.user_id;
  m.created_at = service_time(cm.created_at);
  m.uri = api_base(c) + "/comments/" + std::to_string(cm.id);
  // The description makes the position a string; the model reads either.
  if (cm.timestamp) m.timestamp = std::to_string(*cm.timestamp);
  m.user = user_model<models::CommentUser>(c, c.state.users.at(cm.user_id));
  return m;
}

inline models::Connection connection_model(const Call& c, const Connection& cn) {
  return {.created_at = service_time(cn.created_at),
          .display_name = cn.display_name,
          .id = cn.id,
          .kind = "connection",
          .post_favorite = cn.post_favorite,
          .post_publish = cn.post_publish,
          .service = cn.service,
          .type = cn.service,
          .uri = api_base(c) + "/connections/" + std::to_string(cn.id)};
}

inline models::WebProfilesItem web_profile_model(const WebProfile& w) {
  return {.created_at = service_time(w.created_at),
          .id = w.id,
          .kind = "web-profile",
          .service = w.service,
          .title = w.title,
          .url = w.url,
          .username = w.username};
}

/// {"status": "200 - OK"}, the service's acknowledgement of a change.
inline models::Status status_model(int code) {
  return {.status = std::to_string(code) + (code == 201 ? " - Created" : " - OK")};
}

/// The acknowledgement as an answer, labelled as the description's own Success and Created responses are
/// (application/json; charset=utf-8): operations that list their success without content (a repost, a
/// delete) get no label from the description's table, and the service labels this body alike everywhere.
inline Response status_response(int code) {
  Response r = model_response(code, status_model(code));
  r.headers.set("Content-Type", "application/json; charset=utf-8");
  return r;
}

}  // namespace webapi::fakes::audio
