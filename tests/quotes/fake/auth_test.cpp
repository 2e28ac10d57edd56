// Every call needs a known API key; each key has an owner.

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::QuotesFixture;

BOOST_FIXTURE_TEST_SUITE(auth, QuotesFixture)

BOOST_AUTO_TEST_CASE(no_key_is_401_with_a_json_error) {
  auto r = get("/quote/random", "");
  BOOST_TEST(r.status == 401);
  BOOST_TEST(r.content_type() == "application/json");
  BOOST_TEST(test::error_message(r).find("X-Service-Api-Secret") != std::string::npos);
  // Even a route that changes state is refused before it is reached.
  auto put = call(Method::put, "/quote", "", {{"quote", "q"}});
  BOOST_TEST(put.status == 401);
  BOOST_TEST(fake.snapshot().quotes.size() == 3u);
}

BOOST_AUTO_TEST_CASE(unknown_or_revoked_key_is_401) {
  BOOST_TEST(get("/quote/random", "not-a-key").status == 401);
  BOOST_TEST(test::error_message(get("/quote/random", "not-a-key")) == "unknown API key");
  BOOST_TEST(get("/quote/random", alice).status == 200);
  BOOST_TEST(fake.revoke_api_key(alice));
  BOOST_TEST(get("/quote/random", alice).status == 401);
}

BOOST_AUTO_TEST_CASE(the_published_header_name_is_accepted_too) {
  Request r = test::request({Method::get, "/quote/random", ""});
  r.headers.set("X-TheySaidSo-Api-Secret", bob);
  BOOST_TEST(fake.send(r)->status == 200);
}

BOOST_AUTO_TEST_CASE(each_key_has_an_owner) {
  BOOST_TEST(*fake.owner_of_key(alice) == "alice");
  BOOST_TEST(*fake.owner_of_key(bob) == "bob");
  BOOST_TEST(!fake.owner_of_key("nope"));
  std::string second = fake.add_api_key("alice");
  BOOST_TEST(second != alice);
  // Both of alice's keys act for the same owner: a quote made with one is listed with the other.
  std::string id = create_quote(alice, "Mine.");
  BOOST_TEST(fake.quote(id)->owner == "alice");
  BOOST_TEST((test::quote_ids(get("/quote/list", second)) == std::vector<std::string>{id}));
  BOOST_TEST(test::quote_ids(get("/quote/list", bob)).empty());
  // An explicit key can be registered for a known value.
  fake.add_api_key("carol", "carol-key");
  BOOST_TEST(get("/quote/random", "carol-key").status == 200);
}

BOOST_AUTO_TEST_SUITE_END()
