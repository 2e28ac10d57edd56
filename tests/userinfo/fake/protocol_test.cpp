// What the userinfo fake shares with every fake: its routes, 404/405, faults, the journal, reset and
// inspection.

#include <chrono>
#include <stdexcept>
#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/send_options.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::UserinfoFixture;

BOOST_FIXTURE_TEST_SUITE(protocol, UserinfoFixture)

BOOST_AUTO_TEST_CASE(every_client_operation_reaches_a_modeled_route_of_the_same_name) {
  for (const auto& op : webapi::userinfo::operations) {
    bool found = false;
    for (const auto& r : fake.routes())
      found = found || (r.operation == op.name && r.method == op.method && r.path == op.path && r.modeled);
    BOOST_TEST(found, op.name << " is routed and modeled");
  }
  for (const auto& r : fake.routes()) BOOST_TEST(r.modeled, r.operation << " is modeled");
  // One route per operation, and tokeninfo's GET form beside its POST.
  BOOST_TEST(fake.routes().size() == webapi::userinfo::operations.size() + 1);
}

BOOST_AUTO_TEST_CASE(unknown_paths_are_404_and_wrong_methods_405) {
  auto missing = get("/oauth2/v2/nothing", ada_token);
  BOOST_TEST(missing.status == 404);
  BOOST_TEST(test::error_message(missing.body, 404).find("/oauth2/v2/nothing") != std::string::npos);
  auto wrong = raw(Method::delete_, "/userinfo/v2/me");
  BOOST_TEST(wrong.status == 405);
  BOOST_TEST(*wrong.headers.get("Allow") == "GET");
  BOOST_TEST(*raw(Method::put, "/oauth2/v2/tokeninfo").headers.get("Allow") == "POST, GET");
}

BOOST_AUTO_TEST_CASE(fail_next_answers_the_status_then_recovers) {
  auto c = client(ada_token);
  fake.fail_next(1, 503, "oauth2_userinfo_get");
  BOOST_TEST(c.oauth2_userinfo_v2_me_get().has_value());  // another operation is not affected
  auto failed = c.oauth2_userinfo_get();
  BOOST_REQUIRE(!failed);
  BOOST_TEST(failed.error().status == 503);
  BOOST_TEST(c.oauth2_userinfo_get().has_value());
  fake.fail_next(2, 429);
  BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = ada_token}).error().status == 429);
  BOOST_TEST(c.oauth2_userinfo_get().error().status == 429);
  BOOST_TEST(c.oauth2_userinfo_get().has_value());
  BOOST_TEST(fake.journal().last()->injected == false);
}

BOOST_AUTO_TEST_CASE(drop_next_is_a_transport_error) {
  fake.drop_next(1, "oauth2_tokeninfo");
  auto dropped = anonymous.oauth2_tokeninfo({.access_token = ada_token});
  BOOST_REQUIRE(!dropped);
  BOOST_TEST(int(dropped.error().kind) == int(ErrorKind::transport));
  BOOST_TEST(dropped.error().operation == "oauth2_tokeninfo");
  BOOST_TEST(fake.journal().last()->injected);
  BOOST_TEST(fake.journal().last()->status == 0);
  BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = ada_token}).has_value());
}

BOOST_AUTO_TEST_CASE(latency_delays_every_call) {
  fake.set_latency(30ms);
  auto start = std::chrono::steady_clock::now();
  BOOST_TEST(client(ada_token).oauth2_userinfo_get().has_value());
  BOOST_TEST((std::chrono::steady_clock::now() - start >= 30ms));
  fake.clear_faults();
  start = std::chrono::steady_clock::now();
  BOOST_TEST(client(ada_token).oauth2_userinfo_get().has_value());
  BOOST_TEST((std::chrono::steady_clock::now() - start < 30ms));
}

