// BeastTransport::async_send: completion tokens, executors, cancellation, deadlines, many coroutines on several
// threads, a send awaited in a coroutine on its transport's thread or another (a generated client's call
// too), and an early answer over TLS.
#include <boost/test/unit_test.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/asio/write.hpp>

#include <webapi/transport.hpp>
#include <webapi/userinfo.hpp>

#include "certs.hpp"
#include "client_support.hpp"
#include "loopback_server.hpp"

using namespace std::chrono_literals;
namespace asio = boost::asio;
using webapi::BeastTransport;
using webapi::Method;
using webapi::Request;
using webapi::Response;
using webapi::Result;
using webapi::TransportFailure;
using webapi::TransportPhase;
using webapi::test::BeastRequest;
using webapi::test::Context;
using webapi::test::echo_target;
using webapi::test::local_options;
using webapi::test::LoopbackServer;
using webapi::test::make_request;
using webapi::test::Reply;
using webapi::test::why;

namespace {

/// local_options() for a transport whose io_context one thread runs, its requests timed out after `request`.
webapi::BeastTransportOptions single_threaded_options(std::chrono::milliseconds request) {
  auto options = local_options();
  options.single_threaded_executor = true;
  options.timeouts.request = request;
  return options;
}

struct AsyncTestPki {
  webapi::test::TestPki ca{"webapi async test CA"};
  webapi::test::KeyAndCert leaf = ca.issue("DNS:localhost,IP:127.0.0.1");
};
const AsyncTestPki& async_pki() {
  static const AsyncTestPki p;
  return p;
}

webapi::BeastTransportOptions async_trusting_options() {
  auto o = local_options();
  o.tls.ca_pem = async_pki().ca.ca_pem();
  return o;
}

/// A server on 127.0.0.1 that hands each accepted socket to `act` on a thread of its own.
class AsyncTcpServer {
 public:
  using Act = std::function<void(webapi::test::tcp::socket&)>;
  explicit AsyncTcpServer(Act act) : acceptor_(io_, {asio::ip::make_address("127.0.0.1"), 0}), act_(std::move(act)) {
    thread_ = std::thread([this] {
      for (;;) {
        webapi::test::tcp::socket s(io_);
        boost::system::error_code ec;
        acceptor_.accept(s, ec);
        if (ec || stopping_) return;
        // Answers leave at once, as from a server that sets TCP_NODELAY: one held back by Nagle's algorithm
        // (while an acknowledgement of the TLS session tickets is delayed) would be thrown away with the
        // unsent queue by a close() that finds the request's body unread and resets the connection.
        s.set_option(webapi::test::tcp::no_delay(true), ec);
        workers_.emplace_back([this, s = std::move(s)]() mutable { act_(s); });
      }
    });
  }
  ~AsyncTcpServer() {
    stopping_ = true;
    boost::system::error_code ec;
    // A connection to ourselves ends the blocking accept.
    webapi::test::tcp::socket wake(io_);
    wake.connect(acceptor_.local_endpoint(), ec);
    thread_.join();
    for (auto& w : workers_) w.join();
  }
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }

 private:
  asio::io_context io_;
  webapi::test::tcp::acceptor acceptor_;
  Act act_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
  std::vector<std::thread> workers_;
};

