// Each API's error body decoded into Error::service, with one category for every API and the raw body kept.

#include <boost/test/unit_test.hpp>

#include <webapi/api_platform.hpp>
#include <webapi/audio.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/fakes/quotes.hpp>
#include <webapi/finance.hpp>
#include <webapi/migration.hpp>
#include <webapi/project_management.hpp>
#include <webapi/quotes.hpp>
#include <webapi/userinfo.hpp>
#include <webapi/webhooks.hpp>

#include "support.hpp"

using webapi::CannedTransport;
using webapi::ErrorCategory;
using webapi::ErrorKind;

BOOST_AUTO_TEST_SUITE(service_errors)

BOOST_AUTO_TEST_CASE(google_error_in_userinfo_with_status_and_details) {
  const std::string body =
      R"({"error":{"code":429,"message":"Quota exceeded for quota metric 'Queries'","status":"RESOURCE_EXHAUSTED",)"
      R"("details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"RATE_LIMIT_EXCEEDED"}]}})";
  CannedTransport t{test::answer(429, body)};
  webapi::userinfo::Client client{t, {.access_token = "tok"}};
  auto r = client.oauth2_userinfo_get();
  BOOST_REQUIRE(!r);
  const auto& e = r.error();
  BOOST_TEST(e.kind == ErrorKind::http);
  BOOST_TEST(e.status == 429);
  BOOST_TEST(e.body == body);
  BOOST_REQUIRE(e.service_error());
  BOOST_TEST(e.service->code == "429");
  BOOST_TEST(e.service->status == "RESOURCE_EXHAUSTED");
  BOOST_TEST(e.service->message == "Quota exceeded for quota metric 'Queries'");
  BOOST_TEST(e.service->details.at(0).at("reason").as_string() == "RATE_LIMIT_EXCEEDED");
  BOOST_TEST(e.category() == ErrorCategory::rate_limited);
  BOOST_TEST(e.what().find("429 RESOURCE_EXHAUSTED: Quota exceeded") != std::string::npos, e.what());
}

BOOST_AUTO_TEST_CASE(google_canonical_status_sets_the_category_over_the_http_status) {
  // FAILED_PRECONDITION arrives as 400; ALREADY_EXISTS as 409; the canonical code decides.
  CannedTransport t{test::answer(400, R"({"error":{"code":400,"message":"gone","status":"NOT_FOUND"}})")};
  webapi::migration::Client client{t, {.access_token = "tok"}};
  auto r = client.sources_get("projects/p/locations/l/sources/s");
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().category() == ErrorCategory::not_found);
  BOOST_TEST(r.error().service->status == "NOT_FOUND");
}

BOOST_AUTO_TEST_CASE(oauth_refusal_in_userinfo) {
  CannedTransport t{test::answer(400, R"({"error":"invalid_token","error_description":"Invalid Value"})")};
  webapi::userinfo::Client client{t, {.access_token = "ya29.a0-token"}};
  auto r = client.oauth2_tokeninfo({.access_token = "ya29.expired"});
  BOOST_REQUIRE(!r);
  BOOST_REQUIRE(r.error().service_error());
  BOOST_TEST(r.error().service->code == "invalid_token");
  BOOST_TEST(r.error().service->message == "Invalid Value");
  BOOST_TEST(r.error().category() == ErrorCategory::unauthenticated);
}

BOOST_AUTO_TEST_CASE(hubspot_error_in_webhooks_with_correlation_id) {
  const std::string body =
      R"({"status":"error","message":"Invalid input JSON","correlationId":"aeb5f871-7f07-4993-9211-075dc63e7cbf",)"
      R"("category":"VALIDATION_ERROR","errors":[{"message":"targetUrl is not a valid URL","in":"targetUrl"}]})";
  CannedTransport t{test::answer(400, body)};
  webapi::webhooks::Client client{t, {.hapikey = "k"}};
  auto r = client.settings_get_all(7);
  BOOST_REQUIRE(!r);
  const auto* s = r.error().service_error();
  BOOST_REQUIRE(s);
  BOOST_TEST(s->code == "VALIDATION_ERROR");
  BOOST_TEST(s->reference == "aeb5f871-7f07-4993-9211-075dc63e7cbf");
  BOOST_TEST(s->message == "Invalid input JSON");
  BOOST_TEST(s->details.at("errors").at(0).at("in").as_string() == "targetUrl");
  BOOST_TEST(r.error().category() == ErrorCategory::invalid_argument);
}

