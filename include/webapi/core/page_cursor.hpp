#pragma once
// Page<Item> and PageCursor: what one page of a paged listing is, and the rules a single pass over the
// listing follows from page to page. Pager (pager.hpp) and AsyncPager (async_pager.hpp) both walk with a
// PageCursor, so the blocking and the asynchronous pass fetch the same pages and stop at the same place.
//
//   PageCursor at;
//   std::vector<Item> items;
//   while (at.more())
//     if (at.take(fetch(at.next()), items) && !items.empty()) use(items);   // empty pages are skipped
//   if (at.error()) report(*at.error());

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// One page: its items, and the cursor of the next page (none after the last).
template <class Item>
struct Page {
  /// the items on this page
  std::vector<Item> items;
  /// the cursor of the next page; nullopt on the last page
  std::optional<std::string> next;
};

/// Where a single pass over a paged listing is: the cursor of the page to fetch next, how many pages were
/// fetched, and the error that ended the pass, if one did. The pass ends after a page without a next cursor,
/// after a page whose next cursor is the one it was fetched with (it would be fetched forever), and at the
/// first error.
class PageCursor {
 public:
  /// Whether there is a page to fetch: the first, or the one the last page named; none after an error.
  bool more() const noexcept { return !error_ && (pages_ == 0 || next_.has_value()); }
  /// The cursor to fetch the next page with: nullopt for the first page.
  const std::optional<std::string>& next() const noexcept { return next_; }

  /// Takes the outcome of fetching the page at next(): true with its items in `items` (what it held before is
  /// gone; the page may be empty), or false with the error kept and the pass over (`items` left empty).
  template <class Item>
  bool take(Result<Page<Item>> got, std::vector<Item>& items) {
    items.clear();
    if (!got) {
      error_ = std::move(got).error();
      next_.reset();
      return false;
    }
    ++pages_;
    // A cursor that does not move would fetch the same page forever.
    if (got->next && next_ && *got->next == *next_) got->next.reset();
    next_ = std::move(got->next);
    items = std::move(got->items);
    return true;
  }

  /// How many pages were fetched so far.
  std::size_t pages() const noexcept { return pages_; }
  /// The error that ended the pass, if one did.
  const std::optional<Error>& error() const noexcept { return error_; }

 private:
  std::optional<std::string> next_;
  std::size_t pages_ = 0;
  std::optional<Error> error_;
};

}  // namespace webapi
