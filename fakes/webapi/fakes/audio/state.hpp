#pragma once
// What the audio-sharing fake remembers, as plain values a test can copy and inspect: users and what they
// published (tracks, playlists, comments), their connected accounts and web profiles; the relations
// between them (likes, reposts, follows), each stamped so lists can run newest first; the activity log the
// feeds are drawn from; and the OAuth side: registered apps, authorization codes and tokens.

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <webapi/fakes/core/clock.hpp>

namespace webapi::fakes::audio {

using Id = std::int64_t;
using Time = ManualClock::time_point;

struct User {
  Id id = 0;
  std::string username{};
  std::string permalink{};  ///< the last segment of the user's public page URL
  std::string full_name{};
  std::string city{};
  std::string country{};
  std::string description{};
  Time created_at{};
};

struct Track {
  Id id = 0;
  Id user_id = 0;  ///< the owner: the only user who may update or delete it
  std::string title{};
  std::string permalink{};  ///< unique per owner; the public page is <site>/<user>/<permalink>
  std::string genre{};
  std::string tag_list{};
  std::string description{};
  std::string sharing = "public";  ///< "private": seen by its owner only
  std::int64_t duration_ms = 0;
  std::int64_t playback_count = 0;
  std::int64_t asset_bytes = 0;  ///< size of the uploaded audio
  bool streamable = true;
  bool commentable = true;
  Time created_at{};
  Time last_modified{};
};

struct Playlist {
  Id id = 0;
  Id user_id = 0;
  std::string title{};
  std::string permalink{};  ///< the public page is <site>/<user>/sets/<permalink>
  std::string description{};
  std::string sharing = "public";
  std::vector<Id> tracks{};  ///< in playlist order
  Time created_at{};
  Time last_modified{};
};

struct Comment {
  Id id = 0;
  Id track_id = 0;
  Id user_id = 0;
  std::string body{};
  std::optional<std::int64_t> timestamp{};  ///< position in the track, in milliseconds
  Time created_at{};
};

/// A social account connected to a user's profile.
struct Connection {
  Id id = 0;
  Id user_id = 0;
  std::string service{};  ///< "twitter", "facebook", ...
  std::string display_name{};
  bool post_publish = false;
  bool post_favorite = false;
  Time created_at{};
};

/// A link a user shows on the profile.
struct WebProfile {
  Id id = 0;
  Id user_id = 0;
  std::string service{};  ///< "personal", "instagram", ...
  std::string title{};
  std::string url{};
  std::string username{};
  Time created_at{};
};

/// `subject` likes, reposts or follows `object`; `sequence` orders relations newest first.
struct Relation {
  Id subject = 0;
  Id object = 0;
  std::uint64_t sequence = 0;
  Time at{};
};

/// The relations of one kind, at most one per (subject, object).
struct Relations {
  std::vector<Relation> all{};  ///< oldest first

  bool has(Id subject, Id object) const {
    return std::any_of(all.begin(), all.end(), [&](const Relation& r) { return r.subject == subject && r.object == object; });
  }
  /// Adds the relation; false when it was already there.
  bool set(Id subject, Id object, std::uint64_t sequence, Time at) {
    if (has(subject, object)) return false;
    all.push_back({subject, object, sequence, at});
    return true;
  }
  /// Removes the relation; false when it was not there.
  bool clear(Id subject, Id object) {
    return std::erase_if(all, [&](const Relation& r) { return r.subject == subject && r.object == object; }) > 0;
  }
  void forget(Id id) {
    std::erase_if(all, [&](const Relation& r) { return r.subject == id || r.object == id; });
  }
  /// The objects of `subject`, newest relation first.
  std::vector<Id> objects_of(Id subject) const {
    std::vector<Id> out;
    for (auto it = all.rbegin(); it != all.rend(); ++it)
      if (it->subject == subject) out.push_back(it->object);
    return out;
  }
  /// The subjects related to `object`, newest relation first.
  std::vector<Id> subjects_of(Id object) const {
    std::vector<Id> out;
    for (auto it = all.rbegin(); it != all.rend(); ++it)
      if (it->object == object) out.push_back(it->subject);
    return out;
  }
  std::int64_t count_subjects(Id subject) const {
    return std::count_if(all.begin(), all.end(), [&](const Relation& r) { return r.subject == subject; });
  }
  std::int64_t count_objects(Id object) const {
    return std::count_if(all.begin(), all.end(), [&](const Relation& r) { return r.object == object; });
  }
};

/// One entry of the activity log: a user published or reposted a track or a playlist.
struct Activity {
  std::uint64_t sequence = 0;
  Id user_id = 0;          ///< who did it
  std::string type{};      ///< "track", "track-repost", "playlist", "playlist-repost"
  Id origin = 0;           ///< the track or playlist
  Time at{};

  bool about_track() const { return type.starts_with("track"); }
};

/// An application registered for OAuth.
struct App {
  std::string client_id{};
  std::string client_secret{};
  std::set<std::string> redirect_uris{};  ///< /connect redirects only to one of these
};

/// A code /connect handed out, waiting to be exchanged once at the token operation.
struct AuthorizationCode {
  std::string value{};
  std::string client_id{};
  std::string redirect_uri{};
  std::string code_challenge{};  ///< S256 of the verifier the exchange must present
  std::string scope{};
  Id user_id = 0;
  Time expires_at{};
  bool used = false;
};

struct AccessToken {
  std::string value{};
  std::string client_id{};
  std::optional<Id> user_id{};  ///< none for an app-only token (client credentials)
  std::string scope{};
  Time expires_at{};
};

struct RefreshToken {
  std::string value{};
  std::string client_id{};
  Id user_id = 0;
  std::string scope{};
};

struct State {
  std::map<Id, User> users;
  std::map<Id, Track> tracks;
  std::map<Id, Playlist> playlists;
  std::map<Id, Comment> comments;
  std::map<Id, Connection> connections;
  std::map<Id, WebProfile> web_profiles;

  Relations track_likes;       ///< user -> track
  Relations playlist_likes;    ///< user -> playlist
  Relations track_reposts;     ///< user -> track
  Relations playlist_reposts;  ///< user -> playlist
  Relations follows;           ///< follower -> followed user

  std::vector<Activity> activities;  ///< oldest first

  std::map<std::string, App, std::less<>> apps;                      ///< by client_id
  std::map<std::string, AuthorizationCode, std::less<>> codes;       ///< by value
  std::map<std::string, AccessToken, std::less<>> access_tokens;     ///< by value
  std::map<std::string, RefreshToken, std::less<>> refresh_tokens;   ///< by value; a used one is erased
  std::optional<Id> signed_in{};  ///< the user /connect authorizes as (the service's login page)

  Id last_id = 100000;              ///< every record's id comes from here, so ids never clash
  std::uint64_t sequence = 0;       ///< orders relations and activities
  std::uint64_t secrets_issued = 0;  ///< numbers generated codes and tokens

  Id next_id() { return ++last_id; }
  std::uint64_t next_sequence() { return ++sequence; }
};

}  // namespace webapi::fakes::audio