/// A listener on 127.0.0.1 whose accept queue is full: a connection to it never opens.
class FullListener {
 public:
  explicit FullListener(asio::io_context& io) : acceptor_(io, {asio::ip::make_address("127.0.0.1"), 0}) {
    acceptor_.listen(0);
    for (int i = 0; i < 3; ++i) {
      const int f = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
      const auto to = acceptor_.local_endpoint();
      (void)::connect(f, to.data(), static_cast<socklen_t>(to.size()));
      fillers_.push_back(f);
    }
    std::this_thread::sleep_for(50ms);
  }
  FullListener(const FullListener&) = delete;
  FullListener& operator=(const FullListener&) = delete;
  ~FullListener() {
    for (int f : fillers_) ::close(f);
  }
  std::string base_url() const { return "http://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()); }

 private:
  webapi::test::tcp::acceptor acceptor_;
  std::vector<int> fillers_;
};

/// Reads from `s` until the end of a request head.
template <class Stream>
bool read_request_head(Stream& s) {
  std::string head;
  char c;
  boost::system::error_code ec;
  while (head.find("\r\n\r\n") == std::string::npos) {
    if (s.read_some(asio::buffer(&c, 1), ec) != 1 || ec) return false;
    head += c;
  }
  return true;
}

/// Spawns `coroutines` coroutines on `io`, each sending `each` requests in turn to the echo server at `base`
/// through `http`, and counts in `good` the answers that are their own path.
template <class Counter>
void spawn_echo_senders(asio::io_context& io, BeastTransport& http, const std::string& base, int coroutines, int each,
                        Counter& good) {
  for (int c = 0; c < coroutines; ++c)
    asio::co_spawn(
        io,
        [&http, &base, &good, c, each]() -> asio::awaitable<void> {
          for (int i = 0; i < each; ++i) {
            const std::string path = "/c" + std::to_string(c) + "/" + std::to_string(i);
            auto r = co_await http.async_send(make_request(base, path), asio::use_awaitable);
            if (r && r->body == path) ++good;
          }
        },
        asio::detached);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(async_send)

BOOST_AUTO_TEST_CASE(completes_through_a_callback_use_future_and_use_awaitable) {
  LoopbackServer server(echo_target);

  // On the caller's io_context: nothing runs until the caller runs it.
  asio::io_context io;
  BeastTransport http(io.get_executor(), local_options());
  std::optional<Result<Response>> by_callback;
  auto strand = asio::make_strand(io);
  bool on_strand = false;
  http.async_send(make_request(server.base_url(), "/callback"),
                  asio::bind_executor(strand, [&](Result<Response> r) {
                    on_strand = strand.running_in_this_thread();
                    by_callback.emplace(std::move(r));
                  }));
  BOOST_TEST(!by_callback.has_value());
  io.run();
  BOOST_REQUIRE(by_callback.has_value());
  BOOST_REQUIRE_MESSAGE(by_callback->has_value(), why(*by_callback));
  BOOST_TEST((*by_callback)->body == "/callback");
  BOOST_TEST(on_strand);  // completed on the handler's associated executor

  std::optional<Result<Response>> by_coroutine;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        by_coroutine.emplace(co_await http.async_send(make_request(server.base_url(), "/coroutine"), asio::use_awaitable));
      },
      asio::detached);
  io.restart();
  io.run();
  BOOST_REQUIRE(by_coroutine.has_value());
  BOOST_REQUIRE_MESSAGE(by_coroutine->has_value(), why(*by_coroutine));
  BOOST_TEST((*by_coroutine)->body == "/coroutine");
  BOOST_TEST(http.idle_connections() == 1u);  // both went over one pooled connection
  BOOST_TEST(server.connections() == 1u);

  // On the transport's own io_context, from any thread.
  BeastTransport owned(local_options());
  std::future<Result<Response>> future = owned.async_send(make_request(server.base_url(), "/future"), asio::use_future);
  auto r = future.get();
  BOOST_REQUIRE_MESSAGE(r.has_value(), why(r));
  BOOST_TEST(r->body == "/future");
}

BOOST_AUTO_TEST_CASE(a_cancelled_send_closes_its_connection_and_says_cancelled) {
  std::promise<void> closed;
  AsyncTcpServer server([&](webapi::test::tcp::socket& s) {
    if (!read_request_head(s)) return;
    char c;
    boost::system::error_code ec;
    s.read_some(asio::buffer(&c, 1), ec);  // no answer: waits for the client to go
    if (ec) closed.set_value();
  });
  BeastTransport http(local_options());
  asio::cancellation_signal signal;
  std::promise<Result<Response>> outcome;
  http.async_send(make_request("http://127.0.0.1:" + std::to_string(server.port()), "/slow"),
                  asio::bind_cancellation_slot(signal.slot(), [&](Result<Response> r) { outcome.set_value(std::move(r)); }));
  std::this_thread::sleep_for(200ms);  // connected, request sent, waiting for the answer
  const auto t0 = std::chrono::steady_clock::now();
  signal.emit(asio::cancellation_type::terminal);
  auto res = outcome.get_future().get();
  BOOST_TEST((std::chrono::steady_clock::now() - t0 < 1s));  // not the 5 s request timeout
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::cancelled, res.error().what());
  BOOST_TEST((res.error().transport_phase == TransportPhase::receive));
  BOOST_TEST(!webapi::nothing_was_sent(res.error()));
  BOOST_TEST(res.error().operation == "test_call");
  BOOST_TEST(http.idle_connections() == 0u);
  BOOST_TEST((closed.get_future().wait_for(2s) == std::future_status::ready));  // the socket was closed
}

