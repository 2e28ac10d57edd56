// Qshows: create, get, list, patch, delete, and quote membership.

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;

namespace {
struct QshowFixture : test::QuotesFixture {
  std::string create_qshow(const std::string& key, std::string title) {
    auto r = call(Method::put, "/qshow", key, {{"title", std::move(title)}, {"description", "d"}, {"tags", "a"},
                                               {"tags", "b"}});
    BOOST_REQUIRE_EQUAL(r.status, 200);
    return test::str(test::contents(test::json(r)).at("id"));
  }
  std::vector<std::string> members(const std::string& key, const std::string& id) {
    return test::quote_ids(get("/qshow/quotes", key, {{"id", id}}));
  }
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(qshows, QshowFixture)

BOOST_AUTO_TEST_CASE(title_is_required) {
  auto r = call(Method::put, "/qshow", alice, {{"description", "no title"}});
  BOOST_TEST(r.status == 400);
  BOOST_TEST(test::error_message(r).find("'title'") != std::string::npos);
  BOOST_TEST(fake.snapshot().qshows.empty());
}

BOOST_AUTO_TEST_CASE(create_get_patch_delete) {
  std::string id = create_qshow(alice, "Mornings");
  auto got = get("/qshow", alice, {{"id", id}});
  BOOST_TEST(got.status == 200);
  const auto body = test::json(got);
  const auto& show = test::contents(body).at("qshow");
  BOOST_TEST(test::str(show.at("title")) == "Mornings");
  BOOST_TEST(show.at("tags").as_array().size() == 2u);

  BOOST_TEST(call(Method::patch, "/qshow", alice, {{"id", id}, {"title", "Evenings"}}).status == 200);
  BOOST_TEST(fake.qshow(id)->title == "Evenings");
  BOOST_TEST(fake.qshow(id)->description == "d");
  BOOST_TEST(call(Method::patch, "/qshow", alice, {{"id", id}, {"title", ""}}).status == 400);
  BOOST_TEST(call(Method::patch, "/qshow", bob, {{"id", id}, {"title", "Mine now"}}).status == 403);
  BOOST_TEST(call(Method::patch, "/qshow", alice, {{"id", "qs-404"}, {"title", "x"}}).status == 404);

  BOOST_TEST(call(Method::delete_, "/qshow", bob, {{"id", id}}).status == 403);
  BOOST_TEST(call(Method::delete_, "/qshow", alice, {{"id", id}}).status == 200);
  BOOST_TEST(get("/qshow", alice, {{"id", id}}).status == 404);
  BOOST_TEST(call(Method::delete_, "/qshow", alice, {{"id", id}}).status == 404);
}

BOOST_AUTO_TEST_CASE(list_shows_own_qshows_and_public_ones_on_request) {
  std::string a1 = create_qshow(alice, "A1");
  std::string a2 = create_qshow(alice, "A2");
  create_qshow(bob, "B1");
  std::string pub = fake.add_qshow({.title = "Public"});
  auto list = [&](std::vector<QueryParam> q) {
    std::vector<std::string> ids;
    const auto body = test::json(get("/qshow/list", alice, std::move(q)));
    for (const auto& s : test::contents(body).at("qshows").as_array()) ids.push_back(test::str(s.at("id")));
    return ids;
  };
  BOOST_TEST((list({}) == std::vector<std::string>{a1, a2}));
  BOOST_TEST((list({{"public", "true"}}) == std::vector<std::string>{a1, a2, pub}));
  BOOST_TEST((list({{"start", "1"}}) == std::vector<std::string>{a2}));
  BOOST_TEST(get("/qshow", bob, {{"id", a1}}).status == 403);
  BOOST_TEST(get("/qshow", bob, {{"id", pub}}).status == 200);
}

BOOST_AUTO_TEST_CASE(add_and_remove_change_membership) {
  std::string id = create_qshow(alice, "Mix");
  BOOST_TEST(members(alice, id).empty());
  auto added = call(Method::post, "/qshow/quotes/add", alice, {{"id", id}, {"quoteid", franklin}});
  BOOST_TEST(added.status == 200);
  BOOST_TEST(test::contents(test::json(added)).at("added").as_bool());
  call(Method::post, "/qshow/quotes/add", alice, {{"id", id}, {"quoteid", wilde}});
  BOOST_TEST((members(alice, id) == std::vector<std::string>{franklin, wilde}));
  BOOST_TEST(call(Method::post, "/qshow/quotes/remove", alice, {{"id", id}, {"quoteid", franklin}}).status == 200);
  BOOST_TEST((members(alice, id) == std::vector<std::string>{wilde}));
  BOOST_TEST((fake.qshow(id)->quote_ids == std::vector<std::string>{wilde}));
}

BOOST_AUTO_TEST_CASE(adding_twice_keeps_one_membership) {
  std::string id = create_qshow(alice, "Once");
  call(Method::post, "/qshow/quotes/add", alice, {{"id", id}, {"quoteid", socrates}});
  auto again = call(Method::post, "/qshow/quotes/add", alice, {{"id", id}, {"quoteid", socrates}});
  BOOST_TEST(again.status == 200);
  BOOST_TEST(!test::contents(test::json(again)).at("added").as_bool());
  BOOST_TEST((members(alice, id) == std::vector<std::string>{socrates}));
  BOOST_TEST(test::contents(test::json(get("/qshow", alice, {{"id", id}}))).at("qshow").at("quote_count") == 1);
  call(Method::post, "/qshow/quotes/remove", alice, {{"id", id}, {"quoteid", socrates}});
  BOOST_TEST(members(alice, id).empty());  // one removal undoes both adds
}

BOOST_AUTO_TEST_CASE(removing_a_non_member_changes_nothing_and_says_so) {
  std::string id = create_qshow(alice, "Keep");
  call(Method::post, "/qshow/quotes/add", alice, {{"id", id}, {"quoteid", franklin}});
  call(Method::post, "/qshow/quotes/add", alice, {{"id", id}, {"quoteid", socrates}});
  for (int round = 0; round < 2; ++round) {  // twice: a repeated removal is no different
    auto r = call(Method::post, "/qshow/quotes/remove", alice, {{"id", id}, {"quoteid", wilde}});
    BOOST_TEST(r.status == 200);
    const auto body = test::json(r);
    BOOST_TEST(!test::contents(body).at("removed").as_bool());
    BOOST_TEST(test::str(test::contents(body).at("quote_id")) == wilde);
    BOOST_TEST(test::contents(body).at("qshow").at("quote_count") == 2);
    BOOST_TEST((members(alice, id) == std::vector<std::string>{franklin, socrates}));
    BOOST_TEST((fake.qshow(id)->quote_ids == std::vector<std::string>{franklin, socrates}));
  }
  // A member's removal, by contrast, says it removed one.
  auto member = call(Method::post, "/qshow/quotes/remove", alice, {{"id", id}, {"quoteid", socrates}});
  BOOST_TEST(test::contents(test::json(member)).at("removed").as_bool());
  BOOST_TEST((fake.qshow(id)->quote_ids == std::vector<std::string>{franklin}));
}

BOOST_AUTO_TEST_CASE(unknown_qshow_or_quote_is_404) {
  std::string id = create_qshow(alice, "Strict");
  BOOST_TEST(call(Method::post, "/qshow/quotes/add", alice, {{"id", "qs-404"}, {"quoteid", franklin}}).status == 404);
  BOOST_TEST(call(Method::post, "/qshow/quotes/add", alice, {{"id", id}, {"quoteid", "q-404"}}).status == 404);
  BOOST_TEST(call(Method::post, "/qshow/quotes/remove", alice, {{"id", "qs-404"}, {"quoteid", franklin}}).status == 404);
  BOOST_TEST(call(Method::post, "/qshow/quotes/remove", alice, {{"id", id}, {"quoteid", "q-404"}}).status == 404);
  BOOST_TEST(get("/qshow/quotes", alice, {{"id", "qs-404"}}).status == 404);
  BOOST_TEST(get("/qshow", alice, {{"id", "qs-404"}}).status == 404);
  BOOST_TEST(call(Method::post, "/qshow/quotes/add", alice, {{"id", id}}).status == 400);
  BOOST_TEST(call(Method::post, "/qshow/quotes/add", bob, {{"id", id}, {"quoteid", franklin}}).status == 403);
  BOOST_TEST(members(alice, id).empty());
}

BOOST_AUTO_TEST_SUITE_END()
