#pragma once
// Finding things: search by `q` over tracks, playlists and users (a case-insensitive substring of the
// title, tags, genre, username or permalink; private records never show), and resolve, which turns a
// public page URL (<site>/<user>, <site>/<user>/<track>, <site>/<user>/sets/<playlist>) into a 302 to
// the API resource; 404 for a page that is not there.

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/audio/models.hpp>
#include <webapi/core/ascii.hpp>
#include <webapi/fakes/audio/call.hpp>
#include <webapi/fakes/audio/paging.hpp>
#include <webapi/fakes/audio/records.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::audio {

/// True when `needle` occurs in any of `haystacks`, ignoring case; an empty needle matches everything.
inline bool mentions(std::string_view needle, std::initializer_list<std::string_view> haystacks) {
  const std::string n = ascii::to_lower(needle);
  return std::any_of(haystacks.begin(), haystacks.end(),
                     [&](std::string_view h) { return ascii::to_lower(h).find(n) != std::string::npos; });
}

/// The ids of an `ids` filter ("1,2,3"); empty when the call has none. 400 for one that is not a number.
inline std::vector<Id> ids_filter(const Call& c) {
  std::vector<Id> out;
  for (const std::string& item : c.params.list("ids")) {
    Id id = 0;
    auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), id);
    if (ec != std::errc() || end != item.data() + item.size())
      throw Failure(400, "'ids' must be a comma-separated list of ids, got '" + item + "'", {{"in", "ids"}});
    out.push_back(id);
  }
  return out;
}

namespace handlers {

inline Response search_tracks(Call& c) {
  const std::string q = c.params.get("q").value_or("");
  const auto ids = ids_filter(c);
  const auto genres = c.params.list("genres");
  std::vector<models::Track> out;
  for (auto it = c.state.tracks.rbegin(); it != c.state.tracks.rend(); ++it) {
    const Track& t = it->second;
    if (t.sharing == "private" || !mentions(q, {t.title, t.tag_list, t.genre, t.permalink})) continue;
    if (!ids.empty() && std::find(ids.begin(), ids.end(), t.id) == ids.end()) continue;
    if (!genres.empty() && std::find(genres.begin(), genres.end(), t.genre) == genres.end()) continue;
    out.push_back(track_model(c, t));
  }
  return page_response(c, out);
}

inline Response search_playlists(Call& c) {
  const std::string q = c.params.get("q").value_or("");
  std::vector<models::Playlist> out;
  for (auto it = c.state.playlists.rbegin(); it != c.state.playlists.rend(); ++it)
    if (it->second.sharing != "private" && mentions(q, {it->second.title, it->second.permalink}))
      out.push_back(playlist_model(c, it->second));
  return page_response(c, out);
}

inline Response search_users(Call& c) {
  const std::string q = c.params.get("q").value_or("");
  const auto ids = ids_filter(c);
  std::vector<models::UsersListItem> out;
  for (const auto& [id, u] : c.state.users) {
    if (!mentions(q, {u.username, u.permalink, u.full_name})) continue;
    if (!ids.empty() && std::find(ids.begin(), ids.end(), id) == ids.end()) continue;
    out.push_back(user_model<models::UsersListItem>(c, u));
  }
  return page_response(c, out);
}

/// The API path of the resource behind a public page URL, or empty when there is none (or the caller may
/// not see it).
inline std::string resolved_path(const Call& c, std::string_view page) {
  for (std::string_view prefix : {"https://", "http://"})
    if (page.starts_with(prefix)) page.remove_prefix(prefix.size());
  if (page.starts_with("www.")) page.remove_prefix(4);
  const std::string_view host = std::string_view(public_site).substr(std::string_view("https://").size());
  if (!page.starts_with(host)) return {};
  page.remove_prefix(host.size());
  page = page.substr(0, page.find_first_of("?#"));
  std::vector<std::string_view> segments;
  for (std::string_view seg : split_path(page))
    if (!seg.empty()) segments.push_back(seg);
  if (segments.empty()) return {};
  auto user = std::find_if(c.state.users.begin(), c.state.users.end(),
                           [&](const auto& kv) { return kv.second.permalink == segments[0]; });
  if (user == c.state.users.end()) return {};
  const Id owner = user->first;
  if (segments.size() == 1) return "/users/" + std::to_string(owner);
  if (segments.size() == 2)
    for (const auto& [id, t] : c.state.tracks)
      if (t.user_id == owner && t.permalink == segments[1] && visible_to(c, owner, t.sharing))
        return "/tracks/" + std::to_string(id);
  if (segments.size() == 3 && segments[1] == "sets")
    for (const auto& [id, p] : c.state.playlists)
      if (p.user_id == owner && p.permalink == segments[2] && visible_to(c, owner, p.sharing))
        return "/playlists/" + std::to_string(id);
  return {};
}

inline Response resolve(Call& c) {
  const std::string page = c.params.required("url");
  const std::string path = resolved_path(c, page);
  if (path.empty()) not_found("no resource lives at that page URL");
  const std::string location = api_base(c) + path;
  Response r = model_response(302, models::Found{.location = location, .status = "302 - Found"});
  r.headers.set("Location", location);
  return r;
}

}  // namespace handlers
}  // namespace webapi::fakes::audio
