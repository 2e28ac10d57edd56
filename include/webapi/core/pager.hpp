#pragma once
// Pager<Item>: every item of a paged operation as one lazy range.
//
//   auto all = client.groups_list_all("projects/p1/locations/l1");
//   for (const auto& group : all) use(group);
//   if (all.error()) report(*all.error());   // the loop stopped at the first failed page
//
// A page is fetched only when iteration reaches it. The cursor handed from one page to the next is the
// service's: a page token (pageToken / nextPageToken), an offset (offset + limit, or a page number), or an
// absolute next link, which is followed only to the client's own scheme, host and port.
// A Pager refers to the client that made it and must not outlive it.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/value.hpp>

#include <webapi/core/error.hpp>
#include <webapi/core/page_cursor.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/url.hpp>

namespace webapi {

/// A single pass over every item of a paged listing, fetching pages as the loop reaches them. An error
/// stops the loop early and is kept in error(); empty pages are skipped, and a next cursor equal to the
/// current one ends the listing (the rules of PageCursor, which AsyncPager follows too).
template <class Item>
class Pager {
 public:
  /// Fetches the page at `cursor` (nullopt: the first page).
  using Fetch = std::function<Result<Page<Item>>(const std::optional<std::string>& cursor)>;

  /// Fetches nothing until begin().
  explicit Pager(Fetch fetch) : fetch_(std::move(fetch)) {}

  /// An input iterator over the items; it equals `end()` once the last page is done or a fetch failed.
  class iterator {
   public:
    using value_type = Item;
    using difference_type = std::ptrdiff_t;
    using reference = Item&;
    using iterator_concept = std::input_iterator_tag;

    iterator() = default;
    Item& operator*() const { return pager_->items_[index_]; }
    Item* operator->() const { return &**this; }
    iterator& operator++() {
      if (++index_ >= pager_->items_.size()) {
        index_ = 0;
        if (!pager_->advance()) pager_ = nullptr;
      }
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& i, std::default_sentinel_t) noexcept { return i.pager_ == nullptr; }

   private:
    friend class Pager;
    explicit iterator(Pager* p) : pager_(p) {}
    Pager* pager_ = nullptr;
    std::size_t index_ = 0;
  };

  /// Fetches the first page (once; a Pager is a single pass).
  iterator begin() {
    if (started_) return iterator(items_.empty() ? nullptr : this);
    started_ = true;
    return iterator(advance() ? this : nullptr);
  }
  /// The sentinel the iterator equals once there is nothing more.
  std::default_sentinel_t end() const noexcept { return {}; }

  /// The error that ended the iteration early, if one did.
  const std::optional<Error>& error() const noexcept { return cursor_.error(); }
  /// How many pages were fetched so far.
  std::size_t pages() const noexcept { return cursor_.pages(); }

  /// Every item, or the first error.
  Result<std::vector<Item>> collect() {
    std::vector<Item> all;
    for (auto& item : *this) all.push_back(std::move(item));
    if (cursor_.error()) return *cursor_.error();
    return all;
  }

 private:
  // Moves to the next page that has items; false at the end or on an error.
  bool advance() {
    while (cursor_.more())
      if (cursor_.take(fetch_(cursor_.next()), items_) && !items_.empty()) return true;
    items_.clear();
    return false;
  }

  Fetch fetch_;
  PageCursor cursor_;
  std::vector<Item> items_;  // the current page's
  bool started_ = false;
};

/// The cursor after a page that started at `offset` and held `count` items: none when the page was short
/// (fewer than `limit`, when known) or empty.
inline std::optional<std::string> next_offset(std::int64_t offset, std::size_t count,
                                              std::optional<std::int64_t> limit = std::nullopt) {
  if (count == 0) return std::nullopt;
  if (limit && static_cast<std::int64_t>(count) < *limit) return std::nullopt;
  return std::to_string(offset + static_cast<std::int64_t>(count));
}

// In the three below, an optional parameter is a webapi::Optional<N> or a std::optional<N>.

/// The offset of the page at `cursor`: the cursor itself, or for the first page the caller's own start.
template <class Opt>
std::int64_t start_offset(const std::optional<std::string>& cursor, const Opt& first) {
  if (cursor) return std::stoll(*cursor);
  return first ? static_cast<std::int64_t>(*first) : 0;
}
/// Stores `offset` into an optional offset parameter, converted to its type.
template <class Opt>
void set_offset(Opt& parameter, std::int64_t offset) {
  parameter = static_cast<typename Opt::value_type>(offset);
}
/// The page size as int64, or nullopt when the caller set none.
template <class Opt>
std::optional<std::int64_t> limit_of(const Opt& limit) {
  return limit ? std::optional<std::int64_t>(static_cast<std::int64_t>(*limit)) : std::nullopt;
}

/// The array at `path` (object keys) in an untyped answer, copied out; empty when there is none.
inline std::vector<boost::json::value> json_items(const boost::json::value& v, std::initializer_list<std::string_view> path) {
  const boost::json::value* at = &v;
  for (auto key : path) {
    const auto* o = at->if_object();
    at = o ? o->if_contains(key) : nullptr;
    if (!at) return {};
  }
  const auto* a = at->if_array();
  return a ? std::vector<boost::json::value>(a->begin(), a->end()) : std::vector<boost::json::value>{};
}

/// A page token as the cursor: an absent or empty token ends the paging.
inline std::optional<std::string> next_token(const std::optional<std::string>& token) {
  if (!token || token->empty()) return std::nullopt;
  return token;
}

/// The request for an absolute next link, with `base_url`'s scheme, host and port required of it: a link to
/// anywhere else is an invalid_argument Error (credentials must not travel to another host). Its path and
/// query are kept; the caller adds credentials.
inline Result<Request> follow_link(std::string_view link, std::string_view base_url, std::string_view operation) {
  auto fail = [&](std::string why) {
    return make_error(ErrorKind::invalid_argument, "next page link " + why, std::string(operation));
  };
  auto next = url::parse_absolute(link);
  auto base = url::parse_absolute(base_url);
  if (!next) return fail("is not an absolute URL");
  if (!base) return fail("cannot be checked: base_url is not an absolute URL");
  if (url::origin(*next) != url::origin(*base)) return fail("leads to another host (" + std::string(next->host) + ")");
  if (next->authority.find('@') != std::string_view::npos) return fail("holds user information");
  Request r;
  r.method = Method::get;
  r.operation = operation;
  r.base_url = std::string(next->scheme) + "://" + std::string(next->authority);
  r.path = next->path.empty() ? "/" : std::string(next->path);
  // Query parameters decoded as a server reads them; Request::query encodes them again.
  auto query = url::decode_query(next->query);
  if (!query) return fail("is not an absolute URL");
  r.query = std::move(*query);
  return r;
}

}  // namespace webapi
