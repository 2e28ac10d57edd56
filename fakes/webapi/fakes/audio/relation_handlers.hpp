#pragma once
// Likes, reposts and follows by the calling user, and the lists that show them.
//
// Setting a relation that is already set, or clearing one that is not, changes nothing and succeeds the
// same way (the operations are idempotent). A relation shows at once everywhere: in the user's lists
// (/me/likes/tracks, /me/favorites/ids, /me/followings, /users/{id}/likes/tracks...), in the other side's
// lists (/tracks/{id}/favoriters, /tracks/{id}/reposters, /users/{id}/followers) and in every count on the
// records (records.hpp). Reposting also logs an activity; un-reposting removes it.

#include <string>
#include <vector>

#include <webapi/audio/models.hpp>
#include <webapi/fakes/audio/activities.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/paging.hpp>
#include <webapi/fakes/audio/records.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::audio::handlers {

// ---- likes and reposts -----------------------------------------------------------------------------------

/// What one like or repost operation works on.
struct Target {
  Relations State::*relations;  ///< where the relation is kept
  bool track;                   ///< a track (track_id in the path) or a playlist (playlist_id)
  const char* activity;         ///< the activity logged while the relation holds; nullptr for none
  int set_status;               ///< what setting answers: 200 for likes, 201 for reposts
};
inline constexpr Target track_like{&State::track_likes, true, nullptr, 200};
inline constexpr Target playlist_like{&State::playlist_likes, false, nullptr, 200};
inline constexpr Target track_repost{&State::track_reposts, true, "track-repost", 201};
inline constexpr Target playlist_repost{&State::playlist_reposts, false, "playlist-repost", 201};

inline Id target_in_path(Call& c, const Target& t) {
  return t.track ? track_at(c, path_id(c, "track_id")).id : playlist_at(c, path_id(c, "playlist_id")).id;
}

inline Response set_relation(Call& c, const Target& t) {
  const Id id = target_in_path(c, t);
  if ((c.state.*t.relations).set(me(c), id, c.state.next_sequence(), c.now) && t.activity)
    log_activity(c.state, me(c), t.activity, id, c.now);
  return status_response(t.set_status);
}

inline Response clear_relation(Call& c, const Target& t) {
  const Id id = target_in_path(c, t);
  if ((c.state.*t.relations).clear(me(c), id) && t.activity) forget_activity(c.state, t.activity, me(c), id);
  return status_response(200);
}

// ---- follows ----------------------------------------------------------------------------------------------

/// 201 and the followed user when the follow is new, 200 when it was already there.
inline Response follow(Call& c) {
  const Id other = user_at(c, path_id(c, "user_id")).id;
  if (other == me(c)) throw Failure(400, "a user cannot follow themselves", {{"in", "user_id"}});
  const bool added = c.state.follows.set(me(c), other, c.state.next_sequence(), c.now);
  return model_response(added ? 201 : 200, user_model<models::User>(c, c.state.users.at(other)));
}
inline Response unfollow(Call& c) {
  const Id other = user_at(c, path_id(c, "user_id")).id;
  c.state.follows.clear(me(c), other);
  return status_response(200);
}

// ---- the lists --------------------------------------------------------------------------------------------

/// The users `ids` names, in that order, as `Shape`.
template <class Shape>
std::vector<Shape> users_of(const Call& c, const std::vector<Id>& ids) {
  std::vector<Shape> out;
  for (Id id : ids) out.push_back(user_model<Shape>(c, c.state.users.at(id)));
  return out;
}

/// The tracks `ids` names that the caller may see, in that order.
inline std::vector<models::Track> tracks_of(const Call& c, const std::vector<Id>& ids) {
  std::vector<models::Track> out;
  for (Id id : ids) {
    const Track& t = c.state.tracks.at(id);
    if (visible_to(c, t.user_id, t.sharing)) out.push_back(track_model(c, t));
  }
  return out;
}

inline Response my_liked_tracks(Call& c) { return page_response(c, tracks_of(c, c.state.track_likes.objects_of(me(c)))); }
inline Response user_liked_tracks(Call& c) {
  const Id user = user_at(c, path_id(c, "user_id")).id;
  return page_response(c, tracks_of(c, c.state.track_likes.objects_of(user)));
}
/// The ids of the tracks the user liked, newest first.
inline Response my_favorite_ids(Call& c) { return page_response(c, c.state.track_likes.objects_of(me(c))); }

inline Response track_favoriters(Call& c) {
  const Id id = track_at(c, path_id(c, "track_id")).id;
  return page_response(c, users_of<models::UsersListItem>(c, c.state.track_likes.subjects_of(id)));
}
inline Response track_reposters(Call& c) {
  const Id id = track_at(c, path_id(c, "track_id")).id;
  return page_response(c, users_of<models::MetaUser>(c, c.state.track_reposts.subjects_of(id)), true);
}
inline Response playlist_reposters(Call& c) {
  const Id id = playlist_at(c, path_id(c, "playlist_id")).id;
  return page_response(c, users_of<models::MetaUser>(c, c.state.playlist_reposts.subjects_of(id)), true);
}

inline Response my_followings(Call& c) { return page_response(c, users_of<models::UsersListItem>(c, c.state.follows.objects_of(me(c)))); }
inline Response my_followers(Call& c) { return page_response(c, users_of<models::UsersListItem>(c, c.state.follows.subjects_of(me(c)))); }
inline Response user_followings(Call& c) {
  const Id user = user_at(c, path_id(c, "user_id")).id;
  return page_response(c, users_of<models::UsersListItem>(c, c.state.follows.objects_of(user)));
}
inline Response user_followers(Call& c) {
  const Id user = user_at(c, path_id(c, "user_id")).id;
  return page_response(c, users_of<models::UsersListItem>(c, c.state.follows.subjects_of(user)));
}

/// The user `other` when `follower` follows them; 404 otherwise.
template <class Shape>
Response followed_user(const Call& c, Id follower, Id other) {
  if (!c.state.follows.has(follower, other))
    not_found("user " + std::to_string(follower) + " does not follow user " + std::to_string(other));
  return model_response(user_model<Shape>(c, c.state.users.at(other)));
}
inline Response my_following(Call& c) {
  return followed_user<models::User>(c, me(c), user_at(c, path_id(c, "user_id")).id);
}
inline Response my_follower(Call& c) {
  const Id follower = user_at(c, path_id(c, "follower_id")).id;
  if (!c.state.follows.has(follower, me(c)))
    not_found("user " + std::to_string(follower) + " does not follow you");
  return model_response(user_model<models::User>(c, c.state.users.at(follower)));
}
inline Response user_following(Call& c) {
  const Id user = user_at(c, path_id(c, "user_id")).id;
  return followed_user<models::CompleteUser>(c, user, user_at(c, path_id(c, "following_id")).id);
}

}  // namespace webapi::fakes::audio::handlers
