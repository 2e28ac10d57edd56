// Quote of the day: by category, by date, its categories and languages, and private QOD services.

#include <chrono>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;

namespace {
struct QodFixture : test::QuotesFixture {
  std::string inspire2 = fake.add_quote({.text = "Whatever you are, be a good one.", .author = "Abraham Lincoln",
                                         .category = "inspire"});
  boost::json::object qod(std::vector<QueryParam> q = {}) {
    auto r = get("/qod", alice, std::move(q));
    BOOST_REQUIRE_EQUAL(r.status, 200);
    auto body = test::json(r);
    return test::contents(body).at("quotes").at(0).as_object();
  }
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(qod, QodFixture)

BOOST_AUTO_TEST_CASE(qod_by_category_carries_date_and_title) {
  auto life = qod({{"category", "life"}});
  BOOST_TEST(test::str(life.at("date")) == "2024-01-01");
  BOOST_TEST(test::str(life.at("category")) == "life");
  BOOST_TEST(!test::str(life.at("title")).empty());
  std::string id = test::str(life.at("id"));
  BOOST_TEST((id == socrates || id == wilde));
  auto inspire = qod();  // the default category
  std::string iid = test::str(inspire.at("id"));
  BOOST_TEST((iid == franklin || iid == inspire2));
}

BOOST_AUTO_TEST_CASE(qod_stays_all_day_and_changes_with_the_clock) {
  std::string today = test::str(qod().at("id"));
  fake.clock().advance(std::chrono::hours(23));
  BOOST_TEST(test::str(qod().at("id")) == today);
  fake.clock().advance(std::chrono::hours(1));
  auto tomorrow = qod();
  BOOST_TEST(test::str(tomorrow.at("date")) == "2024-01-02");
  BOOST_TEST(test::str(tomorrow.at("id")) != today);  // two inspiring quotes take turns
}

BOOST_AUTO_TEST_CASE(unknown_category_or_language_is_400_and_an_empty_category_404) {
  BOOST_TEST(get("/qod", alice, {{"category", "astrology"}}).status == 400);
  BOOST_TEST(get("/qod", alice, {{"language", "xx"}}).status == 400);
  BOOST_TEST(get("/qod", alice, {{"category", "sports"}}).status == 404);  // known, but no sports quote yet
}

BOOST_AUTO_TEST_CASE(categories_and_languages) {
  auto cats = test::json(get("/qod/categories", alice));
  const auto& by_name = test::contents(cats).at("categories").as_object();
  BOOST_TEST(by_name.contains("inspire"));
  BOOST_TEST(by_name.contains("life"));
  auto detailed = test::json(get("/qod/categories", alice, {{"detailed", "true"}}));
  BOOST_TEST(test::contents(detailed).at("categories").as_array().size() == by_name.size());
  BOOST_TEST(get("/qod/categories", alice, {{"language", "xx"}}).status == 400);

  auto langs = test::json(get("/qod/languages", alice));
  BOOST_TEST(test::contents(langs).at("languages").as_array().size() == 1u);
  fake.add_qod_language("es");
  fake.add_qod_category({"vida", "Cita del dia", "es"});
  fake.add_quote({.text = "La vida es sueño.", .author = "Calderón", .category = "vida", .language = "es"});
  auto es = qod({{"category", "vida"}, {"language", "es"}});
  BOOST_TEST(test::str(es.at("language")) == "es");
  BOOST_TEST(es.at("length").to_number<int>() == 17);  // characters, not bytes
}

BOOST_AUTO_TEST_CASE(private_qod_needs_a_title_and_serves_the_owners_quotes) {
  BOOST_TEST(call(Method::put, "/qod", alice, {{"category", "team"}}).status == 400);
  auto created = call(Method::put, "/qod", alice, {{"title", "Team quote"}, {"category", "team"}});
  BOOST_TEST(created.status == 200);
  std::string id = test::str(test::contents(test::json(created)).at("id"));
  BOOST_TEST(call(Method::put, "/qod", alice, {{"title", "Again"}, {"category", "team"}}).status == 400);

  BOOST_TEST(get("/qod", alice, {{"category", "team"}}).status == 404);  // nothing in the collection yet
  std::string mine = create_quote(alice, "We ship together.", {{"tags", "team"}});
  auto q = qod({{"category", "team"}});
  BOOST_TEST(test::str(q.at("id")) == mine);
  BOOST_TEST(test::str(q.at("title")) == "Team quote");
  BOOST_TEST(get("/qod", bob, {{"category", "team"}}).status == 400);  // not bob's category

  auto cats = test::json(get("/qod/categories", alice));
  BOOST_TEST(test::contents(cats).at("categories").as_object().contains("team"));
  auto bobs = test::json(get("/qod/categories", bob));
  BOOST_TEST(!test::contents(bobs).at("categories").as_object().contains("team"));
  BOOST_TEST(fake.snapshot().private_qods.find(id)->owner == "alice");
}

BOOST_AUTO_TEST_CASE(private_qod_update_needs_a_title_and_the_owner) {
  BOOST_TEST(call(Method::patch, "/qod", alice, {{"title", "x"}}).status == 404);  // none yet
  auto created = call(Method::put, "/qod", alice, {{"title", "Old"}, {"category", "team"}});
  std::string id = test::str(test::contents(test::json(created)).at("id"));
  BOOST_TEST(call(Method::patch, "/qod", alice, {{"id", id}}).status == 400);
  BOOST_TEST(call(Method::patch, "/qod", alice, {{"title", "New"}}).status == 200);  // the only one
  BOOST_TEST(fake.snapshot().private_qods.find(id)->title == "New");
  BOOST_TEST(call(Method::patch, "/qod", alice, {{"id", id}, {"title", "Newer"}, {"category", "crew"}}).status == 200);
  auto stored = *fake.snapshot().private_qods.find(id);
  BOOST_TEST(stored.title == "Newer");
  BOOST_TEST(stored.category == "crew");
  BOOST_TEST(call(Method::patch, "/qod", bob, {{"id", id}, {"title", "Bob's"}}).status == 403);
  BOOST_TEST(call(Method::patch, "/qod", alice, {{"id", "qod-404"}, {"title", "x"}}).status == 404);

  call(Method::put, "/qod", alice, {{"title", "Second"}, {"category", "other"}});
  BOOST_TEST(call(Method::patch, "/qod", alice, {{"title", "Which?"}}).status == 400);
  BOOST_TEST(call(Method::patch, "/qod", alice, {{"title", "By category"}, {"category", "other"}}).status == 200);
}

BOOST_AUTO_TEST_CASE(private_qod_refuses_its_parameters_in_a_json_body) {
  Request r = test::request({Method::put, "/qod", alice});
  r.body = R"({"title":"From JSON","category":"json"})";
  r.content_type = "application/json";
  auto answer = fake.send(r);
  BOOST_TEST(answer->status == 400);
  BOOST_TEST(test::error_message(*answer).find("'title' belongs in the query") != std::string::npos);
  BOOST_TEST(fake.snapshot().private_qods.empty());
}

BOOST_AUTO_TEST_SUITE_END()
