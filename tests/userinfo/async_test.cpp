#define BOOST_TEST_MODULE async_userinfo
// Every operation has an asynchronous twin, and the twins co_awaited against a fake give the Results the
// blocking methods give against a fake in the same state (the demo data set): the three operations with
// each kind of token, and the refusals of a revoked one.

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/async_transport.hpp>  // AnyClient's asynchronous forms
#include <webapi/fakes/userinfo/compiled.hpp>
#include <webapi/userinfo.hpp>

#include "../support/async_twins.hpp"

namespace fu = webapi::fakes::userinfo;
namespace ui = webapi::userinfo;

namespace {
struct Side {
  fu::CompiledFake fake;
  std::vector<std::pair<std::string, std::string>> credentials = fake.seed_demo();
  ui::AnyClient ada{fake, {.access_token = credentials[0].second}};
  ui::AnyClient email_only{fake, {.access_token = credentials[1].second}};
  ui::AnyClient revoked{fake, {.access_token = credentials[3].second}};
  ui::AnyClient anonymous{fake, {}};
};
}  // namespace

static_assert(ui::AsyncTwins<ui::AnyClient, boost::asio::use_awaitable_t<>>);
static_assert(ui::AsyncTwins<ui::AnyClient, boost::asio::use_awaitable_t<>>);

BOOST_AUTO_TEST_CASE(every_operation_has_an_asynchronous_twin) {
  test::check_every_operation_has_a_twin(ui::operations, ui::async_operations);
}

BOOST_AUTO_TEST_CASE(the_twins_give_the_blocking_results) {
  Side b, a;
  test::run_coroutine([&]() -> boost::asio::awaitable<void> {
    {
      auto& blocking = b.ada;
      auto& async = a.ada;
      WEBAPI_SAME_ASYNC(oauth2_userinfo_get);
      WEBAPI_SAME_ASYNC(oauth2_userinfo_v2_me_get);
    }
    {
      auto& blocking = b.email_only;
      auto& async = a.email_only;
      WEBAPI_SAME_ASYNC(oauth2_userinfo_v2_me_get);
    }
    {
      auto& blocking = b.anonymous;
      auto& async = a.anonymous;
      WEBAPI_SAME_ASYNC(oauth2_tokeninfo, {.id_token = b.credentials[2].second});
      WEBAPI_SAME_ASYNC(oauth2_tokeninfo, {.access_token = b.credentials[3].second});  // 400: revoked
      WEBAPI_SAME_ASYNC(oauth2_userinfo_get);                                           // 401: no token
    }
    {
      auto& blocking = b.revoked;
      auto& async = a.revoked;
      WEBAPI_SAME_ASYNC(oauth2_userinfo_get);  // 401
    }
  });
  BOOST_TEST(a.fake.requests().size() == b.fake.requests().size());
}
