// What every route shares: every operation modeled, 404/405, response shapes, faults, the journal,
// reset, seeding and the demo data set.

#include <algorithm>
#include <chrono>
#include <set>

#include <boost/test/unit_test.hpp>

#include <webapi/core/url.hpp>
#include <webapi/quotes/operations.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::QuotesFixture;

BOOST_FIXTURE_TEST_SUITE(protocol, QuotesFixture)

BOOST_AUTO_TEST_CASE(every_operation_of_the_module_is_modeled) {
  std::set<std::string> modeled;
  for (const auto& r : fake.routes())
    if (r.modeled) modeled.insert(r.operation);
  for (const auto& op : webapi::quotes::operations) BOOST_TEST(modeled.contains(std::string(op.name)), op.name);
  // Without a key it is still a 401 first.
  BOOST_TEST(call(Method::post, "/quote/dislike", "", {{"quote_id", franklin}}).status == 401);
}

BOOST_AUTO_TEST_CASE(every_seed_operation_is_routed_and_modeled) {
  const std::set<std::string> seed = {
      "get_qod", "get_qod_categories", "get_qod_languages", "patch_qod", "put_qod", "get_qshow", "get_qshow_list",
      "get_qshow_quotes", "put_qshow", "patch_qshow", "delete_qshow", "post_qshow_quotes_add",
      "post_qshow_quotes_remove", "get_quote", "put_quote", "post_quote", "patch_quote", "delete_quote",
      "get_quote_bookmark_toggle", "get_quote_like_toggle", "get_quote_categories_popular",
      "get_quote_categories_search", "get_quote_list", "get_quote_random", "get_quote_search", "get_quote_image",
      "get_quote_image_search", "put_quote_image", "delete_quote_image", "get_quote_image_background_list",
      "get_quote_image_background_search", "post_quote_image_background", "delete_quote_image_background",
      "get_quote_image_font_list", "get_quote_image_font_search", "post_quote_image_font",
      "delete_quote_image_font", "get_quote_authors_popular", "get_quote_authors_search", "post_quote_tags_add",
      "post_quote_tags_remove", "post_quote_image_background_tags_add", "post_quote_image_background_tags_remove",
      "post_quote_image_font_tags_add", "post_quote_image_font_tags_remove"};
  BOOST_TEST(seed.size() == 45u);
  std::set<std::string> modeled, all;
  for (const auto& r : fake.routes()) {
    all.insert(r.operation);
    if (r.modeled) modeled.insert(r.operation);
  }
  for (const auto& name : seed) BOOST_TEST(modeled.contains(name), name << " is modeled");
  BOOST_TEST(all.size() == 51u);  // plus the description's like and dislike forms
}

BOOST_AUTO_TEST_CASE(unknown_paths_are_404_and_wrong_methods_405) {
  auto r = get("/quote/nothing", alice);
  BOOST_TEST(r.status == 404);
  BOOST_TEST(test::error_message(r).find("/quote/nothing") != std::string::npos);
  auto wrong = call(Method::post, "/qod/languages", alice);
  BOOST_TEST(wrong.status == 405);
  BOOST_TEST(*wrong.headers.get("Allow") == "GET");
}

BOOST_AUTO_TEST_CASE(a_hostile_id_stays_a_value) {
  for (std::string hostile : {"../admin", "a/b", "%", "q-1&id=q-2", "é ü"}) {
    auto r = get("/quote", alice, {{"id", hostile}});
    BOOST_TEST(r.status == 404);
    BOOST_TEST(test::error_message(r).find(hostile) != std::string::npos);
  }
  // A path segment that decodes to "../admin" is one segment, so it matches no route.
  BOOST_TEST(get("/quote/" + url::encode_segment("../list"), alice).status == 404);
}

BOOST_AUTO_TEST_CASE(success_bodies_have_success_and_contents) {
  for (const char* path : {"/quote/random", "/quote/search", "/qod", "/qod/languages", "/quote/categories/popular",
                           "/quote/list", "/qshow/list", "/quote/image/background/list"}) {
    auto r = get(path, alice);
    BOOST_TEST(r.status == 200, path);
    BOOST_TEST(r.content_type() == "application/json");
    auto body = test::json(r);
    BOOST_TEST(body.at("success").is_string());
    BOOST_TEST(body.at("contents").is_object());
  }
}

BOOST_AUTO_TEST_CASE(fail_next_answers_the_status_then_recovers) {
  fake.fail_next(2, 503);
  BOOST_TEST(get("/quote/random", alice).status == 503);
  auto second = get("/quote", alice, {{"id", franklin}});
  BOOST_TEST(second.status == 503);
  BOOST_TEST(test::error_message(second).find("503") != std::string::npos);
  BOOST_TEST(get("/quote/random", alice).status == 200);

  fake.fail_next(1, 429, "get_qod");
  BOOST_TEST(get("/quote/random", alice).status == 200);
  BOOST_TEST(get("/qod", alice).status == 429);
  BOOST_TEST(get("/qod", alice).status == 200);
}

BOOST_AUTO_TEST_CASE(a_faulted_call_changes_nothing) {
  fake.fail_next(1, 500, "put_quote");
  BOOST_TEST(call(Method::put, "/quote", alice, {{"quote", "lost"}}).status == 500);
  BOOST_TEST(fake.snapshot().quotes.size() == 3u);
}

