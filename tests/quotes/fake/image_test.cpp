// Quote images, backgrounds and fonts.

#include <boost/test/unit_test.hpp>

#include <webapi/core/base64.hpp>
#include <webapi/core/multipart.hpp>
#include <webapi/fakes/core/png.hpp>

#include "fixture.hpp"

using namespace webapi;
namespace fq = webapi::fakes::quotes;

namespace {
struct ImageFixture : test::QuotesFixture {
  std::string make_image(const std::string& key, std::vector<QueryParam> q) {
    auto r = call(Method::put, "/quote/image", key, std::move(q));
    BOOST_REQUIRE_EQUAL(r.status, 200);
    return test::str(test::contents(test::json(r)).at("id"));
  }
  Response upload(const std::string& path, const std::string& key, const MultipartForm& form) {
    return test::send(fake, {Method::post, path, key, {}, form.body(), form.content_type()});
  }
  std::string upload_background(const std::string& key, std::string tags) {
    MultipartForm form;
    form.file("image", "bg.png", webapi::fakes::png::make("bg-" + tags, 8, 6), "image/png").field("tags", tags);
    auto r = upload("/quote/image/background", key, form);
    BOOST_REQUIRE_EQUAL(r.status, 200);
    return test::str(test::contents(test::json(r)).at("id"));
  }
  std::string upload_font(const std::string& key, std::string tags) {
    MultipartForm form;
    form.file("font", "f.otf", "OTTO-font-bytes", "font/otf").field("tags", tags);
    auto r = upload("/quote/image/font", key, form);
    BOOST_REQUIRE_EQUAL(r.status, 200);
    return test::str(test::contents(test::json(r)).at("id"));
  }
  std::vector<std::string> listed(const std::string& path, const std::string& key, const char* member,
                                  std::vector<QueryParam> q = {}) {
    auto r = get(path, key, std::move(q));
    BOOST_REQUIRE_EQUAL(r.status, 200);
    std::vector<std::string> ids;
    const auto body = test::json(r);
    for (const auto& a : test::contents(body).at(member).as_array()) ids.push_back(test::str(a.at("id")));
    return ids;
  }
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(images, ImageFixture)

BOOST_AUTO_TEST_CASE(an_image_is_made_from_a_quote_with_the_default_background_and_font) {
  auto r = call(Method::put, "/quote/image", alice, {{"quote_id", franklin}});
  BOOST_TEST(r.status == 200);
  const auto body = test::json(r);
  const auto& img = test::contents(body).at("qimage");
  BOOST_TEST(test::str(img.at("quote_id")) == franklin);
  BOOST_TEST(test::str(img.at("bgimage_id")) == fq::default_background_id);
  BOOST_TEST(test::str(img.at("font_id")) == fq::default_font_id);
  BOOST_TEST(call(Method::put, "/quote/image", alice, {}).status == 400);
  BOOST_TEST(call(Method::put, "/quote/image", alice, {{"quote_id", "q-404"}}).status == 404);
}

BOOST_AUTO_TEST_CASE(unknown_background_or_font_is_404_and_another_users_403) {
  BOOST_TEST(call(Method::put, "/quote/image", alice, {{"quote_id", franklin}, {"bgimage_id", "bg-404"}}).status == 404);
  BOOST_TEST(call(Method::put, "/quote/image", alice, {{"quote_id", franklin}, {"font_id", "font-404"}}).status == 404);
  std::string bobs_bg = upload_background(bob, "blue");
  BOOST_TEST(call(Method::put, "/quote/image", alice, {{"quote_id", franklin}, {"bgimage_id", bobs_bg}}).status == 403);
  BOOST_TEST(fake.snapshot().images.empty());
}

BOOST_AUTO_TEST_CASE(image_bytes_are_a_deterministic_png_and_base64_gives_the_same_bytes) {
  std::string bg = upload_background(alice, "sea");
  std::string font = upload_font(alice, "serif");
  std::string a = make_image(alice, {{"quote_id", franklin}, {"bgimage_id", bg}, {"font_id", font},
                                     {"width", "40"}, {"height", "20"}});
  std::string b = make_image(alice, {{"quote_id", franklin}, {"bgimage_id", bg}, {"font_id", font},
                                     {"width", "40"}, {"height", "20"}});
  std::string c = make_image(alice, {{"quote_id", wilde}, {"bgimage_id", bg}, {"font_id", font}});

  auto raw = get("/quote/image", alice, {{"id", a}});
  BOOST_TEST(raw.status == 200);
  BOOST_TEST(raw.content_type() == "image/png");
  std::uint32_t w = 0, h = 0;
  BOOST_TEST(webapi::fakes::png::dimensions(raw.body, w, h));
  BOOST_TEST(w == 40u);
  BOOST_TEST(h == 20u);
  BOOST_TEST(get("/quote/image", alice, {{"id", a}, {"binary", "true"}}).body == raw.body);
  BOOST_TEST(get("/quote/image", alice, {{"id", b}}).body == raw.body);  // same choices, same bytes
  auto other = get("/quote/image", alice, {{"id", c}}).body;
  BOOST_TEST(other != raw.body);
  BOOST_TEST(webapi::fakes::png::dimensions(other, w, h));
  BOOST_TEST(w == 8u);  // the background's size by default
  BOOST_TEST(h == 6u);

  auto wrapped = get("/quote/image", alice, {{"id", a}, {"binary", "false"}});
  BOOST_TEST(wrapped.content_type() == "application/json");
  auto decoded = base64::decode(test::str(test::contents(test::json(wrapped)).at("qimage").at("image")));
  BOOST_REQUIRE(decoded);
  BOOST_TEST(*decoded == raw.body);
  BOOST_TEST(get("/quote/image", alice, {{"id", "img-404"}}).status == 404);
  BOOST_TEST(call(Method::put, "/quote/image", alice, {{"quote_id", franklin}, {"width", "0"}}).status == 400);
}

BOOST_AUTO_TEST_CASE(only_the_owner_may_delete_an_image) {
  std::string id = make_image(alice, {{"quote_id", socrates}});
  BOOST_TEST(get("/quote/image", bob, {{"id", id}}).status == 403);
  BOOST_TEST(call(Method::delete_, "/quote/image", bob, {{"id", id}}).status == 403);
  BOOST_TEST(call(Method::delete_, "/quote/image", alice, {{"id", id}}).status == 200);
  BOOST_TEST(get("/quote/image", alice, {{"id", id}}).status == 404);
  BOOST_TEST(call(Method::delete_, "/quote/image", alice, {{"id", id}}).status == 404);
}

BOOST_AUTO_TEST_CASE(image_search_filters_by_the_quotes_category_and_author) {
  std::string pub = fake.add_quote_image(wilde);
  std::string mine = make_image(alice, {{"quote_id", franklin}});
  auto found = get("/quote/image/search", bob, {{"category", "funny"}});
  BOOST_TEST(found.status == 200);
  BOOST_TEST(test::str(test::contents(test::json(found)).at("qimage").at("id")) == pub);
  BOOST_TEST(get("/quote/image/search", bob, {{"author", "Wilde"}}).status == 200);
  BOOST_TEST(get("/quote/image/search", bob, {{"category", "inspire"}}).status == 404);  // alice's is private
  auto own = get("/quote/image/search", alice, {{"private", "true"}, {"author", "Franklin"}});
  BOOST_TEST(test::str(test::contents(test::json(own)).at("qimage").at("id")) == mine);
  BOOST_TEST(get("/quote/image/search", bob, {{"private", "true"}}).status == 404);
}

BOOST_AUTO_TEST_CASE(backgrounds_upload_list_search_tag_and_delete) {
  std::string sea = upload_background(alice, "sea, blue");
  std::string sun = upload_background(alice, "sun");
  std::string bobs = upload_background(bob, "sea");
  auto stored = *fake.snapshot().backgrounds.find(sea);
  BOOST_TEST(stored.owner == "alice");
  BOOST_TEST(stored.content_type == "image/png");
  BOOST_TEST((stored.tags == std::vector<std::string>{"sea", "blue"}));

  using Ids = std::vector<std::string>;
  BOOST_TEST((listed("/quote/image/background/list", alice, "backgrounds") == Ids{sea, sun}));
  BOOST_TEST((listed("/quote/image/background/search", alice, "backgrounds", {{"query", "SEA"}}) == Ids{sea}));
  BOOST_TEST((listed("/quote/image/background/search", bob, "backgrounds", {{"query", "sea"}}) == Ids{bobs}));
  BOOST_TEST((listed("/quote/image/background/search", bob, "backgrounds", {{"query", "default"}}) ==
              Ids{std::string(fq::default_background_id)}));

  BOOST_TEST(call(Method::post, "/quote/image/background/tags/add", alice, {{"id", sun}, {"tags", "sea"}}).status == 200);
  BOOST_TEST((listed("/quote/image/background/search", alice, "backgrounds", {{"query", "sea"}}) == Ids{sea, sun}));
  BOOST_TEST(call(Method::post, "/quote/image/background/tags/remove", alice, {{"id", sea}, {"tags", "sea"}}).status == 200);
  BOOST_TEST((listed("/quote/image/background/search", alice, "backgrounds", {{"query", "sea"}}) == Ids{sun}));
  BOOST_TEST(call(Method::post, "/quote/image/background/tags/add", bob, {{"id", sun}, {"tags", "x"}}).status == 403);
  BOOST_TEST(call(Method::post, "/quote/image/background/tags/add", alice, {{"id", "bg-404"}, {"tags", "x"}}).status == 404);

  BOOST_TEST(call(Method::delete_, "/quote/image/background", bob, {{"id", sea}}).status == 403);
  BOOST_TEST(call(Method::delete_, "/quote/image/background", alice,
                  {{"id", std::string(fq::default_background_id)}}).status == 403);
  BOOST_TEST(call(Method::delete_, "/quote/image/background", alice, {{"id", sea}}).status == 200);
  BOOST_TEST((listed("/quote/image/background/list", alice, "backgrounds") == Ids{sun}));
  BOOST_TEST(call(Method::delete_, "/quote/image/background", alice, {{"id", sea}}).status == 404);
}

BOOST_AUTO_TEST_CASE(background_upload_needs_an_image_file) {
  MultipartForm no_image;
  no_image.field("tags", "x");
  auto r = upload("/quote/image/background", alice, no_image);
  BOOST_TEST(r.status == 400);
  BOOST_TEST(test::error_message(r).find("'image'") != std::string::npos);
  MultipartForm not_an_image;
  not_an_image.file("image", "notes.txt", "just text", "text/plain");
  BOOST_TEST(upload("/quote/image/background", alice, not_an_image).status == 400);
  auto not_multipart = test::send(fake, {Method::post, "/quote/image/background", alice, {}, "x", "text/plain"});
  BOOST_TEST(not_multipart.status == 415);  // the media type the operation takes, named
  BOOST_TEST(test::error_message(not_multipart).find("multipart/form-data") != std::string::npos);
  MultipartForm gif;
  gif.file("image", "a.gif", "GIF89a....", "image/gif");
  BOOST_TEST(upload("/quote/image/background", alice, gif).status == 200);
  BOOST_TEST(fake.snapshot().backgrounds.size() == 2u);  // the built-in one and the GIF
}

BOOST_AUTO_TEST_CASE(an_upload_of_more_parts_than_the_limit_is_refused_413_before_it_is_split) {
  BOOST_TEST(fake.body_limits().max_multipart_parts == 100u);
  fake.set_body_limits({.max_multipart_parts = 2});
  MultipartForm three;
  three.file("image", "bg.png", webapi::fakes::png::make("three", 8, 6), "image/png").field("tags", "a").field("x", "y");
  const std::size_t before = fake.snapshot().backgrounds.size();
  auto r = upload("/quote/image/background", alice, three);
  BOOST_TEST(r.status == 413);
  BOOST_TEST(test::error_message(r).find("more than 2 parts") != std::string::npos, test::error_message(r));
  BOOST_TEST(test::error_message(r).find("max_multipart_parts") != std::string::npos);
  BOOST_TEST(fake.snapshot().backgrounds.size() == before);
  MultipartForm two;
  two.file("image", "bg.png", webapi::fakes::png::make("two", 8, 6), "image/png").field("tags", "a");
  BOOST_TEST(upload("/quote/image/background", alice, two).status == 200);
  // A form body counts its fields against its own limit.
  fake.set_body_limits({.max_form_fields = 1});
  auto form = test::send(fake, {Method::post, "/quote", alice, {}, "quote=a&author=b", "application/x-www-form-urlencoded"});
  BOOST_TEST(form.status == 413);
  BOOST_TEST(test::error_message(form).find("max_form_fields") != std::string::npos, test::error_message(form));
}

BOOST_AUTO_TEST_CASE(fonts_upload_list_search_tag_and_delete) {
  std::string serif = upload_font(alice, "serif");
  BOOST_TEST(fake.snapshot().fonts.find(serif)->content_type == "font/otf");
  using Ids = std::vector<std::string>;
  BOOST_TEST((listed("/quote/image/font/list", alice, "fonts") == Ids{serif}));
  BOOST_TEST(listed("/quote/image/font/list", bob, "fonts").empty());
  BOOST_TEST((listed("/quote/image/font/search", alice, "fonts", {{"query", "serif"}}) == Ids{serif}));
  BOOST_TEST(call(Method::post, "/quote/image/font/tags/add", alice, {{"id", serif}, {"tags", "bold"}}).status == 200);
  BOOST_TEST((listed("/quote/image/font/search", alice, "fonts", {{"query", "bold"}}) == Ids{serif}));
  BOOST_TEST(call(Method::post, "/quote/image/font/tags/remove", alice, {{"id", serif}, {"tags", "bold"}}).status == 200);
  BOOST_TEST(listed("/quote/image/font/search", alice, "fonts", {{"query", "bold"}}).empty());
  BOOST_TEST(call(Method::post, "/quote/image/font/tags/remove", bob, {{"id", serif}, {"tags", "serif"}}).status == 403);
  BOOST_TEST(call(Method::delete_, "/quote/image/font", bob, {{"id", serif}}).status == 403);
  BOOST_TEST(call(Method::delete_, "/quote/image/font", alice, {{"id", serif}}).status == 200);
  BOOST_TEST(listed("/quote/image/font/list", alice, "fonts").empty());

  MultipartForm wrong_field;  // the file goes in `font`, not `file`
  wrong_field.file("file", "f.ttf", std::string("\x00\x01\x00\x00", 4), "font/ttf");
  auto r = upload("/quote/image/font", alice, wrong_field);
  BOOST_TEST(r.status == 400);
  BOOST_TEST(test::error_message(r).find("'font'") != std::string::npos);
  MultipartForm png_as_font;
  png_as_font.file("font", "f.ttf", webapi::fakes::png::make("x"), "font/ttf");
  BOOST_TEST(upload("/quote/image/font", alice, png_as_font).status == 400);
}

BOOST_AUTO_TEST_SUITE_END()
