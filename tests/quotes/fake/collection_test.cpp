// The private collection: PUT/POST/PATCH/GET/DELETE /quote, tags, list.

#include <algorithm>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::QuotesFixture;

BOOST_FIXTURE_TEST_SUITE(collection, QuotesFixture)

BOOST_AUTO_TEST_CASE(put_creates_a_quote_answered_as_a_quote_response) {
  auto r = call(Method::put, "/quote", alice,
                {{"quote", "Simplicity is prerequisite for reliability."}, {"author", "E. W. Dijkstra"},
                 {"tags", "software, simplicity"}});
  BOOST_TEST(r.status == 200);
  auto body = test::json(r);
  BOOST_TEST(body.at("success").is_string());
  const auto& q = test::contents(body).at("quotes").at(0);
  BOOST_TEST(test::str(q.at("quote")) == "Simplicity is prerequisite for reliability.");
  BOOST_TEST(test::str(q.at("author")) == "E. W. Dijkstra");
  BOOST_TEST(q.at("length").to_number<int>() == 43);
  BOOST_TEST(q.at("tags").as_array().size() == 2u);
  std::string id = test::str(q.at("id"));
  BOOST_TEST(test::str(test::contents(body).at("id")) == id);
  auto stored = fake.quote(id);
  BOOST_REQUIRE(stored);
  BOOST_TEST(stored->owner == "alice");
  BOOST_TEST((stored->tags == std::vector<std::string>{"software", "simplicity"}));
}

BOOST_AUTO_TEST_CASE(post_is_the_same_as_put) {
  auto answer = call(Method::post, "/quote", bob, {{"quote", "Less is more."}, {"author", "Mies"}});
  BOOST_TEST(answer.status == 200);
  auto ids = test::quote_ids(answer);
  BOOST_REQUIRE(ids.size() == 1u);
  BOOST_TEST(fake.quote(ids[0])->text == "Less is more.");
  BOOST_TEST(fake.quote(ids[0])->owner == "bob");
}

// The operation takes its parameters in the query; the real service would not read them from a body.
BOOST_AUTO_TEST_CASE(a_parameter_in_a_form_body_is_refused_naming_it) {
  const auto before = fake.snapshot().quotes.size();
  Request r = test::request({Method::post, "/quote", bob});
  r.body = "quote=Less+is+more.&author=Mies";
  r.content_type = "application/x-www-form-urlencoded";
  auto answer = fake.send(r);
  BOOST_TEST(answer->status == 400);
  BOOST_TEST(test::error_message(*answer) == "parameter 'quote' belongs in the query, not in the request body");
  BOOST_TEST(fake.snapshot().quotes.size() == before);
}

BOOST_AUTO_TEST_CASE(quote_is_required_on_creation) {
  for (Method m : {Method::put, Method::post}) {
    auto r = call(m, "/quote", alice, {{"author", "Nobody"}});
    BOOST_TEST(r.status == 400);
    BOOST_TEST(test::error_message(r).find("'quote'") != std::string::npos);
    BOOST_TEST(call(m, "/quote", alice, {{"quote", ""}}).status == 400);
  }
  BOOST_TEST(fake.snapshot().quotes.size() == 3u);
}

BOOST_AUTO_TEST_CASE(get_returns_a_quote_by_id) {
  auto r = get("/quote", bob, {{"id", socrates}});
  BOOST_TEST(r.status == 200);
  BOOST_TEST((test::quote_ids(r) == std::vector<std::string>{socrates}));
  BOOST_TEST(get("/quote", bob, {{"id", "q-404"}}).status == 404);
  BOOST_TEST(get("/quote", bob).status == 400);
  std::string mine = create_quote(alice, "Only mine.");
  BOOST_TEST(get("/quote", alice, {{"id", mine}}).status == 200);
  BOOST_TEST(get("/quote", bob, {{"id", mine}}).status == 403);
}

BOOST_AUTO_TEST_CASE(patch_changes_only_what_is_given_and_only_for_the_owner) {
  std::string id = create_quote(alice, "Draft.", {{"author", "A"}, {"tags", "x"}});
  auto r = call(Method::patch, "/quote", alice, {{"id", id}, {"quote", "Final."}});
  BOOST_TEST(r.status == 200);
  auto q = *fake.quote(id);
  BOOST_TEST(q.text == "Final.");
  BOOST_TEST(q.author == "A");
  BOOST_TEST((q.tags == std::vector<std::string>{"x"}));
  BOOST_TEST(call(Method::patch, "/quote", bob, {{"id", id}, {"quote", "Hijacked."}}).status == 403);
  BOOST_TEST(call(Method::patch, "/quote", alice, {{"id", franklin}, {"quote", "x"}}).status == 403);
  BOOST_TEST(call(Method::patch, "/quote", alice, {{"id", "q-404"}}).status == 404);
  BOOST_TEST(call(Method::patch, "/quote", alice, {{"quote", "no id"}}).status == 400);
  BOOST_TEST(fake.quote(id)->text == "Final.");
}