BOOST_AUTO_TEST_CASE(hubspot_category_refines_a_vague_status) {
  CannedTransport t{test::answer(400, R"({"message":"slow down","correlationId":"c","category":"RATE_LIMITS"})")};
  webapi::webhooks::Client client{t, {.hapikey = "k"}};
  BOOST_TEST(client.settings_get_all(7).error().category() == ErrorCategory::rate_limited);
}

BOOST_AUTO_TEST_CASE(yodlee_error_in_finance) {
  const std::string body =
      R"({"errorCode":"Y807","errorMessage":"Resource not found","referenceCode":"j1574935442438S26a2a"})";
  CannedTransport t{test::answer(400, body)};
  webapi::finance::Client client{t, {.base_url = "https://finance.example", .access_token = "tok"}};
  auto r = client.get_all_accounts();
  BOOST_REQUIRE(!r);
  const auto* s = r.error().service_error();
  BOOST_REQUIRE(s);
  BOOST_TEST(s->code == "Y807");
  BOOST_TEST(s->message == "Resource not found");
  BOOST_TEST(s->reference == "j1574935442438S26a2a");
  BOOST_TEST(r.error().category() == ErrorCategory::not_found);  // the code says more than the 400
  BOOST_TEST(r.error().what().find("Y807: Resource not found") != std::string::npos, r.error().what());

  t.respond(test::answer(400, R"({"errorCode":"Y800","errorMessage":"Invalid value for accountId"})"));
  BOOST_TEST(client.get_all_accounts().error().category() == ErrorCategory::invalid_argument);
  t.respond(test::answer(401, R"({"errorCode":"Y008","errorMessage":"Invalid token in authorization header"})"));
  BOOST_TEST(client.get_all_accounts().error().category() == ErrorCategory::unauthenticated);
}

BOOST_AUTO_TEST_CASE(postman_error_in_api_platform) {
  const std::string body =
      R"({"error":{"name":"instanceNotFoundError","message":"The specified item does not exist.",)"
      R"("details":{"item":"collection","id":"a14c"}}})";
  CannedTransport t{test::answer(404, body)};
  webapi::api_platform::Client client{t, {.api_key = "k"}};
  auto r = client.all_collections();
  BOOST_REQUIRE(!r);
  const auto* s = r.error().service_error();
  BOOST_REQUIRE(s);
  BOOST_TEST(s->code == "instanceNotFoundError");
  BOOST_TEST(s->message == "The specified item does not exist.");
  BOOST_TEST(s->details.at("details").at("item").as_string() == "collection");
  BOOST_TEST(r.error().category() == ErrorCategory::not_found);

  t.respond(test::answer(400, R"({"error":{"name":"malformedRequestError","message":"Missing name"}})"));
  BOOST_TEST(client.all_collections().error().category() == ErrorCategory::invalid_argument);
  t.respond(test::answer(429, R"({"error":{"name":"rateLimited","message":"Rate limit exceeded."}})"));
  BOOST_TEST(client.all_collections().error().category() == ErrorCategory::rate_limited);
}

BOOST_AUTO_TEST_CASE(quotes_error_shape) {
  CannedTransport t{test::answer(401, R"({"error":{"code":401,"message":"Unauthorized"}})")};
  webapi::quotes::Client client{t, {.api_key = "k"}};
  auto r = client.get_qod();
  BOOST_REQUIRE(!r);
  BOOST_REQUIRE(r.error().service_error());
  BOOST_TEST(r.error().service->code == "401");
  BOOST_TEST(r.error().service->message == "Unauthorized");
  BOOST_TEST(r.error().category() == ErrorCategory::unauthenticated);
}

