// Four threads running one io_context, hundreds of coroutines calling one fake through the asynchronous
// twins (a typed client and an AnyClient, with injected latency so the waits are timers): every call
// answered, each exactly once, and the fake's journal holds them all. Run under ThreadSanitizer too (label
// concurrency).
#define BOOST_TEST_MODULE client_async_concurrency
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>

namespace asio = boost::asio;
namespace fq = webapi::fakes::quotes;
namespace q = webapi::quotes;

namespace {

// One coroutine: makes a quote, reads it back, and counts what matched.
template <class Client>
asio::awaitable<void> make_and_read(Client& client, int n, std::atomic<int>& matched) {
  q::PutQuoteParams make{.quote = "Quote number " + std::to_string(n)};
  auto made = co_await client.async_put_quote(make, asio::use_awaitable);
  if (!made || !made->contents.id) co_return;
  q::GetQuoteParams read{.id = *made->contents.id};
  auto got = co_await client.async_get_quote(read, asio::use_awaitable);
  if (got && got->contents && got->contents->quotes && got->contents->quotes->front().quote == *make.quote) ++matched;
}

}  // namespace

BOOST_AUTO_TEST_CASE(four_threads_on_one_io_context_share_one_fake) {
  fq::Fake fake;
  fake.set_latency(std::chrono::milliseconds(1));
  const std::string key = fake.add_api_key("alice");
  q::Client<fq::Fake> typed{fake, {.api_key = key}};
  q::AnyClient any{fake, {.api_key = key}};

  constexpr int coroutines = 200;
  std::atomic<int> matched{0};
  asio::io_context io;
  for (int i = 0; i < coroutines; ++i) {
    if (i % 2) asio::co_spawn(io, make_and_read(typed, i, matched), asio::detached);
    else asio::co_spawn(io, make_and_read(any, i, matched), asio::detached);
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) threads.emplace_back([&] { io.run(); });
  for (auto& t : threads) t.join();

  BOOST_TEST(matched.load() == coroutines);
  BOOST_TEST(fake.requests().size() == 2u * coroutines);
}