BOOST_AUTO_TEST_CASE(drop_next_is_a_transport_error) {
  fake.drop_next(1, "get_quote_like_toggle");
  auto dropped = fake.send(test::request({Method::get, "/quote/like/toggle", alice, {{"quote_id", franklin}}}));
  BOOST_REQUIRE(!dropped);
  BOOST_TEST(int(dropped.error().kind) == int(ErrorKind::transport));
  BOOST_TEST(dropped.error().operation == "get_quote_like_toggle");
  BOOST_TEST(!fake.liked("alice", franklin));
  BOOST_TEST(fake.send(test::request({Method::get, "/quote/like/toggle", alice, {{"quote_id", franklin}}})).has_value());
}

BOOST_AUTO_TEST_CASE(latency_delays_every_call) {
  fake.set_latency(30ms);
  auto start = std::chrono::steady_clock::now();
  BOOST_TEST(get("/quote/random", alice).status == 200);
  BOOST_TEST((std::chrono::steady_clock::now() - start >= 30ms));
  fake.clear_faults();
  start = std::chrono::steady_clock::now();
  get("/quote/random", alice);
  BOOST_TEST((std::chrono::steady_clock::now() - start < 30ms));
}

BOOST_AUTO_TEST_CASE(the_journal_records_each_request_with_its_operation_and_status) {
  get("/quote/like/toggle", alice, {{"quote_id", franklin}});
  get("/quote/like/toggle", bob, {{"quote_id", "q-404"}});
  get("/nowhere", alice);
  fake.fail_next(1, 503);
  get("/qod", alice);
  auto journal = fake.journal();
  BOOST_TEST(journal.size() == 4u);
  BOOST_TEST(journal.count("get_quote_like_toggle") == 2u);
  BOOST_TEST(journal.count(Method::get, "/nowhere") == 1u);
  const auto& first = journal.entries()[0];
  BOOST_TEST(first.status == 200);
  BOOST_TEST(*first.request.query_value("quote_id") == franklin);
  BOOST_TEST(*first.request.headers.get("X-Service-Api-Secret") == alice);
  BOOST_TEST(journal.entries()[1].status == 404);
  BOOST_TEST(journal.entries()[2].operation.empty());
  BOOST_TEST(journal.last()->injected);
  BOOST_TEST((journal.last()->at == fake.clock().now()));
  fake.clear_journal();
  BOOST_TEST(fake.requests().empty());
  fake.set_journal_capacity(1);
  get("/qod", alice);
  get("/quote/random", alice);
  BOOST_TEST(fake.requests().size() == 1u);
  BOOST_TEST(fake.requests().front().operation == "get_quote_random");
  BOOST_TEST(fake.journal().dropped() == 1u);
}

BOOST_AUTO_TEST_CASE(reset_forgets_everything_but_the_builtins) {
  create_quote(alice, "gone");
  fake.fail_next(5, 500);
  fake.clock().advance(std::chrono::hours(48));
  fake.reset();
  BOOST_TEST(get("/quote/random", alice).status == 401);  // keys are gone too
  std::string key = fake.add_api_key("alice");
  BOOST_TEST(get("/quote/random", key).status == 200);    // and the faults
  auto s = fake.snapshot();
  BOOST_TEST(s.quotes.empty());
  BOOST_TEST(s.backgrounds.size() == 1u);
  BOOST_TEST(s.fonts.size() == 1u);
  BOOST_TEST(!s.qod_categories.empty());
  BOOST_TEST(webapi::fakes::date_string(fake.clock().now()) == "2024-01-01");
  BOOST_TEST(fake.requests().size() == 2u);
  BOOST_TEST(key == alice);  // key generation restarts: runs repeat exactly
}

BOOST_AUTO_TEST_CASE(inspect_runs_under_the_lock) {
  std::size_t n = fake.inspect([](const webapi::fakes::quotes::State& s) { return s.quotes.size(); });
  BOOST_TEST(n == 3u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(seed_demo_loads_a_usable_data_set) {
  webapi::fakes::quotes::Fake fake;
  auto creds = webapi::fakes::quotes::seed_demo(fake);
  BOOST_REQUIRE(creds.size() == 2u);
  BOOST_TEST(creds[0].first == "API_KEY");
  BOOST_TEST(creds[1].first == "OTHER_API_KEY");
  BOOST_TEST(*fake.owner_of_key(creds[0].second) == "alice");
  BOOST_TEST(*fake.owner_of_key(creds[1].second) == "bob");
  const std::string& key = creds[0].second;
  BOOST_TEST(test::send(fake, {Method::get, "/qod", key}).status == 200);
  auto life = test::send(fake, {Method::get, "/quote/search", key, {{"category", "life"}, {"limit", "10"}}});
  BOOST_TEST(test::quote_ids(life).size() >= 2u);
  auto list = test::send(fake, {Method::get, "/quote/list", key});
  BOOST_TEST(test::quote_ids(list).size() == 1u);
  auto shows = test::json(test::send(fake, {Method::get, "/qshow/list", key}));
  BOOST_TEST(test::contents(shows).at("qshows").as_array().size() == 1u);
  BOOST_TEST(test::send(fake, {Method::get, "/quote/image/search", key}).status == 200);
  for (const char* cat : {"inspire", "life", "love", "funny", "art", "sports", "management", "students"})
    BOOST_TEST(test::send(fake, {Method::get, "/qod", key, {{"category", cat}}}).status == 200, cat);
  // The same data set every time.
  webapi::fakes::quotes::Fake again;
  BOOST_TEST((webapi::fakes::quotes::seed_demo(again) == creds));
}
