#pragma once
// webapi::fakes::audio::Fake: the audio-sharing service in memory, as a webapi::Transport.
//
//   namespace fa = webapi::fakes::audio;
//   fa::Fake fake;
//   fake.add_app({.client_id = "app", .client_secret = "s3cret", .redirect_uris = {"https://app.example/cb"}});
//   fa::Id ada = fake.add_user({.username = "Ada"});
//   fa::Id bob = fake.add_user({.username = "Bob"});
//   fa::Id song = fake.add_track(bob, {.title = "First light"});
//   webapi::audio::Client audio{fake, {.access_token = fake.issue_token(ada, "app")}};
//   audio.put_me_followings_user_id(bob);
//   audio.post_likes_tracks_track_id(song);   // now in /me/likes/tracks, /tracks/{id}/favoriters, counts
//
// Users publish tracks and playlists and comment on tracks; they like, repost and follow (relation
// handlers); what they publish and repost is logged for the activity feeds. Only the owner changes or
// deletes a track or playlist (403 otherwise), and a deleted track leaves no trace (activities.hpp). Lists
// page with limit, offset and linked_partitioning (paging.hpp). The OAuth server (oauth_handlers.hpp)
// issues codes through /connect for the user signed in with sign_in(), exchanges them with PKCE, refreshes
// and issues app-only tokens; access tokens expire on the fake's clock. Callers present a token
// (Authorization: Bearer or OAuth) or the app's client_id alone (call.hpp). Every operation of the module
// is modeled. Errors have the description's Error shape ({code, message, status}); the token operation's
// have OAuth 2.0's ({error, error_description}). State lives in plain structs (state.hpp) behind one mutex.

#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <webapi/audio/models.hpp>
#include <webapi/audio/service.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/fakes/audio/activities.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/discovery_handlers.hpp>
#include <webapi/fakes/audio/feed_handlers.hpp>
#include <webapi/fakes/audio/oauth_handlers.hpp>
#include <webapi/fakes/audio/playlist_handlers.hpp>
#include <webapi/fakes/audio/relation_handlers.hpp>
#include <webapi/fakes/audio/seeding.hpp>
#include <webapi/fakes/audio/state.hpp>
#include <webapi/fakes/audio/tokens.hpp>
#include <webapi/fakes/audio/track_handlers.hpp>
#include <webapi/fakes/audio/user_handlers.hpp>
#include <webapi/fakes/core/fake_base.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/params.hpp>

namespace webapi::fakes::audio {

/// "401 - Unauthorized": the status text the service puts in its errors.
inline std::string status_text(int status) {
  switch (status) {
    case 400: return "400 - Bad Request";
    case 401: return "401 - Unauthorized";
    case 403: return "403 - Forbidden";
    case 404: return "404 - Not Found";
    case 405: return "405 - Method Not Allowed";
    case 415: return "415 - Unsupported Media Type";
    case 501: return "501 - Not Implemented";
    default: return std::to_string(status);
  }
}

class Fake : public FakeBase<Fake, Call, State> {
  friend FakeBase;

 public:
  /// The module it fakes, as a service sees it (verify() reads its answers' models from it).
  using service_type = webapi::audio::service;

  Fake() {
    register_routes();
    dispatcher_.set_error_format([](int status, std::string_view message, const boost::json::object&) {
      return model_response(status, webapi::audio::Error{.code = status, .message = std::string(message),
                                                          .status = status_text(status)});
    });
    reset_locked();
  }

  // ---- seeding ----------------------------------------------------------------------------------------

  /// Registers an OAuth application; returns its client_id.
  std::string add_app(AppSeed a) {
    std::lock_guard lock(mutex_);
    App app{a.client_id.empty() ? new_secret(state_, "client-") : std::move(a.client_id),
            a.client_secret.empty() ? new_secret(state_, "secret-") : std::move(a.client_secret),
            std::move(a.redirect_uris)};
    std::string id = app.client_id;
    state_.apps[id] = std::move(app);
    return id;
  }
  /// The registered application `client_id`'s secret; throws std::invalid_argument for an unknown one.
  std::string client_secret(std::string_view client_id) const {
    std::lock_guard lock(mutex_);
    auto it = state_.apps.find(client_id);
    if (it == state_.apps.end()) throw std::invalid_argument("audio fake: no application " + std::string(client_id));
    return it->second.client_secret;
  }

  /// Adds a user; returns its id.
  Id add_user(UserSeed u) {
    std::lock_guard lock(mutex_);
    User user{state_.next_id(), std::move(u.username), u.permalink, std::move(u.full_name), std::move(u.city),
              std::move(u.country), std::move(u.description), clock_.now()};
    user.permalink = unique_permalink(u.permalink.empty() ? user.username : u.permalink, [&](const std::string& p) {
      return std::any_of(state_.users.begin(), state_.users.end(), [&](const auto& kv) { return kv.second.permalink == p; });
    });
    const Id id = user.id;
    state_.users[id] = std::move(user);
    return id;
  }

