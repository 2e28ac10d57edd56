#define BOOST_TEST_MODULE async_finance
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): a manual account made, read,
// listed, updated and deleted, the derived views, the user, and refusals (unknown status, missing account,
// another user's account, a bad address).
// The served suite (finance_async_served) makes the same calls, the twins co_awaited over HTTP
// against webapi-fake-server-finance (tests/support/async_served.sh starts it), the blocking ones in process.

#include <cstdint>
#include <functional>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/finance/compiled.hpp>
#include <webapi/finance.hpp>

#include "../support/async_twins.hpp"
#include "../support/served.hpp"

namespace ff = webapi::fakes::finance;
namespace fin = webapi::finance;

namespace {

constexpr const char* in_process_url = "https://finance.example";

/// A token for the login name it is given, from the side's own fake.
using Tokens = std::function<std::string(const std::string& login_name)>;

// One side's clients over `transport`: the demo user and grace (a user of her own), with this side's tokens.
struct Side {
  Side(webapi::AnyTransport t, test::served::Credentials given, const std::string& base_url, const Tokens& token)
      : transport(t), credentials(std::move(given)),
        demo{transport, test::served::at(base_url, fin::Config{.access_token = token(credentials[5].second)})},
        grace{transport, test::served::at(base_url, fin::Config{.access_token = token("grace")})} {}
  webapi::AnyTransport transport;
  test::served::Credentials credentials;  // COBRAND_LOGIN, ..., CLIENT_ID, CLIENT_SECRET, ..., LOGIN_NAME, ...
  fin::AnyClient demo;
  fin::AnyClient grace;
};

// The calls, the blocking method on `b` and its twin co_awaited on `a`, both sides starting from the demo
// data set; written once for the in-process run and the served one.
boost::asio::awaitable<void> twins(Side& b, Side& a) {
  std::int64_t id = 0;
  {
    auto& blocking = b.demo;
    auto& async = a.demo;
    (void)WEBAPI_SAME_ASYNC(get_all_accounts);
    auto created = WEBAPI_SAME_ASYNC(
        create_manual_account,
        {.body = {.account = {.account_name = "Rainy day", .account_type = "SAVINGS",
                              .balance = fin::Money{1000, fin::MoneyCurrency::USD}}}});
    BOOST_REQUIRE(created && created->account && !created->account->empty() && created->account->front().id);
    id = *created->account->front().id;
    (void)WEBAPI_SAME_ASYNC(get_account, id);
    (void)WEBAPI_SAME_ASYNC(update_account, id,
                      {.body = {.account = {.account_name = "Rainy days",
                                            .balance = fin::Money{1500, fin::MoneyCurrency::USD}}}});
    (void)WEBAPI_SAME_ASYNC(get_all_accounts, {.status = "SLEEPING"});  // 400
    (void)WEBAPI_SAME_ASYNC(get_transactions);
    (void)WEBAPI_SAME_ASYNC(get_networth);
    (void)WEBAPI_SAME_ASYNC(get_documents);
    (void)WEBAPI_SAME_ASYNC(get_user);
    (void)WEBAPI_SAME_ASYNC(update_user, {.body = {.user = {.email = "not-an-address"}}});  // 400
  }
  {
    auto& blocking = b.grace;
    auto& async = a.grace;
    (void)WEBAPI_SAME_ASYNC(get_account, id);  // another user's: 404
  }
  {
    auto& blocking = b.demo;
    auto& async = a.demo;
    (void)WEBAPI_SAME_ASYNC(delete_account, id);
    (void)WEBAPI_SAME_ASYNC(get_account, id);  // 404
  }
}

// A fake of the demo data set, in process, and its side, holding tokens the fake issued.
struct InProcess {
  ff::CompiledFake fake;
  Side side{fake, fake.seed_demo(), in_process_url,
            [this](const std::string& login) { return fake.issue_token(login); }};
};

// every_operation::all: a call of every operation with sample arguments (tools/codegen writes it).
#include "every_operation.inc"

// A token for `login` from the served fake, fetched as the service's client-credential flow has it
// (generateAccessToken with the demo's CLIENT_ID and CLIENT_SECRET), before the twins run.
std::string served_token(test::served::Fake& served, const test::served::Credentials& demo, const std::string& login) {
  auto transport = served.blocking();
  fin::AnyClient client{transport, {.base_url = served.base_url()}};
  auto r = client.generate_access_token(
      {.body = {{"clientId", demo[2].second}, {"secret", demo[3].second}, {"loginName", login}}});
  BOOST_REQUIRE_MESSAGE(r && r->token && r->token->access_token, "no token for " << login);
  return *r->token->access_token;
}

}  // namespace

static_assert(fin::AsyncTwins<fin::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(fin::operations, fin::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  InProcess b, a;
  test::run_coroutine([&] { return twins(b.side, a.side); });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}

BOOST_AUTO_TEST_CASE(every_operation_twin_matches_its_blocking_call) {
  InProcess b, a;
  const std::size_t a_before = a.fake.requests().size(), b_before = b.fake.requests().size();
  test::Tally calls;
  test::run_coroutine([&] { return every_operation::all(b.side.demo, a.side.demo, calls); });
  test::check_every_operation_sent(calls, fin::operations.size(), a.fake.requests().size() - a_before,
                                   b.fake.requests().size() - b_before);
}

// The same calls, the twins co_awaited over HTTP against webapi-fake-server-finance (async_served.sh).
BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))

// Both sides from the demo data set: the blocking one in process, the asynchronous one over HTTP with tokens
// fetched from the served fake, whose journal then forgets the tokens' requests (the in-process side issued
// its tokens without any).
struct Served {
  test::served::Fake served;
  ff::CompiledFake fake;
  Side b{fake, fake.seed_demo(), served.base_url(), [this](const std::string& login) { return fake.issue_token(login); }};
  test::served::Credentials demo = served.seed_demo();
  Side a{served.transport(), demo, served.base_url(),
         [this](const std::string& login) { return served_token(served, demo, login); }};
  bool journal_cleared = (served.clear_journal(), true);
};

BOOST_FIXTURE_TEST_CASE(the_twins_give_the_blocking_results, Served) {
  served.run([&] { return twins(b, a); });
  BOOST_TEST(served.journal_size() == fake.requests().size());
}

BOOST_FIXTURE_TEST_CASE(every_operation_twin_matches_its_blocking_call, Served) {
  const std::size_t a_before = served.journal_size(), b_before = fake.requests().size();
  test::Tally calls;
  served.run([&] { return every_operation::all(b.demo, a.demo, calls); });
  test::check_every_operation_sent(calls, fin::operations.size(), served.journal_size() - a_before,
                                   fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_SUITE_END()