BOOST_AUTO_TEST_CASE(only_the_owner_may_delete) {
  std::string id = create_quote(alice, "Delete me.");
  auto refused = call(Method::delete_, "/quote", bob, {{"id", id}});
  BOOST_TEST(refused.status == 403);
  BOOST_TEST(test::error_message(refused).find("owner") != std::string::npos);
  BOOST_TEST(fake.quote(id).has_value());
  BOOST_TEST(call(Method::delete_, "/quote", alice, {{"id", franklin}}).status == 403);  // public catalogue
  BOOST_TEST(call(Method::delete_, "/quote", alice, {{"id", id}}).status == 200);
  BOOST_TEST(!fake.quote(id).has_value());
  BOOST_TEST(call(Method::delete_, "/quote", alice, {{"id", id}}).status == 404);
}

BOOST_AUTO_TEST_CASE(a_deleted_quote_leaves_qshows_and_marks) {
  std::string id = create_quote(alice, "Short-lived.");
  auto show = call(Method::put, "/qshow", alice, {{"title", "S"}});
  std::string show_id = test::str(test::contents(test::json(show)).at("id"));
  call(Method::post, "/qshow/quotes/add", alice, {{"id", show_id}, {"quoteid", id}});
  get("/quote/like/toggle", alice, {{"quote_id", id}});
  call(Method::delete_, "/quote", alice, {{"id", id}});
  BOOST_TEST(fake.qshow(show_id)->quote_ids.empty());
  BOOST_TEST(!fake.liked("alice", id));
}

BOOST_AUTO_TEST_CASE(a_deleted_quote_leaves_no_dislike_or_bookmark_behind) {
  // Only its owner can mark a private quote, and only a private quote can be deleted: alice's marks it is.
  std::string id = create_quote(alice, "Disliked and bookmarked.");
  std::string kept = create_quote(alice, "Marked and kept.");
  call(Method::put, "/quote/dislike", alice, {{"quote_id", id}});
  get("/quote/bookmark/toggle", alice, {{"quote_id", id}});
  call(Method::put, "/quote/dislike", alice, {{"quote_id", kept}});
  get("/quote/bookmark/toggle", alice, {{"quote_id", kept}});
  get("/quote/bookmark/toggle", bob, {{"quote_id", franklin}});
  BOOST_TEST(fake.disliked("alice", id));
  BOOST_TEST(fake.bookmarked("alice", id));

  BOOST_TEST(call(Method::delete_, "/quote", alice, {{"id", id}}).status == 200);
  const auto after = fake.snapshot();
  auto mentions = [&](const auto& marks) {
    return std::any_of(marks.begin(), marks.end(), [&](const auto& m) { return m.second == id; });
  };
  BOOST_TEST(!mentions(after.likes));
  BOOST_TEST(!mentions(after.dislikes));
  BOOST_TEST(!mentions(after.bookmarks));
  // Marks of other quotes stay.
  BOOST_TEST(fake.disliked("alice", kept));
  BOOST_TEST(fake.bookmarked("alice", kept));
  BOOST_TEST(fake.bookmarked("bob", franklin));
  BOOST_TEST(after.dislikes.size() == 1u);
  BOOST_TEST(after.bookmarks.size() == 2u);
}

BOOST_AUTO_TEST_CASE(tags_are_added_once_and_removed) {
  std::string id = create_quote(alice, "Tagged.", {{"tags", "one"}});
  BOOST_TEST(call(Method::post, "/quote/tags/add", alice, {{"id", id}, {"tags", "two,ONE, three"}}).status == 200);
  BOOST_TEST((fake.quote(id)->tags == std::vector<std::string>{"one", "two", "three"}));
  auto removed = call(Method::post, "/quote/tags/remove", alice, {{"id", id}, {"tags", "one,three"}});
  BOOST_TEST(removed.status == 200);
  auto tags = test::contents(test::json(removed)).at("quotes").at(0).at("tags").as_array();
  BOOST_REQUIRE(tags.size() == 1u);
  BOOST_TEST(test::str(tags[0]) == "two");
  BOOST_TEST(call(Method::post, "/quote/tags/add", alice, {{"id", id}}).status == 400);
  BOOST_TEST(call(Method::post, "/quote/tags/add", bob, {{"id", id}, {"tags", "x"}}).status == 403);
  BOOST_TEST(call(Method::post, "/quote/tags/remove", alice, {{"id", "q-404"}, {"tags", "x"}}).status == 404);
}

BOOST_AUTO_TEST_CASE(list_shows_the_callers_collection_paged) {
  std::vector<std::string> mine;
  for (int i = 0; i < 12; ++i) mine.push_back(create_quote(alice, "Quote " + std::to_string(i)));
  create_quote(bob, "Bob's.");
  auto first = get("/quote/list", alice);
  BOOST_TEST(test::quote_ids(first).size() == 10u);  // the default page
  BOOST_TEST(test::contents(test::json(first)).at("total").to_number<int>() == 12);
  auto rest = test::quote_ids(get("/quote/list", alice, {{"start", "10"}, {"limit", "5"}}));
  BOOST_TEST((rest == std::vector<std::string>{mine[10], mine[11]}));
  BOOST_TEST(test::quote_ids(get("/quote/list", bob)).size() == 1u);
  BOOST_TEST(get("/quote/list", alice, {{"limit", "0"}}).status == 400);
  BOOST_TEST(get("/quote/list", alice, {{"start", "x"}}).status == 400);
}

BOOST_AUTO_TEST_SUITE_END()
