// The generated models against what services actually send: values an enum does not list, members whose
// published examples and schema disagree (specs/overlays/*.json "member_types"), and oneOf members whose
// alternatives share most of their members.

#include <boost/test/unit_test.hpp>

#include <string>
#include <variant>

#include <webapi/audio.hpp>
#include <webapi/core/json.hpp>
#include <webapi/quotes.hpp>

namespace json = webapi::json;
namespace audio = webapi::audio;
namespace quotes = webapi::quotes;

BOOST_AUTO_TEST_SUITE(module_models)

BOOST_AUTO_TEST_CASE(generated_enum_members_are_open) {
  auto t = json::decode<audio::Track>(R"({"id":1,"access":"geo-blocked","sharing":"public"})");
  BOOST_REQUIRE_MESSAGE(t, (t ? "" : t.error().message));
  BOOST_TEST(!t->access->is_known());
  BOOST_TEST(t->access->wire() == "geo-blocked");
  BOOST_TEST(json::encode(*t) == R"({"access":"geo-blocked","id":1,"sharing":"public"})");
  audio::Track known{.access = audio::TrackAccess::preview};
  BOOST_TEST((*known.access == audio::TrackAccess::preview));
}

BOOST_AUTO_TEST_CASE(activity_origin_is_chosen_by_its_members_not_by_what_decodes_first) {
  // A track (bpm, stream_url, access are a track's alone) whose access the model does not list.
  constexpr std::string_view track =
      R"({"origin":{"kind":"track","id":7,"title":"t","access":"geo-blocked","bpm":120,"stream_url":"s"},"type":"track"})";
  auto a = json::decode<audio::ActivitiesCollectionItem>(track);
  BOOST_REQUIRE_MESSAGE(a, (a ? "" : a.error().message));
  BOOST_REQUIRE(std::holds_alternative<audio::Track>(*a->origin));
  const auto& t = std::get<audio::Track>(*a->origin);
  BOOST_TEST(t.access->wire() == "geo-blocked");
  BOOST_TEST(*t.bpm == 120);
  // Decode, encode, decode: the same alternative, the same value.
  auto again = json::decode<audio::ActivitiesCollectionItem>(json::encode(*a));
  BOOST_REQUIRE(again);
  BOOST_TEST(std::holds_alternative<audio::Track>(*again->origin));
  BOOST_TEST((*again == *a));

  // The choice does not depend on whether the track decodes: a track with a wrong type stays a track
  // and the error points into it, instead of the value silently becoming a playlist.
  auto bad = json::decode<audio::ActivitiesCollectionItem>(
      R"({"origin":{"kind":"track","id":7,"access":"playable","bpm":"fast","stream_url":"s"}})");
  BOOST_REQUIRE(!bad);
  BOOST_TEST(bad.error().message == "at $.origin.bpm: expected integer, got string");

  auto p = json::decode<audio::ActivitiesCollectionItem>(
      R"({"origin":{"kind":"playlist","id":8,"title":"p","track_count":2,"tracks":[],"playlist_type":"album"}})");
  BOOST_REQUIRE_MESSAGE(p, (p ? "" : p.error().message));
  BOOST_TEST(std::holds_alternative<audio::Playlist>(*p->origin));

  // Only members both define: nothing tells a track from a playlist.
  auto both = json::decode<audio::ActivitiesCollectionItem>(R"({"origin":{"id":9,"title":"x"}})");
  BOOST_REQUIRE(!both);
  BOOST_TEST(both.error().message.starts_with("at $.origin: fits oneOf alternatives 1 and 2 equally"), both.error().message);
}

BOOST_AUTO_TEST_CASE(members_whose_examples_and_schema_disagree_accept_both_shapes) {
  auto as_bool = json::decode<audio::Track>(R"({"downloadable":true})").value();
  BOOST_TEST(std::get<bool>(*as_bool.downloadable));
  auto as_string = json::decode<audio::Track>(R"({"downloadable":"true"})").value();
  BOOST_TEST(std::get<std::string>(*as_string.downloadable) == "true");
  BOOST_TEST(json::encode(as_bool) == R"({"downloadable":true})");

  auto c = json::decode<audio::Comment>(R"({"timestamp":15000})").value();
  BOOST_TEST(std::get<std::int64_t>(*c.timestamp) == 15000);
  BOOST_TEST(std::get<std::string>(*json::decode<audio::Comment>(R"({"timestamp":"15000"})").value().timestamp) == "15000");

  auto object = json::decode<quotes::QuoteResponse>(R"({"success":{"total":1},"contents":{"quotes":[]}})");
  BOOST_REQUIRE_MESSAGE(object, (object ? "" : object.error().message));
  BOOST_TEST(*std::get<quotes::QuoteSuccess>(*object->success).total == 1);
  auto text = json::decode<quotes::QuoteResponse>(R"({"success":"ok","contents":{"quotes":[]}})");
  BOOST_REQUIRE(text);
  BOOST_TEST(std::get<std::string>(*text->success) == "ok");
  BOOST_TEST(json::decode<quotes::QuoteResponse>(R"({"success":3})").error().message ==
             "at $.success: matches none of the oneOf alternatives: no alternative is a number");
}

BOOST_AUTO_TEST_SUITE_END()
