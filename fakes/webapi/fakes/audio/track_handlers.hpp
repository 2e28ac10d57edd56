#pragma once
// Tracks: upload (multipart), read, update and delete by the owner only (403 for anyone else), their
// comments, streams and related tracks, and the lists of a user's tracks.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include <webapi/audio/models.hpp>
#include <webapi/core/ascii.hpp>
#include <webapi/fakes/audio/activities.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/paging.hpp>
#include <webapi/fakes/audio/records.hpp>
#include <webapi/fakes/core/multipart.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/params.hpp>

namespace webapi::fakes::audio {

/// "My First Track!" -> "my-first-track": the last segment of a public page URL.
inline std::string slug(std::string_view title) {
  std::string out;
  for (char ch : title) {
    auto u = static_cast<unsigned char>(ch);
    if ((u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z')) out += ascii::to_lower(ch);
    else if (!out.empty() && out.back() != '-') out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? std::string("untitled") : out;
}

/// A permalink from `title` that none of `taken` has yet ("name", "name-2", ...).
template <class Taken>
std::string unique_permalink(std::string_view title, Taken&& taken) {
  const std::string base = slug(title);
  std::string candidate = base;
  for (int n = 2; taken(candidate); ++n) candidate = base + "-" + std::to_string(n);
  return candidate;
}

/// "public" or "private", or 400 naming `field`.
inline std::string sharing_value(std::string_view value, std::string_view field) {
  if (value != "public" && value != "private")
    throw Failure(400, "'" + std::string(field) + "' must be public or private, got '" + std::string(value) + "'",
                  {{"in", std::string(field)}});
  return std::string(value);
}

/// The user's tracks the caller may see, newest first.
inline std::vector<models::Track> tracks_by(const Call& c, Id user) {
  std::vector<models::Track> out;
  for (auto it = c.state.tracks.rbegin(); it != c.state.tracks.rend(); ++it)
    if (it->second.user_id == user && visible_to(c, user, it->second.sharing)) out.push_back(track_model(c, it->second));
  return out;
}

/// Adds a track for `owner`, logging its publication; the permalink is made unique for the owner.
inline Track& add_track(State& s, Track t, Time now) {
  t.id = s.next_id();
  t.permalink = unique_permalink(t.permalink.empty() ? t.title : t.permalink, [&](const std::string& p) {
    return std::any_of(s.tracks.begin(), s.tracks.end(),
                       [&](const auto& kv) { return kv.second.user_id == t.user_id && kv.second.permalink == p; });
  });
  if (t.created_at == Time{}) t.created_at = now;
  t.last_modified = t.created_at;
  Track& added = s.tracks[t.id] = std::move(t);
  log_activity(s, added.user_id, "track", added.id, added.created_at);
  return added;
}

namespace handlers {

inline Response get_track(Call& c) { return model_response(track_model(c, track_at(c, path_id(c, "track_id")))); }

/// POST /tracks: multipart/form-data with track[title] and the audio file track[asset_data].
inline Response upload_track(Call& c) {
  const Id owner = me(c);
  auto parts = multipart::parse(full_content_type(c.request), c.request.body);
  if (!parts) throw Failure(400, "the body is not a well-formed multipart/form-data body", {{"in", "body"}});
  auto text = [&](std::string_view name) -> std::optional<std::string> {
    if (const auto* p = multipart::find(*parts, name)) return p->data;
    return std::nullopt;
  };
  auto title = text("track[title]");
  if (!title || title->empty()) throw Failure(400, "'track[title]' is required", {{"in", "track[title]"}});
  const auto* asset = multipart::find(*parts, "track[asset_data]");
  if (!asset || !asset->filename || asset->data.empty())
    throw Failure(400, "'track[asset_data]' is required: the audio file, as a file part", {{"in", "track[asset_data]"}});
  Track t;
  t.user_id = owner;
  t.title = *title;
  t.permalink = text("track[permalink]").value_or("");
  t.genre = text("track[genre]").value_or("");
  t.tag_list = text("track[tag_list]").value_or("");
  t.description = text("track[description]").value_or("");
  if (auto sharing = text("track[sharing]")) t.sharing = sharing_value(*sharing, "track[sharing]");
  t.asset_bytes = static_cast<std::int64_t>(asset->data.size());
  return model_response(201, track_model(c, add_track(c.state, std::move(t), c.now)));
}

inline Response update_track(Call& c, const models::TrackMetadataRequest& body) {
  Track& t = track_at(c, path_id(c, "track_id"));
  require_owner(c, t.user_id, "track " + std::to_string(t.id));
  if (body.track) {
    const auto& u = *body.track;
    if (u.title) t.title = *u.title;
    if (u.genre) t.genre = *u.genre;
    if (u.tag_list) t.tag_list = *u.tag_list;
    if (u.description) t.description = *u.description;
    if (u.sharing) t.sharing = sharing_value(u.sharing->wire(), "track.sharing");
    if (u.streamable) t.streamable = *u.streamable;
    if (u.commentable) t.commentable = *u.commentable;
  }
  t.last_modified = c.now;
  return model_response(track_model(c, t));
}

inline Response delete_track(Call& c) {
  const Track& t = track_at(c, path_id(c, "track_id"));
  require_owner(c, t.user_id, "track " + std::to_string(t.id));
  remove_track(c.state, t.id);
  return status_response(200);
}

inline Response my_tracks(Call& c) { return page_response(c, tracks_by(c, me(c))); }
inline Response my_track(Call& c) {
  const Track& t = track_at(c, path_id(c, "track_id"));
  if (t.user_id != me(c)) not_found("track " + std::to_string(t.id) + " is not one of yours");
  return model_response(track_model(c, t));
}
inline Response user_tracks(Call& c) { return page_response(c, tracks_by(c, user_at(c, path_id(c, "user_id")).id)); }

// ---- comments ---------------------------------------------------------------------------------------------

inline Response post_comment(Call& c, const models::PostTracksTrackIdCommentsRequest& body) {
  const Id author = me(c);
  const Track& t = track_at(c, path_id(c, "track_id"));
  if (!t.commentable) forbidden("track " + std::to_string(t.id) + " does not take comments");
  if (!body.comment || body.comment->body.empty())
    throw Failure(400, "'comment.body' is required", {{"in", "comment.body"}});
  Comment cm{c.state.next_id(), t.id, author, body.comment->body, std::nullopt, c.now};
  if (const auto& ts = body.comment->timestamp) {
    if (const auto* ms = std::get_if<double>(&*ts)) cm.timestamp = static_cast<std::int64_t>(*ms);
    else {
      const std::string& s = std::get<std::string>(*ts);
      std::int64_t v = 0;
      auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec != std::errc() || end != s.data() + s.size())
        throw Failure(400, "'comment.timestamp' must be milliseconds into the track", {{"in", "comment.timestamp"}});
      cm.timestamp = v;
    }
  }
  Comment& added = c.state.comments[cm.id] = std::move(cm);
  return model_response(201, comment_model(c, added));
}

/// Comments on the track, or by the user, newest first.
template <class Pred>
std::vector<models::Comment> comments_where(const Call& c, Pred pred) {
  std::vector<models::Comment> out;
  for (auto it = c.state.comments.rbegin(); it != c.state.comments.rend(); ++it) {
    const Track& t = c.state.tracks.at(it->second.track_id);
    if (pred(it->second) && visible_to(c, t.user_id, t.sharing)) out.push_back(comment_model(c, it->second));
  }
  return out;
}
inline Response track_comments(Call& c) {
  const Id id = track_at(c, path_id(c, "track_id")).id;
  return page_response(c, comments_where(c, [&](const Comment& cm) { return cm.track_id == id; }));
}
inline Response user_comments(Call& c) {
  const Id id = user_at(c, path_id(c, "user_id")).id;
  return page_response(c, comments_where(c, [&](const Comment& cm) { return cm.user_id == id; }));
}

// ---- streams and related tracks ---------------------------------------------------------------------------

inline Response track_streams(Call& c) {
  const Track& t = track_at(c, path_id(c, "track_id"));
  if (!t.streamable) forbidden("track " + std::to_string(t.id) + " is not streamable");
  const std::string base = api_base(c) + "/tracks/" + std::to_string(t.id) + "/streams/";
  return model_response(models::Streams{.hls_mp3_128_url = base + "hls_mp3_128",
                                        .hls_opus_64_url = base + "hls_opus_64",
                                        .http_mp3_128_url = base + "http_mp3_128",
                                        .preview_mp3_128_url = base + "preview_mp3_128"});
}

/// Other tracks in the same genre or sharing a tag, newest first.
inline Response related_tracks(Call& c) {
  const Track& t = track_at(c, path_id(c, "track_id"));
  auto tags = [](std::string_view list) {
    std::vector<std::string> out;
    std::string word;
    for (char ch : std::string(list) + " ")
      if (ch == ' ') {
        if (!word.empty()) out.push_back(word);
        word.clear();
      } else {
        word += ch;
      }
    return out;
  };
  const auto mine = tags(t.tag_list);
  std::vector<models::Track> out;
  for (auto it = c.state.tracks.rbegin(); it != c.state.tracks.rend(); ++it) {
    const Track& o = it->second;
    if (o.id == t.id || !visible_to(c, o.user_id, o.sharing)) continue;
    const auto theirs = tags(o.tag_list);
    bool shares_tag = std::any_of(mine.begin(), mine.end(),
                                  [&](const std::string& w) { return std::find(theirs.begin(), theirs.end(), w) != theirs.end(); });
    if ((!t.genre.empty() && o.genre == t.genre) || shares_tag) out.push_back(track_model(c, o));
  }
  return page_response(c, out);
}

}  // namespace handlers
}  // namespace webapi::fakes::audio
