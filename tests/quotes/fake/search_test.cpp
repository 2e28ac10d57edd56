// Search with combinable filters, random, categories and authors.

#include <set>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;

namespace {
struct SearchFixture : test::QuotesFixture {
  // Lengths: franklin 35, socrates 40, wilde 42, these two 16 and 57.
  std::string short_life = fake.add_quote({.text = "Life is a dream.", .author = "Pedro Calderon",
                                           .category = "life"});
  std::string long_franklin = fake.add_quote({.text = "An investment in knowledge always pays the best interest.",
                                              .author = "Benjamin Franklin", .category = "students",
                                              .tags = {"students", "learning"}});

  std::vector<std::string> search(std::vector<QueryParam> q) {
    q.push_back({"limit", "100"});
    auto r = get("/quote/search", alice, std::move(q));
    BOOST_REQUIRE_EQUAL(r.status, 200);
    return test::quote_ids(r);
  }
  using Ids = std::vector<std::string>;
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(search, SearchFixture)

BOOST_AUTO_TEST_CASE(no_filter_finds_the_whole_public_catalogue) {
  create_quote(alice, "Private, so not in the public search.");
  BOOST_TEST((search({}) == Ids{franklin, socrates, wilde, short_life, long_franklin}));
}

BOOST_AUTO_TEST_CASE(each_filter_alone) {
  BOOST_TEST((search({{"category", "life"}}) == Ids{socrates, wilde, short_life}));  // wilde by tag
  BOOST_TEST((search({{"category", "LIFE"}}) == Ids{socrates, wilde, short_life}));
  BOOST_TEST((search({{"author", "franklin"}}) == Ids{franklin, long_franklin}));
  BOOST_TEST((search({{"minlength", "41"}}) == Ids{wilde, long_franklin}));
  BOOST_TEST((search({{"maxlength", "35"}}) == Ids{franklin, short_life}));
  BOOST_TEST((search({{"query", "WORTH"}}) == Ids{socrates}));
}

BOOST_AUTO_TEST_CASE(filters_combine) {
  BOOST_TEST((search({{"category", "life"}, {"maxlength", "40"}}) == Ids{socrates, short_life}));
  BOOST_TEST((search({{"category", "life"}, {"minlength", "20"}, {"maxlength", "41"}}) == Ids{socrates}));
  BOOST_TEST((search({{"author", "Franklin"}, {"minlength", "40"}}) == Ids{long_franklin}));
  BOOST_TEST((search({{"author", "Franklin"}, {"category", "inspire"}, {"maxlength", "35"}}) == Ids{franklin}));
  BOOST_TEST(search({{"author", "Franklin"}, {"category", "life"}}).empty());
  // Bounds are inclusive.
  BOOST_TEST((search({{"minlength", "35"}, {"maxlength", "35"}}) == Ids{franklin}));
}

BOOST_AUTO_TEST_CASE(limit_defaults_to_one_and_total_counts_every_match) {
  auto r = get("/quote/search", alice, {{"category", "life"}});
  BOOST_TEST((test::quote_ids(r) == Ids{socrates}));
  BOOST_TEST(test::contents(test::json(r)).at("total").to_number<int>() == 3);
}

BOOST_AUTO_TEST_CASE(impossible_or_malformed_filters_are_400) {
  auto r = get("/quote/search", alice, {{"minlength", "50"}, {"maxlength", "10"}});
  BOOST_TEST(r.status == 400);
  BOOST_TEST(test::error_message(r).find("minlength") != std::string::npos);
  BOOST_TEST(get("/quote/search", alice, {{"minlength", "ten"}}).status == 400);
  BOOST_TEST(get("/quote/search", alice, {{"maxlength", "-1"}}).status == 400);
  BOOST_TEST(get("/quote/search", alice, {{"private", "perhaps"}}).status == 400);
}

BOOST_AUTO_TEST_CASE(private_search_looks_in_the_callers_collection) {
  std::string mine = create_quote(alice, "Life, privately.", {{"category", "life"}});
  create_quote(bob, "Bob's life.", {{"category", "life"}});
  BOOST_TEST((search({{"private", "true"}, {"category", "life"}}) == Ids{mine}));
}

BOOST_AUTO_TEST_CASE(random_gives_distinct_public_quotes) {
  create_quote(alice, "Never random.");
  auto one = test::quote_ids(get("/quote/random", alice));
  BOOST_TEST(one.size() == 1u);
  auto three = test::quote_ids(get("/quote/random", alice, {{"limit", "3"}}));
  BOOST_TEST(std::set<std::string>(three.begin(), three.end()).size() == 3u);
  auto all = test::quote_ids(get("/quote/random", alice, {{"limit", "50"}}));
  BOOST_TEST(all.size() == 5u);
  for (const auto& id : all) BOOST_TEST(fake.quote(id)->owner.empty());
}

BOOST_AUTO_TEST_CASE(categories_popular_and_searched) {
  auto popular = test::json(get("/quote/categories/popular", alice, {{"limit", "10"}}));
  const auto& cats = test::contents(popular).at("categories").as_array();
  BOOST_REQUIRE(!cats.empty());
  BOOST_TEST(test::str(cats[0].at("name")) == "life");  // socrates, wilde (tag), short_life
  BOOST_TEST(cats[0].at("count").to_number<int>() == 3);
  BOOST_TEST(test::contents(test::json(get("/quote/categories/popular", alice))).at("categories").as_array().size() <= 5u);

  auto found = test::json(get("/quote/categories/search", alice, {{"query", "STUD"}}));
  const auto& hits = test::contents(found).at("categories").as_array();
  BOOST_REQUIRE(hits.size() == 1u);
  BOOST_TEST(test::str(hits[0].at("name")) == "students");
}

BOOST_AUTO_TEST_CASE(authors_popular_and_searched) {
  auto popular = test::json(get("/quote/authors/popular", alice));
  const auto& authors = test::contents(popular).at("authors").as_array();
  BOOST_REQUIRE(!authors.empty());
  BOOST_TEST(test::str(authors[0].at("name")) == "Benjamin Franklin");
  BOOST_TEST(authors[0].at("count").to_number<int>() == 2);

  auto found = test::json(get("/quote/authors/search", alice, {{"query", "wild"}, {"limit", "5"}}));
  const auto& hits = test::contents(found).at("authors").as_array();
  BOOST_REQUIRE(hits.size() == 1u);
  BOOST_TEST(test::str(hits[0].at("name")) == "Oscar Wilde");
  BOOST_TEST(test::contents(test::json(get("/quote/authors/search", alice, {{"query", "zzz"}})))
                 .at("authors").as_array().empty());
}

BOOST_AUTO_TEST_SUITE_END()
