#pragma once
// Listing: the records under a parent, filtered, ordered and cut into pages.
//
// A page token is opaque to the client, but not to the fake: it carries the offset of the next record,
// masked, and a keyed digest (the key is the fake's own, State::page_key) of that offset and of what the
// listing was asked for: the path (so the parent and collection), `filter` and `orderBy`. Asking the same
// thing again gives the same tokens; a token altered, made up, or sent with another path, filter or order
// is refused with 400 INVALID_ARGUMENT naming 'pageToken'. pageSize defaults to 50 and is capped at 1000;
// a negative one is 400.

#include <algorithm>
#include <boost/json.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/store.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/errors.hpp>
#include <webapi/fakes/migration/filter.hpp>

namespace webapi::fakes::migration {

inline constexpr std::int64_t default_page_size = 50;
inline constexpr std::int64_t max_page_size = 1000;

namespace detail {

inline std::uint64_t keyed_digest(std::uint64_t key, std::string_view text) {
  std::uint64_t h = splitmix64(key);
  for (unsigned char ch : text) h = splitmix64(h ^ ch);
  return splitmix64(h ^ key);
}

inline std::string hex64(std::uint64_t v) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = digits[v & 0xF];
  return out;
}

inline std::optional<std::uint64_t> unhex64(std::string_view s) {
  if (s.size() != 16) return std::nullopt;
  std::uint64_t v = 0;
  for (char ch : s) {
    int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = (v << 4) | static_cast<std::uint64_t>(d);
  }
  return v;
}

/// What a listing was asked for, which its tokens are bound to.
inline std::string listing_of(const Call& c) {
  return c.request.path + '\n' + c.params.get("filter").value_or("") + '\n' + c.params.get("orderBy").value_or("");
}

}  // namespace detail

/// The token that resumes the listing `listing` at `offset`.
inline std::string page_token(std::uint64_t key, std::string_view listing, std::uint64_t offset) {
  const std::uint64_t mask = detail::keyed_digest(key ^ 0x5bd1e995u, listing);
  const std::uint64_t digest = detail::keyed_digest(key, std::string(listing) + '\n' + std::to_string(offset));
  return detail::hex64(offset ^ mask) + detail::hex64(digest);
}

/// The offset `token` resumes `listing` at; 400 naming 'pageToken' for one this listing did not issue.
inline std::uint64_t page_offset(std::uint64_t key, std::string_view listing, std::string_view token) {
  auto refuse = [] {
    invalid("pageToken",
            "parameter 'pageToken' is not a token this listing issued: it was altered, or comes from a listing with "
            "another parent, filter or orderBy");
  };
  if (token.size() != 32) refuse();
  auto masked = detail::unhex64(token.substr(0, 16));
  if (!masked) refuse();
  const std::uint64_t offset = masked.value_or(0) ^ detail::keyed_digest(key ^ 0x5bd1e995u, listing);
  if (page_token(key, listing, offset) != token) refuse();
  return offset;
}

/// One page of a listing.
template <class T>
struct Page {
  std::vector<const T*> items;
  std::optional<std::string> next_page_token;
};

/// `rows` filtered by the call's `filter`, ordered by its `orderBy` (otherwise kept in creation order), and
/// cut at its pageToken and pageSize.
template <class T, class ToJson>
Page<T> page_of(const Call& c, std::vector<const T*> rows, ToJson to_json) {
  Filter filter(c.params.get("filter").value_or(""));
  Ordering order(c.params.get("orderBy").value_or(""));
  std::int64_t size = c.params.integer("pageSize").value_or(0);
  if (size < 0) invalid("pageSize", "parameter 'pageSize' must not be negative, got " + std::to_string(size));
  if (size == 0) size = default_page_size;
  size = std::min(size, max_page_size);

  std::vector<std::pair<boost::json::value, const T*>> kept;
  for (const T* row : rows) {
    boost::json::value j = to_json(*row);
    if (filter.keeps(j)) kept.emplace_back(std::move(j), row);
  }
  if (!order.empty())
    std::stable_sort(kept.begin(), kept.end(),
                     [&](const auto& a, const auto& b) { return order.before(a.first, b.first); });

  const std::string listing = detail::listing_of(c);
  std::uint64_t offset = 0;
  if (auto token = c.params.non_empty("pageToken")) offset = page_offset(c.state.page_key, listing, *token);
  Page<T> page;
  for (std::size_t i = offset; i < kept.size() && page.items.size() < static_cast<std::size_t>(size); ++i)
    page.items.push_back(kept[i].second);
  const std::uint64_t next = offset + page.items.size();
  if (next < kept.size()) page.next_page_token = page_token(c.state.page_key, listing, next);
  return page;
}

/// page_of for records that are the module's models.
template <class T>
Page<T> page_of(const Call& c, std::vector<const T*> rows) {
  return page_of(c, std::move(rows), [](const T& m) { return json_of(m); });
}

/// The models of a page, copied.
template <class T>
std::vector<T> copies(const Page<T>& page) {
  std::vector<T> out;
  for (const T* p : page.items) out.push_back(*p);
  return out;
}

/// The answer of a plain listing: one page of `rows` in `ListResponse`'s list member `items`.
template <class ListResponse, class T>
Response list_answer(const Call& c, std::vector<const T*> rows, webapi::Optional<std::vector<T>> ListResponse::*items) {
  auto page = page_of(c, std::move(rows));
  ListResponse r;
  r.*items = copies(page);
  r.next_page_token = page.next_page_token;
  return model_response(r);
}

}  // namespace webapi::fakes::migration