  /// Adds a track of `owner` as an upload would (its id, permalink and times are the fake's to set unless
  /// given); returns its id.
  Id add_track(Id owner, Track t) {
    std::lock_guard lock(mutex_);
    require_user(owner);
    t.user_id = owner;
    return audio::add_track(state_, std::move(t), clock_.now()).id;
  }

  /// Adds a playlist of `owner` holding existing tracks; returns its id.
  Id add_playlist(Id owner, Playlist p) {
    std::lock_guard lock(mutex_);
    require_user(owner);
    for (Id t : p.tracks)
      if (!state_.tracks.contains(t)) throw std::invalid_argument("audio fake: no track " + std::to_string(t));
    p.user_id = owner;
    return audio::add_playlist(state_, std::move(p), clock_.now()).id;
  }

  /// Adds a comment by `author` on `track`; returns its id.
  Id add_comment(Id author, Id track, std::string body) {
    std::lock_guard lock(mutex_);
    require_user(author);
    if (!state_.tracks.contains(track)) throw std::invalid_argument("audio fake: no track " + std::to_string(track));
    const Id id = state_.next_id();
    state_.comments[id] = Comment{id, track, author, std::move(body), std::nullopt, clock_.now()};
    return id;
  }

  /// Connects a social account to `owner`'s profile; returns its id.
  Id add_connection(Id owner, Connection cn) { return add_to_profile(state_.connections, owner, std::move(cn)); }

  /// Adds a web profile link to `owner`'s profile; returns its id.
  Id add_web_profile(Id owner, WebProfile w) { return add_to_profile(state_.web_profiles, owner, std::move(w)); }

  /// `follower` follows `followed`, as a follow call would.
  void follow(Id follower, Id followed) {
    std::lock_guard lock(mutex_);
    require_user(follower);
    require_user(followed);
    state_.follows.set(follower, followed, state_.next_sequence(), clock_.now());
  }

  /// `user` likes `track`, as a like call would.
  void like_track(Id user, Id track) {
    std::lock_guard lock(mutex_);
    require_user(user);
    if (!state_.tracks.contains(track)) throw std::invalid_argument("audio fake: no track " + std::to_string(track));
    state_.track_likes.set(user, track, state_.next_sequence(), clock_.now());
  }

  /// An access token for `user` (for the application `client_id`, which need not be registered), as if
  /// the user had logged in; it expires an hour later on the fake's clock.
  std::string issue_token(Id user, std::string client_id = {}) {
    std::lock_guard lock(mutex_);
    require_user(user);
    return issue_access_token(state_, std::move(client_id), user, "", clock_.now()).value;
  }

  /// The user signed in at the service's login page: /connect approves requests as this user.
  void sign_in(Id user) {
    std::lock_guard lock(mutex_);
    require_user(user);
    state_.signed_in = user;
  }
  void sign_out() {
    std::lock_guard lock(mutex_);
    state_.signed_in.reset();
  }

  // ---- inspection (copies, taken under the lock) ------------------------------------------------------

  std::optional<Track> track(Id id) const {
    return inspect([&](const State& s) -> std::optional<Track> {
      auto it = s.tracks.find(id);
      if (it == s.tracks.end()) return std::nullopt;
      return it->second;
    });
  }
  std::optional<Playlist> playlist(Id id) const {
    return inspect([&](const State& s) -> std::optional<Playlist> {
      auto it = s.playlists.find(id);
      if (it == s.playlists.end()) return std::nullopt;
      return it->second;
    });
  }

 private:
  Call make_call(const Route& route, const Request& request, Captures&& captures) {
    // The OAuth operations are how a caller gets a credential: they take none.
    const bool open = route.operation == "get_connect" || route.operation == "post_oauth2_token";
    Caller caller = open ? Caller{} : authenticate(state_, request, clock_.now());
    return Call{state_, request, Params::from(request), std::move(captures), std::move(caller), clock_.now()};
  }

  // A record of `owner`'s profile (a connection, a web profile): a fresh id, and now unless it has a time.
  template <class Table, class Record>
  Id add_to_profile(Table& table, Id owner, Record r) {
    std::lock_guard lock(mutex_);
    require_user(owner);
    r.id = state_.next_id();
    r.user_id = owner;
    if (r.created_at == Time{}) r.created_at = clock_.now();
    const Id id = r.id;
    table[id] = std::move(r);
    return id;
  }

  void require_user(Id id) const {
    if (!state_.users.contains(id))
      throw std::invalid_argument("audio fake: no user " + std::to_string(id) + "; add it with add_user first");
  }

