// The typed quotes client driving the fake end to end: what a user's test of their own app looks like.

#include <set>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/recording.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/core/png.hpp>
#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>

using namespace webapi;
namespace fq = webapi::fakes::quotes;

namespace {

struct ClientFixture {
  fq::Fake fake;
  std::string alice_key = fake.add_api_key("alice");
  std::string bob_key = fake.add_api_key("bob");
  webapi::quotes::Client<fq::Fake> alice{fake, {.base_url = "https://quotes.rest", .api_key = alice_key}};
  webapi::quotes::Client<fq::Fake> bob{fake, {.base_url = "https://quotes.rest", .api_key = bob_key}};
  std::string franklin = fake.add_quote({.text = "Well done is better than well said.",
                                         .author = "Benjamin Franklin", .category = "inspire"});
  std::string socrates = fake.add_quote({.text = "The unexamined life is not worth living.", .author = "Socrates",
                                         .category = "life"});
  std::string short_life = fake.add_quote({.text = "Life is a dream.", .author = "Calderon", .category = "life"});
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(client_e2e, ClientFixture)

BOOST_AUTO_TEST_CASE(every_client_operation_reaches_a_fake_route_of_the_same_name) {
  std::set<std::string> client_ops;
  for (const auto& op : webapi::quotes::operations) {
    client_ops.insert(std::string(op.name));
    bool found = false;
    for (const auto& r : fake.routes())
      found = found || (r.operation == op.name && r.method == op.method && r.path == op.path);
    BOOST_TEST(found, op.name << " is routed");
  }
  BOOST_TEST(client_ops.size() == fake.routes().size());
}

BOOST_AUTO_TEST_CASE(a_missing_or_unknown_key_is_an_http_401_error) {
  webapi::quotes::Client<fq::Fake> stranger{fake, {.api_key = "wrong"}};
  auto r = stranger.get_quote_random();
  BOOST_REQUIRE(!r);
  BOOST_TEST(int(r.error().kind) == int(ErrorKind::http));
  BOOST_TEST(r.error().status == 401);
  BOOST_TEST(r.error().operation == "get_quote_random");
  BOOST_TEST(r.error().message.find("unknown API key") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_published_header_name_works_when_configured) {
  webapi::quotes::Client<fq::Fake> c{fake, {.api_key = alice_key, .api_key_header = "X-TheySaidSo-Api-Secret"}};
  BOOST_TEST(c.get_quote_random().has_value());
  BOOST_TEST(fake.journal().last()->request.headers.contains("X-TheySaidSo-Api-Secret"));
}

BOOST_AUTO_TEST_CASE(search_decodes_into_typed_quotes) {
  auto r = alice.get_quote_search({.category = "life", .minlength = 20, .limit = 10});
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().what()));
  BOOST_REQUIRE(r->contents && r->contents->quotes);
  const auto& found = *r->contents->quotes;
  BOOST_REQUIRE(found.size() == 1u);
  BOOST_TEST(found[0].id == socrates);
  BOOST_TEST(found[0].quote == "The unexamined life is not worth living.");
  BOOST_TEST(*found[0].author == "Socrates");
  BOOST_TEST(*found[0].length == 40);

  auto both = alice.get_quote_search({.category = "life", .limit = 10});
  BOOST_TEST(both->contents->quotes->size() == 2u);
  auto random = alice.get_quote_random({.limit = 2});
  BOOST_TEST(random->contents->quotes->size() == 2u);
}

BOOST_AUTO_TEST_CASE(private_collection_round_trip) {
  auto created = alice.put_quote({.quote = "Ship small, ship often.", .author = "alice", .tags = "work,habits"});
  BOOST_REQUIRE(created);
  BOOST_REQUIRE(created->contents.id);
  std::string id = *created->contents.id;
  BOOST_TEST((created->contents.quotes.at(0).quote == "Ship small, ship often."));
  auto got = alice.get_quote({.id = id});
  BOOST_REQUIRE(got);
  BOOST_TEST(got->contents->quotes->at(0).quote == "Ship small, ship often.");
  BOOST_TEST((*got->contents->quotes->at(0).tags == std::vector<std::string>{"work", "habits"}));

  BOOST_TEST(alice.patch_quote({.id = id, .author = "Alice"}).has_value());
  BOOST_TEST(fake.quote(id)->author == "Alice");
  BOOST_TEST(alice.post_quote_tags_add({.id = id, .tags = "shipping"}).has_value());
  BOOST_TEST(alice.post_quote_tags_remove({.id = id, .tags = "habits"}).has_value());
  BOOST_TEST((fake.quote(id)->tags == std::vector<std::string>{"work", "shipping"}));
  auto list = alice.get_quote_list();
  BOOST_REQUIRE(list);
  BOOST_TEST((list->contents.quotes.size() == 1u));
  BOOST_TEST((list->contents.total == 1));

  auto refused = bob.delete_quote({.id = id});
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().status == 403);
  BOOST_TEST(alice.delete_quote({.id = id}).has_value());
  BOOST_TEST(alice.get_quote({.id = id}).error().status == 404);
  // The client itself refuses an empty required value before anything is sent.
  auto empty = alice.put_quote({.quote = ""});
  BOOST_REQUIRE(!empty);
  BOOST_TEST(int(empty.error().kind) == int(ErrorKind::invalid_argument));
}

