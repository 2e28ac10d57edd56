// detail::DeadlineWatch: one timer for the deadlines of many operations, each told when its own passes.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include <webapi/transport/detail/deadline_watch.hpp>

using namespace std::chrono_literals;
using webapi::detail::Clock;
using webapi::detail::DeadlineWatch;

namespace {

/// An entry that records, in `log`, its name, when it was told, and how late.
struct Named final : DeadlineWatch::Entry {
  Named(std::string n, std::vector<std::string>& l) : name(std::move(n)), log(l) {}
  void passed(Clock::time_point at) override {
    told = Clock::now();
    late = told - at;
    log.push_back(name);
  }
  std::string name;
  std::vector<std::string>& log;
  Clock::time_point told{};
  Clock::duration late = Clock::duration::min();
};

struct Watched {
  boost::asio::io_context io;
  std::shared_ptr<DeadlineWatch> watch = std::make_shared<DeadlineWatch>(io.get_executor());
  std::vector<std::string> log;
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(deadline_watch, Watched)

BOOST_AUTO_TEST_CASE(each_entry_is_told_in_the_order_of_its_deadline_never_early) {
  Named late_one("late", log), early("early", log), middle("middle", log), same("same", log);
  const auto t0 = Clock::now();
  watch->enter(late_one, t0 + 120ms);
  watch->enter(early, t0 + 20ms);  // before the one the timer waits for: the timer is set again
  watch->enter(middle, t0 + 60ms);
  watch->enter(same, t0 + 60ms);  // after an entry due at the same moment
  io.run();
  BOOST_TEST(log == (std::vector<std::string>{"early", "middle", "same", "late"}), boost::test_tools::per_element());
  for (const Named* n : {&late_one, &early, &middle, &same}) BOOST_TEST((n->late >= Clock::duration::zero()), n->name);
  // Told at its own deadline, not when the timer would have fired for the entry before it.
  BOOST_TEST((early.told < t0 + 120ms));
}

BOOST_AUTO_TEST_CASE(an_entry_that_left_is_never_told_and_the_last_to_leave_stops_the_timer) {
  Named gone("gone", log), kept("kept", log);
  const auto t0 = Clock::now();
  watch->enter(gone, t0 + 30ms);
  watch->enter(kept, t0 + 60ms);
  watch->leave(gone);
  watch->leave(gone);  // leaving twice is nothing
  io.run();
  BOOST_TEST(log == std::vector<std::string>{"kept"}, boost::test_tools::per_element());

  // An io_context with nothing else to do returns at once once every entry has left: no wait is left
  // behind for a deadline nobody is held to.
  Named far("far", log);
  watch->enter(far, Clock::now() + 5s);
  watch->leave(far);
  io.restart();
  const auto t1 = Clock::now();
  io.run();
  BOOST_TEST((Clock::now() - t1 < 4s));
  BOOST_TEST(log.size() == 1u);
}

BOOST_AUTO_TEST_CASE(entering_again_replaces_the_deadline) {
  Named moved_later("moved later", log), moved_earlier("moved earlier", log), fixed("fixed", log);
  const auto t0 = Clock::now();
  watch->enter(moved_later, t0 + 20ms);
  watch->enter(fixed, t0 + 50ms);
  watch->enter(moved_earlier, t0 + 200ms);
  watch->enter(moved_later, t0 + 100ms);
  watch->enter(moved_earlier, t0 + 10ms);
  io.run();
  BOOST_TEST(log == (std::vector<std::string>{"moved earlier", "fixed", "moved later"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_watch_gone_before_its_timer_fires_leaves_a_harmless_handler) {
  Named entry("entry", log);
  watch->enter(entry, Clock::now() + 10ms);
  watch.reset();  // the timer goes with it; its handler still runs, cancelled, and touches nothing
  io.run();
  BOOST_TEST(log.empty());
}

BOOST_AUTO_TEST_SUITE_END()
