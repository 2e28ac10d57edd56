#pragma once
// One call to the audio fake: who is calling, and the lookups its handlers share.
//
// A caller presents a user's access token in the Authorization header, under the scheme "Bearer" (as the
// requirements say) or "OAuth" (as the description and the service's own documentation show), or only the
// application's client_id in the query. A token that is unknown or expired on the fake's clock is 401 even
// where client_id alone would do, as the service refuses a bad credential rather than ignore it. Operations
// on "the authenticated user" (/me..., likes, reposts, follows, uploads) need a user's token: 401 with
// client_id alone or an app-only token.

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <webapi/core/headers.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/audio/state.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/router.hpp>

namespace webapi::fakes::audio {

/// Who a call comes from.
struct Caller {
  std::string client_id{};       ///< the application; empty for the OAuth operations, which take none
  std::optional<Id> user_id{};   ///< the user whose token was presented; none for app-only access
};

struct Call {
  State& state;
  const Request& request;
  Params params;      ///< query, then form or JSON body fields
  Captures captures;  ///< the path's values
  Caller caller;
  Time now;
};

[[noreturn]] inline void unauthorized(std::string message) { fail(401, std::move(message)); }

/// The token an Authorization header carries under the Bearer or OAuth scheme; nullopt without one.
/// 401 for another scheme.
inline std::optional<std::string> presented_token(const Request& r) {
  auto header = r.headers.get("Authorization");
  if (!header) return std::nullopt;
  for (std::string_view scheme : {"Bearer ", "OAuth "})
    if (header->size() > scheme.size() && iequals(header->substr(0, scheme.size()), scheme))
      return std::string(header->substr(scheme.size()));
  unauthorized("the Authorization header must be 'Bearer <access token>' or 'OAuth <access token>'");
}

/// The caller of `r`: a working access token, or a registered client_id in the query. 401 otherwise.
/// Messages never repeat the credential.
inline Caller authenticate(const State& s, const Request& r, Time now) {
  if (auto token = presented_token(r)) {
    auto it = s.access_tokens.find(*token);
    if (it == s.access_tokens.end()) unauthorized("the access token is not one this service issued");
    if (now >= it->second.expires_at) unauthorized("the access token has expired; refresh it");
    return {it->second.client_id, it->second.user_id};
  }
  for (const auto& q : r.query)
    if (q.name == "client_id") {
      if (!s.apps.contains(q.value)) unauthorized("the client_id is not a registered application");
      return {q.value, std::nullopt};
    }
  unauthorized("no credential: send 'Authorization: Bearer <access token>' or the client_id query parameter");
}

/// The user the call acts for; 401 when the caller presented no user's token.
inline Id me(const Call& c) {
  if (!c.caller.user_id)
    unauthorized("this operation acts for a user: it needs a user's access token, not only the application's");
  return *c.caller.user_id;
}

/// A path value that must be an integer id; 400 naming `name` otherwise.
inline Id path_id(const Call& c, std::string_view name) {
  std::string_view text = c.captures.get(name).value_or("");
  Id n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw Failure(400, "'" + std::string(name) + "' must be an integer id, got '" + std::string(text) + "'",
                  {{"in", std::string(name)}});
  return n;
}

/// A private track or playlist is seen by its owner only.
inline bool visible_to(const Call& c, Id owner, const std::string& sharing) {
  return sharing != "private" || (c.caller.user_id && *c.caller.user_id == owner);
}

inline const User& user_at(const Call& c, Id id) {
  auto it = c.state.users.find(id);
  if (it == c.state.users.end()) not_found("user " + std::to_string(id) + " not found");
  return it->second;
}

inline Track& track_at(Call& c, Id id) {
  auto it = c.state.tracks.find(id);
  if (it == c.state.tracks.end() || !visible_to(c, it->second.user_id, it->second.sharing))
    not_found("track " + std::to_string(id) + " not found");
  return it->second;
}

inline Playlist& playlist_at(Call& c, Id id) {
  auto it = c.state.playlists.find(id);
  if (it == c.state.playlists.end() || !visible_to(c, it->second.user_id, it->second.sharing))
    not_found("playlist " + std::to_string(id) + " not found");
  return it->second;
}

/// 403 unless the calling user owns what it changes.
inline void require_owner(const Call& c, Id owner, std::string_view what) {
  if (me(c) != owner) forbidden("only the owner may change " + std::string(what));
}

}  // namespace webapi::fakes::audio
