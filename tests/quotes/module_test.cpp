#define BOOST_TEST_MODULE webapi quotes module
#include <type_traits>

#include <boost/test/unit_test.hpp>

#include <webapi/quotes.hpp>

#include "../support/canned_client.hpp"

using namespace webapi;
using test::contains;

namespace {

struct Fixture {
  test::CannedTransport transport{test::json(R"({"success":"ok","contents":{}})")};
  quotes::Client<test::CannedTransport> client{transport, {.api_key = "secret-key"}};
};

}  // namespace

// A required query parameter is webapi::Required<T>: a parameter struct that leaves it out cannot be made,
// while one that gives it (and leaves every optional member out) can.
template <class P>
concept fillable_empty = requires { P{}; };
static_assert(!fillable_empty<quotes::PutQodParams>);
static_assert(!std::is_default_constructible_v<quotes::PostQshowQuotesAddParams>);
static_assert(requires { quotes::PostQshowQuotesAddParams{.id = "s1", .quoteid = "q1"}; });
static_assert(fillable_empty<quotes::GetQuoteSearchParams>);

BOOST_FIXTURE_TEST_SUITE(quotes_client, Fixture)

BOOST_AUTO_TEST_CASE(defaults_follow_the_requirements) {
  quotes::Config config;
  BOOST_TEST(config.base_url == "https://quotes.rest");
  BOOST_TEST(config.api_key_header == "X-Service-Api-Secret");
}

BOOST_AUTO_TEST_CASE(search_puts_filters_in_the_query_and_the_key_in_its_header) {
  transport.respond(test::json(R"({
    "success": "1",
    "contents": {"quotes": [
      {"quote": "Q one", "id": "q1", "author": "A", "length": 5, "tags": ["life"], "unknown": {"x": [1, 2]}},
      {"quote": "Q two", "id": "q2"}
    ]},
    "copyright": {"year": 2024}
  })"));
  auto r = client.get_quote_search({.category = "life", .author = "Ann & Bob", .minlength = 20});
  WEBAPI_REQUIRE_OK(r);

  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::get);
  BOOST_TEST(req.base_url == "https://quotes.rest");
  BOOST_TEST(req.path == "/quote/search");
  BOOST_TEST(test::query(req) == "category=life&author=Ann%20%26%20Bob&minlength=20");
  BOOST_TEST(req.headers.get("X-Service-Api-Secret").value_or("") == "secret-key");
  BOOST_TEST(req.body.empty());
  BOOST_TEST(req.operation == "get_quote_search");

  BOOST_REQUIRE(r->contents && r->contents->quotes);
  const auto& qs = *r->contents->quotes;
  BOOST_REQUIRE_EQUAL(qs.size(), 2u);
  BOOST_TEST(qs[0].id == "q1");
  BOOST_TEST(qs[0].quote == "Q one");
  BOOST_TEST(qs[0].length.value_or(0) == 5);
  BOOST_TEST(!qs[1].author.has_value());
}

BOOST_AUTO_TEST_CASE(the_key_header_name_is_the_callers_choice) {
  quotes::Client<test::CannedTransport> c{transport, {.api_key = "k2", .api_key_header = "X-TheySaidSo-Api-Secret"}};
  BOOST_REQUIRE(c.get_qod({.category = "inspire"}));
  Request req = test::sent(transport);
  BOOST_TEST(req.headers.get("X-TheySaidSo-Api-Secret").value_or("") == "k2");
  BOOST_TEST(!req.headers.contains("X-Service-Api-Secret"));
  BOOST_TEST(auth::is_secret(req, "X-TheySaidSo-Api-Secret"));
}

BOOST_AUTO_TEST_CASE(a_missing_key_fails_before_anything_is_sent) {
  quotes::Client<test::CannedTransport> anonymous{transport};
  auto r = anonymous.get_quote_random();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::auth);
  BOOST_TEST(contains(r.error().message, "api_key"));
  BOOST_TEST(!transport.last().has_value());
}

