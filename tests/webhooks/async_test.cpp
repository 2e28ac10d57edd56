#define BOOST_TEST_MODULE async_webhooks
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): all nine operations, settings
// and subscriptions made, read, listed, changed and archived, and a refusal for another app.
// The served suite (webhooks_async_served) makes the same calls, the twins co_awaited over HTTP
// against webapi-fake-server-webhooks (tests/support/async_served.sh starts it), the blocking ones in process.

#include <cstdint>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/webhooks/compiled.hpp>
#include <webapi/webhooks.hpp>

#include "../support/async_twins.hpp"
#include "../support/served.hpp"

namespace fw = webapi::fakes::webhooks;
namespace wh = webapi::webhooks;

namespace {

// One side's client over `transport`, with this side's demo key and app.
struct Side {
  Side(webapi::AnyTransport t, test::served::Credentials demo, const std::string& base_url)
      : transport(t), credentials(std::move(demo)), app(std::stoi(credentials[1].second)),
        client{transport, test::served::at(base_url, wh::Config{.hapikey = credentials[0].second})} {}
  webapi::AnyTransport transport;
  test::served::Credentials credentials;  // HAPIKEY, APP_ID
  std::int32_t app;
  wh::AnyClient client;
};

// The calls, the blocking method on `b` and its twin co_awaited on `a`, both sides starting from the demo
// data set; written once for the in-process run and the served one.
boost::asio::awaitable<void> twins(Side& b, Side& a) {
  const std::int32_t app = b.app;
  auto& blocking = b.client;
  auto& async = a.client;
  (void)WEBAPI_SAME_ASYNC(settings_get_all, app);
  (void)WEBAPI_SAME_ASYNC(settings_configure, app,
                    {.body = {.target_url = "https://example.com/in",
                              .throttling = {.max_concurrent_requests = 5,
                                             .period = wh::ThrottlingSettingsPeriod::SECONDLY}}});
  (void)WEBAPI_SAME_ASYNC(subscriptions_get_all, app);
  auto created = WEBAPI_SAME_ASYNC(subscriptions_create, app,
                                   {.body = {.active = true,
                                             .event_type = wh::SubscriptionCreateRequestEventType::contact_deletion}});
  BOOST_REQUIRE(created);
  const std::int32_t id = std::stoi(created->id);
  (void)WEBAPI_SAME_ASYNC(subscriptions_get_by_id, app, id);
  (void)WEBAPI_SAME_ASYNC(subscriptions_update, app, id, {.body = {.active = false}});
  (void)WEBAPI_SAME_ASYNC(subscriptions_update_batch, app, {.body = {.inputs = {{.active = true, .id = id}}}});
  (void)WEBAPI_SAME_ASYNC(subscriptions_archive, app, id);
  (void)WEBAPI_SAME_ASYNC(subscriptions_get_by_id, app, id);  // gone
  (void)WEBAPI_SAME_ASYNC(settings_clear, app);
  (void)WEBAPI_SAME_ASYNC(settings_get_all, app);
  (void)WEBAPI_SAME_ASYNC(subscriptions_get_all, app + 1);  // another app: refused
}

// A fake of the demo data set, in process, and its side.
struct InProcess {
  fw::CompiledFake fake;
  Side side{fake, fake.seed_demo(), ""};
};

// every_operation::all: a call of every operation with sample arguments (tools/codegen writes it).
#include "every_operation.inc"

}  // namespace

static_assert(wh::AsyncTwins<wh::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(wh::operations, wh::async_operations);
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
  test::run_coroutine([&] { return every_operation::all(b.side.client, a.side.client, calls); });
  test::check_every_operation_sent(calls, wh::operations.size(), a.fake.requests().size() - a_before,
                                   b.fake.requests().size() - b_before);
}

// The same calls, the twins co_awaited over HTTP against webapi-fake-server-webhooks (async_served.sh).
BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))

/// The served fake (a) and an in-process compiled one (b), each with its demo data.
struct Served {
  test::served::Fake served;
  fw::CompiledFake fake;
  Side b{fake, fake.seed_demo(), served.base_url()};
  Side a{served.transport(), served.seed_demo(), served.base_url()};
};

BOOST_FIXTURE_TEST_CASE(the_twins_give_the_blocking_results, Served) {
  // Every error carries a correlationId derived from the fake's credential secret: in-process fakes share the
  // default secret and give the same ones, the served fake draws a secret at each start. The rest must agree.
  test::ComparedAs compared(test::served::without_members({"correlationId"}));
  served.run([&] { return twins(b, a); });
  BOOST_TEST(served.journal_size() == fake.requests().size());
}

BOOST_FIXTURE_TEST_CASE(every_operation_twin_matches_its_blocking_call, Served) {
  test::ComparedAs compared(test::served::without_members({"correlationId"}));  // as above
  const std::size_t a_before = served.journal_size(), b_before = fake.requests().size();
  test::Tally calls;
  served.run([&] { return every_operation::all(b.client, a.client, calls); });
  test::check_every_operation_sent(calls, wh::operations.size(), served.journal_size() - a_before,
                                   fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_SUITE_END()
