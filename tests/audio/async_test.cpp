#define BOOST_TEST_MODULE async_audio
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): the signed-in user, her
// tracks, playlists, likes, reposts and followings read, made and undone, and refusals.
// The served suite (audio_async_served) makes the same calls, the twins co_awaited over HTTP
// against webapi-fake-server-audio (tests/support/async_served.sh starts it), the blocking ones in process.

#include <cstdint>
#include <string>

#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/audio.hpp>
#include <webapi/fakes/audio/compiled.hpp>

#include "../support/async_twins.hpp"
#include "../support/served.hpp"

namespace fa = webapi::fakes::audio;
namespace au = webapi::audio;

namespace {

// One side's clients over `transport`, with this side's demo credentials.
struct Side {
  Side(webapi::AnyTransport t, test::served::Credentials demo, const std::string& base_url)
      : transport(t), credentials(std::move(demo)),
        ada{transport, test::served::at(base_url, au::Config{.access_token = credentials[3].second})},
        app{transport, test::served::at(base_url, au::Config{.client_id = credentials[0].second})},
        stranger{transport, test::served::at(base_url, au::Config{.access_token = "not-a-token"})},
        full{transport, test::served::at(base_url, au::Config{.access_token = credentials[3].second,
                                                              .client_id = credentials[0].second})} {}
  webapi::AnyTransport transport;
  test::served::Credentials credentials;
  au::AnyClient ada;
  au::AnyClient app;
  au::AnyClient stranger;
  au::AnyClient full;  // ada's token and the app's id: every operation has the credential it takes
};

// bob's, public: the first track the demo data set holds (the same id in every fake seeded so).
std::int64_t demo_track(const fa::CompiledFake& fake) {
  return fake.snapshot_json().at("tracks").at(0).at("id").to_number<std::int64_t>();
}

// The calls, the blocking method on `b` and its twin co_awaited on `a`, both sides starting from the demo
// data set; written once for the in-process run and the served one.
boost::asio::awaitable<void> twins(Side& b, Side& a, const std::int64_t track) {
  {
    auto& blocking = b.ada;
    auto& async = a.ada;
    auto me = WEBAPI_SAME_ASYNC(get_me);
    BOOST_REQUIRE(me && me->id);
    const std::int64_t user = *me->id;
    (void)WEBAPI_SAME_ASYNC(get_me_connections);
    (void)WEBAPI_SAME_ASYNC(get_me_followings);
    (void)WEBAPI_SAME_ASYNC(get_me_followers);
    (void)WEBAPI_SAME_ASYNC(get_me_playlists);
    (void)WEBAPI_SAME_ASYNC(get_me_tracks);
    (void)WEBAPI_SAME_ASYNC(get_me_tracks_track_id, track);
    (void)WEBAPI_SAME_ASYNC(get_tracks_track_id, track);
    (void)WEBAPI_SAME_ASYNC(get_tracks_track_id_comments, track);
    (void)WEBAPI_SAME_ASYNC(get_tracks_track_id_related, track);
    (void)WEBAPI_SAME_ASYNC(post_likes_tracks_track_id, track);
    (void)WEBAPI_SAME_ASYNC(get_me_likes_tracks);
    (void)WEBAPI_SAME_ASYNC(get_tracks_track_id_favoriters, track);
    (void)WEBAPI_SAME_ASYNC(delete_likes_tracks_track_id, track);
    (void)WEBAPI_SAME_ASYNC(post_reposts_tracks_track_id, track);
    (void)WEBAPI_SAME_ASYNC(get_tracks_track_id_reposters, track);
    (void)WEBAPI_SAME_ASYNC(delete_reposts_tracks_track_id, track);
    (void)WEBAPI_SAME_ASYNC(get_me_activities);
    (void)WEBAPI_SAME_ASYNC(get_users_user_id, user);
    (void)WEBAPI_SAME_ASYNC(get_users_user_id_tracks, user);
    (void)WEBAPI_SAME_ASYNC(get_tracks_track_id, 999999999);  // 404
    (void)WEBAPI_SAME_ASYNC(delete_tracks_track_id, track);  // 403: not hers
    (void)WEBAPI_SAME_ASYNC(get_tracks_track_id, track);
  }
  {
    auto& blocking = b.stranger;
    auto& async = a.stranger;
    (void)WEBAPI_SAME_ASYNC(get_me);  // 401
  }
}

// A fake of the demo data set, in process, and its side.
struct InProcess {
  fa::CompiledFake fake;
  Side side{fake, fake.seed_demo(), ""};
};

// every_operation::all: a call of every operation with sample arguments (tools/codegen writes it).
#include "every_operation.inc"

}  // namespace

static_assert(au::AsyncTwins<au::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(au::operations, au::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  InProcess b, a;
  test::run_coroutine([&] { return twins(b.side, a.side, demo_track(b.fake)); });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}

BOOST_AUTO_TEST_CASE(every_operation_twin_matches_its_blocking_call) {
  InProcess b, a;
  const std::size_t a_before = a.fake.requests().size(), b_before = b.fake.requests().size();
  test::Tally calls;
  test::run_coroutine([&] { return every_operation::all(b.side.full, a.side.full, calls); });
  test::check_every_operation_sent(calls, au::operations.size(), a.fake.requests().size() - a_before,
                                   b.fake.requests().size() - b_before);
}

// The same calls, the twins co_awaited over HTTP against webapi-fake-server-audio (async_served.sh).
BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))

/// The served fake (a) and an in-process compiled one (b), each with its demo data.
struct Served {
  test::served::Fake served;
  fa::CompiledFake fake;
  Side b{fake, fake.seed_demo(), served.base_url()};
  Side a{served.transport(), served.seed_demo(), served.base_url()};
};

BOOST_FIXTURE_TEST_CASE(the_twins_give_the_blocking_results, Served) {
  served.run([&] { return twins(b, a, demo_track(fake)); });
  BOOST_TEST(served.journal_size() == fake.requests().size());
}

BOOST_FIXTURE_TEST_CASE(every_operation_twin_matches_its_blocking_call, Served) {
  const std::size_t a_before = served.journal_size(), b_before = fake.requests().size();
  test::Tally calls;
  served.run([&] { return every_operation::all(b.full, a.full, calls); });
  test::check_every_operation_sent(calls, au::operations.size(), served.journal_size() - a_before,
                                   fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_SUITE_END()
