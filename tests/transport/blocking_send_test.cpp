// BeastTransport::send() from several threads at once on a transport that owns its io_context: whichever
// thread happens to run the io_context completes the others' requests, and each blocked caller must be woken
// by its own completion or be handed the turn to run the io_context; nothing may wait for an unrelated event.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <future>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/use_future.hpp>

#include <webapi/transport.hpp>

#include "client_support.hpp"
#include "loopback_server.hpp"

using namespace std::chrono_literals;
using webapi::BeastTransport;
using webapi::Response;
using webapi::Result;
using webapi::test::BeastRequest;
using webapi::test::Context;
using webapi::test::echo_target;
using webapi::test::local_options;
using webapi::test::LoopbackServer;
using webapi::test::make_request;
using webapi::test::Reply;
using webapi::test::why;

namespace {

/// A server script for `callers` threads, caller i asking for /t<i>: every request is held until all have
/// arrived, then they are answered one at a time in `order`, each only once the caller answered before it
/// has returned from send(). So at every moment exactly one request can complete, and it completes only if
/// its caller (or whoever runs the io_context for it) is awake to read the answer.
class TakingTurns {
 public:
  explicit TakingTurns(std::vector<int> order) : order_(std::move(order)), returned_(order_.size(), false) {}

  Reply answer(const BeastRequest& request) {
    const int caller = std::stoi(std::string(request.target().substr(2)));
    std::unique_lock lock(mutex_);
    arrived_.push_back(caller);
    changed_.notify_all();
    // Bounded, so that a broken transport fails the test instead of keeping the server thread forever.
    changed_.wait_for(lock, 60s, [&] {
      if (arrived_.size() < order_.size()) return false;
      for (int turn : order_) {
        if (turn == caller) return true;
        if (!returned_[static_cast<std::size_t>(turn)]) return false;
      }
      return false;
    });
    return Reply{.body = std::string(request.target())};
  }

  /// Waits until caller `i`'s request reached the server.
  void await_arrival(int caller) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, 60s, [&] { return std::find(arrived_.begin(), arrived_.end(), caller) != arrived_.end(); });
  }

  void returned(int caller) {
    std::lock_guard lock(mutex_);
    returned_[static_cast<std::size_t>(caller)] = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<int> order_;
  std::vector<int> arrived_;
  std::vector<bool> returned_;
};