BOOST_AUTO_TEST_CASE(a_send_cancelled_while_connecting_left_nothing_behind) {
  // The connect hangs until cancelled.
  asio::io_context io;
  FullListener full(io);
  BeastTransport http(local_options());
  asio::cancellation_signal signal;
  std::promise<Result<Response>> outcome;
  http.async_send(make_request(full.base_url()), asio::bind_cancellation_slot(signal.slot(), [&](Result<Response> r) {
                    outcome.set_value(std::move(r));
                  }));
  std::this_thread::sleep_for(100ms);
  signal.emit(asio::cancellation_type::terminal);
  auto res = outcome.get_future().get();
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::cancelled, res.error().what());
  BOOST_TEST((res.error().transport_phase == TransportPhase::connect));
  BOOST_TEST(webapi::nothing_was_sent(res.error()));
}

BOOST_AUTO_TEST_CASE(requests_in_flight_each_end_at_their_own_deadline) {
  // One request waits for an answer that never comes (the request timeout), one started after it for a
  // connection that never opens (the connect timeout, due first): each ends at its own deadline.
  LoopbackServer hanging([](const BeastRequest&, const Context&) { return Reply{.hang = true}; });
  asio::io_context io;
  FullListener full(io);
  auto options = local_options();
  options.timeouts.request = 1500ms;
  options.timeouts.connect = 300ms;
  BeastTransport http(io.get_executor(), options);
  using Clock = std::chrono::steady_clock;
  struct Ended {
    std::optional<Result<Response>> result;
    Clock::duration after{};
  } waiting, connecting;
  const auto t0 = Clock::now();
  auto keep = [&t0](Ended& e) {
    return [&e, &t0](Result<Response> r) {
      e.after = Clock::now() - t0;
      e.result.emplace(std::move(r));
    };
  };
  http.async_send(make_request(hanging.base_url(), "/hang"), keep(waiting));
  asio::steady_timer later(io, 100ms);
  later.async_wait(
      [&](boost::system::error_code) { http.async_send(make_request(full.base_url()), keep(connecting)); });
  io.run();  // returns once both have ended: nothing is left waiting for a deadline
  BOOST_REQUIRE(connecting.result);
  BOOST_REQUIRE(!*connecting.result);
  BOOST_TEST(webapi::transport_failure(connecting.result->error()) == TransportFailure::connect_timeout,
             connecting.result->error().what());
  BOOST_TEST((connecting.after >= 350ms));
  BOOST_TEST((connecting.after < 1300ms));  // not held to the other request's later deadline
  BOOST_REQUIRE(waiting.result);
  BOOST_REQUIRE(!*waiting.result);
  BOOST_TEST(webapi::transport_failure(waiting.result->error()) == TransportFailure::request_timeout,
             waiting.result->error().what());
  BOOST_TEST((waiting.after >= 1450ms));
}