BOOST_AUTO_TEST_CASE(an_empty_required_query_parameter_is_refused) {
  auto r = client.delete_quote({.id = ""});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(contains(r.error().message, "'id'"));
  BOOST_TEST(r.error().operation == "delete_quote");
  BOOST_TEST(!transport.last().has_value());
}

BOOST_AUTO_TEST_CASE(toggles_and_private_qod_carry_their_parameters) {
  transport.respond(test::json(R"({"success":"ok","contents":{"quote_id":"../q 1","liked":true,"likes":3}})"));
  auto liked = client.get_quote_like_toggle({.quote_id = "../q 1"});
  BOOST_REQUIRE(liked);
  BOOST_TEST((liked->contents.quote_id == "../q 1"));
  BOOST_TEST((liked->contents.liked == true));
  BOOST_TEST((liked->contents.likes == 3));
  Request like = test::sent(transport);
  BOOST_TEST(like.method == Method::get);
  BOOST_TEST(like.path == "/quote/like/toggle");
  BOOST_TEST(test::query(like) == "quote_id=..%2Fq%201");

  transport.respond(test::json(R"({"contents":{"quote_id":"q1","bookmarked":false,"bookmarks":0}})"));
  auto bookmark = client.get_quote_bookmark_toggle({.quote_id = "q1"});
  BOOST_REQUIRE(bookmark);
  BOOST_TEST((bookmark->contents.bookmarked == false));
  BOOST_TEST(test::sent(transport).path == "/quote/bookmark/toggle");

  transport.respond(test::json(R"({"contents":{"id":"pq1","qod":{"id":"pq1","title":"Morning","category":"life"}}})"));
  auto created = client.put_qod({.title = "Morning", .category = "life"});
  BOOST_REQUIRE(created);
  BOOST_TEST((created->contents.qod.category == "life"));
  Request put = test::sent(transport);
  BOOST_TEST(put.method == Method::put);
  BOOST_TEST(put.path == "/qod");
  BOOST_TEST(test::query(put) == "title=Morning&category=life");

  BOOST_REQUIRE(client.patch_qod({.title = "Evening"}));
  BOOST_TEST(test::sent(transport).method == Method::patch);
  BOOST_TEST(test::query(test::sent(transport)) == "title=Evening");

  auto empty = client.put_qod({.title = ""});  // left out, it would not compile (below)
  BOOST_REQUIRE(!empty);
  BOOST_TEST(contains(empty.error().message, "'title'"));
}

BOOST_AUTO_TEST_CASE(qshow_membership_and_array_tags) {
  transport.respond(test::json(R"({"contents":{"qshow":{"id":"s1","quote_count":1},"quote_id":"q1","added":true}})"));
  auto added = client.post_qshow_quotes_add({.id = "s1", .quoteid = "q1"});
  BOOST_REQUIRE(added);
  BOOST_TEST((added->contents.qshow.quote_count == 1));
  BOOST_TEST((added->contents.added == true));
  Request add = test::sent(transport);
  BOOST_TEST(add.method == Method::post);
  BOOST_TEST(add.path == "/qshow/quotes/add");
  BOOST_TEST(test::query(add) == "id=s1&quoteid=q1");

  transport.respond(test::json(R"({"contents":{"id":"s2","qshow":{"id":"s2","title":"Best","tags":["a","b"]}}})"));
  auto show = client.put_qshow({.title = "Best", .tags = std::vector<std::string>{"a", "b"}});
  BOOST_REQUIRE(show);
  BOOST_TEST((show->contents.qshow.tags == std::vector<std::string>{"a", "b"}));
  BOOST_TEST(test::query(test::sent(transport)) == "title=Best&tags=a&tags=b");
}

BOOST_AUTO_TEST_CASE(a_missing_required_field_keeps_the_quote_a_wrong_type_is_named) {
  // docs/json.md: an answer lacking a required member keeps it empty rather than losing the quotes.
  transport.respond(test::json(R"({"contents": {"quotes": [{"quote": "no id here"}, {"id": "q2", "quote": "two"}]}})"));
  auto r = client.get_qod();
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST_REQUIRE(r->contents->quotes->size() == 2u);
  BOOST_TEST((*r->contents->quotes)[0].id.empty());
  BOOST_TEST((*r->contents->quotes)[1].id == "q2");

  transport.respond(test::json(R"({"contents": {"quotes": [{"id": 1, "quote": "numeric id"}]}})"));
  auto wrong = client.get_qod();
  BOOST_REQUIRE(!wrong);
  BOOST_TEST(wrong.error().kind == ErrorKind::decode);
  BOOST_TEST(contains(wrong.error().message, "at $.contents.quotes[0].id: expected string, got number"));
  BOOST_TEST(wrong.error().operation == "get_qod");
}

