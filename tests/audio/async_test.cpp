#define BOOST_TEST_MODULE async_audio
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): the signed-in user, her
// tracks, playlists, likes, reposts and followings read, made and undone, and refusals.

#include <cstdint>
#include <string>

#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/audio.hpp>
#include <webapi/fakes/audio/compiled.hpp>

#include "../support/async_twins.hpp"

namespace fa = webapi::fakes::audio;
namespace au = webapi::audio;

namespace {
struct Side {
  fa::CompiledFake fake;
  std::vector<std::pair<std::string, std::string>> credentials = fake.seed_demo();
  au::AnyClient ada{fake, {.access_token = credentials[3].second}};
  au::AnyClient app{fake, {.client_id = credentials[0].second}};
  au::AnyClient stranger{fake, {.access_token = "not-a-token"}};
};
}  // namespace

static_assert(au::AsyncTwins<au::AnyClient, boost::asio::use_awaitable_t<>>);
static_assert(au::AsyncTwins<au::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(au::operations, au::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  Side b, a;
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    {
      auto& blocking = b.ada;
      auto& async = a.ada;
      auto me = WEBAPI_SAME_ASYNC(get_me);
      BOOST_REQUIRE(me && me->id);
      const std::int64_t user = *me->id;
      WEBAPI_SAME_ASYNC(get_me_connections);
      WEBAPI_SAME_ASYNC(get_me_followings);
      WEBAPI_SAME_ASYNC(get_me_followers);
      WEBAPI_SAME_ASYNC(get_me_playlists);
      WEBAPI_SAME_ASYNC(get_me_tracks);
      // bob's, public: the first track the fake holds
      const std::int64_t track = b.fake.snapshot_json().at("tracks").at(0).at("id").to_number<std::int64_t>();
      WEBAPI_SAME_ASYNC(get_me_tracks_track_id, track);
      WEBAPI_SAME_ASYNC(get_tracks_track_id, track);
      WEBAPI_SAME_ASYNC(get_tracks_track_id_comments, track);
      WEBAPI_SAME_ASYNC(get_tracks_track_id_related, track);
      WEBAPI_SAME_ASYNC(post_likes_tracks_track_id, track);
      WEBAPI_SAME_ASYNC(get_me_likes_tracks);
      WEBAPI_SAME_ASYNC(get_tracks_track_id_favoriters, track);
      WEBAPI_SAME_ASYNC(delete_likes_tracks_track_id, track);
      WEBAPI_SAME_ASYNC(post_reposts_tracks_track_id, track);
      WEBAPI_SAME_ASYNC(get_tracks_track_id_reposters, track);
      WEBAPI_SAME_ASYNC(delete_reposts_tracks_track_id, track);
      WEBAPI_SAME_ASYNC(get_me_activities);
      WEBAPI_SAME_ASYNC(get_users_user_id, user);
      WEBAPI_SAME_ASYNC(get_users_user_id_tracks, user);
      WEBAPI_SAME_ASYNC(get_tracks_track_id, 999999999);  // 404
      WEBAPI_SAME_ASYNC(delete_tracks_track_id, track);  // 403: not hers
      WEBAPI_SAME_ASYNC(get_tracks_track_id, track);
    }
    {
      auto& blocking = b.stranger;
      auto& async = a.stranger;
      WEBAPI_SAME_ASYNC(get_me);  // 401
    }
  });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}