  /// Back to a fresh fake: no apps, users or anything they made; ids start over; an empty journal; no
  /// faults; the clock at its start.
  void reset_locked() { reset_common(); }

  void register_routes() {
    namespace h = handlers;
    declare<webapi::audio::service>()
        // OAuth
        .on<"get_connect">(h::connect)
        .on<"post_oauth2_token">(h::token)
        // the authenticated user
        .on<"get_me">(h::get_me)
        .on<"get_me_activities">(h::my_activities)
        .on<"get_me_activities_all_own">(h::my_own_activities)
        .on<"get_me_activities_tracks">(h::my_track_activities)
        .on<"get_me_connections">(h::my_connections)
        .on<"get_me_connections_connection_id">(h::my_connection)
        .on<"get_me_favorites_ids">(h::my_favorite_ids)
        .on<"get_me_followers">(h::my_followers)
        .on<"get_me_followers_follower_id">(h::my_follower)
        .on<"get_me_followings">(h::my_followings)
        .on<"get_me_followings_tracks">(h::followed_users_tracks)
        .on<"get_me_followings_user_id">(h::my_following)
        .on<"put_me_followings_user_id">(h::follow)
        .on<"delete_me_followings_user_id">(h::unfollow)
        .on<"get_me_likes_tracks">(h::my_liked_tracks)
        .on<"get_me_playlists">(h::my_playlists)
        .on<"get_me_playlists_playlist_id">(h::my_playlist)
        .on<"get_me_tracks">(h::my_tracks)
        .on<"get_me_tracks_track_id">(h::my_track)
        // likes and reposts
        .on<"post_likes_tracks_track_id">([](Call& c) { return h::set_relation(c, h::track_like); })
        .on<"delete_likes_tracks_track_id">([](Call& c) { return h::clear_relation(c, h::track_like); })
        .on<"post_likes_playlists_playlist_id">([](Call& c) { return h::set_relation(c, h::playlist_like); })
        .on<"delete_likes_playlists_playlist_id">([](Call& c) { return h::clear_relation(c, h::playlist_like); })
        .on<"post_reposts_tracks_track_id">([](Call& c) { return h::set_relation(c, h::track_repost); })
        .on<"delete_reposts_tracks_track_id">([](Call& c) { return h::clear_relation(c, h::track_repost); })
        .on<"post_reposts_playlists_playlist_id">([](Call& c) { return h::set_relation(c, h::playlist_repost); })
        .on<"delete_reposts_playlists_playlist_id">([](Call& c) { return h::clear_relation(c, h::playlist_repost); })
        // playlists
        .on<"get_playlists">(h::search_playlists)
        .on<"post_playlists">(h::create_playlist)
        .on<"get_playlists_playlist_id">(h::get_playlist)
        .on<"put_playlists_playlist_id">(h::update_playlist)
        .on<"delete_playlists_playlist_id">(h::delete_playlist)
        .on<"get_playlists_playlist_id_reposters">(h::playlist_reposters)
        .on<"get_playlists_playlist_id_tracks">(h::playlist_track_list)
        // tracks
        .on<"get_resolve">(h::resolve)
        .on<"get_tracks">(h::search_tracks)
        .on<"post_tracks">(h::upload_track)
        .on<"get_tracks_track_id">(h::get_track)
        .on<"put_tracks_track_id">(h::update_track)
        .on<"delete_tracks_track_id">(h::delete_track)
        .on<"get_tracks_track_id_comments">(h::track_comments)
        .on<"post_tracks_track_id_comments">(h::post_comment)
        .on<"get_tracks_track_id_favoriters">(h::track_favoriters)
        .on<"get_tracks_track_id_related">(h::related_tracks)
        .on<"get_tracks_track_id_reposters">(h::track_reposters)
        .on<"get_tracks_track_id_streams">(h::track_streams)
        // users
        .on<"get_users">(h::search_users)
        .on<"get_users_user_id">(h::get_user)
        .on<"get_users_user_id_comments">(h::user_comments)
        .on<"get_users_user_id_favorites">(h::user_liked_tracks)
        .on<"get_users_user_id_followers">(h::user_followers)
        .on<"get_users_user_id_followings">(h::user_followings)
        .on<"get_users_user_id_followings_following_id">(h::user_following)
        .on<"get_users_user_id_likes_tracks">(h::user_liked_tracks)
        .on<"get_users_user_id_playlists">(h::user_playlists)
        .on<"get_users_user_id_tracks">(h::user_tracks)
        .on<"get_users_user_id_web_profiles">(h::user_web_profiles);
  }
};

static_assert(webapi::Transport<Fake>);

}  // namespace webapi::fakes::audio
