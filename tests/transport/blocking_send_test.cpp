// BeastTransport::send() from several threads at once: each blocked caller runs its request on an io_context
// of its own (detail/lane.hpp), so no caller waits for another's request, for another thread, or for an
// unrelated event; and the pool's limit holds over all of them.
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

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
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

/// Starts `callers` threads calling send(), caller i asking for /t<i>, each once the one before it has
/// reached the server.
std::vector<std::future<Result<Response>>> callers_one_after_another(BeastTransport& http, const std::string& base,
                                                                     TakingTurns& script, int callers) {
  std::vector<std::future<Result<Response>>> results;
  for (int i = 0; i < callers; ++i) {
    results.push_back(std::async(std::launch::async, [&http, &script, base, i] {
      auto r = http.send(make_request(base, "/t" + std::to_string(i)));
      script.returned(i);
      return r;
    }));
    script.await_arrival(i);
  }
  return results;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(blocking_send)

BOOST_AUTO_TEST_CASE(callers_blocked_in_send_complete_in_any_order) {
  constexpr int callers = 4;
  // In the order the requests arrived, and in reverse: the first caller's request is answered last, after
  // every other caller has returned, so no caller may depend on another to read its answer.
  for (const bool first_answered_first : {true, false}) {
    std::vector<int> order;
    for (int i = 0; i < callers; ++i) order.push_back(first_answered_first ? i : callers - 1 - i);
    TakingTurns script(order);
    LoopbackServer server([&](const BeastRequest& r, const Context&) { return script.answer(r); });
    auto options = local_options();
    options.timeouts.request = 60s;
    options.pool.max_idle_per_host = callers;
    BeastTransport http(options);

    auto results = callers_one_after_another(http, server.base_url(), script, callers);
    all_finish(results, first_answered_first ? "answered first to last" : "answered last to first");
    for (int i = 0; i < callers; ++i) {
      auto r = results[static_cast<std::size_t>(i)].get();
      BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
      BOOST_TEST(r->body == "/t" + std::to_string(i));
    }
    BOOST_TEST(http.idle_connections() == static_cast<std::size_t>(callers));
  }
}

BOOST_AUTO_TEST_CASE(a_caller_held_up_inside_its_own_request_holds_up_no_other) {
  LoopbackServer server(echo_target);
  // The first caller's name lookup (Options::resolver runs where its request runs) waits until the second
  // caller has its answer. Were both requests run by one thread, the second could not complete.
  std::promise<void> first_held, second_done;
  auto released = second_done.get_future().share();
  auto options = local_options();
  options.resolver = [&first_held, released](const std::string&) -> std::vector<std::string> {
    first_held.set_value();
    if (released.wait_for(60s) != std::future_status::ready) {
      std::cerr << "blocking_send: the second caller never completed while the first was held up\n";
      std::_Exit(1);
    }
    return {"127.0.0.1"};
  };
  BeastTransport http(options);
  auto first = std::async(std::launch::async, [&] {
    return http.send(make_request("http://held.test:" + std::to_string(server.port()), "/first"));
  });
  first_held.get_future().wait();
  auto second = http.send(make_request(server.base_url(), "/second"));
  second_done.set_value();
  BOOST_REQUIRE_MESSAGE(second.has_value(), why(second));
  BOOST_TEST(second->body == "/second");
  auto f = first.get();
  BOOST_REQUIRE_MESSAGE(f.has_value(), why(f));
  BOOST_TEST(f->body == "/first");
}

BOOST_AUTO_TEST_CASE(the_pool_limit_holds_over_every_callers_connections) {
  constexpr int callers = 4;
  std::vector<int> order{0, 1, 2, 3};
  TakingTurns script(order);  // holds every request until all four are in: four connections at once
  LoopbackServer server([&](const BeastRequest& r, const Context&) { return script.answer(r); });
  auto options = local_options();
  options.timeouts.request = 60s;
  options.pool.max_idle_per_host = 2;
  BeastTransport http(options);
  auto results = callers_one_after_another(http, server.base_url(), script, callers);
  all_finish(results, "four callers, two idle connections allowed");
  for (auto& r : results) BOOST_TEST(r.get().has_value());
  BOOST_TEST(server.connections() == static_cast<std::size_t>(callers));
  BOOST_TEST(http.idle_connections() == 2u);
  http.close_idle();
  BOOST_TEST(http.idle_connections() == 0u);
}

BOOST_AUTO_TEST_CASE(closing_the_idle_connections_leaves_the_pool_as_new) {
  LoopbackServer server(echo_target);
  auto options = local_options();
  options.pool.max_idle_per_host = 1;
  BeastTransport http(options);
  auto send = [&](const std::string& path) {
    auto r = http.send(make_request(server.base_url(), path));
    BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
    BOOST_TEST(r->body == path);
  };
  send("/a");
  BOOST_TEST(http.idle_connections() == 1u);
  http.close_idle();
  BOOST_TEST(http.idle_connections() == 0u);
  send("/b");  // a new connection, pooled: the closed one no longer counts against the limit
  BOOST_TEST(server.connections() == 2u);
  BOOST_TEST(http.idle_connections() == 1u);
  send("/c");
  BOOST_TEST(server.connections() == 2u);
}

BOOST_AUTO_TEST_CASE(a_lone_caller_keeps_its_connection_beside_asynchronous_sends) {
  LoopbackServer server(echo_target);
  BeastTransport http(local_options());
  for (int i = 0; i < 5; ++i) {
    auto r = http.send(make_request(server.base_url(), "/s" + std::to_string(i)));
    BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
  }
  BOOST_TEST(server.connections() == 1u);  // one thread calling send() in turn finds its connection again
  auto a = http.async_send(make_request(server.base_url(), "/async"), boost::asio::use_future).get();
  BOOST_REQUIRE_MESSAGE(a.has_value(), why(a));
  auto b = http.send(make_request(server.base_url(), "/after"));
  BOOST_REQUIRE_MESSAGE(b.has_value(), why(b));
  // The asynchronous send ran on the transport's own io_context, whose sockets are not the caller's.
  BOOST_TEST(server.connections() == 2u);
  BOOST_TEST(http.idle_connections() == 2u);
}

BOOST_AUTO_TEST_CASE(callers_beside_the_thread_an_asynchronous_send_started) {
  LoopbackServer server(echo_target);
  auto options = local_options();
  options.pool.max_idle_per_host = 8;
  BeastTransport http(options);
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
  // An asynchronous send beside them, still in flight while they run.
  auto beside = http.async_send(make_request(server.base_url(), "/beside"), boost::asio::use_future);
  all_finish(good, "beside an asynchronous send");
  for (auto& g : good) BOOST_TEST(g.get() == each);
  auto b = beside.get();
  BOOST_REQUIRE_MESSAGE(b.has_value(), why(b));
  BOOST_TEST(b->body == "/beside");
}

BOOST_AUTO_TEST_CASE(a_send_from_the_only_thread_running_a_given_executor) {
  LoopbackServer server(echo_target);
  boost::asio::io_context io;
  BeastTransport http(io.get_executor(), local_options());
  // The handler runs on the one thread that runs `io`: the blocking call must not wait for `io`.
  std::optional<Result<Response>> got;
  boost::asio::post(io, [&] { got = http.send(make_request(server.base_url(), "/from-handler")); });
  std::thread runner([&] { io.run(); });
  auto done = std::async(std::launch::async, [&] { runner.join(); });
  if (done.wait_for(60s) != std::future_status::ready) {
    std::cerr << "blocking_send: send() from the thread running the executor never returned\n";
    std::_Exit(1);
  }
  BOOST_REQUIRE(got.has_value());
  BOOST_REQUIRE_MESSAGE(got->has_value(), why(*got));
  BOOST_TEST((*got)->body == "/from-handler");
}

BOOST_AUTO_TEST_CASE(a_send_from_a_completion_handler_of_the_transports_own_thread) {
  LoopbackServer server(echo_target);
  BeastTransport http(local_options());
  // The completion runs on the thread that runs the transport's io_context: a blocking send() or
  // send_all() there runs on that thread, which nothing else would run meanwhile.
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
