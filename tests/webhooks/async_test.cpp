#define BOOST_TEST_MODULE async_webhooks
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): all nine operations, settings
// and subscriptions made, read, listed, changed and archived, and a refusal for another app.

#include <cstdint>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/webhooks/compiled.hpp>
#include <webapi/webhooks.hpp>

#include "../support/async_twins.hpp"

namespace fw = webapi::fakes::webhooks;
namespace wh = webapi::webhooks;

namespace {
struct Side {
  fw::CompiledFake fake;
  std::vector<std::pair<std::string, std::string>> credentials = fake.seed_demo();
  std::int32_t app = std::stoi(credentials[1].second);
  wh::AnyClient client{fake, {.hapikey = credentials[0].second}};
};
}  // namespace

static_assert(wh::AsyncTwins<wh::AnyClient, boost::asio::use_awaitable_t<>>);
static_assert(wh::AsyncTwins<wh::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(wh::operations, wh::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  Side b, a;
  const std::int32_t app = b.app;
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    auto& blocking = b.client;
    auto& async = a.client;
    WEBAPI_SAME_ASYNC(settings_get_all, app);
    WEBAPI_SAME_ASYNC(settings_configure, app,
                      {.body = {.target_url = "https://example.com/in",
                                .throttling = {.max_concurrent_requests = 5,
                                               .period = wh::ThrottlingSettingsPeriod::SECONDLY}}});
    WEBAPI_SAME_ASYNC(subscriptions_get_all, app);
    auto created = WEBAPI_SAME_ASYNC(subscriptions_create, app,
                                     {.body = {.active = true,
                                               .event_type = wh::SubscriptionCreateRequestEventType::contact_deletion}});
    BOOST_REQUIRE(created);
    const std::int32_t id = std::stoi(created->id);
    WEBAPI_SAME_ASYNC(subscriptions_get_by_id, app, id);
    WEBAPI_SAME_ASYNC(subscriptions_update, app, id, {.body = {.active = false}});
    WEBAPI_SAME_ASYNC(subscriptions_update_batch, app, {.body = {.inputs = {{.active = true, .id = id}}}});
    WEBAPI_SAME_ASYNC(subscriptions_archive, app, id);
    WEBAPI_SAME_ASYNC(subscriptions_get_by_id, app, id);  // gone
    WEBAPI_SAME_ASYNC(settings_clear, app);
    WEBAPI_SAME_ASYNC(settings_get_all, app);
    WEBAPI_SAME_ASYNC(subscriptions_get_all, app + 1);  // another app: refused
  });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}
