#define BOOST_TEST_MODULE webapi audio module
#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>

#include "../support/canned_client.hpp"

using namespace webapi;
using test::contains;

namespace {

struct Fixture {
  test::CannedTransport transport{test::json(R"({"id": 42, "title": "Song", "kind": "track", "not_in_schema": [1]})")};
  audio::Client<test::CannedTransport> client{transport, {.access_token = "tok"}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(audio_client, Fixture)

BOOST_AUTO_TEST_CASE(a_track_by_id_with_a_bearer_token) {
  auto r = client.get_tracks_track_id(42);
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::get);
  BOOST_TEST(req.base_url == "https://api.soundcloud.com");
  BOOST_TEST(req.path == "/tracks/42");
  BOOST_TEST(req.query.empty());
  BOOST_TEST(req.headers.get("Authorization").value_or("") == "Bearer tok");
  BOOST_TEST(r->id.value_or(0) == 42);
  BOOST_TEST(r->title.value_or("") == "Song");
}

BOOST_AUTO_TEST_CASE(the_app_client_id_is_enough) {
  audio::Client<test::CannedTransport> app{transport, {.client_id = "cid"}};
  WEBAPI_REQUIRE_OK(app.get_me());
  Request req = test::sent(transport);
  BOOST_TEST(test::query(req) == "client_id=cid");
  BOOST_TEST(!req.headers.contains("Authorization"));
  BOOST_TEST(auth::is_secret(req, "client_id"));
}

BOOST_AUTO_TEST_CASE(client_id_operations_prefer_the_client_id) {
  audio::Client<test::CannedTransport> both{transport, {.access_token = "tok", .client_id = "cid"}};
  WEBAPI_REQUIRE_OK(both.get_tracks_track_id(1));  // the description lists only the client id for it
  BOOST_TEST(test::query(test::sent(transport)) == "client_id=cid");
  WEBAPI_REQUIRE_OK(both.get_me());  // and only the bearer token for this one
  BOOST_TEST(test::sent(transport).headers.get("Authorization").value_or("") == "Bearer tok");
  BOOST_TEST(test::sent(transport).query.empty());
}

BOOST_AUTO_TEST_CASE(without_any_credential_nothing_is_sent) {
  audio::Client<test::CannedTransport> none{transport};
  auto r = none.get_me_tracks();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::auth);
  BOOST_TEST(contains(r.error().message, "access_token or client_id"));
  BOOST_TEST(!transport.last().has_value());
}

BOOST_AUTO_TEST_CASE(search_spreads_ranges_and_joins_access) {
  transport.respond(test::json(R"([{"id": 1}, {"id": 2, "extra": true}])"));
  auto r = client.get_tracks({.q = "lo fi",
                              .bpm = audio::Bpm{.from = 100, .to = 120},
                              .access = std::vector<webapi::OpenEnum<audio::AccessItem>>{audio::AccessItem::playable, audio::AccessItem::preview},
                              .limit = 10});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/tracks");
  BOOST_TEST(test::query(req) == "q=lo%20fi&bpm%5Bfrom%5D=100&bpm%5Bto%5D=120&access=playable%2Cpreview&limit=10");
  BOOST_TEST(r->size() == 2u);

  auto empty = client.get_tracks({.q = ""});
  BOOST_REQUIRE(!empty);
  BOOST_TEST(contains(empty.error().message, "'q'"));
}

BOOST_AUTO_TEST_CASE(a_wrong_type_is_reported_with_its_field) {
  transport.respond(test::json(R"({"id": "forty-two"})"));
  auto r = client.get_tracks_track_id(42);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::decode);
  BOOST_TEST(contains(r.error().message, "id"));
}

BOOST_AUTO_TEST_CASE(token_exchange_is_form_encoded_with_the_client_id_where_the_description_puts_it) {
  transport.respond(test::json(R"({"access_token": "new", "expires_in": 3600})"));
  audio::Client<test::CannedTransport> app{transport, {.client_id = "cid"}};
  auto r = app.post_oauth2_token({.body = audio::TokenRequest{
                                      .grant_type = audio::TokenRequestGrantType::authorization_code,
                                      .client_id = "cid",
                                      .client_secret = "s&cret",
                                      .code = "c1",
                                      .redirect_uri = "https://app.example/cb",
                                      .code_verifier = "v1"}});
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(r->access_token.value_or("") == "new");
  BOOST_TEST(r->expires_in.value_or(0) == 3600);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::post);
  BOOST_TEST(req.path == "/oauth2/token");
  BOOST_TEST(req.content_type == "application/x-www-form-urlencoded");
  BOOST_TEST(req.body ==
             "grant_type=authorization_code&client_id=cid&client_secret=s%26cret&code=c1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&code_verifier=v1");
  BOOST_TEST(req.query_value("client_id").value_or("") == "cid");  // the description's ClientId security
  BOOST_TEST(!req.headers.contains("Authorization"));
  // Without a client id the request is not sent: the operation's security requires one.
  audio::Client<test::CannedTransport> anonymous{transport};
  BOOST_TEST(anonymous.post_oauth2_token({.body = audio::TokenRequest{}}).error().kind == webapi::ErrorKind::auth);
}

BOOST_AUTO_TEST_CASE(resolve_hands_back_the_redirect) {
  Response found;
  found.status = 302;
  found.headers.set("Location", "https://api.soundcloud.com/tracks/1");
  transport.respond(found);
  auto r = client.get_resolve({.url = "https://soundcloud.com/a/b"});
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST(r->status == 302);
  BOOST_TEST(r->headers.get("Location").value_or("") == "https://api.soundcloud.com/tracks/1");
  BOOST_TEST(test::query(test::sent(transport)) == "url=https%3A%2F%2Fsoundcloud.com%2Fa%2Fb");
}

BOOST_AUTO_TEST_CASE(likes_answer_a_typed_status) {
  transport.respond(test::json(R"({"status": "200 - OK"})"));
  auto liked = client.post_likes_tracks_track_id(42);
  WEBAPI_REQUIRE_OK(liked);
  BOOST_TEST(liked->status.value_or("") == "200 - OK");
  BOOST_TEST(test::sent(transport).path == "/likes/tracks/42");
}

BOOST_AUTO_TEST_CASE(follow_and_unfollow) {
  WEBAPI_REQUIRE_OK(client.put_me_followings_user_id(7));
  BOOST_TEST(test::sent(transport).method == Method::put);
  BOOST_TEST(test::sent(transport).path == "/me/followings/7");
  WEBAPI_REQUIRE_OK(client.delete_me_followings_user_id(7));
  BOOST_TEST(test::sent(transport).method == Method::delete_);
}

BOOST_AUTO_TEST_CASE(comment_body_is_json) {
  transport.respond(test::json(R"({"id": 5, "body": "nice"})", 201));
  auto r = client.post_tracks_track_id_comments(
      9, {.body = audio::PostTracksTrackIdCommentsRequest{.comment = audio::PostTracksTrackIdCommentsRequestComment{
              .body = "nice"}}});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/tracks/9/comments");
  BOOST_TEST(contains(req.content_type, "application/json"));
  BOOST_TEST(req.body == R"({"comment":{"body":"nice"}})");
}

BOOST_AUTO_TEST_SUITE_END()
