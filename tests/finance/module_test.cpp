#define BOOST_TEST_MODULE webapi finance module
#include <type_traits>

#include <boost/test/unit_test.hpp>

#include <webapi/finance.hpp>

#include "../support/canned_client.hpp"

using namespace webapi;
using test::contains;
namespace fin = webapi::finance;

namespace {

struct Fixture {
  test::CannedTransport transport{test::json(R"({"account": [{"id": 11, "accountName": "Checking", "CONTAINER": "bank",
    "balance": {"amount": 12.5, "currency": "USD"}, "someNewField": {"x": 1}}]})", 200, "application/json;charset=UTF-8")};
  fin::Client<test::CannedTransport> client{transport, {.base_url = "https://sandbox.example/ysl", .access_token = "jwt"}};
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(finance_client, Fixture)

// Enums with the same enumerators and wire values are one type; the names of each place stay as aliases.
static_assert(std::is_same_v<fin::TransactionBaseType, fin::VerificationTransactionBaseType>);
static_assert(std::is_same_v<fin::AccountAggregationSource, fin::UpdatedProviderAccountAggregationSource>);
static_assert(std::is_same_v<fin::AccountCONTAINER, fin::VerifyAccountRequestContainer>);
static_assert(!std::is_same_v<fin::AccountCONTAINER, fin::TransactionBaseType>);

BOOST_AUTO_TEST_CASE(one_enum_type_for_equal_enums) {
  // A value read for one place can be stored in another without a conversion.
  fin::VerificationTransactionBaseType base = fin::TransactionBaseType::CREDIT;
  BOOST_TEST(webapi::to_wire(base) == "CREDIT");
}

BOOST_AUTO_TEST_CASE(the_base_url_is_required) {
  test::CannedTransport fresh;
  fin::Client<test::CannedTransport> nowhere{fresh, {.access_token = "jwt"}};
  auto r = nowhere.get_all_accounts();
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(r.error().message == "base_url is required");
  BOOST_TEST(!fresh.last().has_value());
}

BOOST_AUTO_TEST_CASE(an_account_by_id) {
  auto r = client.get_account(11, {.include = "holder"});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::get);
  BOOST_TEST(req.base_url == "https://sandbox.example/ysl");
  BOOST_TEST(req.path == "/accounts/11");
  BOOST_TEST(test::query(req) == "include=holder");
  BOOST_TEST(req.headers.get("Authorization").value_or("") == "Bearer jwt");
  BOOST_REQUIRE(r->account && r->account->size() == 1u);
  const auto& a = r->account->front();
  BOOST_TEST(a.id.value_or(0) == 11);
  BOOST_TEST(a.account_name.value_or("") == "Checking");
  BOOST_REQUIRE(a.balance);
  BOOST_TEST(a.balance->amount == 12.5);
}

BOOST_AUTO_TEST_CASE(money_without_its_amount_keeps_the_account) {
  // docs/json.md: a required member the answer lacks keeps its default; the other accounts are not lost.
  transport.respond(test::json(R"({"account": [{"id": 1, "balance": {"currency": "USD"}}, {"id": 2}]})"));
  auto r = client.get_all_accounts();
  WEBAPI_REQUIRE_OK(r);
  BOOST_TEST_REQUIRE(r->account->size() == 2u);
  BOOST_TEST((*r->account)[0].balance->amount == 0.0);
  BOOST_TEST((*r->account)[1].id.value_or(0) == 2);

  transport.respond(test::json(R"({"account": [{"id": 1, "balance": {"currency": "USD", "amount": "12"}}]})"));
  auto wrong = client.get_all_accounts();
  BOOST_REQUIRE(!wrong);
  BOOST_TEST(wrong.error().kind == ErrorKind::decode);
  BOOST_TEST(contains(wrong.error().message, "amount"));
}

BOOST_AUTO_TEST_CASE(category_creation_body_and_no_content) {
  transport.respond(test::json("", 201));
  auto r = client.create_transaction_category({.body = {.category_name = "Pets", .parent_category_id = 20}});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.method == Method::post);
  BOOST_TEST(req.path == "/transactions/categories");
  BOOST_TEST(req.body == R"({"categoryName":"Pets","parentCategoryId":20})");
}

BOOST_AUTO_TEST_CASE(client_credentials_are_form_encoded) {
  transport.respond(test::json(R"({"token": {"accessToken": "abc", "expiresIn": 1800}})", 201));
  fin::Client<test::CannedTransport> admin{transport, {.base_url = "https://sandbox.example/ysl"}};
  auto r = admin.generate_access_token({.body = {{"clientId", "id"}, {"secret", "s e"}}});
  WEBAPI_REQUIRE_OK(r);
  Request req = test::sent(transport);
  BOOST_TEST(req.path == "/auth/token");
  BOOST_TEST(req.content_type == "application/x-www-form-urlencoded");
  BOOST_TEST(req.body == "clientId=id&secret=s%20e");
  BOOST_TEST(!req.headers.contains("Authorization"));
}

BOOST_AUTO_TEST_CASE(missing_token) {
  test::CannedTransport fresh;
  fin::Client<test::CannedTransport> anonymous{fresh, {.base_url = "https://sandbox.example/ysl"}};
  auto r = anonymous.delete_account(3);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == ErrorKind::auth);
  BOOST_TEST(!fresh.last().has_value());
}

BOOST_AUTO_TEST_CASE(transactions_page_by_skip_and_top) {
  // Two full pages of two, then a short one: the pager asks with skip 0, 2 and 4 and stops after the short page.
  auto page = [](std::initializer_list<int> ids) {
    std::string body = R"({"transaction": [)";
    for (int id : ids) body += (body.back() == '[' ? "" : ",") + std::string(R"({"id": )") + std::to_string(id) + "}";
    return test::json(body + "]}", 200, "application/json");
  };
  transport.respond(page({1, 2}));
  std::vector<std::int64_t> ids;
  std::vector<std::string> skips;
  auto all = client.get_transactions_all({.top = 2});
  for (const auto& t : all) {
    ids.push_back(t.id.value_or(0));
    skips.emplace_back(transport.last()->query_value("skip").value_or("-"));
    if (ids.size() == 2) transport.respond(page({3, 4}));
    if (ids.size() == 4) transport.respond(page({5}));
  }
  BOOST_TEST(!all.error());
  BOOST_TEST((ids == std::vector<std::int64_t>{1, 2, 3, 4, 5}));
  BOOST_TEST((skips == std::vector<std::string>{"0", "0", "2", "2", "4"}));
  BOOST_TEST(*transport.last()->query_value("top") == "2");
}

BOOST_AUTO_TEST_SUITE_END()
