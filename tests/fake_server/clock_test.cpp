// The fake clock: frozen in process by default, following real time when told (as served fakes are).
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <thread>

#include <webapi/fakes/core/clock.hpp>

using namespace std::chrono_literals;
using webapi::fakes::ManualClock;

BOOST_AUTO_TEST_SUITE(fake_clock)

BOOST_AUTO_TEST_CASE(in_process_it_stands_at_the_fixed_start_until_moved) {
  ManualClock c;
  BOOST_TEST(c.frozen());
  BOOST_TEST((c.now() == ManualClock::default_start()));
  std::this_thread::sleep_for(20ms);
  BOOST_TEST((c.now() == ManualClock::default_start()));
  c.advance(90s);
  BOOST_TEST((c.now() == ManualClock::default_start() + 90s));
}

BOOST_AUTO_TEST_CASE(following_real_time_it_moves_and_keeps_what_it_was_moved_by) {
  ManualClock c;
  c.follow_real_time();  // from 2024-01-01, running
  BOOST_TEST(!c.frozen());
  auto a = c.now();
  std::this_thread::sleep_for(30ms);
  auto b = c.now();
  BOOST_TEST((b - a >= 25ms));
  BOOST_TEST((b - ManualClock::default_start() < 10s));  // it went on from its reading, not from the wall

  c.advance(1h);
  BOOST_TEST((c.now() - b >= 1h));
  const auto t = ManualClock::default_start() + std::chrono::days(400);
  c.set(t);
  BOOST_TEST((c.now() >= t));
  BOOST_TEST((c.now() - t < 5s));
}

BOOST_AUTO_TEST_CASE(freeze_stops_it_at_its_reading) {
  ManualClock c;
  c.set_real_time_by_default(true);
  c.reset();
  BOOST_TEST(!c.frozen());
  auto wall = std::chrono::system_clock::now();
  BOOST_TEST((c.now() - wall < 5s));
  c.freeze();
  auto a = c.now();
  std::this_thread::sleep_for(20ms);
  BOOST_TEST((c.now() == a));
  c.advance(-30s);
  BOOST_TEST((c.now() == a - 30s));
}

BOOST_AUTO_TEST_CASE(reset_comes_back_to_the_default_mode) {
  ManualClock c;
  c.follow_real_time();
  c.advance(5h);
  c.reset();
  BOOST_TEST(c.frozen());
  BOOST_TEST((c.now() == ManualClock::default_start()));

  c.set_real_time_by_default(true);
  c.freeze();
  c.set(ManualClock::default_start());
  c.reset();
  BOOST_TEST(!c.frozen());
  BOOST_TEST((c.now() - std::chrono::system_clock::now() < 5s));
}

BOOST_AUTO_TEST_SUITE_END()
