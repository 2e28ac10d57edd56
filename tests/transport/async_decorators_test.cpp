// The decorators' asynchronous forms: Retrying waits on a timer (a retry that succeeds, two retrying sends
// overlapping on one thread, a cancellation during a wait), Logging writes the blocking form's lines,
// Recording and CannedTransport record and answer, RenewOnRefusal resends after a 401, AnyTransport erases
// async_send (and says so for a transport without one), and a deadline made with awaitable_operators' `||`
// and a timer cancels a slow call.

#define BOOST_TEST_MODULE async_decorators
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <deque>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/async_transport.hpp>
#include <webapi/core/credentials.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/fakes/quotes.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/transport/logging.hpp>
#include <webapi/transport/retrying.hpp>

using namespace std::chrono_literals;
namespace asio = boost::asio;
using webapi::Request;
using webapi::Response;
using webapi::Result;

namespace {

/// Answers from a script in both forms, one entry per call, and keeps the requests; the asynchronous form
/// completes on the handler's executor.
struct Scripted {
  std::deque<Result<Response>> script;
  std::vector<Request> received;
  Result<Response> send(const Request& r) {
    received.push_back(r);
    if (script.empty()) return Response{.status = 200, .headers = {}, .body = "default"};
    Result<Response> next = script.front();
    script.pop_front();
    return next;
  }
  template <class Token>
  auto async_send(Request request, Token&& token) {
    return asio::async_initiate<Token, webapi::SendSignature>(
        [this](auto handler, Request request) {
          webapi::detail::AsyncGlue<decltype(handler)>::complete_later(std::move(handler), send(request));
        },
        token, std::move(request));
  }
};

/// A transport with no asynchronous form.
struct BlockingOnly {
  Result<Response> send(const Request&) { return Response{.status = 204, .headers = {}, .body = {}}; }
};

Request get(std::string path = "/qod") {
  Request r;
  r.method = webapi::Method::get;
  r.base_url = "http://fake";
  r.path = std::move(path);
  r.operation = "get_qod";
  return r;
}

Response status(int s) { return Response{.status = s, .headers = {}, .body = {}}; }

/// Runs `send(callback)` on an io_context and returns what the callback got.
template <class Send>
Result<Response> run(asio::io_context& io, Send send) {
  std::optional<Result<Response>> got;
  send(asio::bind_executor(io, [&](Result<Response> r) { got = std::move(r); }));
  io.restart();
  io.run();
  BOOST_REQUIRE(got.has_value());
  return *std::move(got);
}

webapi::RetryPolicy quick(std::chrono::milliseconds backoff) {
  return {.max_attempts = 4, .initial_backoff = backoff, .multiplier = 1.0, .jitter = 0.0};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(async_retrying)

BOOST_AUTO_TEST_CASE(a_retry_that_succeeds_waits_between_tries_and_answers_the_last) {
  Scripted inner{{status(503), status(503), status(200)}, {}};
  webapi::Retrying retrying{inner, quick(30ms)};
  asio::io_context io;
  const auto start = std::chrono::steady_clock::now();
  auto r = run(io, [&](auto h) { retrying.async_send(get(), h); });
  BOOST_TEST((std::chrono::steady_clock::now() - start >= 60ms));
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST(r->status == 200);
  BOOST_TEST(inner.received.size() == 3u);
}

BOOST_AUTO_TEST_CASE(waits_block_no_thread_so_two_retrying_sends_overlap) {
  Scripted inner{{status(503), status(503), status(200), status(200)}, {}};
  webapi::Retrying retrying{inner, quick(150ms)};
  asio::io_context io;
  int done = 0;
  auto count = asio::bind_executor(io, [&](Result<Response> r) { done += r && r->status == 200; });
  const auto start = std::chrono::steady_clock::now();
  retrying.async_send(get(), count);
  retrying.async_send(get(), count);
  io.run();
  BOOST_TEST(done == 2);
  BOOST_TEST((std::chrono::steady_clock::now() - start < 290ms));  // one wait each, side by side
}

BOOST_AUTO_TEST_CASE(cancelling_during_a_wait_ends_it_with_cancelled) {
  Scripted inner{{status(503), status(503)}, {}};
  webapi::Retrying retrying{inner, quick(10s)};
  asio::io_context io;
  asio::cancellation_signal signal;
  asio::steady_timer later(io, 20ms);
  later.async_wait([&](auto) { signal.emit(asio::cancellation_type::terminal); });
  const auto start = std::chrono::steady_clock::now();
  auto r = run(io, [&](auto h) { retrying.async_send(get(), asio::bind_cancellation_slot(signal.slot(), h)); });
  BOOST_TEST((std::chrono::steady_clock::now() - start < 5s));
  BOOST_REQUIRE(!r.has_value());
  BOOST_TEST(webapi::transport_failure(r.error()) == webapi::TransportFailure::cancelled);
  BOOST_TEST(r.error().transport_phase == webapi::TransportPhase::receive);  // the first try was answered
  BOOST_TEST(inner.received.size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_request_that_is_not_idempotent_is_not_retried_after_an_answer) {
  Scripted inner{{status(503), status(200)}, {}};
  webapi::Retrying retrying{inner, quick(1ms)};
  asio::io_context io;
  Request post = get();
  post.method = webapi::Method::post;
  auto r = run(io, [&](auto h) { retrying.async_send(post, h); });
  BOOST_TEST(r->status == 503);
  BOOST_TEST(inner.received.size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(logging_writes_the_lines_the_blocking_form_writes) {
  webapi::fakes::quotes::Fake blocking_fake, async_fake;
  std::string key_b = blocking_fake.add_api_key("alice"), key_a = async_fake.add_api_key("alice");
  BOOST_REQUIRE(key_a == key_b);
  async_fake.fail_next(1, 503);
  blocking_fake.fail_next(1, 503);
  std::vector<std::string> blocking_lines, async_lines;
  webapi::Logging blocking{blocking_fake, [&](std::string_view l) { blocking_lines.emplace_back(l); }};
  webapi::Logging async{async_fake, [&](std::string_view l) { async_lines.emplace_back(l); }};
  Request r = get();
  r.query.push_back({"api_key", key_a});
  r.secrets.push_back("api_key");
  asio::io_context io;
  for (int i = 0; i < 2; ++i) {
    (void)blocking.send(r);
    (void)run(io, [&](auto h) { async.async_send(r, h); });
  }
  BOOST_REQUIRE(async_lines.size() == 2u);
  const std::regex elapsed(" in [0-9]+ ms");
  for (std::size_t i = 0; i < 2; ++i)
    BOOST_TEST(std::regex_replace(async_lines[i], elapsed, "") == std::regex_replace(blocking_lines[i], elapsed, ""));
  BOOST_TEST(async_lines[0].find("-> 503") != std::string::npos);
  BOOST_TEST(async_lines[0].find(key_a) == std::string::npos);  // the credential is redacted
}

BOOST_AUTO_TEST_CASE(recording_and_canned_answer_asynchronously) {
  webapi::CannedTransport canned{status(201)};
  webapi::Recording recording{canned};
  asio::io_context io;
  auto r = run(io, [&](auto h) { recording.async_send(get("/made"), h); });
  BOOST_TEST(r->status == 201);
  BOOST_TEST(recording.size() == 1u);
  BOOST_TEST(canned.last()->path == "/made");
}

BOOST_AUTO_TEST_CASE(renew_on_refusal_resends_once_after_a_401) {
  Scripted inner{{status(401), status(200)}, {}};
  int renewed = 0;
  webapi::RenewOnRefusal renewing{inner, [&](Request& r) {
                                    ++renewed;
                                    r.headers.set("Authorization", "Bearer fresh");
                                    return true;
                                  }};
  asio::io_context io;
  auto r = run(io, [&](auto h) { renewing.async_send(get(), h); });
  BOOST_TEST(r->status == 200);
  BOOST_TEST(renewed == 1);
  BOOST_REQUIRE(inner.received.size() == 2u);
  BOOST_TEST(*inner.received[1].headers.get("Authorization") == "Bearer fresh");
}

BOOST_AUTO_TEST_SUITE(async_any_transport)

BOOST_AUTO_TEST_CASE(erases_the_asynchronous_form_even_of_a_decorator_that_waits) {
  Scripted inner{{status(503), status(200)}, {}};
  webapi::Retrying retrying{inner, quick(20ms)};
  webapi::AnyTransport any{retrying};
  BOOST_TEST(any.has_async_form());
  asio::io_context io;
  bool on_io_thread = false;
  auto r = run(io, [&](auto h) {
    any.async_send(get(), asio::bind_executor(io, [&, h](Result<Response> r) mutable {
                     on_io_thread = io.get_executor().running_in_this_thread();
                     h(std::move(r));
                   }));
  });
  BOOST_TEST(r->status == 200);
  BOOST_TEST(on_io_thread);
  BOOST_TEST(inner.received.size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_transport_without_one_completes_with_invalid_argument) {
  BlockingOnly blocking;
  webapi::AnyTransport any{blocking};
  BOOST_TEST(!any.has_async_form());
  BOOST_TEST(any.send(get())->status == 204);
  asio::io_context io;
  auto r = run(io, [&](auto h) { any.async_send(get(), h); });
  BOOST_REQUIRE(!r.has_value());
  BOOST_TEST(int(r.error().kind) == int(webapi::ErrorKind::invalid_argument));
  BOOST_TEST(r.error().message.find("no asynchronous form") != std::string::npos);
  BOOST_TEST(r.error().operation == "get_qod");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(a_deadline_made_with_a_timer_cancels_a_slow_call) {
  using namespace asio::experimental::awaitable_operators;
  webapi::fakes::quotes::Fake fake;
  fake.set_latency(10s);
  asio::io_context io;
  std::optional<std::size_t> winner;
  const auto start = std::chrono::steady_clock::now();
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        asio::steady_timer deadline(co_await asio::this_coro::executor, 30ms);
        auto send = fake.async_send(get(), asio::use_awaitable);
        auto wait = deadline.async_wait(asio::use_awaitable);
        auto first = co_await (std::move(send) || std::move(wait));
        winner = first.index();
      },
      [](std::exception_ptr e) {
        if (e) std::rethrow_exception(e);
      });
  io.run();
  BOOST_TEST((std::chrono::steady_clock::now() - start < 5s));
  BOOST_TEST((winner == 1u));           // the deadline
  BOOST_TEST(fake.requests().empty());  // the call was cancelled before the fake handled it
}
