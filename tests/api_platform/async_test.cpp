#define BOOST_TEST_MODULE async_api_platform
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): the key's owner, collections
// made, read, listed, replaced and deleted, the other listings, an API's versions and relations, and
// refusals (a bad schema, a missing collection, an unknown key).
// The served suite (api_platform_async_served) makes the same calls, the twins co_awaited over HTTP
// against webapi-fake-server-api_platform (tests/support/async_served.sh starts it), the blocking ones in process.

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/api_platform.hpp>
#include <webapi/fakes/api_platform/compiled.hpp>

#include "../support/async_twins.hpp"
#include "../support/served.hpp"

namespace fap = webapi::fakes::api_platform;
namespace ap = webapi::api_platform;

namespace {

// One side's clients over `transport`, with this side's demo key.
struct Side {
  Side(webapi::AnyTransport t, test::served::Credentials demo, const std::string& base_url)
      : transport(t), credentials(std::move(demo)),
        client{transport, test::served::at(base_url, ap::Config{.api_key = credentials[0].second})},
        stranger{transport, test::served::at(base_url, ap::Config{.api_key = "PMAK-unknown"})} {}
  webapi::AnyTransport transport;
  test::served::Credentials credentials;  // API_KEY, USER_ID
  ap::AnyClient client;
  ap::AnyClient stranger;
};

ap::CreateCollectionParams collection_in(std::string schema, std::string name) {
  return {.body = ap::CreateCollectionRequest{{{.info = ap::CreateCollectionRequestCollectionInfo{
                                                    .name = std::move(name), .schema = std::move(schema)}}}}};
}
constexpr const char* v2 = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

// The calls, the blocking method on `b` and its twin co_awaited on `a`, both sides starting from the demo
// data set; written once for the in-process run and the served one.
boost::asio::awaitable<void> twins(Side& b, Side& a) {
  {
    auto& blocking = b.client;
    auto& async = a.client;
    (void)WEBAPI_SAME_ASYNC(api_key_owner);
    (void)WEBAPI_SAME_ASYNC(all_collections);
    (void)WEBAPI_SAME_ASYNC(all_environments);
    (void)WEBAPI_SAME_ASYNC(all_mocks);
    (void)WEBAPI_SAME_ASYNC(all_monitors);
    auto created = WEBAPI_SAME_ASYNC(create_collection, collection_in(v2, "Orders"));
    BOOST_REQUIRE(created && created->collection && created->collection->uid);
    const std::string uid = *created->collection->uid;
    (void)WEBAPI_SAME_ASYNC(create_collection, collection_in("https://example.com/not-a-schema", "Bad"));  // 400
    (void)WEBAPI_SAME_ASYNC(single_collection, uid);
    (void)WEBAPI_SAME_ASYNC(all_collections);
    auto apis = WEBAPI_SAME_ASYNC(get_all_apis);
    BOOST_REQUIRE(apis && apis->apis && !apis->apis->empty() && apis->apis->front().id);
    const std::string api = *apis->apis->front().id;
    auto versions = WEBAPI_SAME_ASYNC(get_all_api_versions, api);
    BOOST_REQUIRE(versions && versions->versions && !versions->versions->empty());
    (void)WEBAPI_SAME_ASYNC(get_documentation_relations, api, versions->versions->front().id.value_or(""));
    (void)WEBAPI_SAME_ASYNC(delete_collection, uid);
    (void)WEBAPI_SAME_ASYNC(single_collection, uid);  // 404
  }
  {
    auto& blocking = b.stranger;
    auto& async = a.stranger;
    (void)WEBAPI_SAME_ASYNC(all_collections);  // 401
  }
}

// A fake of the demo data set, in process, and its side.
struct InProcess {
  fap::CompiledFake fake;
  Side side{fake, fake.seed_demo(), ""};
};

// every_operation::all: a call of every operation with sample arguments (tools/codegen writes it).
#include "every_operation.inc"

}  // namespace

static_assert(ap::AsyncTwins<ap::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(ap::operations, ap::async_operations);
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
  test::check_every_operation_sent(calls, ap::operations.size(), a.fake.requests().size() - a_before,
                                   b.fake.requests().size() - b_before);
}

// The same calls, the twins co_awaited over HTTP against webapi-fake-server-api_platform (async_served.sh).
BOOST_AUTO_TEST_SUITE(served, *boost::unit_test::precondition(test::served::configured{}))

/// The served fake (a) and an in-process compiled one (b), each with its demo data.
struct Served {
  test::served::Fake served;
  fap::CompiledFake fake;
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
  served.run([&] { return every_operation::all(b.client, a.client, calls); });
  test::check_every_operation_sent(calls, ap::operations.size(), served.journal_size() - a_before,
                                   fake.requests().size() - b_before);
}

BOOST_AUTO_TEST_SUITE_END()
