// A fake's async_send(): the blocking send()'s answer and journal, completed on the handler's executor and
// never inside the call; injected latency waits on a timer (two calls overlap on one thread), and a
// cancellation during that wait completes with TransportFailure::cancelled.

#include <chrono>
#include <future>
#include <optional>
#include <string>
#include <thread>

#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/fakes/quotes.hpp>
#include <webapi/core/transport_error.hpp>

using namespace std::chrono_literals;
namespace asio = boost::asio;

namespace fake_async_send {

webapi::Request qod(const std::string& key) {
  webapi::Request r;
  r.method = webapi::Method::get;
  r.base_url = "http://fake";
  r.path = "/qod";
  r.operation = "get_qod";
  r.headers.set("X-Service-Api-Secret", key);
  return r;
}

webapi::Request create(const std::string& key, std::string text) {
  webapi::Request r = qod(key);
  r.method = webapi::Method::put;
  r.path = "/quote";
  r.operation = "put_quote";
  r.query.push_back({"quote", std::move(text)});
  return r;
}

struct Seeded {
  webapi::fakes::quotes::Fake fake;
  std::string key = fake.add_api_key("alice");
};

BOOST_AUTO_TEST_SUITE(fake_async_send)

BOOST_AUTO_TEST_CASE(answers_as_send_does_on_the_handlers_executor_and_never_inside_the_call) {
  Seeded blocking, async;
  asio::io_context io;
  std::optional<webapi::Result<webapi::Response>> got;
  bool on_io_thread = false;
  async.fake.async_send(create(async.key, "Patience is bitter."), asio::bind_executor(io, [&](webapi::Result<webapi::Response> r) {
                          on_io_thread = io.get_executor().running_in_this_thread();
                          got = std::move(r);
                        }));
  BOOST_TEST(!got.has_value());  // not inside async_send
  io.run();
  BOOST_REQUIRE(got.has_value());
  BOOST_TEST(on_io_thread);
  auto want = blocking.fake.send(create(blocking.key, "Patience is bitter."));
  BOOST_REQUIRE(want.has_value());
  BOOST_REQUIRE(got->has_value());
  BOOST_TEST((*got)->status == want->status);
  BOOST_TEST((*got)->body == want->body);
  BOOST_TEST(async.fake.requests().size() == blocking.fake.requests().size());
  BOOST_TEST(async.fake.requests().back().operation == blocking.fake.requests().back().operation);
}

BOOST_AUTO_TEST_CASE(an_injected_error_is_the_same_in_both_forms) {
  Seeded blocking, async;
  blocking.fake.drop_next(1);
  async.fake.drop_next(1);
  asio::io_context io;
  std::optional<webapi::Result<webapi::Response>> got;
  async.fake.async_send(qod(async.key), asio::bind_executor(io, [&](auto r) { got = std::move(r); }));
  io.run();
  auto want = blocking.fake.send(qod(blocking.key));
  BOOST_REQUIRE(got.has_value() && !got->has_value() && !want.has_value());
  BOOST_TEST(got->error().message == want.error().message);
  BOOST_TEST(webapi::transport_failure(got->error()) == webapi::transport_failure(want.error()));
}

BOOST_AUTO_TEST_CASE(latency_waits_on_a_timer_so_two_calls_overlap_on_one_thread) {
  Seeded s;
  s.fake.set_latency(150ms);
  asio::io_context io;
  int done = 0;
  auto count = asio::bind_executor(io, [&](webapi::Result<webapi::Response> r) { done += r.has_value() ? 1 : 0; });
  const auto start = std::chrono::steady_clock::now();
  s.fake.async_send(qod(s.key), count);
  s.fake.async_send(qod(s.key), count);
  io.run();
  const auto elapsed = std::chrono::steady_clock::now() - start;
  BOOST_TEST(done == 2);
  BOOST_TEST((elapsed >= 150ms));
  BOOST_TEST((elapsed < 290ms));  // sleeping would take 300 ms on the one thread
}

BOOST_AUTO_TEST_CASE(cancelling_during_the_latency_completes_with_cancelled_and_handles_nothing) {
  Seeded s;
  s.fake.set_latency(10s);
  asio::io_context io;
  asio::cancellation_signal signal;
  std::optional<webapi::Result<webapi::Response>> got;
  const auto start = std::chrono::steady_clock::now();
  s.fake.async_send(create(s.key, "Never stored."),
                    asio::bind_cancellation_slot(signal.slot(), asio::bind_executor(io, [&](auto r) { got = std::move(r); })));
  asio::steady_timer later(io, 20ms);
  later.async_wait([&](auto) { signal.emit(asio::cancellation_type::terminal); });
  io.run();
  BOOST_TEST((std::chrono::steady_clock::now() - start < 5s));
  BOOST_REQUIRE(got.has_value() && !got->has_value());
  BOOST_TEST(webapi::transport_failure(got->error()) == webapi::TransportFailure::cancelled);
  BOOST_TEST(got->error().transport_phase == webapi::TransportPhase::connect);
  BOOST_TEST(webapi::nothing_was_sent(got->error()));
  BOOST_TEST(s.fake.requests().empty());  // the fake never handled it
}

BOOST_AUTO_TEST_CASE(cancelling_an_answer_held_back_by_a_latency_fault_says_it_was_handled) {
  Seeded s;
  s.fake.add_fault({.kind = webapi::fakes::Fault::latency, .delay = 10s});
  asio::io_context io;
  asio::cancellation_signal signal;
  std::optional<webapi::Result<webapi::Response>> got;
  s.fake.async_send(create(s.key, "Stored, answer held back."),
                    asio::bind_cancellation_slot(signal.slot(), asio::bind_executor(io, [&](auto r) { got = std::move(r); })));
  asio::steady_timer later(io, 20ms);
  later.async_wait([&](auto) { signal.emit(asio::cancellation_type::partial); });
  io.run();
  BOOST_REQUIRE(got.has_value() && !got->has_value());
  BOOST_TEST(webapi::transport_failure(got->error()) == webapi::TransportFailure::cancelled);
  BOOST_TEST(got->error().transport_phase == webapi::TransportPhase::receive);
  BOOST_TEST(!webapi::nothing_was_sent(got->error()));
  BOOST_TEST(s.fake.requests().size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_plain_callback_completes_on_another_thread_of_the_system_executor) {
  Seeded s;
  std::promise<std::pair<std::thread::id, int>> done;
  s.fake.async_send(create(s.key, "From a callback."), [&](webapi::Result<webapi::Response> r) {
    done.set_value({std::this_thread::get_id(), r ? r->status : 0});
  });
  auto future = done.get_future();
  BOOST_REQUIRE(future.wait_for(5s) == std::future_status::ready);
  auto [thread, status] = future.get();
  BOOST_TEST(thread != std::this_thread::get_id());
  BOOST_TEST(status == 200);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace fake_async_send