BOOST_AUTO_TEST_CASE(the_callers_io_context_runs_out_of_work_when_its_sends_are_done) {
  // The deadline of a finished request keeps nothing waiting: run() returns with the last answer, not
  // when the request timeout would have passed.
  LoopbackServer server(echo_target);
  auto options = local_options();
  options.timeouts.connect = 60s;
  options.timeouts.request = 60s;
  asio::io_context io;
  BeastTransport http(io.get_executor(), options);
  std::optional<Result<Response>> first, second;
  http.async_send(make_request(server.base_url(), "/first"), [&](Result<Response> r) {
    first.emplace(std::move(r));
    http.async_send(make_request(server.base_url(), "/second"),
                    [&](Result<Response> r2) { second.emplace(std::move(r2)); });
  });
  const auto t0 = std::chrono::steady_clock::now();
  io.run();
  BOOST_TEST((std::chrono::steady_clock::now() - t0 < 30s));
  BOOST_REQUIRE(first && second);
  BOOST_REQUIRE_MESSAGE(first->has_value(), why(*first));
  BOOST_REQUIRE_MESSAGE(second->has_value(), why(*second));
  BOOST_TEST((*second)->body == "/second");
}

BOOST_AUTO_TEST_CASE(many_coroutines_on_several_threads_share_one_transport) {
  for (bool tls : {false, true}) {
    LoopbackServer server(echo_target, tls ? LoopbackServer::Options{.tls = webapi::test::server_tls_context(async_pki().leaf)}
                                           : LoopbackServer::Options{});
    const std::string base = (tls ? "https://127.0.0.1:" : "http://127.0.0.1:") + std::to_string(server.port());
    asio::io_context io;
    auto options = async_trusting_options();
    options.pool.max_idle_per_host = 16;
    BeastTransport http(io.get_executor(), options);
    constexpr int coroutines = 24, each = 6;
    std::atomic<int> good{0};
    spawn_echo_senders(io, http, base, coroutines, each, good);
    std::vector<std::thread> threads;
    for (int t = 0; t < 3; ++t) threads.emplace_back([&] { io.run(); });
    for (auto& t : threads) t.join();
    BOOST_TEST(good.load() == coroutines * each, (tls ? "TLS" : "plain"));
    BOOST_TEST(http.idle_connections() <= 16u);
  }
}

BOOST_AUTO_TEST_CASE(an_io_context_per_thread_each_with_a_transport_of_its_own) {
  // Options::single_threaded_executor: each transport's sends run on its io_context without strands, and
  // still end at their deadlines and when cancelled from another thread.
  LoopbackServer server(echo_target,
                        LoopbackServer::Options{.tls = webapi::test::server_tls_context(async_pki().leaf)});
  LoopbackServer hanging([](const BeastRequest&, const Context&) { return Reply{.hang = true}; });
  const std::string tls = server.base_url();
  constexpr int contexts = 2, coroutines = 8, each = 6;
  struct PerThread {
    asio::io_context io{1};
    std::unique_ptr<BeastTransport> http;
    asio::cancellation_signal cancel;
    std::promise<Result<Response>> cancelled, timed_out;
    int good = 0;  // touched on its io_context's thread only
  };
  std::array<PerThread, contexts> per;
  for (auto& p : per) {
    auto options = async_trusting_options();
    options.single_threaded_executor = true;
    options.pool.max_idle_per_host = coroutines;
    options.timeouts.request = 3s;  // what ends the request to the server that never answers
    p.http = std::make_unique<BeastTransport>(p.io.get_executor(), options);
  }
  for (auto& p : per) {
    spawn_echo_senders(p.io, *p.http, tls, coroutines, each, p.good);
    p.http->async_send(make_request(hanging.base_url(), "/cancelled"),
                       asio::bind_cancellation_slot(p.cancel.slot(),
                                                    [&p](Result<Response> r) { p.cancelled.set_value(std::move(r)); }));
    p.http->async_send(make_request(hanging.base_url(), "/late"),
                       [&p](Result<Response> r) { p.timed_out.set_value(std::move(r)); });
  }
  std::vector<std::thread> threads;
  for (auto& p : per) threads.emplace_back([&p] { p.io.run(); });
  std::this_thread::sleep_for(300ms);  // the requests to the server that never answers are sent
  for (auto& p : per) asio::post(p.io, [&p] { p.cancel.emit(asio::cancellation_type::terminal); });
  for (auto& t : threads) t.join();
  for (auto& p : per) {
    BOOST_TEST(p.good == coroutines * each);
    BOOST_TEST(p.http->idle_connections() <= static_cast<std::size_t>(coroutines));
    auto cancelled = p.cancelled.get_future().get();
    BOOST_REQUIRE(!cancelled);
    BOOST_TEST(webapi::transport_failure(cancelled.error()) == TransportFailure::cancelled, cancelled.error().what());
    auto late = p.timed_out.get_future().get();
    BOOST_REQUIRE(!late);
    BOOST_TEST(webapi::transport_failure(late.error()) == TransportFailure::request_timeout, late.error().what());
  }
}

