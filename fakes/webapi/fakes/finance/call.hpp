#pragma once
// One authenticated call to the finance fake, and the lookups its handlers share.
//
// By the time a handler runs, the caller has been authenticated (auth.hpp): an admin (the cobrand acting
// for itself) or a user, named by login name. Per-user records of another user are "not found", so a
// caller learns nothing about other users' data.

#include <charconv>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include <webapi/core/request.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/core/router.hpp>
#include <webapi/fakes/finance/errors.hpp>
#include <webapi/fakes/finance/state.hpp>

namespace webapi::fakes::finance {

enum class Role { none, admin, user };

/// Who is calling, and with what.
struct Caller {
  Role role = Role::none;
  std::string login_name{};  ///< the user's, for Role::user
  std::string mechanism{};   ///< "token", "jwt", "session" or "basic"; empty for an anonymous call
  std::string credential{};  ///< the token or JWT presented, so deleteToken can revoke it
};

struct Call {
  State& state;
  const Request& request;
  Caller caller;
  Captures captures;
  Time now;
  Params params;  ///< query parameters and the fields of a form body
};

/// The calling user's record (Role::user only; auth.hpp guarantees it exists).
inline User& me(Call& c) { return c.state.users.at(c.caller.login_name); }

/// A fresh id for any record.
inline std::int64_t next_id(State& s) { return s.next_id++; }

/// A decimal id in the path or a parameter; 400 Y800 naming it otherwise.
inline std::int64_t parse_id(std::string_view text, std::string_view name) {
  std::int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n <= 0)
    invalid_value(name, "expected a positive number, got '" + std::string(text) + "'");
  return n;
}

inline std::int64_t path_id(const Call& c, std::string_view name) {
  return parse_id(c.captures.get(name).value_or(""), name);
}

/// The record `id` of `table` when it belongs to the calling user; 404 Y807 otherwise.
template <class T>
T& owned(Call& c, std::map<std::int64_t, T>& table, std::int64_t id, std::string_view what) {
  auto it = table.find(id);
  if (it == table.end() || it->second.login_name != c.caller.login_name)
    resource_not_found(std::string(what) + " " + std::to_string(id));
  return it->second;
}

/// A comma-separated list of ids in parameter `name` (empty when absent).
inline std::vector<std::int64_t> id_list(const Call& c, std::string_view name) {
  std::vector<std::int64_t> out;
  for (const std::string& item : c.params.list(name)) out.push_back(parse_id(item, name));
  return out;
}

/// A YYYY-MM-DD date in parameter `name`, when given.
inline std::optional<std::string> date_param(const Call& c, std::string_view name) {
  auto v = c.params.non_empty(name);
  if (!v) return std::nullopt;
  const std::string& d = *v;
  bool shaped = d.size() == 10 && d[4] == '-' && d[7] == '-';
  for (std::size_t i = 0; shaped && i < d.size(); ++i)
    if (i != 4 && i != 7) shaped = d[i] >= '0' && d[i] <= '9';
  if (!shaped) invalid_value(name, "expected a date as YYYY-MM-DD, got '" + d + "'");
  return d;
}

/// 204 No Content.
inline Response no_content() {
  Response r;
  r.status = 204;
  return r;
}

/// 201 Created with no body (categories, rules).
inline Response created() {
  Response r;
  r.status = 201;
  return r;
}

}  // namespace webapi::fakes::finance
