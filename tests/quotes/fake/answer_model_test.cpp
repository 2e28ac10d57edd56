// Every answer with a schema has its model's shape: the raw body decodes into the model the client reads,
// with every member the model requires present and every member of its type, and holds nothing beyond
// the model (encoding the decoded model gives the same JSON back).

#include <string>
#include <utility>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/json.hpp>
#include <webapi/fakes/core/png.hpp>
#include <webapi/quotes/client.hpp>

#include "fixture.hpp"

namespace {

namespace qm = webapi::quotes;

struct ModelFixture : test::QuotesFixture {
  qm::Client<webapi::fakes::quotes::Fake> client{fake, {.api_key = alice}};

  /// Sends `request` and decodes the 200 answer into `Model`, refusing a missing required member, a member
  /// of another type and a null element; returns the model and the body.
  template <class Model>
  std::pair<Model, std::string> fitted(webapi::Result<webapi::Request> request) {
    BOOST_REQUIRE_MESSAGE(request, (request ? "" : request.error().what()));
    const std::string op = request->operation;
    auto answer = fake.send(*request);
    BOOST_REQUIRE(answer.has_value());
    BOOST_REQUIRE_MESSAGE(answer->status == 200, op << " answered " << answer->status << ": " << answer->body);
    auto decoded = webapi::json::decode<Model>(
        answer->body, {.missing_required = webapi::json::MissingRequired::error,
                       .null_elements = webapi::json::NullElements::error});
    BOOST_REQUIRE_MESSAGE(decoded, op << ": " << (decoded ? "" : decoded.error().message) << " in " << answer->body);
    return {*std::move(decoded), answer->body};
  }

