#define BOOST_TEST_MODULE async_project_management
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): clients made, read and listed,
// projects, jobs and dictionaries read, subscriptions made, listed and deleted, and refusals (a missing
// name, an unknown project, an unknown token).

#include <cstdint>
#include <map>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/project_management/compiled.hpp>
#include <webapi/project_management.hpp>

#include "../support/async_twins.hpp"

namespace fpm = webapi::fakes::project_management;
namespace pm = webapi::project_management;

namespace {
struct Side {
  fpm::CompiledFake fake;
  std::map<std::string, std::string> v = [this] {
    std::map<std::string, std::string> out;
    for (auto& [name, value] : fake.seed_demo()) out[name] = value;
    return out;
  }();
  pm::AnyClient en{fake, {.access_token = v.at("ACCESS_TOKEN")}};
  pm::AnyClient stranger{fake, {.access_token = "unknown"}};
};
}  // namespace

static_assert(pm::AsyncTwins<pm::AnyClient, boost::asio::use_awaitable_t<>>);
static_assert(pm::AsyncTwins<pm::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(pm::operations, pm::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  Side b, a;
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    {
      auto& blocking = b.en;
      auto& async = a.en;
      auto created = WEBAPI_SAME_ASYNC(post_customers, {.body = {.name = "Acme"}});
      BOOST_REQUIRE(created && created->id);
      const std::int64_t id = *created->id;
      WEBAPI_SAME_ASYNC(post_customers, {});  // 400: no name
      WEBAPI_SAME_ASYNC(get_customers_customer_id, id);
      WEBAPI_SAME_ASYNC(get_customers_ids);
      WEBAPI_SAME_ASYNC(get_customers);
      WEBAPI_SAME_ASYNC(get_projects_project_id, b.v.at("CLASSIC_PROJECT_ID"));
      WEBAPI_SAME_ASYNC(get_projects_project_id, "no-such-project");  // 404
      WEBAPI_SAME_ASYNC(get_v2_projects_for_external_id_external_project_id, "crm-1001");
      WEBAPI_SAME_ASYNC(get_v2_quotes_quote_id, b.v.at("SMART_QUOTE_ID"));
      WEBAPI_SAME_ASYNC(get_jobs_job_id, b.v.at("JOB_ID"));
      WEBAPI_SAME_ASYNC(get_dictionaries_type_id, "language", 1);
      auto subscribed =
          WEBAPI_SAME_ASYNC(post_subscription, {.body = {.event = "PROJECT_CREATED", .url = "https://h.example.com"}});
      auto listed = WEBAPI_SAME_ASYNC(get_subscription);
      BOOST_REQUIRE(listed && !listed->empty() && listed->front().subscription_id);
      WEBAPI_SAME_ASYNC(delete_subscription_subscription_id, *listed->front().subscription_id);
      WEBAPI_SAME_ASYNC(get_subscription);
    }
    {
      auto& blocking = b.stranger;
      auto& async = a.stranger;
      WEBAPI_SAME_ASYNC(get_customers_ids);  // 401
    }
  });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}