BOOST_AUTO_TEST_CASE(like_toggled_twice_is_back_where_it_started) {
  auto first = alice.get_quote_like_toggle({.quote_id = franklin});
  BOOST_REQUIRE(first);
  BOOST_TEST((first->contents.quote_id == franklin));
  BOOST_TEST((first->contents.liked == true));
  BOOST_TEST((first->contents.likes == 1));
  auto second = alice.get_quote_like_toggle({.quote_id = franklin});
  BOOST_TEST((second->contents.liked == false));
  BOOST_TEST(!fake.liked("alice", franklin));
  BOOST_TEST((bob.get_quote_bookmark_toggle({.quote_id = franklin})->contents.bookmarked == true));
  BOOST_TEST(!fake.bookmarked("alice", franklin));
  BOOST_TEST(alice.get_quote_like_toggle({.quote_id = "q-404"}).error().status == 404);
  BOOST_TEST(fake.journal().count("get_quote_like_toggle") == 3u);
}

BOOST_AUTO_TEST_CASE(qshow_membership) {
  auto show = alice.put_qshow({.title = "Mornings", .tags = std::vector<std::string>{"am", "daily"}});
  BOOST_REQUIRE(show);
  std::string id = show->contents.qshow.id;
  BOOST_TEST((show->contents.id == id));
  BOOST_TEST((fake.qshow(id)->tags == std::vector<std::string>{"am", "daily"}));
  auto added = alice.post_qshow_quotes_add({.id = id, .quoteid = franklin});
  BOOST_REQUIRE(added);
  BOOST_TEST((added->contents.added == true));
  BOOST_TEST((added->contents.qshow.quote_count == 1));
  BOOST_TEST((alice.post_qshow_quotes_add({.id = id, .quoteid = franklin})->contents.added == false));
  BOOST_TEST(alice.post_qshow_quotes_add({.id = id, .quoteid = socrates}).has_value());
  auto members = alice.get_qshow_quotes({.id = id});
  BOOST_REQUIRE(members);
  BOOST_TEST((members->contents.quotes.size() == 2u));
  BOOST_TEST((members->contents.title == "Mornings"));
  BOOST_TEST(alice.post_qshow_quotes_remove({.id = id, .quoteid = franklin}).has_value());
  BOOST_TEST((fake.qshow(id)->quote_ids == std::vector<std::string>{socrates}));
  BOOST_TEST(alice.post_qshow_quotes_add({.id = id, .quoteid = "q-404"}).error().status == 404);
  BOOST_TEST(alice.patch_qshow({.id = id, .title = "Evenings"}).has_value());
  BOOST_TEST((alice.get_qshow({.id = id})->contents.qshow.title == "Evenings"));
  BOOST_TEST((alice.get_qshow_list()->contents.qshows.size() == 1u));
  BOOST_TEST(alice.delete_qshow({.id = id}).has_value());
  BOOST_TEST(alice.get_qshow({.id = id}).error().status == 404);
}

BOOST_AUTO_TEST_CASE(quote_of_the_day_and_private_qod) {
  auto qod = alice.get_qod({.category = "life"});
  BOOST_REQUIRE_MESSAGE(qod, (qod ? "" : qod.error().what()));
  std::string id = qod->contents->quotes->at(0).id;
  BOOST_TEST((id == socrates || id == short_life));
  BOOST_TEST(alice.get_qod_categories()->contents.categories.contains("life"));
  BOOST_TEST((alice.get_qod_languages()->contents.languages.size() == 1u));

  auto team = alice.put_qod({.title = "Team", .category = "team"});
  BOOST_REQUIRE(team);
  BOOST_TEST((team->contents.qod.title == "Team"));
  BOOST_TEST((alice.patch_qod({.title = "Team of the day"})->contents.qod.title == "Team of the day"));
  auto detailed = alice.get_qod_categories_detailed();
  BOOST_REQUIRE(detailed);
  bool team_listed = false;
  for (const auto& c : detailed->contents.categories) team_listed = team_listed || (c.name == "team" && c.private_ == true);
  BOOST_TEST(team_listed);
  BOOST_TEST(fake.snapshot().private_qods.ordered().front()->title == "Team of the day");
  auto missing = alice.put_qod({.title = ""});
  BOOST_TEST(int(missing.error().kind) == int(ErrorKind::invalid_argument));
}