  /// fitted(), and the answer holds nothing beyond `Model`: encoding the model gives the same JSON back.
  template <class Model>
  Model strict(webapi::Result<webapi::Request> request) {
    auto [model, body] = fitted<Model>(std::move(request));
    BOOST_TEST(boost::json::parse(webapi::json::encode(model)) == boost::json::parse(body),
               "members beyond the model in " << body);
    return model;
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(answer_models, ModelFixture)

BOOST_AUTO_TEST_CASE(quote_answers_fit_their_models) {
  auto created = strict<qm::QuoteListResponse>(client.build_put_quote({.quote = "Mine.", .tags = "a,b"}));
  const std::string mine = created.contents.quotes.at(0).id;
  BOOST_TEST(*created.contents.id == mine);
  strict<qm::QuoteListResponse>(client.build_post_quote({.quote = "Mine too.", .author = "alice"}));
  strict<qm::QuoteListResponse>(client.build_patch_quote({.id = mine, .quote = "Mine, changed."}));
  strict<qm::QuoteListResponse>(client.build_post_quote_tags_add({.id = mine, .tags = "c"}));
  strict<qm::QuoteListResponse>(client.build_post_quote_tags_remove({.id = mine, .tags = "a"}));
  strict<qm::QuoteListResponse>(client.build_get_quote_list());
  strict<qm::QuoteResponse>(client.build_get_quote({.id = franklin}));
  strict<qm::QuoteResponse>(client.build_get_quote_random({.limit = 2}));
  auto found = strict<qm::QuoteResponse>(client.build_get_quote_search({.category = "life"}));
  BOOST_TEST(*found.contents->total == 2);
  BOOST_TEST(*found.contents->quotes->at(0).category == "life");
  strict<qm::AuthorsResponse>(client.build_get_quote_authors_popular());
  strict<qm::AuthorsResponse>(client.build_get_quote_authors_search({.query = "o"}));
  strict<qm::CategoriesResponse>(client.build_get_quote_categories_popular());
  strict<qm::CategoriesResponse>(client.build_get_quote_categories_search({.query = "i"}));
}

BOOST_AUTO_TEST_CASE(mark_answers_fit_their_models) {
  strict<qm::LikeResponse>(client.build_get_quote_like_toggle({.quote_id = franklin}));
  strict<qm::LikeResponse>(client.build_put_quote_like({.quote_id = franklin}));
  strict<qm::LikeResponse>(client.build_post_quote_like({.quote_id = socrates}));
  strict<qm::LikeResponse>(client.build_delete_quote_like({.quote_id = franklin}));
  strict<qm::BookmarkResponse>(client.build_get_quote_bookmark_toggle({.quote_id = wilde}));
  strict<qm::DislikeResponse>(client.build_put_quote_dislike({.quote_id = wilde}));
  strict<qm::DislikeResponse>(client.build_post_quote_dislike({.quote_id = socrates}));
  strict<qm::DislikeResponse>(client.build_delete_quote_dislike({.quote_id = wilde}));
}

BOOST_AUTO_TEST_CASE(qod_answers_fit_their_models) {
  // The client reads GET /qod as QuoteResponse, which the answer fits; it is a QodResponse, which adds the
  // date (required) and the category's title to each quote.
  fitted<qm::QuoteResponse>(client.build_get_qod({.category = "inspire"}));
  auto today = strict<qm::QodResponse>(client.build_get_qod({.category = "life"}));
  BOOST_TEST(today.contents->quotes->at(0).date == "2024-01-01");
  BOOST_TEST(*today.contents->quotes->at(0).title == "Quote of the day about life");
  strict<qm::QodCategoriesResponse>(client.build_get_qod_categories());
  strict<qm::QodCategoriesDetailedResponse>(client.build_get_qod_categories_detailed());
  strict<qm::QodLanguagesResponse>(client.build_get_qod_languages());
  strict<qm::PrivateQodResponse>(client.build_put_qod({.title = "Team", .category = "team"}));
  strict<qm::PrivateQodResponse>(client.build_patch_qod({.title = "Team of the day", .category = "team"}));
}

BOOST_AUTO_TEST_CASE(qshow_answers_fit_their_models) {
  auto show = strict<qm::QshowResponse>(client.build_put_qshow({.title = "Mornings", .tags = std::vector<std::string>{"am"}}));
  const std::string id = show.contents.qshow.id;
  strict<qm::QshowResponse>(client.build_get_qshow({.id = id}));
  strict<qm::QshowResponse>(client.build_patch_qshow({.id = id, .description = "Early"}));
  strict<qm::QshowMembershipResponse>(client.build_post_qshow_quotes_add({.id = id, .quoteid = franklin}));
  strict<qm::QshowQuotesResponse>(client.build_get_qshow_quotes({.id = id}));
  strict<qm::QshowMembershipResponse>(client.build_post_qshow_quotes_remove({.id = id, .quoteid = franklin}));
  strict<qm::QshowListResponse>(client.build_get_qshow_list({.public_ = true}));
}

BOOST_AUTO_TEST_CASE(image_answers_fit_their_models) {
  namespace png = webapi::fakes::png;
  auto bg = strict<qm::BackgroundResponse>(client.build_post_quote_image_background(
      {.body = {.image = {png::make("sea", 12, 8), "sea.png", "image/png"}, .tags = "sea"}}));
  const std::string bg_id = bg.contents.background.id;
  strict<qm::BackgroundResponse>(client.build_post_quote_image_background_tags_add({.id = bg_id, .tags = "blue"}));
  strict<qm::BackgroundResponse>(client.build_post_quote_image_background_tags_remove({.id = bg_id, .tags = "sea"}));
  strict<qm::BackgroundsResponse>(client.build_get_quote_image_background_list());
  strict<qm::BackgroundsResponse>(client.build_get_quote_image_background_search({.query = "blue"}));
  auto font = strict<qm::FontResponse>(
      client.build_post_quote_image_font({.body = {.font = {"OTTO....", "serif.otf", "font/otf"}, .tags = "serif"}}));
  const std::string font_id = font.contents.font.id;
  strict<qm::FontResponse>(client.build_post_quote_image_font_tags_add({.id = font_id, .tags = "bold"}));
  strict<qm::FontResponse>(client.build_post_quote_image_font_tags_remove({.id = font_id, .tags = "serif"}));
  strict<qm::FontsResponse>(client.build_get_quote_image_font_list());
  strict<qm::FontsResponse>(client.build_get_quote_image_font_search());

  auto made = strict<qm::QuoteImageResponse>(
      client.build_put_quote_image({.quote_id = franklin, .bgimage_id = bg_id, .font_id = font_id}));
  const std::string image_id = *made.contents.id;
  BOOST_TEST(*made.contents.qimage.bgimage_id == bg_id);
  auto wrapped = strict<qm::QuoteImageResponse>(client.build_get_quote_image({.id = image_id}));
  BOOST_TEST(!wrapped.contents.qimage.image->empty());
  strict<qm::QuoteImageResponse>(client.build_get_quote_image_search({.private_ = true}));
}

BOOST_AUTO_TEST_SUITE_END()
