#pragma once
// One authenticated call to the quotes fake, and the lookups its handlers share.
//
// Ownership, the same for every kind of record: a record that does not exist is 404; one that exists but
// belongs to somebody else's private collection is 403; a public or built-in record may be read by everybody
// and changed or deleted by nobody.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/ascii.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/quotes/state.hpp>

namespace webapi::fakes::quotes {

struct Call {
  State& state;
  const Request& request;
  Params params;
  std::string owner;  ///< the user the API key belongs to
  ManualClock::time_point now;
};

// ---- text helpers -------------------------------------------------------------------------------------

inline bool contains_ci(std::string_view haystack, std::string_view needle) {
  return ascii::to_lower(haystack).find(ascii::to_lower(needle)) != std::string::npos;
}

inline bool has_tag(const std::vector<std::string>& tags, std::string_view tag) {
  return std::any_of(tags.begin(), tags.end(), [&](const std::string& t) { return iequals(t, tag); });
}

/// Adds each tag not already there (compared without case); returns how many were added.
inline std::size_t add_tags(std::vector<std::string>& tags, const std::vector<std::string>& more) {
  std::size_t added = 0;
  for (const auto& t : more)
    if (!has_tag(tags, t)) {
      tags.push_back(t);
      ++added;
    }
  return added;
}

/// Removes each tag given (compared without case); returns how many were removed.
inline std::size_t remove_tags(std::vector<std::string>& tags, const std::vector<std::string>& gone) {
  std::size_t before = tags.size();
  std::erase_if(tags, [&](const std::string& t) { return has_tag(gone, t); });
  return before - tags.size();
}

/// The `tags` parameter as a list, required to name at least one tag.
inline std::vector<std::string> required_tags(const Call& c) {
  auto tags = c.params.list("tags");
  if (tags.empty()) bad_request("parameter 'tags' is required: a comma-separated list of tags");
  return tags;
}

inline bool quote_in_category(const Quote& q, std::string_view category) {
  return iequals(q.category, category) || has_tag(q.tags, category);
}

/// `start` and `limit` paging parameters, checked.
struct Page {
  std::int64_t start = 0;
  std::int64_t limit = -1;  ///< -1: no limit

  template <class T>
  std::vector<T> apply(const std::vector<T>& all) const {
    std::vector<T> out;
    for (std::size_t i = static_cast<std::size_t>(start); i < all.size(); ++i) {
      if (limit >= 0 && out.size() >= static_cast<std::size_t>(limit)) break;
      out.push_back(all[i]);
    }
    return out;
  }
};

inline Page page(const Call& c, std::int64_t default_limit, bool has_limit = true) {
  Page p;
  p.start = c.params.integer_or("start", 0);
  if (p.start < 0) bad_request("parameter 'start' must not be negative");
  if (has_limit) {
    p.limit = c.params.integer_or("limit", default_limit);
    if (p.limit < 1) bad_request("parameter 'limit' must be at least 1");
  }
  return p;
}

// ---- lookups ------------------------------------------------------------------------------------------

/// Whether the caller may see a record with this owner.
inline bool visible(const Call& c, const std::string& owner) { return owner.empty() || owner == c.owner; }

template <class T>
T& find_or_404(Table<T>& table, std::string_view kind, const std::string& id) {
  T* t = table.find(id);
  if (!t) not_found(std::string(kind) + " '" + id + "' not found");
  return *t;
}

/// A record the caller may read: public, built-in or their own.
template <class T>
T& readable(Call& c, Table<T>& table, std::string_view kind, const std::string& id) {
  T& t = find_or_404(table, kind, id);
  if (!visible(c, t.owner)) forbidden(std::string(kind) + " '" + id + "' belongs to another user's private collection");
  return t;
}

/// A record the caller owns, so may change or delete.
template <class T>
T& owned(Call& c, Table<T>& table, std::string_view kind, const std::string& id) {
  T& t = find_or_404(table, kind, id);
  if (t.owner.empty()) forbidden(std::string(kind) + " '" + id + "' is public; only an owner may change or delete it");
  if (t.owner != c.owner) forbidden("only the owner of " + std::string(kind) + " '" + id + "' may change or delete it");
  return t;
}

}  // namespace webapi::fakes::quotes
