// Which credentials a call carries: both the access token and the client id where the operation takes them
// together, the one it names otherwise, the client id alone for application-only calls.

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>
#include <webapi/core/credentials.hpp>

#include "scripted.hpp"

namespace wa = webapi::audio;

namespace {

struct Service {
  audio_test::Scripted http{[](const webapi::Request&) { return webapi::Result<webapi::Response>(audio_test::json("[]")); }};

  webapi::Request last() const { return http.sent().back(); }
  static std::string bearer(const webapi::Request& r) { return std::string(r.headers.get("Authorization").value_or("")); }
  static std::string client_id(const webapi::Request& r) { return std::string(r.query_value("client_id").value_or("")); }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(credentials_together, Service)

BOOST_AUTO_TEST_CASE(a_client_with_both_sends_both_where_the_operation_takes_both) {
  wa::Client<audio_test::Scripted> both{http, {.access_token = "tok", .client_id = "cid"}};
  BOOST_REQUIRE(both.get_tracks({.q = "rain"}));
  BOOST_TEST(bearer(last()) == "Bearer tok");
  BOOST_TEST(client_id(last()) == "cid");
  BOOST_TEST(webapi::auth::is_secret(last(), "client_id"));
  BOOST_TEST(webapi::auth::is_secret(last(), "Authorization"));

  BOOST_REQUIRE(both.get_users_user_id_followers(7));
  BOOST_TEST(bearer(last()) == "Bearer tok");
  BOOST_TEST(client_id(last()) == "cid");
}

BOOST_AUTO_TEST_CASE(operations_naming_one_credential_get_only_that_one) {
  wa::Client<audio_test::Scripted> both{http, {.access_token = "tok", .client_id = "cid"}};
  BOOST_REQUIRE(both.get_me_followings());  // the token alone
  BOOST_TEST(bearer(last()) == "Bearer tok");
  BOOST_TEST(client_id(last()).empty());
  BOOST_REQUIRE(both.get_tracks_track_id_favoriters(1));  // the client id alone
  BOOST_TEST(client_id(last()) == "cid");
  BOOST_TEST(bearer(last()).empty());
}

BOOST_AUTO_TEST_CASE(application_only_calls_send_the_client_id_in_the_query) {
  wa::Client<audio_test::Scripted> app{http, {.client_id = "cid"}};
  BOOST_REQUIRE(app.get_tracks({.q = "rain"}));
  BOOST_TEST(client_id(last()) == "cid");
  BOOST_TEST(!last().headers.contains("Authorization"));
}

BOOST_AUTO_TEST_CASE(a_token_alone_is_enough_where_both_are_taken) {
  wa::Client<audio_test::Scripted> user{http, {.access_token = "tok"}};
  BOOST_REQUIRE(user.get_tracks({.q = "rain"}));
  BOOST_TEST(bearer(last()) == "Bearer tok");
  BOOST_TEST(!last().query_value("client_id").has_value());
}

BOOST_AUTO_TEST_CASE(with_neither_nothing_is_sent) {
  wa::Client<audio_test::Scripted> none{http};
  auto r = none.get_tracks({.q = "rain"});
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == webapi::ErrorKind::auth);
  BOOST_TEST(audio_test::contains(r.error().message, "access_token or client_id"));
  BOOST_TEST(http.sent().empty());
}

BOOST_AUTO_TEST_CASE(a_refused_token_is_renewed_and_the_client_id_kept) {
  int fetches = 0;
  auto token = webapi::refreshing_token([&]() -> webapi::Result<webapi::AccessToken> {
    return webapi::AccessToken{"tok-" + std::to_string(++fetches)};
  });
  audio_test::Scripted strict{[](const webapi::Request& r) -> webapi::Result<webapi::Response> {
    if (r.headers.get("Authorization").value_or("") != "Bearer tok-2") return audio_test::json("{}", 401);
    return audio_test::json("[]");
  }};
  wa::Client<audio_test::Scripted> both{strict, {.access_token = token, .client_id = "cid"}};
  BOOST_REQUIRE(both.get_tracks({.q = "rain"}));
  auto sent = strict.sent();
  BOOST_REQUIRE(sent.size() == 2u);
  BOOST_TEST(bearer(sent[1]) == "Bearer tok-2");
  BOOST_TEST(client_id(sent[1]) == "cid");
}

BOOST_AUTO_TEST_SUITE_END()
