#pragma once
// A fake answers with exactly the media type its operation's description lists for the status, parameters
// included ("application/json; charset=utf-8", "application/vnd.xtrf-v1+json;charset=UTF-8"), so a client
// that compares the Content-Type as the service sends it sees the same string from the fake. Handlers build
// JSON answers as plain "application/json"; the dispatcher relabels them here from the module's table.
// Likewise a handler's "done, nothing to say" (204) takes the status the description lists for a success
// without content, where that is another one (finance's DELETE /providerAccounts/{id} lists 200).

#include <string_view>

#include <webapi/core/ascii.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes {

namespace detail {

/// Whether `media` names JSON: application/json or a structured-syntax "+json" type, any parameters.
inline bool is_json_media(std::string_view media) {
  std::string type = ascii::media_type_essence(media);
  return type == "application/json" || (type.size() > 5 && type.ends_with("+json"));
}

/// Whether the description's status key ("200", "4XX", "default") covers `status`, and how closely: 3 for
/// the exact code, 2 for its range, 1 for "default", 0 not at all.
inline int status_match(std::string_view key, int status) {
  if (key == "default") return 1;
  if (key.size() != 3) return 0;
  if ((key[1] == 'X' || key[1] == 'x') && (key[2] == 'X' || key[2] == 'x')) return key[0] - '0' == status / 100 ? 2 : 0;
  return key[0] - '0' == status / 100 && key[1] - '0' == status / 10 % 10 && key[2] - '0' == status % 10 ? 3 : 0;
}

}  // namespace detail

/// The JSON media type the description lists for an answer of `status`, as written: the closest status key
/// (exact, then its range, then "default") that lists one; empty when none does.
inline std::string_view listed_json_media_type(const RequestRules& rules, int status) {
  std::string_view best;
  int closeness = 0;
  for (const auto& a : rules.answers)
    if (int m = detail::status_match(a.status, status); m > closeness && detail::is_json_media(a.media_type)) {
      best = a.media_type;
      closeness = m;
    }
  return best;
}

/// Relabels a JSON answer with the media type its description lists for its status; leaves anything else.
inline void conform_media_type(Response& r, const RequestRules& rules) {
  if (!rules.declared || !detail::is_json_media(r.content_type())) return;
  if (std::string_view listed = listed_json_media_type(rules, r.status); !listed.empty() && listed != r.content_type())
    r.headers.set("Content-Type", listed);
}

/// Gives an empty success the status the description lists for one, where it lists no entry for the
/// handler's status and exactly one 2xx status without content.
inline void conform_empty_success(Response& r, const RequestRules& rules) {
  if (!rules.declared || r.status < 200 || r.status > 299 || !r.body.empty()) return;
  std::string_view listed;
  int empty_successes = 0;
  for (const auto& a : rules.answers) {
    if (a.status.size() == 3 && detail::status_match(a.status, r.status) == 3) return;
    if (a.status.size() == 3 && a.status[0] == '2' && a.status[1] != 'X' && a.media_type.empty() && a.status != listed) {
      listed = a.status;
      ++empty_successes;
    }
  }
  if (empty_successes == 1) r.status = (listed[0] - '0') * 100 + (listed[1] - '0') * 10 + (listed[2] - '0');
}

}  // namespace webapi::fakes