BOOST_AUTO_TEST_CASE(a_send_awaited_on_its_transports_thread_keeps_its_deadline_and_its_name) {
  // A coroutine on the io_context of a single-threaded transport, with no cancellation slot, awaits the send
  // where it stands: the answer, the deadline, the error's operation and the pass through the io_context's
  // queue are as any other send's.
  LoopbackServer server(echo_target);
  LoopbackServer hanging([](const BeastRequest&, const Context&) { return Reply{.hang = true}; });
  asio::io_context io{1};
  BeastTransport http(io.get_executor(), single_threaded_options(300ms));
  std::optional<Result<Response>> answered, timed_out, refused;
  bool on_io = false, queued_ran = false, queued_ran_first = false;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        answered.emplace(co_await http.async_send(make_request(server.base_url(), "/here"), asio::use_awaitable));
        timed_out.emplace(co_await http.async_send(make_request(hanging.base_url(), "/late"), asio::use_awaitable));
        Request bad = make_request(server.base_url(), "/bad");
        bad.headers.set("X-Bad", "line\r\nbreak");
        // Refused before any I/O, the send still resumes the coroutine through the io_context's queue.
        asio::post(io, [&] { queued_ran = true; });
        refused.emplace(co_await http.async_send(std::move(bad), asio::use_awaitable));
        queued_ran_first = queued_ran;
        on_io = io.get_executor().running_in_this_thread();
      },
      asio::detached);
  io.run();
  BOOST_REQUIRE(answered && timed_out && refused);
  BOOST_REQUIRE_MESSAGE(answered->has_value(), why(*answered));
  BOOST_TEST((*answered)->body == "/here");
  BOOST_REQUIRE(!*timed_out);
  BOOST_TEST(webapi::transport_failure(timed_out->error()) == TransportFailure::request_timeout,
             timed_out->error().what());
  BOOST_TEST(timed_out->error().operation == "test_call");
  BOOST_REQUIRE(!*refused);
  BOOST_TEST(refused->error().operation == "test_call");
  BOOST_TEST(std::string(refused->error().what()).find("X-Bad") != std::string::npos, refused->error().what());
  BOOST_TEST(queued_ran_first);
  BOOST_TEST(on_io);
  BOOST_TEST(http.idle_connections() == 1u);  // the echo server's; the hanging one's was closed
}

BOOST_AUTO_TEST_CASE(a_send_awaited_in_a_cancellable_coroutine_is_cancelled_as_any_other) {
  // The coroutine was spawned with a cancellation slot: its cancellation stops the request as a handler's
  // would, with a `cancelled` error and the connection closed, whatever step the request was waiting in.
  LoopbackServer hanging([](const BeastRequest&, const Context&) { return Reply{.hang = true}; });
  asio::io_context io{1};
  auto options = local_options();
  options.single_threaded_executor = true;
  BeastTransport http(io.get_executor(), options);
  asio::cancellation_signal signal;
  std::optional<Result<Response>> outcome;
  bool threw = true;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        outcome.emplace(co_await http.async_send(make_request(hanging.base_url(), "/slow"), asio::use_awaitable));
      },
      asio::bind_cancellation_slot(signal.slot(), [&](std::exception_ptr e) { threw = e != nullptr; }));
  asio::steady_timer later(io, 200ms);  // connected, request sent, waiting for the answer
  later.async_wait([&](boost::system::error_code) { signal.emit(asio::cancellation_type::terminal); });
  const auto t0 = std::chrono::steady_clock::now();
  io.run();
  BOOST_TEST((std::chrono::steady_clock::now() - t0 < 3s));  // not the request timeout
  BOOST_TEST(!threw);
  BOOST_REQUIRE(outcome);
  BOOST_REQUIRE(!*outcome);
  BOOST_TEST(webapi::transport_failure(outcome->error()) == TransportFailure::cancelled, outcome->error().what());
  BOOST_TEST((outcome->error().transport_phase == TransportPhase::receive));
  BOOST_TEST(http.idle_connections() == 0u);
}