BOOST_AUTO_TEST_CASE(audio_error_shape_and_oauth_message) {
  CannedTransport t{test::answer(
      429, R"({"code":429,"message":"Too many requests","link":"https://example.test/rate-limits",)"
           R"("spam_warning_urn":"soundcloud:spam-warnings:1"})")};
  webapi::audio::Client client{t, {.access_token = "tok"}};
  auto r = client.get_me();
  BOOST_REQUIRE(!r);
  BOOST_REQUIRE(r.error().service_error());
  BOOST_TEST(r.error().service->code == "429");
  BOOST_TEST(r.error().service->details.at("link").as_string() == "https://example.test/rate-limits");
  BOOST_TEST(r.error().category() == ErrorCategory::rate_limited);

  t.respond(test::answer(400, R"({"code":400,"message":"invalid_grant","link":"x"})"));
  BOOST_TEST(client.get_me().error().category() == ErrorCategory::unauthenticated);
}

BOOST_AUTO_TEST_CASE(project_management_error_read_leniently) {
  CannedTransport t{test::answer(400, R"({"errorMessage":"Cannot change status from CLOSED to OPENED"})")};
  webapi::project_management::Client client{t, {.access_token = "tok"}};
  auto r = client.get_accounting_customers_invoices_ids();
  BOOST_REQUIRE(!r);
  BOOST_REQUIRE(r.error().service_error());
  BOOST_TEST(r.error().service->message == "Cannot change status from CLOSED to OPENED");
  BOOST_TEST(r.error().category() == ErrorCategory::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_body_in_no_error_shape_keeps_status_category_and_raw_body) {
  const std::string html = "<html><body>502 Bad Gateway</body></html>";
  CannedTransport t{test::answer(502, html, "text/html")};
  webapi::webhooks::Client client{t, {.hapikey = "k"}};
  auto r = client.settings_get_all(7);
  BOOST_REQUIRE(!r);
  BOOST_TEST(!r.error().service_error());
  BOOST_TEST(r.error().body == html);
  BOOST_TEST(r.error().category() == ErrorCategory::unavailable);
}

BOOST_AUTO_TEST_CASE(every_kind_has_a_category) {
  BOOST_TEST(webapi::make_error(ErrorKind::transport, "x").category() == ErrorCategory::unavailable);
  BOOST_TEST(webapi::make_error(ErrorKind::auth, "x").category() == ErrorCategory::unauthenticated);
  BOOST_TEST(webapi::make_error(ErrorKind::invalid_argument, "x").category() == ErrorCategory::invalid_argument);
  BOOST_TEST(webapi::make_error(ErrorKind::decode, "x").category() == ErrorCategory::none);
  for (auto [status, want] : {std::pair{401, ErrorCategory::unauthenticated}, {403, ErrorCategory::permission_denied},
                              {404, ErrorCategory::not_found}, {409, ErrorCategory::conflict},
                              {429, ErrorCategory::rate_limited}, {503, ErrorCategory::unavailable},
                              {500, ErrorCategory::internal}, {501, ErrorCategory::unimplemented},
                              {418, ErrorCategory::other}}) {
    webapi::Error e = webapi::make_error(ErrorKind::http, "x");
    e.status = status;
    BOOST_TEST(e.category() == want, status);
  }
}


// The README's snippet, against the quotes fake.
BOOST_AUTO_TEST_CASE(readme_snippet_reads_the_fakes_typed_error) {
  webapi::fakes::quotes::Fake fake;
  webapi::quotes::Client quotes{fake, {.api_key = fake.add_api_key("ann")}};
  auto r = quotes.get_quote_like_toggle({.quote_id = "no-such-quote"});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().category() == ErrorCategory::not_found);
  const webapi::ServiceError* s = r.error().service_error();
  BOOST_REQUIRE(s);
  BOOST_TEST(s->code == "404");
  BOOST_TEST(s->message.find("no-such-quote") != std::string::npos, s->message);
}

BOOST_AUTO_TEST_SUITE_END()
