#pragma once
// The audio fake's state as JSON, for GET /__webapi/snapshot. Secrets (client secrets, codes, tokens) are
// counted, never listed: a snapshot may end up in a log.

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <webapi/fakes/audio/state.hpp>
#include <webapi/fakes/core/state_json.hpp>

namespace webapi::fakes::audio {

inline boost::json::value state_to_json(const State& s) {
  namespace j = state_json;
  auto ids = [](const std::vector<Id>& v) {
    boost::json::array a;
    for (Id id : v) a.emplace_back(id);
    return a;
  };
  auto relations = [](const Relations& r) {
    boost::json::array a;
    for (const auto& rel : r.all)
      a.push_back(boost::json::object{{"subject", rel.subject}, {"object", rel.object}, {"at", j::time(rel.at)}});
    return a;
  };
  boost::json::array users, tracks, playlists, comments, activities, apps;
  for (const auto& [id, u] : s.users)
    users.push_back(boost::json::object{{"id", id}, {"username", u.username}, {"permalink", u.permalink},
                                        {"full_name", u.full_name}, {"created_at", j::time(u.created_at)}});
  for (const auto& [id, t] : s.tracks)
    tracks.push_back(boost::json::object{{"id", id},           {"user_id", t.user_id},     {"title", t.title},
                                         {"permalink", t.permalink}, {"genre", t.genre}, {"tag_list", t.tag_list},
                                         {"sharing", t.sharing}, {"duration_ms", t.duration_ms},
                                         {"created_at", j::time(t.created_at)}});
  for (const auto& [id, p] : s.playlists)
    playlists.push_back(boost::json::object{{"id", id},       {"user_id", p.user_id}, {"title", p.title},
                                            {"permalink", p.permalink}, {"sharing", p.sharing},
                                            {"tracks", ids(p.tracks)}, {"created_at", j::time(p.created_at)}});
  for (const auto& [id, c] : s.comments)
    comments.push_back(boost::json::object{{"id", id}, {"track_id", c.track_id}, {"user_id", c.user_id},
                                           {"body", c.body}, {"created_at", j::time(c.created_at)}});
  for (const auto& a : s.activities)
    activities.push_back(boost::json::object{{"user_id", a.user_id}, {"type", a.type}, {"origin", a.origin},
                                             {"at", j::time(a.at)}});
  for (const auto& [id, app] : s.apps) {
    boost::json::array uris;
    for (const auto& u : app.redirect_uris) uris.emplace_back(u);
    apps.push_back(boost::json::object{{"client_id", id}, {"redirect_uris", std::move(uris)}});
  }
  boost::json::object o{{"users", std::move(users)},
                        {"tracks", std::move(tracks)},
                        {"playlists", std::move(playlists)},
                        {"comments", std::move(comments)},
                        {"track_likes", relations(s.track_likes)},
                        {"playlist_likes", relations(s.playlist_likes)},
                        {"track_reposts", relations(s.track_reposts)},
                        {"playlist_reposts", relations(s.playlist_reposts)},
                        {"follows", relations(s.follows)},
                        {"activities", std::move(activities)},
                        {"apps", std::move(apps)},
                        {"connections", s.connections.size()},
                        {"web_profiles", s.web_profiles.size()},
                        {"access_tokens", s.access_tokens.size()},
                        {"refresh_tokens", s.refresh_tokens.size()},
                        {"signed_in", nullptr}};
  if (s.signed_in) o["signed_in"] = *s.signed_in;
  return o;
}

}  // namespace webapi::fakes::audio
