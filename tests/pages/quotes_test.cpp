// Testing against the quotes fake (docs/quotes.md): the demo's two keys, each user's own collection, and
// the quote of the day moving with the fake's clock.
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/fakes/quotes/compiled.hpp>
#include <webapi/quotes.hpp>

namespace fq = webapi::fakes::quotes;
namespace quotes = webapi::quotes;
using namespace std::chrono_literals;

namespace {

struct DemoFixture {
  fq::CompiledFake fake;  // its clock stands at 2024-01-01T00:00:00Z until the test moves it
  std::vector<std::pair<std::string, std::string>> demo = fake.seed_demo();  // API_KEY, OTHER_API_KEY
  quotes::AnyClient alice{fake, {.api_key = demo.at(0).second}};
  quotes::AnyClient bob{fake, {.api_key = demo.at(1).second}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(quotes_page, DemoFixture)

BOOST_AUTO_TEST_CASE(each_key_has_its_own_collection) {
  auto wilde = alice.get_quote_search({.author = "wilde", .limit = 5});
  BOOST_TEST_REQUIRE((wilde && wilde->contents && wilde->contents->quotes));
  BOOST_TEST(wilde->contents->quotes->size() == 2u);

  auto mine = alice.get_quote_list();
  BOOST_TEST_REQUIRE(mine.has_value());
  BOOST_TEST_REQUIRE(mine->contents.quotes.size() == 1u);
  BOOST_TEST(mine->contents.quotes.front().quote == "Ship small, ship often.");

  auto refused = bob.get_quote_like_toggle({.quote_id = mine->contents.quotes.front().id});
  BOOST_TEST_REQUIRE(!refused.has_value());
  BOOST_TEST(refused.error().category() == webapi::ErrorCategory::permission_denied);
}

BOOST_AUTO_TEST_CASE(the_quote_of_the_day_changes_with_the_date) {
  auto today = alice.get_qod({.category = "inspire"});
  auto again = alice.get_qod({.category = "inspire"});
  fake.clock().advance(24h);
  auto tomorrow = alice.get_qod({.category = "inspire"});
  BOOST_TEST_REQUIRE((today && again && tomorrow));
  auto id = [](const quotes::QuoteResponse& r) { return r.contents->quotes->front().id; };
  BOOST_TEST(id(*today) == id(*again));
  BOOST_TEST(id(*today) != id(*tomorrow));
}

BOOST_AUTO_TEST_SUITE_END()