BOOST_AUTO_TEST_CASE(quote_image_as_bytes_and_as_base64) {
  auto bg = alice.post_quote_image_background(
      {.body = {.image = {fakes::png::make("sea", 12, 8), "sea.png", "image/png"}, .tags = "sea,blue"}});
  BOOST_REQUIRE_MESSAGE(bg, (bg ? "" : bg.error().what()));
  std::string bg_id = bg->contents.background.id;
  BOOST_TEST((bg->contents.background.mime_type == "image/png"));
  auto font = alice.post_quote_image_font({.body = {.font = {"OTTO....", "serif.otf", "font/otf"}, .tags = "serif"}});
  BOOST_REQUIRE_MESSAGE(font, (font ? "" : font.error().what()));
  std::string font_id = font->contents.font.id;

  auto made = alice.put_quote_image({.quote_id = franklin, .bgimage_id = bg_id, .font_id = font_id});
  BOOST_REQUIRE_MESSAGE(made, (made ? "" : made.error().what()));
  const std::string image_id = made->contents.qimage.id;
  BOOST_TEST((*made->contents.qimage.quote_id == franklin));

  auto bytes = alice.get_quote_image_binary({.id = image_id});
  BOOST_REQUIRE(bytes);
  BOOST_TEST(bytes->content_type == "image/png");
  std::uint32_t w = 0, h = 0;
  BOOST_TEST(fakes::png::dimensions(bytes->data, w, h));
  BOOST_TEST(w == 12u);

  auto wrapped = alice.get_quote_image({.id = image_id});
  BOOST_REQUIRE(wrapped);
  auto decoded = webapi::quotes::decode_image(*wrapped);
  BOOST_REQUIRE(decoded);
  BOOST_TEST((decoded->data == bytes->data));

  auto search = alice.get_quote_image_background_search({.query = "blue"});
  BOOST_REQUIRE(search);
  BOOST_TEST((search->contents.backgrounds.size() == 1u));
  BOOST_TEST(alice.post_quote_image_font_tags_add({.id = font_id, .tags = "bold"}).has_value());
  BOOST_TEST((alice.get_quote_image_font_search({.query = "bold"})->contents.fonts.size() == 1u));
  BOOST_TEST(bob.delete_quote_image({.id = image_id}).error().status == 403);
  BOOST_TEST(bob.delete_quote_image_background({.id = bg_id}).error().status == 403);
  BOOST_TEST(alice.delete_quote_image({.id = image_id}).has_value());
  BOOST_TEST(alice.delete_quote_image_font({.id = font_id}).has_value());
  BOOST_TEST(alice.put_quote_image({.quote_id = franklin, .font_id = font_id}).error().status == 404);
}

BOOST_AUTO_TEST_CASE(dislikes_go_through_the_client) {
  BOOST_TEST(alice.put_quote_dislike({.quote_id = franklin}).has_value());
  BOOST_TEST(fake.disliked("alice", franklin));
  BOOST_TEST(alice.delete_quote_dislike({.quote_id = franklin}).has_value());
  BOOST_TEST(!fake.disliked("alice", franklin));
  BOOST_TEST(alice.post_quote_dislike({.quote_id = "q-404"}).error().status == 404);
}

BOOST_AUTO_TEST_CASE(injected_faults_reach_the_caller) {
  fake.fail_next(1, 503, "get_quote_search");
  auto failed = alice.get_quote_search();
  BOOST_TEST(failed.error().status == 503);
  BOOST_TEST(alice.get_quote_search().has_value());
  fake.drop_next(1);
  auto dropped = alice.get_qod();
  BOOST_REQUIRE(!dropped);
  BOOST_TEST(int(dropped.error().kind) == int(ErrorKind::transport));
  BOOST_TEST(dropped.error().operation == "get_qod");
}

BOOST_AUTO_TEST_CASE(a_hostile_id_stays_inside_its_parameter) {
  Recording<fq::Fake> recorder{fake};
  webapi::quotes::Client<Recording<fq::Fake>> c{recorder, {.api_key = alice_key}};
  auto r = c.get_quote({.id = "../admin?x=1&id=" + franklin});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 404);  // no quote has that id; it did not become franklin's id
  auto sent = *recorder.last();
  BOOST_TEST(sent.path == "/quote");
  BOOST_TEST(url::target(sent) == "/quote?id=..%2Fadmin%3Fx%3D1%26id%3D" + franklin);
  BOOST_TEST(*fake.journal().last()->request.query_value("id") == "../admin?x=1&id=" + franklin);
}

BOOST_AUTO_TEST_SUITE_END()
