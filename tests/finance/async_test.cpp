#define BOOST_TEST_MODULE async_finance
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): a manual account made, read,
// listed, updated and deleted, the derived views, the user, and refusals (unknown status, missing account,
// another user's account, a bad address).

#include <cstdint>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/finance/compiled.hpp>
#include <webapi/finance.hpp>

#include "../support/async_twins.hpp"

namespace ff = webapi::fakes::finance;
namespace fin = webapi::finance;

namespace {
constexpr const char* base_url = "https://finance.example";
struct Side {
  ff::CompiledFake fake;
  std::vector<std::pair<std::string, std::string>> credentials = fake.seed_demo();
  fin::AnyClient demo{fake, {.base_url = base_url, .access_token = fake.issue_token(credentials[5].second)}};
  fin::AnyClient grace{fake, {.base_url = base_url, .access_token = fake.issue_token("grace")}};
};
}  // namespace

static_assert(fin::AsyncTwins<fin::AnyClient, boost::asio::use_awaitable_t<>>);
static_assert(fin::AsyncTwins<fin::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(fin::operations, fin::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  Side b, a;
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    std::int64_t id = 0;
    {
      auto& blocking = b.demo;
      auto& async = a.demo;
      WEBAPI_SAME_ASYNC(get_all_accounts);
      auto created = WEBAPI_SAME_ASYNC(
          create_manual_account,
          {.body = {.account = {.account_name = "Rainy day", .account_type = "SAVINGS",
                                .balance = fin::Money{1000, fin::MoneyCurrency::USD}}}});
      BOOST_REQUIRE(created && created->account && !created->account->empty() && created->account->front().id);
      id = *created->account->front().id;
      WEBAPI_SAME_ASYNC(get_account, id);
      WEBAPI_SAME_ASYNC(update_account, id,
                        {.body = {.account = {.account_name = "Rainy days",
                                              .balance = fin::Money{1500, fin::MoneyCurrency::USD}}}});
      WEBAPI_SAME_ASYNC(get_all_accounts, {.status = "SLEEPING"});  // 400
      WEBAPI_SAME_ASYNC(get_transactions);
      WEBAPI_SAME_ASYNC(get_networth);
      WEBAPI_SAME_ASYNC(get_documents);
      WEBAPI_SAME_ASYNC(get_user);
      WEBAPI_SAME_ASYNC(update_user, {.body = {.user = {.email = "not-an-address"}}});  // 400
    }
    {
      auto& blocking = b.grace;
      auto& async = a.grace;
      WEBAPI_SAME_ASYNC(get_account, id);  // another user's: 404
    }
    {
      auto& blocking = b.demo;
      auto& async = a.demo;
      WEBAPI_SAME_ASYNC(delete_account, id);
      WEBAPI_SAME_ASYNC(get_account, id);  // 404
    }
  });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}