BOOST_AUTO_TEST_CASE(the_journal_records_each_call_with_its_operation_status_and_credential) {
  BOOST_TEST(client(ada_token).with({.fields = "id"}).oauth2_userinfo_get().has_value());
  BOOST_TEST(!client("ya29.never-issued").oauth2_userinfo_v2_me_get());
  BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = ada_token}).has_value());
  get("/nowhere", "");
  fake.clock().advance(5s);
  BOOST_TEST(!anonymous.oauth2_tokeninfo());

  auto journal = fake.journal();
  BOOST_REQUIRE(journal.size() == 5u);
  const auto& first = journal.at(0);
  BOOST_TEST(first.operation == "oauth2_userinfo_get");
  BOOST_TEST(first.status == 200);
  BOOST_TEST(*first.request.headers.get("Authorization") == "Bearer " + ada_token);
  BOOST_TEST(*first.request.query_value("fields") == "id");
  BOOST_TEST(journal.at(1).status == 401);
  BOOST_TEST(journal.at(1).operation == "oauth2_userinfo_v2_me_get");
  BOOST_TEST(*journal.at(2).request.query_value("access_token") == ada_token);
  BOOST_TEST(journal.at(3).operation.empty());
  BOOST_TEST(journal.at(3).status == 404);
  BOOST_TEST(journal.at(4).status == 400);
  BOOST_TEST((journal.at(4).at == fake.clock().now()));
  BOOST_TEST((journal.at(0).at == webapi::fakes::ManualClock::default_start()));
  BOOST_TEST(journal.count("oauth2_tokeninfo") == 2u);

  fake.clear_journal();
  BOOST_TEST(fake.requests().empty());
  fake.set_journal_capacity(1);
  BOOST_TEST(anonymous.oauth2_tokeninfo({.access_token = ada_token}).has_value());
  BOOST_TEST(client(ada_token).oauth2_userinfo_get().has_value());
  BOOST_TEST(fake.requests().size() == 1u);
  BOOST_TEST(fake.requests().front().operation == "oauth2_userinfo_get");
  BOOST_TEST(fake.journal().dropped() == 1u);
}

BOOST_AUTO_TEST_CASE(reset_forgets_users_tokens_journal_faults_and_time) {
  const std::string first_user = ada;
  const std::string first_token = ada_token;
  BOOST_TEST(client(ada_token).oauth2_userinfo_get().has_value());
  fake.fail_next(3, 500);
  fake.clock().advance(24h);
  fake.reset();

  BOOST_TEST(client(first_token).oauth2_userinfo_get().error().status == 401);  // no faults left, no token
  auto s = fake.snapshot();
  BOOST_TEST(s.users.empty());
  BOOST_TEST(s.access_tokens.empty());
  BOOST_TEST((fake.clock().now() == webapi::fakes::ManualClock::default_start()));
  BOOST_TEST(fake.requests().size() == 1u);
  // Ids and token values start over: runs repeat exactly.
  std::string again = fake.add_user({.email = "ada@analytical.example"});
  BOOST_TEST(again == first_user);
  BOOST_TEST(fake.issue_access_token({.user_id = again}) == first_token);
}

BOOST_AUTO_TEST_CASE(seeding_and_inspection) {
  BOOST_TEST(ada == "100000000000000000001");
  BOOST_TEST(grace == "100000000000000000002");
  BOOST_TEST(ada_token.starts_with("ya29."));
  BOOST_TEST(fake.add_user({.id = "42", .name = "Chosen"}) == "42");
  BOOST_TEST(fake.user("42")->name == "Chosen");
  BOOST_TEST(!fake.user("43"));

  std::string mine = fake.issue_access_token({.user_id = "42", .scope = "openid", .value = "chosen-token"});
  BOOST_TEST(mine == "chosen-token");
  auto t = *fake.access_token(mine);
  BOOST_TEST(t.user_id == "42");
  BOOST_TEST(t.scope == "openid");
  BOOST_TEST(t.client_id == "fake-client.apps.googleusercontent.com");
  BOOST_TEST((t.expires_at == fake.clock().now() + 3600s));
  BOOST_TEST(!t.revoked);
  BOOST_TEST(client(mine).oauth2_userinfo_get().has_value());

  std::string id = fake.issue_id_token({.user_id = "42", .audience = "web"});
  BOOST_TEST(fake.id_token(id)->audience == "web");
  BOOST_TEST(!fake.id_token(mine));
  BOOST_TEST(fake.inspect([](const test::fu::State& s) { return s.access_tokens.size(); }) == 2u);
  BOOST_TEST(fake.snapshot().id_tokens.size() == 1u);

  BOOST_CHECK_THROW(fake.issue_access_token({.user_id = "nobody"}), std::invalid_argument);
  BOOST_CHECK_THROW(fake.issue_id_token({.user_id = "nobody"}), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
