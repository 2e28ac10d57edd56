#define BOOST_TEST_MODULE async_pager
// AsyncPager, the asynchronous pass over a paged listing (async_<operation>_all), against the compiled fakes:
// the same items and pages as the blocking Pager for an offset-paged listing (quotes), a page-token one
// (migration) and one that follows the next links the service hands out (audio); an error on a later page ends the pass and is kept; a cancelled page fetch ends it as
// cancelled; a second call while one is in flight is refused; and a coroutine, a callback and a future each
// drive it.

#include <chrono>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms, AsyncPager
#include <webapi/audio.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/fakes/audio/compiled.hpp>
#include <webapi/fakes/migration/compiled.hpp>
#include <webapi/fakes/quotes/compiled.hpp>
#include <webapi/migration.hpp>
#include <webapi/quotes.hpp>

#include "../support/async_twins.hpp"

namespace asio = boost::asio;
namespace au = webapi::audio;
namespace mig = webapi::migration;
namespace q = webapi::quotes;
using namespace std::chrono_literals;

namespace {

// 25 quotes of alice's: with a limit of 10, pages of 10, 10 and 5.
struct Quotes {
  webapi::fakes::quotes::CompiledFake fake;
  q::AnyClient client{fake, {.base_url = "https://quotes.rest", .api_key = fake.add_api_key("alice")}};
  Quotes() {
    for (int i = 0; i < 25; ++i)
      BOOST_REQUIRE(client.put_quote({.quote = "Note number " + std::to_string(i) + "."}));
    fake.clear_journal();
  }
  std::size_t lists() const { return fake.journal().count("get_quote_list"); }
};

// The demo's group and six more in one location: with a page size of 3, pages of 3, 3 and 1.
struct Groups {
  webapi::fakes::migration::CompiledFake fake;
  std::vector<std::pair<std::string, std::string>> demo = fake.seed_demo();
  std::string parent = mig::LocationName{demo[1].second, demo[2].second}.str();
  mig::AnyClient client{fake, {.access_token = demo[0].second}};
  Groups() {
    for (int i = 0; i < 6; ++i)
      BOOST_REQUIRE(client.groups_create(parent, {.group_id = "g" + std::to_string(i), .body = mig::Group{}}));
    fake.clear_journal();
  }
  std::size_t lists() const { return fake.journal().count("groups_list"); }
};

// Eve follows five users: with a limit of 2, pages of 2, 2 and 1, the later ones fetched by next link.
struct Followings {
  webapi::fakes::audio::CompiledFake fake;
  webapi::fakes::audio::Id eve = fake.add_user({.username = "eve"});
  au::AnyClient client{fake, {.access_token = fake.issue_token(eve)}};
  Followings() {
    for (int i = 0; i < 5; ++i) fake.follow(eve, fake.add_user({.username = "user" + std::to_string(i)}));
    fake.clear_journal();
  }
  std::size_t lists() const { return fake.journal().size(); }
};

std::vector<std::string> texts(const std::vector<q::Quote>& quotes) {
  std::vector<std::string> out;
  for (const auto& x : quotes) out.push_back(x.quote);
  return out;
}
std::vector<std::string> usernames(const std::vector<au::User>& users) {
  std::vector<std::string> out;
  for (const auto& u : users) out.push_back(u.username.value_or(""));
  return out;
}
std::vector<std::string> names(const std::vector<mig::Group>& groups) {
  std::vector<std::string> out;
  for (const auto& g : groups) out.push_back(g.name.value_or(""));
  return out;
}

// Every page of `pager` co_awaited, as the pages were handed out (the empty one that ends it left out).
template <class Item>
asio::awaitable<std::vector<std::vector<Item>>> every_page(webapi::AsyncPager<Item>& pager) {
  std::vector<std::vector<Item>> pages;
  while (true) {
    auto page = co_await pager.async_next_page(asio::use_awaitable);
    if (!page) BOOST_FAIL(page.error().message);
    if (page->empty()) break;
    pages.push_back(std::move(*page));
  }
  co_return pages;
}

template <class Item>
std::vector<Item> joined(const std::vector<std::vector<Item>>& pages) {
  std::vector<Item> all;
  for (const auto& p : pages) all.insert(all.end(), p.begin(), p.end());
  return all;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_offset_listing_gives_the_blocking_pagers_items_and_pages) {
  Quotes s;
  auto blocking = s.client.get_quote_list_all({.limit = 10});
  auto want = blocking.collect();
  BOOST_REQUIRE(want);
  const std::size_t blocking_requests = s.lists();
  BOOST_TEST(blocking.pages() == 3u);

  auto pager = s.client.async_get_quote_list_all({.limit = 10});
  BOOST_TEST(s.lists() == blocking_requests);  // nothing is fetched until asked
  std::vector<std::vector<q::Quote>> pages;
  test::run_coroutine([&]() -> asio::awaitable<void> { pages = co_await every_page(pager); });
  BOOST_TEST(pages.size() == 3u);
  BOOST_TEST(pages.front().size() == 10u);
  BOOST_TEST(texts(joined(pages)) == texts(*want), boost::test_tools::per_element());
  BOOST_TEST(pager.pages() == blocking.pages());
  BOOST_TEST(s.lists() == 2 * blocking_requests);  // the same fetches, no more
  BOOST_TEST(pager.done());
  BOOST_TEST(!pager.error());
}

BOOST_AUTO_TEST_CASE(a_page_token_listing_gives_the_blocking_pagers_items_and_pages) {
  Groups s;
  auto blocking = s.client.groups_list_all(s.parent, {.page_size = 3});
  auto want = blocking.collect();
  BOOST_REQUIRE(want);
  BOOST_REQUIRE(want->size() == 7u);
  BOOST_TEST(blocking.pages() == 3u);
  const std::size_t blocking_requests = s.lists();

  auto pager = s.client.async_groups_list_all(s.parent, {.page_size = 3});
  std::vector<std::vector<mig::Group>> pages;
  test::run_coroutine([&]() -> asio::awaitable<void> { pages = co_await every_page(pager); });
  BOOST_TEST(pages.size() == 3u);
  BOOST_TEST(names(joined(pages)) == names(*want), boost::test_tools::per_element());
  BOOST_TEST(pager.pages() == blocking.pages());
  BOOST_TEST(s.lists() == 2 * blocking_requests);
  // The second and third pages were asked for with the tokens the service handed out.
  auto journal = s.fake.requests();
  BOOST_REQUIRE(journal.size() == 2 * blocking_requests);
  BOOST_TEST(!journal[blocking_requests].request.query_value("pageToken"));
  BOOST_TEST(journal[blocking_requests + 1].request.query_value("pageToken").has_value());
}

BOOST_AUTO_TEST_CASE(a_next_link_listing_gives_the_blocking_pagers_items_and_pages) {
  Followings s;
  auto blocking = s.client.get_me_followings_all({.limit = 2});
  auto want = blocking.collect();
  BOOST_REQUIRE(want);
  BOOST_REQUIRE(want->size() == 5u);
  BOOST_TEST(blocking.pages() == 3u);
  const std::size_t blocking_requests = s.lists();

  auto pager = s.client.async_get_me_followings_all({.limit = 2});
  std::vector<std::vector<au::User>> pages;
  test::run_coroutine([&]() -> asio::awaitable<void> { pages = co_await every_page(pager); });
  BOOST_TEST(pages.size() == 3u);
  BOOST_TEST(pages.front().size() == 2u);
  BOOST_TEST(usernames(joined(pages)) == usernames(*want), boost::test_tools::per_element());
  BOOST_TEST(pager.pages() == blocking.pages());
  BOOST_TEST(s.lists() == 2 * blocking_requests);
  // The first page asked for a linked page; the later ones are the links the fake answered with.
  auto journal = s.fake.requests();
  BOOST_REQUIRE(journal.size() == 2 * blocking_requests);
  BOOST_TEST(journal[blocking_requests].request.query_value("linked_partitioning").value_or("") == "true");
  BOOST_TEST(journal[blocking_requests + 1].request.query_value("offset").value_or("") == "2");
  BOOST_TEST(journal[blocking_requests + 2].request.query_value("offset").value_or("") == "4");
}

BOOST_AUTO_TEST_CASE(an_error_on_the_second_page_ends_the_pass_and_is_kept) {
  Quotes s;
  auto pager = s.client.async_get_quote_list_all({.limit = 10});
  test::run_coroutine([&]() -> asio::awaitable<void> {
    auto first = co_await pager.async_next_page(asio::use_awaitable);
    BOOST_REQUIRE(first.has_value());
    BOOST_TEST(first->size() == 10u);
    s.fake.fail_next(1, 503, "get_quote_list");
    auto second = co_await pager.async_next_page(asio::use_awaitable);
    BOOST_REQUIRE(!second.has_value());
    BOOST_TEST(second.error().status == 503);
    BOOST_TEST(second.error().operation == "get_quote_list");
    BOOST_REQUIRE(pager.error().has_value());
    BOOST_TEST(pager.error()->status == 503);
    BOOST_TEST(pager.done());
    // Asked again, it completes with the same error and fetches nothing.
    auto third = co_await pager.async_next_page(asio::use_awaitable);
    BOOST_REQUIRE(!third.has_value());
    BOOST_TEST(third.error().status == 503);
    auto rest = co_await pager.async_collect(asio::use_awaitable);
    BOOST_TEST(!rest.has_value());
  });
  BOOST_TEST(s.lists() == 2u);
  BOOST_TEST(pager.pages() == 1u);
}

BOOST_AUTO_TEST_CASE(cancelling_a_page_fetch_in_flight_completes_with_cancelled) {
  Quotes s;
  s.fake.set_latency(10s);
  auto pager = s.client.async_get_quote_list_all({.limit = 10});
  asio::io_context io;
  asio::cancellation_signal signal;
  std::optional<webapi::Result<std::vector<q::Quote>>> got;
  const auto start = std::chrono::steady_clock::now();
  pager.async_next_page(asio::bind_cancellation_slot(signal.slot(), asio::bind_executor(io, [&](auto r) { got = std::move(r); })));
  asio::steady_timer later(io, 20ms);
  later.async_wait([&](auto) { signal.emit(asio::cancellation_type::terminal); });
  io.run();
  BOOST_TEST((std::chrono::steady_clock::now() - start < 5s));
  BOOST_REQUIRE(got.has_value() && !got->has_value());
  BOOST_TEST(webapi::transport_failure(got->error()) == webapi::TransportFailure::cancelled);
  BOOST_REQUIRE(pager.error().has_value());  // the cancelled fetch ends the pass, as any error does
  BOOST_TEST(webapi::transport_failure(*pager.error()) == webapi::TransportFailure::cancelled);
  BOOST_TEST(s.lists() == 0u);  // the fake never handled it
}

BOOST_AUTO_TEST_CASE(a_second_call_while_one_is_in_flight_is_refused) {
  Quotes s;
  s.fake.set_latency(100ms);
  auto pager = s.client.async_get_quote_list_all({.limit = 10});
  asio::io_context io;
  std::optional<webapi::Result<std::vector<q::Quote>>> first, second, collected;
  std::vector<int> order;
  pager.async_next_page(asio::bind_executor(io, [&](auto r) { first = std::move(r); order.push_back(1); }));
  pager.async_next_page(asio::bind_executor(io, [&](auto r) { second = std::move(r); order.push_back(2); }));
  pager.async_collect(asio::bind_executor(io, [&](auto r) { collected = std::move(r); order.push_back(3); }));
  BOOST_TEST(order.empty());  // nothing completes inside the call
  io.run();
  BOOST_REQUIRE(second.has_value() && !second->has_value());
  BOOST_TEST(second->error().kind == webapi::ErrorKind::invalid_argument);
  BOOST_TEST(second->error().message.find("in flight") != std::string::npos);
  BOOST_TEST(second->error().operation == "get_quote_list");
  BOOST_REQUIRE(collected.has_value() && !collected->has_value());
  BOOST_TEST(collected->error().kind == webapi::ErrorKind::invalid_argument);
  // The call in flight is untouched: its page, and the pass goes on from there.
  BOOST_REQUIRE(first.has_value() && first->has_value());
  BOOST_TEST((*first)->size() == 10u);
  BOOST_TEST(order.back() == 1);
  BOOST_TEST(!pager.error());
  BOOST_TEST(s.lists() == 1u);
  std::optional<webapi::Result<std::vector<q::Quote>>> rest;
  pager.async_collect(asio::bind_executor(io, [&](auto r) { rest = std::move(r); }));
  io.restart();
  io.run();
  BOOST_REQUIRE(rest.has_value() && rest->has_value());
  BOOST_TEST((*rest)->size() == 15u);
}

BOOST_AUTO_TEST_CASE(a_callback_completes_on_its_executor_never_inside_the_call) {
  Quotes s;
  auto want = s.client.get_quote_list_all({.limit = 10}).collect();
  BOOST_REQUIRE(want);
  auto pager = s.client.async_get_quote_list_all({.limit = 10});
  asio::io_context io;
  std::vector<q::Quote> seen;
  int calls = 0;
  bool on_io = true;
  std::function<void(webapi::Result<std::vector<q::Quote>>)> next = [&](webapi::Result<std::vector<q::Quote>> page) {
    ++calls;
    on_io = on_io && io.get_executor().running_in_this_thread();
    BOOST_REQUIRE(page.has_value());
    if (page->empty()) return;
    seen.insert(seen.end(), page->begin(), page->end());
    pager.async_next_page(asio::bind_executor(io, next));
  };
  pager.async_next_page(asio::bind_executor(io, next));
  BOOST_TEST(calls == 0);
  io.run();
  BOOST_TEST(calls == 4);  // three pages and the end
  BOOST_TEST(on_io);
  BOOST_TEST(texts(seen) == texts(*want), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_future_collects_every_item) {
  Groups s;
  auto want = s.client.groups_list_all(s.parent, {.page_size = 3}).collect();
  BOOST_REQUIRE(want);
  auto pager = s.client.async_groups_list_all(s.parent, {.page_size = 3});
  std::future<webapi::Result<std::vector<mig::Group>>> future = pager.async_collect(asio::use_future);
  BOOST_REQUIRE(future.wait_for(10s) == std::future_status::ready);
  auto got = future.get();
  BOOST_REQUIRE(got.has_value());
  BOOST_TEST(names(*got) == names(*want), boost::test_tools::per_element());
  BOOST_TEST(pager.pages() == 3u);
  BOOST_TEST(pager.done());
}

BOOST_AUTO_TEST_CASE(a_pager_may_go_while_its_call_is_in_flight) {
  Quotes s;
  s.fake.set_latency(50ms);
  asio::io_context io;
  std::optional<webapi::Result<std::vector<q::Quote>>> got;
  {
    auto pager = s.client.async_get_quote_list_all({.limit = 10});
    pager.async_next_page(asio::bind_executor(io, [&](auto r) { got = std::move(r); }));
  }
  io.run();
  BOOST_REQUIRE(got.has_value() && got->has_value());
  BOOST_TEST((*got)->size() == 10u);
}
