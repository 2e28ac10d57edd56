#pragma once
// The activity log and what removing a record takes with it.
//
// Publishing and reposting a track or a playlist is logged; the feeds (/me/activities...) and the tracks
// of followed users are read from the log, newest first. A deleted track leaves no trace: it goes from
// every playlist, every like and repost, every comment and every activity; a deleted playlist likewise.

#include <string>
#include <utility>

#include <webapi/fakes/audio/state.hpp>

namespace webapi::fakes::audio {

inline void log_activity(State& s, Id user, std::string type, Id origin, Time at) {
  s.activities.push_back({s.next_sequence(), user, std::move(type), origin, at});
}

inline void forget_activity(State& s, std::string_view type, Id user, Id origin) {
  std::erase_if(s.activities,
                [&](const Activity& a) { return a.type == type && a.user_id == user && a.origin == origin; });
}

inline void remove_track(State& s, Id id) {
  for (auto& [pid, p] : s.playlists) std::erase(p.tracks, id);
  s.track_likes.forget(id);
  s.track_reposts.forget(id);
  std::erase_if(s.comments, [&](const auto& kv) { return kv.second.track_id == id; });
  std::erase_if(s.activities, [&](const Activity& a) { return a.about_track() && a.origin == id; });
  s.tracks.erase(id);
}

inline void remove_playlist(State& s, Id id) {
  s.playlist_likes.forget(id);
  s.playlist_reposts.forget(id);
  std::erase_if(s.activities, [&](const Activity& a) { return !a.about_track() && a.origin == id; });
  s.playlists.erase(id);
}

}  // namespace webapi::fakes::audio
