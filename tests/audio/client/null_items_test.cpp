// Lists the service returns with null items (a reposter or follower it will not show) decode without them.

#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>

#include "scripted.hpp"

namespace wa = webapi::audio;

BOOST_AUTO_TEST_SUITE(null_items)

BOOST_AUTO_TEST_CASE(reposters_with_null_entries_decode_without_them) {
  audio_test::Scripted http{[](const webapi::Request& r) -> webapi::Result<webapi::Response> {
    BOOST_TEST(r.path == "/tracks/5/reposters");
    return audio_test::json(R"({"collection": [null, {"id": 3, "username": "cy"}, null], "next_href": null})");
  }};
  wa::Client<audio_test::Scripted> client{http, {.client_id = "cid"}};
  auto r = client.get_tracks_track_id_reposters(5);
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().what()));
  BOOST_REQUIRE(r->collection.has_value());
  BOOST_TEST_REQUIRE(r->collection->size() == 1u);
  BOOST_TEST(r->collection->front().username.value_or("") == "cy");
}

BOOST_AUTO_TEST_CASE(a_plain_list_with_null_entries_decodes_without_them) {
  audio_test::Scripted http{[](const webapi::Request&) -> webapi::Result<webapi::Response> {
    return audio_test::json(R"([{"id": 1}, null, {"id": 2}])");
  }};
  wa::Client<audio_test::Scripted> client{http, {.client_id = "cid"}};
  auto r = client.get_tracks_track_id_favoriters(5);
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().what()));
  BOOST_TEST(r->size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
