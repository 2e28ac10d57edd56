// Documented success statuses, empty free-form answers, and the build, send and decode steps on their own.

#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>
#include <webapi/core/call.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/quotes.hpp>

#include "support.hpp"

using webapi::CannedTransport;
using webapi::ErrorCategory;
using webapi::ErrorKind;

namespace {
webapi::Response redirect(std::string location) {
  webapi::Response r = test::answer(302, "", "");
  r.headers.set("Location", location);
  return r;
}
const webapi::audio::GetConnectParams connect_params{
    .client_id = "cid", .redirect_uri = "https://app.example/cb",
    .response_type = webapi::audio::ResponseType::code, .scope = "non-expiring"};
}  // namespace

BOOST_AUTO_TEST_SUITE(success_statuses)

BOOST_AUTO_TEST_CASE(connect_redirect_is_its_success_and_401_or_500_is_not) {
  CannedTransport t{redirect("https://app.example/cb?code=abc")};
  webapi::audio::Client client{t, {.access_token = "tok"}};
  auto ok = client.get_connect(connect_params);
  WEBAPI_REQUIRE_OK(ok);
  BOOST_TEST(ok->status == 302);
  BOOST_TEST(ok->headers.get("Location").value_or("") == "https://app.example/cb?code=abc");

  t.respond(test::answer(401, R"({"code":401,"message":"Unauthorized"})"));
  auto refused = client.get_connect(connect_params);
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().kind == ErrorKind::http);
  BOOST_TEST(refused.error().status == 401);
  BOOST_TEST(refused.error().category() == ErrorCategory::unauthenticated);

  t.respond(test::answer(500, "oops", "text/plain"));
  BOOST_TEST(client.get_connect(connect_params).error().category() == ErrorCategory::internal);
}

BOOST_AUTO_TEST_CASE(resolve_redirect_is_its_success_and_a_200_it_does_not_document_is_not) {
  CannedTransport t{redirect("https://api.soundcloud.com/tracks/1")};
  webapi::audio::Client client{t, {.access_token = "tok"}};
  WEBAPI_REQUIRE_OK(client.get_resolve({.url = "https://soundcloud.com/a/b"}));
  t.respond(test::answer(200, "{}"));
  auto r = client.get_resolve({.url = "https://soundcloud.com/a/b"});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 200);
  t.respond(test::answer(404, R"({"code":404,"message":"Not Found"})"));
  BOOST_TEST(client.get_resolve({.url = "https://soundcloud.com/a/b"}).error().category() == ErrorCategory::not_found);
}

BOOST_AUTO_TEST_CASE(the_generated_table_of_successes_follows_the_description) {
  using namespace webapi::audio;
  BOOST_TEST(responses::get_connect.is_success(302));
  BOOST_TEST(!responses::get_connect.is_success(200));
  BOOST_TEST(responses::get_me.is_success(200));
  BOOST_TEST(!responses::get_me.is_success(302));
  BOOST_TEST(!responses::get_me.is_success(204));
  BOOST_TEST(webapi::ResponseSpec{}.is_success(204));  // nothing documented: any 2xx
  BOOST_TEST(!webapi::ResponseSpec{}.is_success(302));
}

BOOST_AUTO_TEST_CASE(an_empty_answer_for_a_free_form_result_is_a_success) {
  CannedTransport t{test::answer(200, "")};
  webapi::audio::Client client{t, {.access_token = "tok"}};
  auto r = client.put_me_followings_user_id(5);  // free-form JSON result
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(r->is_null());

  t.respond(test::answer(204, "", ""));
  auto sent = client.send(webapi::Method::delete_, "/likes/playlists/5");
  WEBAPI_REQUIRE_OK(sent);
  BOOST_TEST(sent->is_null());
}

BOOST_AUTO_TEST_CASE(an_empty_answer_for_a_typed_result_is_still_a_decode_error) {
  CannedTransport t{test::answer(200, "")};
  webapi::quotes::Client client{t, {.api_key = "k"}};
  auto r = client.get_qod();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::decode);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(separate_steps)

BOOST_AUTO_TEST_CASE(build_makes_the_request_without_sending_it) {
  CannedTransport t;
  webapi::quotes::Client client{t, {.base_url = "https://quotes.example", .api_key = "key-1"}};
  webapi::Result<webapi::Request> req = client.build_get_quote_like_toggle({.quote_id = "q 1"});
  WEBAPI_REQUIRE_OK(req);
  BOOST_TEST(!t.last().has_value());  // nothing went out
  BOOST_TEST(req->method == webapi::Method::get);
  BOOST_TEST(req->operation == "get_quote_like_toggle");
  BOOST_TEST(webapi::url::full_url(*req) == "https://quotes.example/quote/like/toggle?quote_id=q%201");
  BOOST_TEST(req->headers.get("X-Service-Api-Secret").value_or("") == "key-1");
  BOOST_TEST(webapi::auth::is_secret(*req, "X-Service-Api-Secret"));
  BOOST_TEST(!req->is_idempotent());

  auto bad = client.build_get_quote_like_toggle({.quote_id = ""});
  BOOST_REQUIRE(!bad);
  BOOST_TEST(bad.error().kind == ErrorKind::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_built_request_can_be_changed_then_sent_and_decoded_by_hand) {
  CannedTransport t{test::answer(200, R"({"contents":{"quotes":[{"quote":"Hi","id":"q1"}]}})")};
  webapi::quotes::Client client{t, {.api_key = "key-1"}};
  auto req = client.build_get_qod({.category = "life"});
  WEBAPI_REQUIRE_OK(req);
  req->headers.set("X-Signature", "signed");  // what a caller who signs requests would do
  auto sent = t.send(*req);
  WEBAPI_REQUIRE_OK(sent);
  BOOST_TEST(t.last()->headers.get("X-Signature").value_or("") == "signed");
  auto decoded = webapi::decode_response<webapi::quotes::QuoteResponse>(*req, std::move(*sent),
                                                                        webapi::quotes::responses::get_qod);
  WEBAPI_REQUIRE_OK(decoded);
  BOOST_TEST(decoded->contents->quotes->at(0).id == "q1");
}

BOOST_AUTO_TEST_CASE(decode_reads_a_canned_error_with_the_modules_decoder) {
  webapi::Request req;
  req.operation = "get_qod";
  auto r = webapi::decode_response<webapi::quotes::QuoteResponse>(
      req, test::answer(404, R"({"error":{"code":404,"message":"Not Found: no qod"}})"),
      webapi::quotes::responses::get_qod);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().operation == "get_qod");
  BOOST_REQUIRE(r.error().service_error());
  BOOST_TEST(r.error().service->message == "Not Found: no qod");
  BOOST_TEST(r.error().category() == ErrorCategory::not_found);

  // Without a decoder (ResponseSpec{}), the same answer is an http error with no service error.
  auto plain = webapi::decode_response<webapi::quotes::QuoteResponse>(
      req, test::answer(404, R"({"error":{"code":404,"message":"x"}})"), webapi::ResponseSpec{});
  BOOST_TEST(!plain.error().service_error());
  BOOST_TEST(plain.error().category() == ErrorCategory::not_found);
}

BOOST_AUTO_TEST_SUITE_END()
