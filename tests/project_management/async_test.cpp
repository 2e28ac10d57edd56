#define BOOST_TEST_MODULE async_project_management
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): clients made, read and listed,
// projects, jobs and dictionaries read, subscriptions made, listed and deleted, and refusals (a missing
// name, an unknown project, an unknown token).
// The served suite (project_management_async_served) makes the same calls, the twins co_awaited over HTTP
// against webapi-fake-server-project_management (tests/support/async_served.sh starts it), the blocking
// ones in process.

#include <cstdint>
#include <map>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/project_management/compiled.hpp>
#include <webapi/project_management.hpp>

#include "../support/async_twins.hpp"
#include "../support/served.hpp"

namespace fpm = webapi::fakes::project_management;
namespace pm = webapi::project_management;

namespace {

// One side's clients over `transport`, with this side's demo credentials.
struct Side {
  Side(webapi::AnyTransport t, const test::served::Credentials& demo, const std::string& base_url)
      : transport(t), v(demo.begin(), demo.end()),
        en{transport, test::served::at(base_url, pm::Config{.access_token = v.at("ACCESS_TOKEN")})},
        stranger{transport, test::served::at(base_url, pm::Config{.access_token = "unknown"})} {}
  webapi::AnyTransport transport;
  std::map<std::string, std::string> v;
  pm::AnyClient en;
  pm::AnyClient stranger;
};

// The calls, the blocking method on `b` and its twin co_awaited on `a`, both sides starting from the demo
// data set; written once for the in-process run and the served one.
boost::asio::awaitable<void> twins(Side& b, Side& a) {
  {
    auto& blocking = b.en;
    auto& async = a.en;
    auto created = WEBAPI_SAME_ASYNC(post_customers, {.body = {.name = "Acme"}});
    BOOST_REQUIRE(created && created->id);
    const std::int64_t id = *created->id;
    (void)WEBAPI_SAME_ASYNC(post_customers, {});  // 400: no name
    (void)WEBAPI_SAME_ASYNC(get_customers_customer_id, id);
    (void)WEBAPI_SAME_ASYNC(get_customers_ids);
    (void)WEBAPI_SAME_ASYNC(get_customers);
    (void)WEBAPI_SAME_ASYNC(get_projects_project_id, b.v.at("CLASSIC_PROJECT_ID"));
    (void)WEBAPI_SAME_ASYNC(get_projects_project_id, "no-such-project");  // 404
    (void)WEBAPI_SAME_ASYNC(get_v2_projects_for_external_id_external_project_id, "crm-1001");
    (void)WEBAPI_SAME_ASYNC(get_v2_quotes_quote_id, b.v.at("SMART_QUOTE_ID"));
    (void)WEBAPI_SAME_ASYNC(get_jobs_job_id, b.v.at("JOB_ID"));
    (void)WEBAPI_SAME_ASYNC(get_dictionaries_type_id, "language", 1);
    (void)WEBAPI_SAME_ASYNC(post_subscription, {.body = {.event = "PROJECT_CREATED", .url = "https://h.example.com"}});
    auto listed = WEBAPI_SAME_ASYNC(get_subscription);
    BOOST_REQUIRE(listed && !listed->empty() && listed->front().subscription_id);
    (void)WEBAPI_SAME_ASYNC(delete_subscription_subscription_id, *listed->front().subscription_id);
    (void)WEBAPI_SAME_ASYNC(get_subscription);
  }
  {
    auto& blocking = b.stranger;
    auto& async = a.stranger;
    (void)WEBAPI_SAME_ASYNC(get_customers_ids);  // 401
  }
}

// A fake of the demo data set, in process, and its side.
struct InProcess {
  fpm::CompiledFake fake;
  Side side{fake, fake.seed_demo(), ""};
};

// every_operation::all: a call of every operation with sample arguments (tools/codegen writes it).
#include "every_operation.inc"

}  // namespace

static_assert(pm::AsyncTwins<pm::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(pm::operations, pm::async_operations);
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
  test::run_coroutine([&] { return every_operation::all(b.side.en, a.side.en, calls); });
  test::check_every_operation_sent(calls, pm::operations.size(), a.fake.requests().size() - a_before,
                                   b.fake.requests().size() - b_before);
}

// The same calls, the twins co_awaited over HTTP against webapi-fake-server-project_management (async_served.sh).
BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))

/// The served fake (a) and an in-process compiled one (b), each with its demo data.
struct Served {
  test::served::Fake served;
  fpm::CompiledFake fake;
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
  served.run([&] { return every_operation::all(b.en, a.en, calls); });
  test::check_every_operation_sent(calls, pm::operations.size(), served.journal_size() - a_before,
                                   fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_SUITE_END()
