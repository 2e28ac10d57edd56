#define BOOST_TEST_MODULE async_userinfo
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): the three operations with
// each kind of token, and the refusals of a revoked one.
// The served suite (userinfo_async_served) makes the same calls, the twins co_awaited over HTTP against
// webapi-fake-server-userinfo (tests/support/async_served.sh starts it), the blocking ones in process.

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/userinfo/compiled.hpp>
#include <webapi/userinfo.hpp>

#include "../support/async_twins.hpp"
#include "../support/served.hpp"

namespace fu = webapi::fakes::userinfo;
namespace ui = webapi::userinfo;

namespace {

// One side's clients over `transport`, with this side's demo tokens.
struct Side {
  Side(webapi::AnyTransport t, test::served::Credentials demo, const std::string& base_url)
      : transport(t), credentials(std::move(demo)),
        ada{transport, test::served::at(base_url, ui::Config{.access_token = credentials[0].second})},
        email_only{transport, test::served::at(base_url, ui::Config{.access_token = credentials[1].second})},
        revoked{transport, test::served::at(base_url, ui::Config{.access_token = credentials[3].second})},
        anonymous{transport, test::served::at(base_url, ui::Config{})} {}
  webapi::AnyTransport transport;
  test::served::Credentials credentials;  // ACCESS_TOKEN, EMAIL_ONLY_TOKEN, ID_TOKEN, REVOKED_TOKEN
  ui::AnyClient ada;
  ui::AnyClient email_only;
  ui::AnyClient revoked;
  ui::AnyClient anonymous;
};

// The calls, the blocking method on `b` and its twin co_awaited on `a`, both sides starting from the demo
// data set; written once for the in-process run and the served one. A token passed as a parameter is each
// side's own: a served fake draws its tokens afresh.
boost::asio::awaitable<void> twins(Side& b, Side& a) {
  {
    auto& blocking = b.ada;
    auto& async = a.ada;
    (void)WEBAPI_SAME_ASYNC(oauth2_userinfo_get);
    (void)WEBAPI_SAME_ASYNC(oauth2_userinfo_v2_me_get);
  }
  {
    auto& blocking = b.email_only;
    auto& async = a.email_only;
    (void)WEBAPI_SAME_ASYNC(oauth2_userinfo_v2_me_get);
  }
  {
    auto& blocking = b.anonymous;
    auto& async = a.anonymous;
    (void)WEBAPI_SAME_ASYNC_EACH(oauth2_tokeninfo, ({.id_token = b.credentials[2].second}),
                           ({.id_token = a.credentials[2].second}));
    (void)WEBAPI_SAME_ASYNC_EACH(oauth2_tokeninfo, ({.access_token = b.credentials[3].second}),
                           ({.access_token = a.credentials[3].second}));  // 400: revoked
    (void)WEBAPI_SAME_ASYNC(oauth2_userinfo_get);  // 401: no token
  }
  {
    auto& blocking = b.revoked;
    auto& async = a.revoked;
    (void)WEBAPI_SAME_ASYNC(oauth2_userinfo_get);  // 401
  }
}

// A fake of the demo data set, in process, and its side.
struct InProcess {
  fu::CompiledFake fake;
  Side side{fake, fake.seed_demo(), ""};
};

// every_operation::all: a call of every operation with sample arguments (tools/codegen writes it).
#include "every_operation.inc"

}  // namespace

static_assert(ui::AsyncTwins<ui::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(ui::operations, ui::async_operations);
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
  test::run_coroutine([&] { return every_operation::all(b.side.ada, a.side.ada, calls); });
  test::check_every_operation_sent(calls, ui::operations.size(), a.fake.requests().size() - a_before,
                                   b.fake.requests().size() - b_before);
}

// The same calls, the twins co_awaited over HTTP against webapi-fake-server-userinfo (async_served.sh).
BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))

/// The served fake (a) and an in-process compiled one (b), each with its demo data.
struct Served {
  test::served::Fake served;
  fu::CompiledFake fake;
  Side b{fake, fake.seed_demo(), served.base_url()};
  Side a{served.transport(), served.seed_demo(), served.base_url()};
};

BOOST_FIXTURE_TEST_CASE(the_twins_give_the_blocking_results, Served) {
  served.run([&] { return twins(b, a); });
  BOOST_TEST(served.journal_size() == fake.requests().size());
}

BOOST_FIXTURE_TEST_CASE(every_operation_twin_matches_its_blocking_call, Served) {
  const std::size_t a_before = served.journal_size(), b_before = fake.requests().size();
  test::Tally calls;
  served.run([&] { return every_operation::all(b.ada, a.ada, calls); });
  test::check_every_operation_sent(calls, ui::operations.size(), served.journal_size() - a_before,
                                   fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_SUITE_END()
