#pragma once
// Playlists (sets): created, updated and deleted by their owner only (403 for anyone else), read with
// their tracks, and the lists of a user's playlists.

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include <webapi/audio/models.hpp>
#include <webapi/fakes/audio/activities.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/paging.hpp>
#include <webapi/fakes/audio/records.hpp>
#include <webapi/fakes/audio/track_handlers.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::audio {

/// Adds a playlist, logging its publication; the permalink is made unique for the owner.
inline Playlist& add_playlist(State& s, Playlist p, Time now) {
  p.id = s.next_id();
  p.permalink = unique_permalink(p.permalink.empty() ? p.title : p.permalink, [&](const std::string& candidate) {
    return std::any_of(s.playlists.begin(), s.playlists.end(), [&](const auto& kv) {
      return kv.second.user_id == p.user_id && kv.second.permalink == candidate;
    });
  });
  if (p.created_at == Time{}) p.created_at = now;
  p.last_modified = p.created_at;
  Playlist& added = s.playlists[p.id] = std::move(p);
  log_activity(s, added.user_id, "playlist", added.id, added.created_at);
  return added;
}

/// The user's playlists the caller may see, newest first.
inline std::vector<models::Playlist> playlists_by(const Call& c, Id user) {
  std::vector<models::Playlist> out;
  for (auto it = c.state.playlists.rbegin(); it != c.state.playlists.rend(); ++it)
    if (it->second.user_id == user && visible_to(c, user, it->second.sharing))
      out.push_back(playlist_model(c, it->second));
  return out;
}

/// The track ids of a create or update body, each a track the caller may see; 400 naming the item.
inline std::vector<Id> playlist_tracks(Call& c, const std::vector<models::CreateUpdatePlaylistRequestPlaylistTracksItem>& items) {
  std::vector<Id> out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string& text = items[i].id;
    const std::string where = "playlist.tracks[" + std::to_string(i) + "].id";
    Id id = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    auto it = c.state.tracks.find(id);
    if (ec != std::errc() || end != text.data() + text.size() || it == c.state.tracks.end() ||
        !visible_to(c, it->second.user_id, it->second.sharing))
      throw Failure(400, "'" + where + "' names no track you may add: '" + text + "'", {{"in", where}});
    out.push_back(id);
  }
  return out;
}

namespace handlers {

inline Response get_playlist(Call& c) {
  return model_response(playlist_model(c, playlist_at(c, path_id(c, "playlist_id"))));
}

inline Response create_playlist(Call& c, const models::CreateUpdatePlaylistRequest& body) {
  const Id owner = me(c);
  if (!body.playlist || !body.playlist->title || body.playlist->title->empty())
    throw Failure(400, "'playlist.title' is required", {{"in", "playlist.title"}});
  const auto& in = *body.playlist;
  Playlist p;
  p.user_id = owner;
  p.title = *in.title;
  p.description = in.description.value_or("");
  if (in.sharing) p.sharing = sharing_value(in.sharing->wire(), "playlist.sharing");
  if (in.tracks) p.tracks = playlist_tracks(c, *in.tracks);
  return model_response(201, playlist_model<models::LegacyPlaylistResponse>(c, add_playlist(c.state, std::move(p), c.now)));
}

inline Response update_playlist(Call& c, const models::CreateUpdatePlaylistRequest& body) {
  Playlist& p = playlist_at(c, path_id(c, "playlist_id"));
  require_owner(c, p.user_id, "playlist " + std::to_string(p.id));
  if (body.playlist) {
    const auto& in = *body.playlist;
    if (in.title) p.title = *in.title;
    if (in.description) p.description = *in.description;
    if (in.sharing) p.sharing = sharing_value(in.sharing->wire(), "playlist.sharing");
    if (in.tracks) p.tracks = playlist_tracks(c, *in.tracks);
  }
  p.last_modified = c.now;
  return model_response(playlist_model<models::LegacyPlaylistResponse>(c, p));
}

inline Response delete_playlist(Call& c) {
  const Playlist& p = playlist_at(c, path_id(c, "playlist_id"));
  require_owner(c, p.user_id, "playlist " + std::to_string(p.id));
  remove_playlist(c.state, p.id);
  return status_response(200);
}

inline Response playlist_track_list(Call& c) {
  const Playlist& p = playlist_at(c, path_id(c, "playlist_id"));
  std::vector<models::Track> out;
  for (Id id : p.tracks) {
    const Track& t = c.state.tracks.at(id);
    if (visible_to(c, t.user_id, t.sharing)) out.push_back(track_model(c, t));
  }
  return page_response(c, out);
}

inline Response my_playlists(Call& c) { return page_response(c, playlists_by(c, me(c))); }
inline Response my_playlist(Call& c) {
  const Playlist& p = playlist_at(c, path_id(c, "playlist_id"));
  if (p.user_id != me(c)) not_found("playlist " + std::to_string(p.id) + " is not one of yours");
  return model_response(playlist_model(c, p));
}
inline Response user_playlists(Call& c) {
  return page_response(c, playlists_by(c, user_at(c, path_id(c, "user_id")).id));
}

}  // namespace handlers
}  // namespace webapi::fakes::audio
