#define BOOST_TEST_MODULE async_quotes
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): quotes and collections made,
// read, listed, changed and deleted, the quote of the day, and errors (refused, missing, unbuilt).
// The served suite (quotes_async_served) makes the same calls, the twins co_awaited over HTTP against
// webapi-fake-server-quotes (tests/support/async_served.sh starts it), the blocking ones in process.

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/quotes/compiled.hpp>
#include <webapi/quotes.hpp>

#include "../support/async_twins.hpp"
#include "../support/served.hpp"

namespace fq = webapi::fakes::quotes;
namespace q = webapi::quotes;

namespace {

constexpr const char* in_process_url = "https://quotes.rest";
constexpr const char* franklin = "q-1";  // the demo's first quote, public, by Benjamin Franklin

// One side's clients over `transport`: alice and bob of the demo data set, with this side's keys.
struct Side {
  Side(webapi::AnyTransport t, test::served::Credentials demo, const std::string& base_url)
      : transport(t), credentials(std::move(demo)),
        alice{transport, test::served::at(base_url, q::Config{.api_key = credentials[0].second})},
        bob{transport, test::served::at(base_url, q::Config{.api_key = credentials[1].second})} {}
  webapi::AnyTransport transport;
  test::served::Credentials credentials;  // API_KEY, OTHER_API_KEY
  q::AnyClient alice;
  q::AnyClient bob;
};

// The calls, the blocking method on `b` and its twin co_awaited on `a`, both sides starting from the demo
// data set; written once for the in-process run and the served one.
boost::asio::awaitable<void> twins(Side& b, Side& a) {
  auto& blocking = b.alice;
  auto& async = a.alice;
  auto created = WEBAPI_SAME_ASYNC(put_quote, {.quote = "Ship small, ship often.", .tags = "work,habits"});
  BOOST_REQUIRE(created && created->contents.id);
  const std::string id = *created->contents.id;
  (void)WEBAPI_SAME_ASYNC(get_quote, {.id = id});
  (void)WEBAPI_SAME_ASYNC(patch_quote, {.id = id, .author = "Alice"});
  (void)WEBAPI_SAME_ASYNC(post_quote_tags_add, {.id = id, .tags = "shipping"});
  (void)WEBAPI_SAME_ASYNC(post_quote_tags_remove, {.id = id, .tags = "habits"});
  (void)WEBAPI_SAME_ASYNC(get_quote_list);
  (void)WEBAPI_SAME_ASYNC(get_quote_search, {.category = "life", .limit = 10});
  (void)WEBAPI_SAME_ASYNC(get_quote_like_toggle, {.quote_id = franklin});
  (void)WEBAPI_SAME_ASYNC(get_quote_like_toggle, {.quote_id = "q-404"});
  (void)WEBAPI_SAME_ASYNC(get_qod, {.category = "life"});
  (void)WEBAPI_SAME_ASYNC(get_qod_categories);
  (void)WEBAPI_SAME_ASYNC(get_qod_languages);
  auto show = WEBAPI_SAME_ASYNC(put_qshow, {.title = "Mornings"});
  BOOST_REQUIRE(show && show->contents.id);
  const std::string show_id = *show->contents.id;
  (void)WEBAPI_SAME_ASYNC(post_qshow_quotes_add, {.id = show_id, .quoteid = franklin});
  (void)WEBAPI_SAME_ASYNC(get_qshow_quotes, {.id = show_id});
  (void)WEBAPI_SAME_ASYNC(patch_qshow, {.id = show_id, .title = "Evenings"});
  (void)WEBAPI_SAME_ASYNC(get_qshow_list);
  (void)WEBAPI_SAME_ASYNC(delete_qshow, {.id = show_id});
  (void)WEBAPI_SAME_ASYNC(get_qshow, {.id = show_id});  // 404 now
  (void)WEBAPI_SAME_ASYNC(put_quote, {.quote = ""});     // refused before sending
  {
    auto& blocking = b.bob;
    auto& async = a.bob;
    (void)WEBAPI_SAME_ASYNC(delete_quote, {.id = id});  // 403: not bob's
  }
  (void)WEBAPI_SAME_ASYNC(delete_quote, {.id = id});
  (void)WEBAPI_SAME_ASYNC(get_quote, {.id = id});  // 404 now
}

// A fake of the demo data set, in process, and its side.
struct InProcess {
  fq::CompiledFake fake;
  Side side{fake, fake.seed_demo(), in_process_url};
};

// every_operation::all: a call of every operation with sample arguments (tools/codegen writes it).
#include "every_operation.inc"

}  // namespace

static_assert(q::AsyncTwins<q::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(q::operations, q::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  InProcess b, a;
  test::run_coroutine([&] { return twins(b.side, a.side); });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}

BOOST_AUTO_TEST_CASE(every_operation_twin_matches_its_blocking_call) {
  InProcess b, a;
  const std::size_t a_before = a.fake.requests().size(), b_before = b.fake.requests().size();
  test::Tally calls;
  test::run_coroutine([&] { return every_operation::all(b.side.alice, a.side.alice, calls); });
  test::check_every_operation_sent(calls, q::operations.size(), a.fake.requests().size() - a_before,
                                   b.fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_CASE(an_any_client_has_the_same_twins) {
  InProcess b, a;
  q::AnyClient any{a.fake, {.base_url = in_process_url, .api_key = a.side.credentials[0].second}};
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    auto& blocking = b.side.alice;
    auto& async = any;
    (void)WEBAPI_SAME_ASYNC(put_quote, {.quote = "Through any transport."});
    (void)WEBAPI_SAME_ASYNC(get_quote_list);
  });
}

// The same calls, the twins co_awaited over HTTP against webapi-fake-server-quotes (async_served.sh).
BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))

/// The served fake (a) and an in-process compiled one (b), each with its demo data.
struct Served {
  test::served::Fake served;
  fq::CompiledFake fake;
  Side b{fake, fake.seed_demo(), served.base_url()};
  Side a{served.transport(), served.seed_demo(), served.base_url()};
};

BOOST_FIXTURE_TEST_CASE(the_twins_give_the_blocking_results, Served) {
  served.run([&] { return twins(b, a); });
  BOOST_TEST(served.journal_size() == fake.requests().size());
}

BOOST_FIXTURE_TEST_CASE(every_operation_twin_matches_its_blocking_call, Served) {
  const std::size_t a_before = served.journal_size(), b_before = fake.requests().size();
  test::Tally calls;
  served.run([&] { return every_operation::all(b.alice, a.alice, calls); });
  test::check_every_operation_sent(calls, q::operations.size(), served.journal_size() - a_before,
                                   fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_SUITE_END()
