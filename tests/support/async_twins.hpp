#pragma once
// The asynchronous twins against the blocking methods, for the module tests: two fakes seeded alike, the
// blocking call on one and the co_awaited twin on the other, and the two Results compared.
//
//   test::run_coroutine([&]() -> boost::asio::awaitable<void> {
//     auto created = WEBAPI_SAME_ASYNC(put_quote, {.quote = "Ship small."});   // both, compared; the async one
//     (void)WEBAPI_SAME_ASYNC(get_quote, {.id = created->id});                 // compared only
//   });
//
// WEBAPI_SAME_ASYNC(op, args...) expects `blocking` and `async` clients in scope: it calls blocking.op(args...)
// then co_awaits async.async_op(args..., use_awaitable), checks that the Results are the same (the same value,
// compared as its JSON, text or bytes; or the same error: kind, status, message, body, operation) and yields
// the asynchronous one (a webapi::Result, [[nodiscard]]: a call made only to compare is cast to void).
// WEBAPI_SAME_ASYNC_EACH passes each side arguments of its own.

#include <array>
#include <exception>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>
#include <webapi/core/binary.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/operation.hpp>
#include <webapi/core/result.hpp>

namespace test {

/// What a value is, as text to compare: its JSON for a model, itself for text, its bytes and media type.
template <class R>
std::string comparable(const R& value) {
  if constexpr (std::is_same_v<R, std::string>) return value;
  else if constexpr (std::is_same_v<R, boost::json::value>) return boost::json::serialize(value);
  else if constexpr (std::is_same_v<R, webapi::Binary>) return value.content_type + ":" + value.data;
  else if constexpr (std::is_same_v<R, webapi::Response>) return std::to_string(value.status) + ":" + value.body;
  else return webapi::json::encode(value);
}

/// What check_same compares of a value's text and of an error's body: the text itself, unless a ComparedAs
/// is alive.
inline std::function<std::string(const std::string&)>& compared_form() {
  static std::function<std::string(const std::string&)> form;
  return form;
}

/// While it lives, check_same compares `form(text)` of both sides' texts and error bodies instead of the
/// texts: for two fakes whose answers legitimately differ in part (a served fake's random ids), the rest.
class ComparedAs {
 public:
  explicit ComparedAs(std::function<std::string(const std::string&)> form) { compared_form() = std::move(form); }
  ~ComparedAs() { compared_form() = nullptr; }
  ComparedAs(const ComparedAs&) = delete;
  ComparedAs& operator=(const ComparedAs&) = delete;
};

/// `text` as check_same compares it (see ComparedAs).
inline std::string compared(const std::string& text) { return compared_form() ? compared_form()(text) : text; }

/// Checks that `got` (the asynchronous twin's) is the same Result as `want` (the blocking method's).
template <class R>
void check_same(std::string_view op, const webapi::Result<R>& want, const webapi::Result<R>& got) {
  BOOST_TEST_CONTEXT(op) {
    BOOST_TEST_REQUIRE(got.has_value() == want.has_value());
    if (want.has_value()) {
      if constexpr (!std::is_void_v<R>) BOOST_TEST(compared(comparable(*got)) == compared(comparable(*want)));
    } else {
      BOOST_TEST(int(got.error().kind) == int(want.error().kind));
      BOOST_TEST(got.error().status == want.error().status);
      BOOST_TEST(got.error().message == want.error().message);
      BOOST_TEST(compared(got.error().body) == compared(want.error().body));
      BOOST_TEST(got.error().operation == want.error().operation);
    }
  }
}

/// Calls `call()` (the blocking method), then co_awaits `start()` (the twin), checks the two Results are the
/// same, and returns the twin's.
template <class Call, class Start>
auto same_async(std::string_view op, Call call, Start start) -> decltype(start()) {
  auto want = call();
  auto got = co_await start();
  check_same(op, want, got);
  co_return got;
}

/// What a run of calls came to: how many were made, and which the client refused before sending (an
/// invalid_argument or auth error with no HTTP status: a parameter it could not put on the wire, a
/// credential it lacks; a 401 or 400 from the fake was sent), so that a test can check the fake received
/// every other one.
class Tally {
 public:
  template <class R>
  void add(std::string_view op, const webapi::Result<R>& r) {
    ++calls_;
    if (!r.has_value() && r.error().status == 0 &&
        (r.error().kind == webapi::ErrorKind::invalid_argument || r.error().kind == webapi::ErrorKind::auth))
      refused_.push_back(std::string(op) + ": " + r.error().message);
  }
  std::size_t calls() const { return calls_; }
  std::size_t sent() const { return calls_ - refused_.size(); }
  /// "operation: why", for each call refused before sending.
  const std::vector<std::string>& refused() const { return refused_; }