BOOST_AUTO_TEST_CASE(an_http_error_keeps_status_and_body) {
  transport.respond(test::json(R"({"error": {"code": 401, "message": "Unauthorized"}})", 401));
  auto r = client.get_quote_list();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::http);
  BOOST_TEST(r.error().status == 401);
  BOOST_TEST(contains(r.error().body, "Unauthorized"));
}

BOOST_AUTO_TEST_CASE(quote_image_as_raw_bytes) {
  Response png;
  png.headers.set("Content-Type", "image/png");
  png.body = std::string("\x89PNG\r\n\x1a\n\0\x01", 10);
  transport.respond(png);
  auto r = client.get_quote_image_binary({.id = "img/1"});
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(r->content_type == "image/png");
  BOOST_TEST(r->data == png.body);
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/quote/image");
  BOOST_TEST(test::query(req) == "id=img%2F1&binary=true");
  BOOST_TEST(req.operation == "get_quote_image");
}

BOOST_AUTO_TEST_CASE(quote_image_as_base64_in_json) {
  std::string bytes("\x89PNG\0\xff", 6);
  transport.respond(test::json(R"({"success": "1", "contents": {"qimage": {"id": "i1", "quote_id": "q1",
      "mime_type": "image/png", "image": ")" + base64::encode(bytes) + R"(", "permalink": "x"}}})"));
  auto r = client.get_quote_image({.id = "i1"});
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(test::query(test::sent(transport)) == "id=i1&binary=false");
  BOOST_TEST((r->contents.qimage.quote_id.value_or("") == "q1"));
  auto image = quotes::decode_image(*r);
  BOOST_REQUIRE(image);
  BOOST_TEST(image->data == bytes);
  BOOST_TEST(image->content_type == "image/png");

  BOOST_TEST(!quotes::decode_image(quotes::QuoteImage{.id = "i3"}));
}

// `image` is `format: byte`: malformed base64 is the answer's decode error, naming the member.
BOOST_AUTO_TEST_CASE(quote_image_with_malformed_base64_is_a_decode_error) {
  transport.respond(test::json(R"({"contents": {"qimage": {"id": "i2", "image": "not base64!"}}})"));
  auto r = client.get_quote_image({.id = "i2"});
  BOOST_REQUIRE(!r);
  BOOST_TEST(int(r.error().kind) == int(ErrorKind::decode));
  BOOST_TEST(r.error().message.find("$.contents.qimage.image: expected base64") != std::string::npos, r.error().message);
}

BOOST_AUTO_TEST_CASE(creating_a_quote_image_sends_its_choices) {
  transport.respond(test::json(R"({"contents": {"qimage": {"id": "new"}}})"));
  auto r = client.put_quote_image({.quote_id = "q1", .bg_color = "#ffffff", .width = 800, .branding = false});
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST((r->contents.qimage.id == "new"));
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::put);
  BOOST_TEST(test::query(req) == "quote_id=q1&bg_color=%23ffffff&width=800&branding=false");
}

BOOST_AUTO_TEST_CASE(background_upload_is_multipart) {
  transport.respond(test::json(R"({"contents":{"id":"b1","background":{"id":"b1","tags":["sky","blue"]}}})"));
  auto r = client.post_quote_image_background(
      {.body = {.image = {.data = "PNGDATA", .filename = "sky.png", .content_type = "image/png"}, .tags = "sky,blue"}});
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST((r->contents.background.tags == std::vector<std::string>{"sky", "blue"}));
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::post);
  BOOST_TEST(req.path == "/quote/image/background");
  BOOST_TEST(req.content_type.rfind("multipart/form-data; boundary=", 0) == 0);
  std::string boundary = req.content_type.substr(req.content_type.find('=') + 1);
  BOOST_TEST(contains(req.body, "--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; "
                                "filename=\"sky.png\"\r\nContent-Type: image/png\r\n\r\nPNGDATA\r\n"));
  BOOST_TEST(contains(req.body, "name=\"tags\"\r\n\r\nsky,blue\r\n"));
  BOOST_TEST(contains(req.body, "--" + boundary + "--\r\n"));
}

