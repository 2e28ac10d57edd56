#pragma once
// AsyncPager<Item>: every item of a paged operation, a page at a time, in Asio's completion-token model.
// Generated clients return one from `async_<operation>_all(params)`, the asynchronous form of `<operation>_all`:
//
//   auto pager = client.async_get_quote_list_all({.limit = 20});
//   while (true) {
//     auto page = co_await pager.async_next_page(boost::asio::use_awaitable);
//     if (!page) { report(page.error()); break; }   // the pass is over; pager.error() keeps the error
//     if (page->empty()) break;                      // the last page was done
//     for (auto& quote : *page) use(quote);
//   }
//   auto every = client.async_get_quote_list_all();   // named: GCC 12 would destroy a temporary pager twice
//   auto all = co_await every.async_collect(boost::asio::use_awaitable);   // Result<std::vector<Quote>>
//
// A page is fetched, through the client's asynchronous twin of the operation, only when async_next_page()
// asks for it; the pages and where the pass stops are Pager's (PageCursor's rules: empty pages skipped, a
// cursor that does not move ends the listing, an error ends it and is kept). Each call completes once, on
// its handler's associated executor and never inside the call, and a cancellation through its handler's
// slot is passed on to the page fetch in flight (which then ends the pass with a `cancelled` transport
// Error). One call at a time: a second async_next_page() or async_collect() while one is in flight
// completes with an invalid_argument Error and changes nothing.
//
// The AsyncPager may be moved, and even destroyed, while a call is in flight (the call keeps the pass
// alive); the client that made it must outlive every call. This header comes with
// <webapi/core/async_transport.hpp>, which every asynchronous transport includes.

#include <cstddef>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/any_completion_handler.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/cancellation_state.hpp>
#include <boost/asio/compose.hpp>

#include <webapi/core/async_contract.hpp>
#include <webapi/core/async_transport.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/page_cursor.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// A single pass over every item of a paged listing, fetching each page when the caller asks for it; see the
/// file's introduction. Item is the type of the listing's items.
template <class Item>
class AsyncPager {
 public:
  /// What a page fetch completes with.
  using PageSignature = void(Result<Page<Item>>);
  /// The completion handler a page fetch is given.
  using PageHandler = boost::asio::any_completion_handler<PageSignature>;
  /// Starts fetching the page at `cursor` (nullopt: the first page), to complete `handler` with it; the
  /// handler's associations (executor, cancellation slot) are the caller's.
  using Fetch = std::function<void(const std::optional<std::string>& cursor, PageHandler handler)>;
  /// What async_next_page() and async_collect() complete with: items, or the error that ended the pass.
  using Signature = void(Result<std::vector<Item>>);

  /// Fetches nothing until the first call; `operation` names the errors the pager itself completes with.
  explicit AsyncPager(Fetch fetch, std::string operation = {})
      : pass_(std::make_shared<Pass>(std::move(fetch), std::move(operation))) {}

  /// The next page's items: fetches pages until one has items, then completes with them; completes with an
  /// empty vector once the listing is done (and again on every later call), or with the error that ended the
  /// pass (the one kept in error(), also on every later call).
  template <class CompletionToken>
  auto async_next_page(CompletionToken&& token) {
    return next_page(pass_, std::forward<CompletionToken>(token));
  }

  /// Every item still to come, in order, or the first error: async_next_page() until the listing is done.
  template <class CompletionToken>
  auto async_collect(CompletionToken&& token) {
    return boost::asio::async_compose<CompletionToken, Signature>(Collect{pass_, {}}, token);
  }

  /// The error that ended the pass, if one did.
  const std::optional<Error>& error() const noexcept { return pass_->cursor.error(); }
  /// How many pages were fetched so far.
  std::size_t pages() const noexcept { return pass_->cursor.pages(); }
  /// Whether the pass is over: the last page was done, or an error ended it.
  bool done() const noexcept { return !pass_->cursor.more(); }

 private:
  // The pass itself, shared by the pager and the call in flight.
  struct Pass {
    Pass(Fetch f, std::string op) : fetch(std::move(f)), operation(std::move(op)) {}
    Fetch fetch;
    std::string operation;
    PageCursor cursor;
    bool in_flight = false;
  };

  // The Result to complete with when no fetch is needed: the end (no items) or the error that ended the pass.
  static Result<std::vector<Item>> over(const Pass& pass) {
    if (pass.cursor.error()) return *pass.cursor.error();
    return std::vector<Item>{};
  }

  template <class CompletionToken>
  static auto next_page(std::shared_ptr<Pass> pass, CompletionToken&& token) {
    return boost::asio::async_compose<CompletionToken, Signature>(NextPage{std::move(pass)}, token);
  }

  // async_next_page(): the steps of one call.
  struct NextPage {
    std::shared_ptr<Pass> pass;

    template <class Self>
    void operator()(Self& self) {  // the call starts
      Pass& p = *pass;
      if (p.in_flight)
        return complete_later(std::move(self), make_error(ErrorKind::invalid_argument,
                                                          "another call on this pager (async_next_page or "
                                                          "async_collect) is in flight: wait for it to complete",
                                                          p.operation));
      if (!p.cursor.more()) return complete_later(std::move(self), over(p));
      // Every kind of cancellation reaches the fetch, which is the one thing the call waits for.
      self.reset_cancellation_state(boost::asio::enable_total_cancellation());
      p.in_flight = true;
      fetch(self);
    }
    template <class Self>
    void operator()(Self& self, Result<Page<Item>> got) {  // a page fetched
      Pass& p = *pass;
      std::vector<Item> items;
      if (p.cursor.take(std::move(got), items) && items.empty() && p.cursor.more()) return fetch(self);  // skipped
      p.in_flight = false;
      if (!items.empty()) return self.complete(Result<std::vector<Item>>(std::move(items)));
      self.complete(over(p));
    }
    template <class Self>
    void operator()(Self& self, Result<std::vector<Item>> outcome) {  // completed without a fetch
      self.complete(std::move(outcome));
    }

    template <class Self>
    void fetch(Self& self) {
      Pass& p = *pass;  // `pass` moves with `self`
      p.fetch(p.cursor.next(), PageHandler(std::move(self)));
    }
    // Completes `self` with `outcome` through the handler's executor, not inside the caller's call.
    template <class Self>
    static void complete_later(Self&& self, Result<std::vector<Item>> outcome) {
      detail::AsyncGlue<Self>::complete_later(std::forward<Self>(self), std::move(outcome));
    }
  };

  // async_collect(): async_next_page() until an empty page or an error.
  struct Collect {
    std::shared_ptr<Pass> pass;
    std::vector<Item> all;

    template <class Self>
    void operator()(Self& self) {
      self.reset_cancellation_state(boost::asio::enable_total_cancellation());
      std::shared_ptr<Pass> p = pass;  // `pass` moves with `self`
      next_page(std::move(p), std::move(self));
    }
    template <class Self>
    void operator()(Self& self, Result<std::vector<Item>> page) {
      if (!page) return self.complete(Result<std::vector<Item>>(std::move(page).error()));
      if (page->empty()) return self.complete(Result<std::vector<Item>>(std::move(all)));
      all.insert(all.end(), std::make_move_iterator(page->begin()), std::make_move_iterator(page->end()));
      std::shared_ptr<Pass> p = pass;
      next_page(std::move(p), std::move(self));
    }
  };

  std::shared_ptr<Pass> pass_;
};

}  // namespace webapi