BOOST_AUTO_TEST_CASE(a_send_awaited_on_another_threads_io_context_runs_on_its_transports) {
  // The transport's sends run on its io_context's thread, where it calls its resolver; coroutines on another
  // io_context await them there and resume on their own, deadlines included.
  LoopbackServer server(echo_target);
  LoopbackServer hanging([](const BeastRequest&, const Context&) { return Reply{.hang = true}; });
  asio::io_context transport_io{1}, caller_io{1};
  auto work = asio::make_work_guard(transport_io);
  auto options = local_options();
  options.single_threaded_executor = true;
  options.timeouts.request = 300ms;
  std::atomic<int> looked_up{0}, looked_up_elsewhere{0};
  options.resolver = [&](const std::string&) {
    ++(transport_io.get_executor().running_in_this_thread() ? looked_up : looked_up_elsewhere);
    return std::vector<std::string>{"127.0.0.1"};
  };
  BeastTransport http(transport_io.get_executor(), options);
  const std::string by_name = "http://echo.test:" + std::to_string(server.port());
  std::thread transport_thread([&] { transport_io.run(); });
  constexpr int coroutines = 4, each = 5;
  int good = 0, resumed_at_home = 0;
  std::optional<Result<Response>> late;
  for (int c = 0; c < coroutines; ++c)
    asio::co_spawn(
        caller_io,
        [&, c]() -> asio::awaitable<void> {
          for (int i = 0; i < each; ++i) {
            const std::string path = "/c" + std::to_string(c) + "/" + std::to_string(i);
            auto r = co_await http.async_send(make_request(by_name, path), asio::use_awaitable);
            if (r && r->body == path) ++good;
            if (caller_io.get_executor().running_in_this_thread()) ++resumed_at_home;
          }
          if (c == 0) late.emplace(co_await http.async_send(make_request(hanging.base_url()), asio::use_awaitable));
        },
        asio::detached);
  caller_io.run();
  work.reset();
  transport_thread.join();
  BOOST_TEST(good == coroutines * each);
  BOOST_TEST(resumed_at_home == coroutines * each);
  BOOST_TEST(looked_up.load() > 0);
  BOOST_TEST(looked_up_elsewhere.load() == 0);
  BOOST_REQUIRE(late);
  BOOST_REQUIRE(!*late);
  BOOST_TEST(webapi::transport_failure(late->error()) == TransportFailure::request_timeout, late->error().what());
}