BOOST_AUTO_TEST_CASE(font_upload_without_tags_has_one_part) {
  transport.respond(test::json(R"({"contents":{"id":"f1","font":{"id":"f1"}}})"));
  BOOST_REQUIRE(client.post_quote_image_font({.body = {.font = {.data = "OTTO", .filename = "f.otf"}}}));
  Request req = test::sent(transport);
  BOOST_TEST(contains(req.body, "name=\"font\"; filename=\"f.otf\"\r\nContent-Type: application/octet-stream"));
  BOOST_TEST(!contains(req.body, "name=\"tags\""));
}

BOOST_AUTO_TEST_CASE(deletes_answer_with_text) {
  Response xml;
  xml.headers.set("Content-Type", "application/xml");
  xml.body = "<ok/>";
  transport.respond(xml);
  auto r = client.delete_quote_image_font({.id = "f1"});
  BOOST_REQUIRE(r);
  BOOST_TEST(*r == "<ok/>");
  BOOST_TEST(test::sent(transport).method == Method::delete_);
}

BOOST_AUTO_TEST_CASE(generic_send_applies_base_url_and_key) {
  auto r = client.send(Method::get, "/quote/some/new/path", {.query = {{"a", "1"}}});
  BOOST_REQUIRE(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/quote/some/new/path");
  BOOST_TEST(test::query(req) == "a=1");
  BOOST_TEST(req.headers.get("X-Service-Api-Secret").value_or("") == "secret-key");
  BOOST_TEST(req.operation == "send");
}

BOOST_AUTO_TEST_CASE(operation_table_names_every_method) {
  auto has = [](std::string_view name, Method m, std::string_view path) {
    for (const auto& op : quotes::operations)
      if (op.name == name) return op.method == m && op.path == path;
    return false;
  };
  BOOST_TEST(quotes::operations.size() == 51u);
  BOOST_TEST(has("get_quote_search", Method::get, "/quote/search"));
  BOOST_TEST(has("get_quote_like_toggle", Method::get, "/quote/like/toggle"));
  BOOST_TEST(has("put_qod", Method::put, "/qod"));
  BOOST_TEST(has("post_quote_image_font_tags_remove", Method::post, "/quote/image/font/tags/remove"));
  BOOST_TEST(has("delete_quote_image_background", Method::delete_, "/quote/image/background"));
}

BOOST_AUTO_TEST_CASE(font_list_pages_by_start_until_an_empty_page) {
  // No limit to compare with, so only an empty page ends the walk; each next start is the previous one plus
  // the items it gave.
  transport.respond(test::json(R"({"success":"1","contents":{"fonts":[{"id":"a"},{"id":"b"},{"id":"c"}]}})"));
  std::vector<std::string> names, starts;
  auto all = client.get_quote_image_font_list_all();
  for (const auto& font : all) {
    names.push_back(font.id);
    starts.emplace_back(transport.last()->query_value("start").value_or("-"));
    if (names.size() == 3) transport.respond(test::json(R"({"success":"1","contents":{"fonts":[{"id":"d"}]}})"));
    if (names.size() == 4) transport.respond(test::json(R"({"success":"1","contents":{"fonts":[]}})"));
  }
  BOOST_TEST(!all.error());
  BOOST_TEST((names == std::vector<std::string>{"a", "b", "c", "d"}));
  BOOST_TEST((starts == std::vector<std::string>{"0", "0", "0", "3"}));
  BOOST_TEST(*transport.last()->query_value("start") == "4");
  BOOST_TEST(all.pages() == 3u);
}

BOOST_AUTO_TEST_SUITE_END()