 private:
  std::size_t calls_ = 0;
  std::vector<std::string> refused_;
};

/// Checks that `calls` made `operations` calls (one per operation of the module) and that each side's fake
/// received every call the client did not refuse: `async_received` and `blocking_received` are how many
/// requests each fake's journal gained. A call refused before sending fails the test, named.
inline void check_every_operation_sent(const Tally& calls, std::size_t operations, std::size_t async_received,
                                       std::size_t blocking_received) {
  BOOST_TEST(calls.calls() == operations);
  BOOST_TEST(async_received == calls.sent());
  BOOST_TEST(blocking_received == calls.sent());
  BOOST_TEST_MESSAGE(calls.calls() << " operations called, " << calls.sent() << " sent, " << calls.refused().size()
                                   << " refused before sending");
  // The sample arguments satisfy every client-side rule, so each call reaches both fakes.
  for (const auto& r : calls.refused()) BOOST_ERROR("refused before sending: " << r);
}

/// Runs the coroutine `make()` returns on `io` until it is done; an exception it throws is rethrown. `io` may
/// be run again after (a transport made on its executor, used by the next coroutine).
template <class Make>
void run_coroutine(boost::asio::io_context& io, Make make) {
  std::exception_ptr failed;
  boost::asio::co_spawn(io, make(), [&](std::exception_ptr e) { failed = e; });
  io.restart();
  io.run();
  if (failed) std::rethrow_exception(failed);
}

/// Runs the coroutine `make()` returns on an io_context of its own until it is done.
template <class Make>
void run_coroutine(Make make) {
  boost::asio::io_context io;
  run_coroutine(io, std::move(make));
}

/// Checks that every operation of `operations` (a module's table) is one `async_operations` (the operations
/// whose twins the module's AsyncTwins concept requires) names.
template <std::size_t N, std::size_t M>
void check_every_operation_has_a_twin(const std::array<webapi::Operation, N>& operations,
                                      const std::array<std::string_view, M>& async_operations) {
  std::set<std::string_view> twins(async_operations.begin(), async_operations.end());
  for (const auto& op : operations) BOOST_TEST(twins.count(op.name) == 1u, op.name << " has an asynchronous twin");
}

}  // namespace test

// The calls are made inside the lambdas: GCC 12 mishandles a temporary with a destructor (a parameter struct)
// that lives across the suspension of a co_await expression, destroying it twice.
#define WEBAPI_SAME_ASYNC(op, ...)                                                                \
  co_await ::test::same_async(                                                                     \
      #op, [&] { return blocking.op(__VA_ARGS__); },                                               \
      [&] { return async.async_##op(__VA_ARGS__ __VA_OPT__(, )::boost::asio::use_awaitable); })

// WEBAPI_SAME_ASYNC_EACH(op, (blocking args...), (async args...)): as WEBAPI_SAME_ASYNC, where an argument
// is each side's own (a credential passed as a parameter, which a served fake draws afresh).
#define WEBAPI_SAME_ASYNC_UNPAREN(...) __VA_ARGS__
#define WEBAPI_SAME_ASYNC_EACH(op, blocking_args, async_args)                                      \
  co_await ::test::same_async(                                                                     \
      #op, [&] { return blocking.op(WEBAPI_SAME_ASYNC_UNPAREN blocking_args); },                    \
      [&] { return async.async_##op(WEBAPI_SAME_ASYNC_UNPAREN async_args, ::boost::asio::use_awaitable); })
