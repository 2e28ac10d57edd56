// A client's call co_awaited with use_awaitable runs as one coroutine (detail::AwaitedCall): it renews a
// refused credential and sends once more as the handler form does, answers with the refusal when its
// coroutine was cancelled before the resend, and resumes its coroutine through the io_context's queue when
// the request was refused before sending.

#include <chrono>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/bind_cancellation_slot.hpp>
#include <boost/asio/cancellation_signal.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>
#include <webapi/core/credentials.hpp>
#include <webapi/fakes/userinfo.hpp>
#include <webapi/userinfo.hpp>

namespace asio = boost::asio;
namespace fu = webapi::fakes::userinfo;
using namespace std::chrono_literals;

namespace {

/// Runs `call(client)` in a coroutine on a fresh io_context, spawned with `signal`'s slot when one is given,
/// and returns its Result; an exception escaping the coroutine fails the test.
template <class Client, class Call>
auto awaited(Client& client, Call call, asio::cancellation_signal* signal = nullptr) {
  asio::io_context io;
  std::optional<typename decltype(call(client))::value_type> out;
  bool threw = false;
  auto body = [&]() -> asio::awaitable<void> { out.emplace(co_await call(client)); };
  auto done = [&](std::exception_ptr e) { threw = e != nullptr; };
  if (signal)
    asio::co_spawn(io, body, asio::bind_cancellation_slot(signal->slot(), done));
  else
    asio::co_spawn(io, body, done);
  io.run();
  BOOST_REQUIRE_MESSAGE(!threw, "the call threw instead of completing with a Result");
  BOOST_REQUIRE(out);
  return *std::move(out);
}

const auto get_userinfo = [](auto& client) { return client.async_oauth2_userinfo_get(asio::use_awaitable); };

/// A token provider counting its fetches; every token it fetches is new.
webapi::Credential counted_tokens(int& fetches) {
  return webapi::refreshing_token([&fetches]() -> webapi::Result<webapi::AccessToken> {
    return webapi::AccessToken{"token-" + std::to_string(++fetches)};
  });
}

/// An asynchronous transport that refuses every request with 401, and emits `signal` (cancelling the
/// awaiting coroutine) while it answers the first.
struct RefusingTransport {
  asio::cancellation_signal* signal;
  std::vector<std::string> bearers{};

  webapi::Result<webapi::Response> send(const webapi::Request&) { return webapi::Response{.status = 401}; }

  template <class Token>
  auto async_send(webapi::Request request, Token&& token) {
    return asio::async_initiate<Token, webapi::SendSignature>(
        [this](auto handler, webapi::Request request) {
          bearers.push_back(std::string(request.headers.get("Authorization").value_or("")));
          if (bearers.size() == 1) signal->emit(asio::cancellation_type::terminal);
          webapi::detail::AsyncGlue<decltype(handler)>::complete_later(
              std::move(handler), webapi::Result<webapi::Response>(webapi::Response{.status = 401}));
        },
        token, std::move(request));
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(awaited_call)

BOOST_AUTO_TEST_CASE(a_refused_token_is_renewed_and_the_call_sent_once_more) {
  fu::Fake fake;
  std::string ada = fake.add_user({.email = "ada@analytical.example", .name = "Ada Lovelace"});
  int fetches = 0;
  std::vector<std::string> issued;
  webapi::Credential token = webapi::refreshing_token([&]() -> webapi::Result<webapi::AccessToken> {
    ++fetches;
    issued.push_back(fake.issue_access_token({.user_id = ada, .lifetime = 3600s}));
    return webapi::AccessToken{issued.back()};
  });
  webapi::userinfo::Client<fu::Fake> client{fake, {.access_token = token}};
  BOOST_REQUIRE(awaited(client, get_userinfo));
  BOOST_REQUIRE(fake.revoke_token(issued.at(0)));

  auto r = awaited(client, get_userinfo);
  BOOST_REQUIRE_MESSAGE(r, (r ? "" : r.error().what()));
  BOOST_TEST(r->email.value_or("") == "ada@analytical.example");
  BOOST_TEST(fetches == 2);
  BOOST_REQUIRE(fake.journal().size() == 3u);  // answered, refused, answered
  BOOST_TEST(*fake.journal().entries().at(1).request.headers.get("Authorization") == "Bearer " + issued.at(0));
  BOOST_TEST(*fake.journal().entries().at(2).request.headers.get("Authorization") == "Bearer " + issued.at(1));
}

BOOST_AUTO_TEST_CASE(a_call_cancelled_before_its_resend_answers_with_the_refusal) {
  asio::cancellation_signal signal;
  RefusingTransport refusing{&signal};
  int fetches = 0;
  webapi::userinfo::Client<RefusingTransport> client{refusing, {.access_token = counted_tokens(fetches)}};
  auto r = awaited(client, get_userinfo, &signal);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 401);
  BOOST_TEST(r.error().operation == "oauth2_userinfo_get");
  BOOST_TEST(refusing.bearers.size() == 1u);  // not sent again
  BOOST_TEST(fetches == 1);                   // and no token fetched for a resend that does not happen
}

BOOST_AUTO_TEST_CASE(a_call_not_cancelled_is_sent_once_more_after_a_refusal_and_the_second_is_the_answer) {
  asio::cancellation_signal signal;  // emitted with nothing connected to it: no coroutine is cancelled
  RefusingTransport refusing{&signal};
  int fetches = 0;
  webapi::userinfo::Client<RefusingTransport> client{refusing, {.access_token = counted_tokens(fetches)}};
  auto r = awaited(client, get_userinfo);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().status == 401);
  BOOST_TEST(refusing.bearers == (std::vector<std::string>{"Bearer token-1", "Bearer token-2"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_call_refused_before_sending_resumes_its_coroutine_through_the_queue) {
  // Nothing to wait for, the call still completes as an asynchronous operation does: a handler posted before
  // it runs before the coroutine resumes.
  fu::Fake fake;
  webapi::userinfo::Client<fu::Fake> client{fake, {.base_url = "", .access_token = "t"}};
  asio::io_context io;
  bool queued_ran = false, queued_ran_first = false;
  std::optional<webapi::Result<webapi::userinfo::Userinfo>> r;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        asio::post(io, [&] { queued_ran = true; });
        r.emplace(co_await client.async_oauth2_userinfo_get(asio::use_awaitable));
        queued_ran_first = queued_ran;
      },
      asio::detached);
  io.run();
  BOOST_REQUIRE(r);
  BOOST_REQUIRE(!*r);
  BOOST_TEST(std::string(r->error().what()).find("base_url") != std::string::npos, r->error().what());
  BOOST_TEST(queued_ran_first);
  BOOST_TEST(fake.journal().size() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
