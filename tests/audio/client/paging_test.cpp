// Lists that page by next_href: the plain method answers the list, `<op>_page` the linked page, and
// `<op>_all` walks every page, asking for the first as a linked page where the service needs it.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>

#include "scripted.hpp"

namespace wa = webapi::audio;

namespace {

/// Numbered records in pages of two, linked by next_href (which asks for a linked page again) while more
/// remain; a plain list without linked_partitioning, as the service answers.
struct Followings {
  int total = 5;
  audio_test::Scripted http{[this](const webapi::Request& r) -> webapi::Result<webapi::Response> {
    int from = std::stoi(std::string(r.query_value("offset").value_or("0")));
    std::string items;
    for (int i = from; i < std::min(total, from + 2); ++i)
      items += std::string(items.empty() ? "" : ",") + R"({"id":)" + std::to_string(i) + "}";
    if (r.query_value("linked_partitioning").value_or("") != "true") return audio_test::json("[" + items + "]");
    std::string next = from + 2 < total ? R"("https://api.soundcloud.com)" + r.path + "?offset=" + std::to_string(from + 2) +
                                              R"(&linked_partitioning=true")"
                                        : "null";
    return audio_test::json(R"({"collection":[)" + items + R"(],"next_href":)" + next + "}");
  }};
  wa::Client<audio_test::Scripted> client{http, {.access_token = "tok"}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(link_paging, Followings)

BOOST_AUTO_TEST_CASE(the_plain_method_answers_the_list_and_never_asks_for_a_page) {
  auto likes = client.get_me_likes_tracks({.limit = 2});
  BOOST_REQUIRE_MESSAGE(likes, (likes ? "" : likes.error().what()));
  static_assert(std::is_same_v<decltype(likes)::value_type, std::vector<wa::Track>>);
  BOOST_TEST(likes->size() == 2u);
  BOOST_TEST(!http.sent().back().query_value("linked_partitioning").has_value());
}

BOOST_AUTO_TEST_CASE(the_page_method_answers_the_linked_page) {
  auto page = client.get_me_likes_tracks_page({.limit = 2});
  BOOST_REQUIRE_MESSAGE(page, (page ? "" : page.error().what()));
  static_assert(std::is_same_v<decltype(page)::value_type, wa::Tracks>);
  BOOST_TEST(http.sent().back().query_value("linked_partitioning").value_or("") == "true");
  BOOST_TEST(page->collection.value_or(std::vector<wa::Track>{}).size() == 2u);
  BOOST_TEST(page->next_href.value_or("") == "https://api.soundcloud.com/me/likes/tracks?offset=2&linked_partitioning=true");
}

BOOST_AUTO_TEST_CASE(lists_the_description_does_not_mark_page_too) {
  // /me/followings has no linked_partitioning parameter in the description; the service pages it alike.
  std::vector<std::int64_t> ids;
  auto all = client.get_me_followings_all();
  for (const auto& u : all) ids.push_back(u.id.value_or(-1));
  BOOST_REQUIRE_MESSAGE(!all.error(), (all.error() ? all.error()->what() : ""));
  BOOST_TEST((ids == std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  auto sent = http.sent();
  BOOST_REQUIRE(sent.size() == 3u);
  BOOST_TEST(sent[0].query_value("linked_partitioning").value_or("") == "true");
  BOOST_TEST(sent[2].query_value("offset").value_or("") == "4");
  for (const auto& r : sent) BOOST_TEST(r.headers.get("Authorization").value_or("") == "Bearer tok");
}

BOOST_AUTO_TEST_CASE(a_list_answered_as_a_page_already_pages_as_it_is) {
  audio_test::Scripted pages{[](const webapi::Request& r) -> webapi::Result<webapi::Response> {
    if (!r.query_value("offset"))
      return audio_test::json(
          R"({"collection":[{"id":1},null],"next_href":"https://api.soundcloud.com/tracks/9/reposters?linked_partitioning=true&offset=1"})");
    return audio_test::json(R"({"collection":[{"id":2}],"next_href":null})");
  }};
  wa::Client<audio_test::Scripted> app{pages, {.client_id = "cid"}};
  std::vector<std::int64_t> ids;
  auto all = app.get_tracks_track_id_reposters_all(9);
  for (const auto& u : all) ids.push_back(u.id.value_or(-1));
  BOOST_REQUIRE(!all.error());
  BOOST_TEST((ids == std::vector<std::int64_t>{1, 2}));
  BOOST_TEST(pages.sent()[1].query_value("client_id").value_or("") == "cid");
}

BOOST_AUTO_TEST_SUITE_END()
