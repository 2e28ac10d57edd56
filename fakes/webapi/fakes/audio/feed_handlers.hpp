#pragma once
// The authenticated user's feeds, read from the activity log, newest first:
//   /me/activities          own activities, and the tracks followed users publish or repost
//   /me/activities/all/own  own activities only
//   /me/activities/tracks   the track activities of either kind
//   /me/followings/tracks   the tracks followed users published
// Feeds always answer {collection, next_href}; the tracks list pages like any other list.

#include <vector>

#include <webapi/audio/models.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/paging.hpp>
#include <webapi/fakes/audio/records.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::audio::handlers {

/// Which activities a feed holds.
enum class Feed { all, own, tracks };

inline bool in_feed(const Call& c, Id user, const Activity& a, Feed feed) {
  const bool own = a.user_id == user;
  const bool followed_track = a.about_track() && c.state.follows.has(user, a.user_id);
  switch (feed) {
    case Feed::own: return own;
    case Feed::all: return own || followed_track;
    case Feed::tracks: return a.about_track() && (own || followed_track);
  }
  return false;
}

inline Response feed(Call& c, Feed which) {
  const Id user = me(c);
  std::vector<models::ActivitiesCollectionItem> items;
  for (auto it = c.state.activities.rbegin(); it != c.state.activities.rend(); ++it) {
    const Activity& a = *it;
    if (!in_feed(c, user, a, which)) continue;
    models::ActivitiesCollectionItem item{.created_at = service_time(a.at), .type = a.type};
    if (a.about_track()) {
      const Track& t = c.state.tracks.at(a.origin);
      if (!visible_to(c, t.user_id, t.sharing)) continue;
      item.origin = track_model(c, t);
    } else {
      const Playlist& p = c.state.playlists.at(a.origin);
      if (!visible_to(c, p.user_id, p.sharing)) continue;
      item.origin = playlist_model(c, p);
    }
    items.push_back(std::move(item));
  }
  return page_response(c, items, true);
}

inline Response my_activities(Call& c) { return feed(c, Feed::all); }
inline Response my_own_activities(Call& c) { return feed(c, Feed::own); }
inline Response my_track_activities(Call& c) { return feed(c, Feed::tracks); }

inline Response followed_users_tracks(Call& c) {
  const Id user = me(c);
  std::vector<models::Track> out;
  for (auto it = c.state.activities.rbegin(); it != c.state.activities.rend(); ++it)
    if (it->type == "track" && c.state.follows.has(user, it->user_id)) {
      const Track& t = c.state.tracks.at(it->origin);
      if (visible_to(c, t.user_id, t.sharing)) out.push_back(track_model(c, t));
    }
  return page_response(c, out);
}

}  // namespace webapi::fakes::audio::handlers
