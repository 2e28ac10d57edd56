// Every form a description allows for an answer decodes: a list the description gives either as the bare list
// or as a page object, an answer it lists without content; and the token request carries its credential where
// the description's security puts it.

#include <boost/test/unit_test.hpp>

#include <webapi/api_platform.hpp>
#include <webapi/audio.hpp>
#include <webapi/core/recording.hpp>

#include "support.hpp"

using webapi::CannedTransport;

BOOST_AUTO_TEST_SUITE(answer_forms)

const char* const two_tracks = R"([{"id":1,"title":"a"},{"id":2,"title":"b"}])";

BOOST_AUTO_TEST_CASE(a_list_method_reads_the_page_object_too) {
  CannedTransport t{test::answer(200, std::string(R"({"collection":)") + two_tracks + R"(,"next_href":"https://api.soundcloud.com/me/tracks?cursor=2"})")};
  webapi::audio::Client client{t, {.access_token = "tok"}};
  auto tracks = client.get_me_tracks();
  WEBAPI_REQUIRE_OK(tracks);
  BOOST_REQUIRE(tracks->size() == 2);
  BOOST_TEST(*(*tracks)[1].title == "b");

  t.respond(test::answer(200, two_tracks));  // and the bare list, as before
  BOOST_TEST(client.get_me_tracks()->size() == 2);

  t.respond(test::answer(200, R"({"next_href":null})"));  // a page without items is an empty list
  BOOST_TEST(client.get_me_tracks()->empty());
}

BOOST_AUTO_TEST_CASE(a_page_method_reads_the_bare_list_as_the_last_page) {
  CannedTransport t{test::answer(200, two_tracks)};
  webapi::audio::Client client{t, {.access_token = "tok"}};
  auto page = client.get_me_tracks_page();
  WEBAPI_REQUIRE_OK(page);
  BOOST_REQUIRE(page->collection.has_value());
  BOOST_TEST(page->collection->size() == 2);
  BOOST_TEST(!page->next_href.has_value());
}

BOOST_AUTO_TEST_CASE(a_list_answer_of_the_wrong_shape_is_still_a_decode_error) {
  CannedTransport t{test::answer(200, R"({"collection":"nope"})")};
  webapi::audio::Client client{t, {.access_token = "tok"}};
  auto tracks = client.get_me_tracks();
  BOOST_REQUIRE(!tracks);
  BOOST_TEST(tracks.error().kind == webapi::ErrorKind::decode);
}

BOOST_AUTO_TEST_CASE(an_answer_listed_without_content_may_come_empty) {
  CannedTransport t{test::answer(200, "", "")};
  webapi::api_platform::Client client{t, {.api_key = "k"}};
  auto apis = client.get_all_apis({.workspace = "w"});
  WEBAPI_REQUIRE_OK(apis);
  BOOST_TEST(!apis->apis.has_value());

  t.respond(test::answer(200, R"({"apis":[{"id":"a1","name":"n"}]})"));
  BOOST_TEST(client.get_all_apis({.workspace = "w"})->apis->size() == 1);
}

BOOST_AUTO_TEST_CASE(an_answer_listed_with_content_may_not) {
  CannedTransport t{test::answer(200, "", "")};
  webapi::audio::Client client{t, {.access_token = "tok"}};
  auto me = client.get_me();
  BOOST_REQUIRE(!me);
  BOOST_TEST(me.error().kind == webapi::ErrorKind::decode);
}

BOOST_AUTO_TEST_CASE(the_token_request_carries_the_client_id_in_the_query) {
  CannedTransport t{test::answer(200, R"({"access_token":"a","token_type":"bearer"})")};
  webapi::audio::Client client{t, {.client_id = "app-1"}};
  auto token = client.post_oauth2_token({.body = webapi::audio::TokenRequest{
                                             .grant_type = webapi::audio::TokenRequestGrantType::client_credentials,
                                             .client_id = "app-1", .client_secret = "s"}});
  WEBAPI_REQUIRE_OK(token);
  BOOST_TEST(t.last()->query_value("client_id").value_or("") == "app-1");
}

BOOST_AUTO_TEST_SUITE_END()
