#pragma once
// One authenticated call to the project-management fake, and the path lookups its handlers share.
//
// Every call presents an API key in the X-AUTH-ACCESS-TOKEN header: without one, or with one the fake did
// not issue, the answer is 401, and the refusal never repeats the key.

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/router.hpp>
#include <webapi/fakes/project_management/state.hpp>

namespace webapi::fakes::project_management {

/// The header the API key travels in.
inline constexpr std::string_view api_key_header = "X-AUTH-ACCESS-TOKEN";

struct Call {
  State& state;
  const Request& request;
  const Identity& identity;  ///< the owner of the key presented
  Captures captures;         ///< the path's values
  ManualClock::time_point now;
};

/// The identity whose key `r` presents; 401 otherwise.
inline const Identity& authenticated(const State& s, const Request& r) {
  auto key = r.headers.get(api_key_header);
  if (!key || key->empty()) fail(401, "no API key: send it in the X-AUTH-ACCESS-TOKEN header");
  auto found = s.api_keys.find(*key);
  if (found == s.api_keys.end()) fail(401, "the API key is not one this service issued");
  return found->second;
}

/// The path value `name`, as captured.
inline std::string path_text(const Call& c, std::string_view name) {
  return std::string(c.captures.get(name).value_or(""));
}

/// The path value `name` as a 64-bit integer; 400 naming it otherwise.
inline std::int64_t path_id(const Call& c, std::string_view name) {
  std::string text = path_text(c, name);
  std::int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw Failure(400, "'" + std::string(name) + "' must be an integer, got '" + text + "'",
                  {{"in", std::string(name)}});
  return n;
}

/// The record `id` of `table`; 404 naming `what` otherwise.
template <class Map, class Key>
auto& existing(Map& table, const Key& id, std::string_view what) {
  auto it = table.find(id);
  if (it == table.end()) {
    std::string shown;
    if constexpr (std::is_convertible_v<const Key&, std::string_view>) shown = std::string(std::string_view(id));
    else shown = std::to_string(id);
    not_found(std::string(what) + " " + shown + " not found");
  }
  return it->second;
}

/// Removes the record `id` of `table`; 404 naming `what` when there is none.
template <class Map, class Key>
void erase_existing(Map& table, const Key& id, std::string_view what) {
  existing(table, id, what);
  table.erase(table.find(id));
}

/// 204 No Content.
inline Response no_content() {
  Response r;
  r.status = 204;
  return r;
}

/// 400 naming the request member at fault.
[[noreturn]] inline void invalid(std::string member, std::string message) {
  throw Failure(400, std::move(message), {{"in", std::move(member)}});
}

}  // namespace webapi::fakes::project_management