/// Waits for every future, or fails the whole run: a caller that was never woken stays blocked in send(),
/// and its thread could not be joined.
template <class T>
void all_finish(std::vector<std::future<T>>& futures, const char* what) {
  for (auto& f : futures)
    if (f.wait_for(60s) != std::future_status::ready) {
      std::cerr << "blocking_send: " << what << ": a caller never returned from send()\n";
      std::_Exit(1);
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(blocking_send)

BOOST_AUTO_TEST_CASE(callers_blocked_in_send_are_woken_and_handed_the_turn) {
  constexpr int callers = 4;
  // In the order the requests arrived: the first caller, which runs the io_context, is answered first and
  // must hand the turn on before it returns. In reverse: the first caller's request is answered last, and it
  // completes the others' requests, each of which must wake its own caller.
  for (const bool first_answered_first : {true, false}) {
    std::vector<int> order;
    for (int i = 0; i < callers; ++i) order.push_back(first_answered_first ? i : callers - 1 - i);
    TakingTurns script(order);
    LoopbackServer server([&](const BeastRequest& r, const Context&) { return script.answer(r); });
    auto options = local_options();
    options.timeouts.request = 60s;
    options.pool.max_idle_per_host = callers;
    BeastTransport http(options);

    std::vector<std::future<Result<Response>>> results;
    for (int i = 0; i < callers; ++i) {
      results.push_back(std::async(std::launch::async, [&, i] {
        auto r = http.send(make_request(server.base_url(), "/t" + std::to_string(i)));
        script.returned(i);
        return r;
      }));
      // One at a time: caller 0 finds nobody running the io_context, the others find it running.
      script.await_arrival(i);
    }
    all_finish(results, first_answered_first ? "answered first to last" : "answered last to first");
    for (int i = 0; i < callers; ++i) {
      auto r = results[static_cast<std::size_t>(i)].get();
      BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
      BOOST_TEST(r->body == "/t" + std::to_string(i));
    }
  }
}

BOOST_AUTO_TEST_CASE(callers_are_woken_by_the_thread_an_asynchronous_send_started) {
  LoopbackServer server(echo_target);
  auto options = local_options();
  options.pool.max_idle_per_host = 8;
  BeastTransport http(options);
  // The first asynchronous send starts the transport's thread, which runs the io_context from then on: the
  // blocking callers' requests complete there, and each completion must wake its caller.
  auto first = http.async_send(make_request(server.base_url(), "/async"), boost::asio::use_future).get();
  BOOST_REQUIRE_MESSAGE(first.has_value(), why(first));

  constexpr int callers = 3, each = 30;
  std::vector<std::future<int>> good;
  for (int t = 0; t < callers; ++t)
    good.push_back(std::async(std::launch::async, [&, t] {
      int n = 0;
      for (int i = 0; i < each; ++i) {
        const std::string path = "/c" + std::to_string(t) + "/" + std::to_string(i);
        auto r = http.send(make_request(server.base_url(), path));
        if (r && r->body == path) ++n;
      }
      return n;
    }));
  // An asynchronous send beside them, still in flight while they wait.
  auto beside = http.async_send(make_request(server.base_url(), "/beside"), boost::asio::use_future);
  all_finish(good, "after an asynchronous send");
  for (auto& g : good) BOOST_TEST(g.get() == each);
  auto b = beside.get();
  BOOST_REQUIRE_MESSAGE(b.has_value(), why(b));
  BOOST_TEST(b->body == "/beside");
}

BOOST_AUTO_TEST_CASE(a_send_from_a_handler_of_the_transports_own_io_context_runs_it_there) {
  LoopbackServer server(echo_target);
  BeastTransport http(local_options());
  // The completion runs on the thread that runs the transport's io_context, which holds the turn: a blocking
  // send() or send_all() there runs the io_context further on that thread.
  using Both = std::pair<Result<Response>, std::vector<Result<Response>>>;
  std::promise<Both> nested;
  http.async_send(make_request(server.base_url(), "/outer"), [&](Result<Response>) {
    auto one = http.send(make_request(server.base_url(), "/inner"));
    const std::vector<webapi::Request> two{make_request(server.base_url(), "/a"), make_request(server.base_url(), "/b")};
    nested.set_value({std::move(one), http.send_all(two)});
  });
  auto f = nested.get_future();
  if (f.wait_for(60s) != std::future_status::ready) {
    std::cerr << "blocking_send: a send() inside a completion handler never returned\n";
    std::_Exit(1);
  }
  auto [one, all] = f.get();
  BOOST_REQUIRE_MESSAGE(one.has_value(), why(one));
  BOOST_TEST(one->body == "/inner");
  BOOST_REQUIRE(all.size() == 2u);
  BOOST_REQUIRE_MESSAGE(all[0].has_value(), why(all[0]));
  BOOST_REQUIRE_MESSAGE(all[1].has_value(), why(all[1]));
  BOOST_TEST(all[0]->body == "/a");
  BOOST_TEST(all[1]->body == "/b");

  // And from a caller blocked in send() at the same time, on another thread.
  std::promise<Result<Response>> beside_nested;
  http.async_send(make_request(server.base_url(), "/outer2"), [&](Result<Response>) {
    beside_nested.set_value(http.send(make_request(server.base_url(), "/inner2")));
  });
  auto plain = http.send(make_request(server.base_url(), "/plain"));
  BOOST_REQUIRE_MESSAGE(plain.has_value(), why(plain));
  BOOST_TEST(plain->body == "/plain");
  auto f2 = beside_nested.get_future();
  if (f2.wait_for(60s) != std::future_status::ready) {
    std::cerr << "blocking_send: a send() inside a completion handler never returned\n";
    std::_Exit(1);
  }
  auto inner2 = f2.get();
  BOOST_REQUIRE_MESSAGE(inner2.has_value(), why(inner2));
  BOOST_TEST(inner2->body == "/inner2");
}

BOOST_AUTO_TEST_SUITE_END()