BOOST_AUTO_TEST_CASE(a_clients_call_awaited_on_its_transports_thread_renews_decodes_and_keeps_its_name) {
  // A generated client's call co_awaited on the io_context of a single-threaded transport is one coroutine
  // from the call through the exchange: a refused token is renewed and the request sent once more, the
  // answer decoded, a late answer an error named for the operation.
  std::mutex seen_mutex;
  std::vector<std::string> bearers;
  LoopbackServer server([&](const BeastRequest& r, const Context&) {
    std::lock_guard lock(seen_mutex);
    bearers.push_back(webapi::test::field_of(r, "Authorization"));
    if (bearers.size() == 1) return Reply{.status = 401};
    return Reply{.headers = {{"Content-Type", "application/json"}}, .body = R"({"email":"ada@analytical.example"})"};
  });
  LoopbackServer hanging([](const BeastRequest&, const Context&) { return Reply{.hang = true}; });
  asio::io_context io{1};
  BeastTransport http(io.get_executor(), single_threaded_options(300ms));
  int fetches = 0;
  webapi::Credential token = webapi::refreshing_token(
      [&]() -> Result<webapi::AccessToken> { return webapi::AccessToken{"token-" + std::to_string(++fetches)}; });
  webapi::userinfo::Client<BeastTransport> client{http, {.base_url = server.base_url(), .access_token = token}};
  webapi::userinfo::Client<BeastTransport> late{http, {.base_url = hanging.base_url(), .access_token = token}};
  std::optional<Result<webapi::userinfo::Userinfo>> answered, timed_out;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        answered.emplace(co_await client.async_oauth2_userinfo_get(asio::use_awaitable));
        timed_out.emplace(co_await late.async_oauth2_userinfo_get(asio::use_awaitable));
      },
      asio::detached);
  io.run();
  BOOST_REQUIRE(answered && timed_out);
  BOOST_REQUIRE_MESSAGE(answered->has_value(), why(*answered));
  BOOST_TEST((*answered)->email.value_or("") == "ada@analytical.example");
  {
    std::lock_guard lock(seen_mutex);
    BOOST_TEST(bearers == (std::vector<std::string>{"Bearer token-1", "Bearer token-2"}),
               boost::test_tools::per_element());
  }
  BOOST_REQUIRE(!*timed_out);
  BOOST_TEST(webapi::transport_failure(timed_out->error()) == TransportFailure::request_timeout,
             timed_out->error().what());
  BOOST_TEST(timed_out->error().operation == "oauth2_userinfo_get");
  BOOST_TEST(http.idle_connections() == 1u);  // the answering server's, used for both of its requests
}

BOOST_AUTO_TEST_CASE(an_early_answer_over_tls_is_the_answer) {
  // The server reads the head only, answers 413 and then stays silent without reading (first connection) or
  // closes (second): either way the client stops writing the 8 MiB body and returns the answer at once.
  // Shared with the stream: an upload stopped early may still be inside BodyStream::write until it hands
  // over its next piece.
  const auto body = std::make_shared<const std::string>(8 * 1024 * 1024, 'x');
  std::atomic<int> accepted{0};
  auto ctx = webapi::test::server_tls_context(async_pki().leaf);
  AsyncTcpServer server([&](webapi::test::tcp::socket& raw) {
    const int n = ++accepted;
    asio::ssl::stream<webapi::test::tcp::socket&> s(raw, *ctx);
    boost::system::error_code ec;
    s.handshake(asio::ssl::stream_base::server, ec);
    if (ec || !read_request_head(s)) return;
    const std::string answer =
        "HTTP/1.1 413 Content Too Large\r\nContent-Length: 8\r\nConnection: close\r\n\r\ntoo much";
    asio::write(s, asio::buffer(answer), ec);
    if (n == 1) std::this_thread::sleep_for(2s);
    raw.close(ec);
  });
  BeastTransport http(async_trusting_options());
  for (bool streamed : {false, true}) {
    Request r = make_request("https://127.0.0.1:" + std::to_string(server.port()), "/upload", Method::post);
    r.content_type = "application/octet-stream";
    if (streamed) {
      auto stream = std::make_shared<webapi::BodyStream>();
      stream->size = body->size();
      stream->write = [body](const webapi::BodyStream::Sink& sink) -> std::string {
        std::string_view all = *body;
        for (std::size_t at = 0; at < all.size(); at += 64 * 1024)
          if (!sink(all.substr(at, 64 * 1024))) break;
        return {};
      };
      r.body_stream = stream;
    } else {
      r.body = *body;
    }
    const auto t0 = std::chrono::steady_clock::now();
    auto res = http.send(r);
    const auto took = std::chrono::steady_clock::now() - t0;
    BOOST_REQUIRE_MESSAGE(res.has_value(), (streamed ? "streamed: " : "whole: ") << why(res));
    BOOST_TEST(res->status == 413);
    BOOST_TEST(res->body == "too much");
    BOOST_TEST((took < 1500ms));  // not after the first server's silence ended
    BOOST_TEST(http.idle_connections() == 0u);
  }
}

BOOST_AUTO_TEST_SUITE_END()
