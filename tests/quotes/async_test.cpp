#define BOOST_TEST_MODULE async_quotes
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state: quotes and collections made, read, listed, changed
// and deleted, the quote of the day, and errors (refused, missing, unbuilt).

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/quotes/compiled.hpp>
#include <webapi/quotes.hpp>

#include "../support/async_twins.hpp"

namespace fq = webapi::fakes::quotes;
namespace q = webapi::quotes;

namespace {

// One fake, seeded as its twin is.
struct Side {
  fq::CompiledFake fake;
  std::string alice_key = fake.add_api_key("alice");
  std::string bob_key = fake.add_api_key("bob");
  std::string franklin = fake.add_quote({.text = "Well done is better than well said.", .author = "Benjamin Franklin",
                                         .category = "inspire"});
  std::string socrates = fake.add_quote({.text = "The unexamined life is not worth living.", .author = "Socrates",
                                         .category = "life"});
  q::AnyClient alice{fake, {.base_url = "https://quotes.rest", .api_key = alice_key}};
  q::AnyClient bob{fake, {.base_url = "https://quotes.rest", .api_key = bob_key}};
};

}  // namespace

static_assert(q::AsyncTwins<q::AnyClient, boost::asio::use_awaitable_t<>>);
static_assert(q::AsyncTwins<q::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(q::operations, q::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  Side b, a;
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    {
      auto& blocking = b.alice;
      auto& async = a.alice;
      auto created = WEBAPI_SAME_ASYNC(put_quote, {.quote = "Ship small, ship often.", .tags = "work,habits"});
      BOOST_REQUIRE(created && created->contents.id);
      const std::string id = *created->contents.id;
      WEBAPI_SAME_ASYNC(get_quote, {.id = id});
      WEBAPI_SAME_ASYNC(patch_quote, {.id = id, .author = "Alice"});
      WEBAPI_SAME_ASYNC(post_quote_tags_add, {.id = id, .tags = "shipping"});
      WEBAPI_SAME_ASYNC(post_quote_tags_remove, {.id = id, .tags = "habits"});
      WEBAPI_SAME_ASYNC(get_quote_list);
      WEBAPI_SAME_ASYNC(get_quote_search, {.category = "life", .limit = 10});
      WEBAPI_SAME_ASYNC(get_quote_like_toggle, {.quote_id = b.franklin});
      WEBAPI_SAME_ASYNC(get_quote_like_toggle, {.quote_id = "q-404"});
      WEBAPI_SAME_ASYNC(get_qod, {.category = "life"});
      WEBAPI_SAME_ASYNC(get_qod_categories);
      WEBAPI_SAME_ASYNC(get_qod_languages);
      auto show = WEBAPI_SAME_ASYNC(put_qshow, {.title = "Mornings"});
      BOOST_REQUIRE(show && show->contents.id);
      const std::string show_id = *show->contents.id;
      WEBAPI_SAME_ASYNC(post_qshow_quotes_add, {.id = show_id, .quoteid = b.franklin});
      WEBAPI_SAME_ASYNC(get_qshow_quotes, {.id = show_id});
      WEBAPI_SAME_ASYNC(patch_qshow, {.id = show_id, .title = "Evenings"});
      WEBAPI_SAME_ASYNC(get_qshow_list);
      WEBAPI_SAME_ASYNC(delete_qshow, {.id = show_id});
      WEBAPI_SAME_ASYNC(get_qshow, {.id = show_id});  // 404 now
      WEBAPI_SAME_ASYNC(put_quote, {.quote = ""});     // refused before sending
      {
        auto& blocking = b.bob;
        auto& async = a.bob;
        WEBAPI_SAME_ASYNC(delete_quote, {.id = id});  // 403: not bob's
      }
      WEBAPI_SAME_ASYNC(delete_quote, {.id = id});
      WEBAPI_SAME_ASYNC(get_quote, {.id = id});  // 404 now
    }
  });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}

BOOST_AUTO_TEST_CASE(an_any_client_has_the_same_twins) {
  Side b, a;
  q::AnyClient any{a.fake, {.base_url = "https://quotes.rest", .api_key = a.alice_key}};
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    auto& blocking = b.alice;
    auto& async = any;
    WEBAPI_SAME_ASYNC(put_quote, {.quote = "Through any transport."});
    WEBAPI_SAME_ASYNC(get_quote_list);
  });
}
