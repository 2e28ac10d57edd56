#pragma once
// Scenarios of the audio follow rules written against the client alone (see contract.hpp): following and
// unfollowing another user, seen in the followings list and in the single-following read, each toggle done
// twice, ending where the account began. The scenario needs a user to follow other than the token's own.

#include <algorithm>
#include <cstdint>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/audio.hpp>
#include <webapi/core/any_transport.hpp>

namespace test::audio_contract {

namespace au = webapi::audio;

/// What a scenario drives: a client holding a user's access token, and a user to follow.
struct Target {
  Target(webapi::AnyTransport t, std::string base_url, std::string access_token, std::int64_t other_user)
      : transport(t), other(other_user),
        client(transport, au::Config{.base_url = std::move(base_url), .access_token = std::move(access_token)}) {}
  webapi::AnyTransport transport;
  std::int64_t other;
  au::Client<webapi::AnyTransport> client;

  /// Whether `other` is in the token holder's followings list.
  bool listed() {
    auto followings = client.get_me_followings({.limit = 200});
    BOOST_REQUIRE_MESSAGE(followings, (followings ? "" : followings.error().what()));
    return std::any_of(followings->begin(), followings->end(),
                       [&](const au::UsersListItem& u) { return u.id && *u.id == other; });
  }

  /// Whether the single-following read finds `other` (404 when not followed).
  bool read_as_followed() {
    auto one = client.get_me_followings_user_id(other);
    if (one) {
      BOOST_TEST(one->id.value_or(0) == other);
      return true;
    }
    BOOST_TEST(one.error().status == 404);
    return false;
  }

  void follow() {
    auto r = client.put_me_followings_user_id(other);
    BOOST_REQUIRE_MESSAGE(r, "following " << other << ": " << (r ? "" : r.error().what()));
  }
  void unfollow() {
    auto r = client.delete_me_followings_user_id(other);
    BOOST_REQUIRE_MESSAGE(r, "unfollowing " << other << ": " << (r ? "" : r.error().what()));
  }
};

/// A follow shows in the list and the single read, twice is once; an unfollow clears both, twice is
/// harmless; whichever the first state was, the account ends in it.
inline void follow_toggles_restore_the_first_state(Target& t) {
  const bool first = t.listed();
  BOOST_TEST(t.read_as_followed() == first);

  for (int i = 0; i < 2; ++i) t.follow();
  BOOST_TEST(t.listed());
  BOOST_TEST(t.read_as_followed());

  for (int i = 0; i < 2; ++i) t.unfollow();
  BOOST_TEST(!t.listed());
  BOOST_TEST(!t.read_as_followed());

  if (first) t.follow();
  BOOST_TEST(t.listed() == first);
}

/// Following oneself is refused (400) and leaves the followings list without oneself.
inline void following_oneself_is_refused(Target& t) {
  auto me = t.client.get_me();
  BOOST_REQUIRE_MESSAGE(me, (me ? "" : me.error().what()));
  const std::int64_t self = me->id.value_or(0);
  auto refused = t.client.put_me_followings_user_id(self);
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().status == 400);
  auto followings = t.client.get_me_followings({.limit = 200});
  BOOST_REQUIRE(followings);
  BOOST_TEST(std::none_of(followings->begin(), followings->end(),
                          [&](const au::UsersListItem& u) { return u.id && *u.id == self; }));
}

}  // namespace test::audio_contract
