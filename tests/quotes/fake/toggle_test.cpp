// GET /quote/like/toggle and /quote/bookmark/toggle flip a mark of quote_id for the key's owner.

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::QuotesFixture;

namespace {
bool flag(const Response& r, const char* name) { return test::contents(test::json(r)).at(name).as_bool(); }
}  // namespace

BOOST_FIXTURE_TEST_SUITE(toggles, QuotesFixture)

BOOST_AUTO_TEST_CASE(like_twice_restores_the_first_state) {
  BOOST_TEST(!fake.liked("alice", franklin));
  auto first = get("/quote/like/toggle", alice, {{"quote_id", franklin}});
  BOOST_TEST(first.status == 200);
  BOOST_TEST(flag(first, "liked"));
  BOOST_TEST(test::contents(test::json(first)).at("likes").to_number<int>() == 1);
  BOOST_TEST(fake.liked("alice", franklin));
  auto second = get("/quote/like/toggle", alice, {{"quote_id", franklin}});
  BOOST_TEST(!flag(second, "liked"));
  BOOST_TEST(!fake.liked("alice", franklin));
}

BOOST_AUTO_TEST_CASE(bookmark_twice_restores_the_first_state) {
  BOOST_TEST(flag(get("/quote/bookmark/toggle", alice, {{"quote_id", socrates}}), "bookmarked"));
  BOOST_TEST(fake.bookmarked("alice", socrates));
  BOOST_TEST(!flag(get("/quote/bookmark/toggle", alice, {{"quote_id", socrates}}), "bookmarked"));
  BOOST_TEST(!fake.bookmarked("alice", socrates));
  // Likes and bookmarks are separate marks.
  get("/quote/like/toggle", alice, {{"quote_id", socrates}});
  BOOST_TEST(!fake.bookmarked("alice", socrates));
}

BOOST_AUTO_TEST_CASE(dislike_is_set_and_cleared_and_replaces_a_like) {
  get("/quote/like/toggle", alice, {{"quote_id", franklin}});
  for (Method m : {Method::put, Method::post}) {
    auto r = call(m, "/quote/dislike", alice, {{"quote_id", franklin}});
    BOOST_TEST(r.status == 200);
    BOOST_TEST(test::json(r).at("contents").as_string() == "Disliked the quote");  // the description's shape
    BOOST_TEST(fake.disliked("alice", franklin));  // again: no change
  }
  BOOST_TEST(fake.disliked("alice", franklin));
  BOOST_TEST(!fake.liked("alice", franklin));
  BOOST_TEST(call(Method::delete_, "/quote/dislike", alice, {{"quote_id", franklin}}).status == 200);
  BOOST_TEST(!fake.disliked("alice", franklin));
  // A like replaces a dislike too; an unknown quote is 404; quote_id is required.
  call(Method::put, "/quote/dislike", alice, {{"quote_id", franklin}});
  call(Method::put, "/quote/like", alice, {{"quote_id", franklin}});
  BOOST_TEST(!fake.disliked("alice", franklin));
  BOOST_TEST(call(Method::put, "/quote/dislike", alice, {{"quote_id", "q-404"}}).status == 404);
  BOOST_TEST(call(Method::put, "/quote/dislike", alice).status == 400);
}

BOOST_AUTO_TEST_CASE(a_like_toggle_clears_the_same_users_dislike_only) {
  call(Method::put, "/quote/dislike", alice, {{"quote_id", franklin}});
  call(Method::put, "/quote/dislike", bob, {{"quote_id", franklin}});
  call(Method::put, "/quote/dislike", alice, {{"quote_id", wilde}});
  auto toggled = get("/quote/like/toggle", alice, {{"quote_id", franklin}});
  BOOST_TEST(toggled.status == 200);
  BOOST_TEST(flag(toggled, "liked"));
  BOOST_TEST(fake.liked("alice", franklin));
  BOOST_TEST(!fake.disliked("alice", franklin));  // the like replaced alice's dislike of this quote
  BOOST_TEST(fake.disliked("bob", franklin));      // bob's dislike stands
  BOOST_TEST(fake.disliked("alice", wilde));       // and so does alice's of another quote
  const auto marks = fake.snapshot();
  BOOST_TEST(marks.dislikes.size() == 2u);
}

BOOST_AUTO_TEST_CASE(two_owners_are_independent) {
  get("/quote/like/toggle", alice, {{"quote_id", franklin}});
  auto bobs = get("/quote/like/toggle", bob, {{"quote_id", franklin}});
  BOOST_TEST(flag(bobs, "liked"));  // bob's first toggle likes it, whatever alice did
  BOOST_TEST(test::contents(test::json(bobs)).at("likes").to_number<int>() == 2);
  get("/quote/like/toggle", bob, {{"quote_id", franklin}});
  BOOST_TEST(fake.liked("alice", franklin));
  BOOST_TEST(!fake.liked("bob", franklin));
  get("/quote/bookmark/toggle", bob, {{"quote_id", wilde}});
  BOOST_TEST(fake.bookmarked("bob", wilde));
  BOOST_TEST(!fake.bookmarked("alice", wilde));
}

BOOST_AUTO_TEST_CASE(unknown_quote_is_404_and_quote_id_is_required) {
  auto like = get("/quote/like/toggle", alice, {{"quote_id", "q-999"}});
  BOOST_TEST(like.status == 404);
  BOOST_TEST(test::error_message(like).find("q-999") != std::string::npos);
  BOOST_TEST(get("/quote/bookmark/toggle", alice, {{"quote_id", "q-999"}}).status == 404);
  BOOST_TEST(get("/quote/like/toggle", alice).status == 400);
  BOOST_TEST(fake.snapshot().likes.empty());
}

BOOST_AUTO_TEST_CASE(put_post_and_delete_like_set_and_clear_the_same_mark) {
  BOOST_TEST(flag(call(Method::put, "/quote/like", alice, {{"quote_id", wilde}}), "liked"));
  BOOST_TEST(flag(call(Method::post, "/quote/like", alice, {{"quote_id", wilde}}), "liked"));  // still liked
  BOOST_TEST(!flag(get("/quote/like/toggle", alice, {{"quote_id", wilde}}), "liked"));
  call(Method::put, "/quote/like", alice, {{"quote_id", wilde}});
  BOOST_TEST(!flag(call(Method::delete_, "/quote/like", alice, {{"quote_id", wilde}}), "liked"));
  BOOST_TEST(!fake.liked("alice", wilde));
  BOOST_TEST(call(Method::delete_, "/quote/like", alice, {{"quote_id", "nope"}}).status == 404);
}

BOOST_AUTO_TEST_CASE(another_users_private_quote_cannot_be_marked) {
  std::string mine = create_quote(alice, "Private thought.");
  BOOST_TEST(get("/quote/like/toggle", bob, {{"quote_id", mine}}).status == 403);
  BOOST_TEST(flag(get("/quote/like/toggle", alice, {{"quote_id", mine}}), "liked"));
}

BOOST_AUTO_TEST_SUITE_END()
