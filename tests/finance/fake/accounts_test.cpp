// Accounts (manual ones made, read, updated, deleted; containers; real estate valuation; the default
// statuses and the requestId filter of getAllAccounts) and provider accounts (refresh rules, deletion).

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using namespace webapi;
using namespace std::chrono_literals;
using test::FinanceFixture;
namespace fin = webapi::finance;

namespace {
std::vector<std::int64_t> ids_of(const fin::AccountResponse& r) {
  std::vector<std::int64_t> out;
  for (const auto& a : r.account.value_or(std::vector<fin::Account>{})) out.push_back(*a.id);
  return out;
}
}  // namespace

BOOST_FIXTURE_TEST_SUITE(manual_accounts, FinanceFixture)

BOOST_AUTO_TEST_CASE(made_read_updated_and_deleted) {
  const auto id = add_manual("Rainy day", "SAVINGS", 1000);
  auto read = client.get_account(id);
  BOOST_REQUIRE(read.has_value());
  const auto& a = read->account->front();
  BOOST_TEST(*a.account_name == "Rainy day");
  BOOST_TEST(a.container->wire() == "bank");
  BOOST_TEST(*a.is_manual);
  BOOST_TEST(a.balance->amount == 1000);

  BOOST_TEST(client.update_account(id, {.body = {.account = {.account_name = "Rainy days",
                                                             .balance = fin::Money{1500, fin::MoneyCurrency::USD}}}})
                 .has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(fake.account(id)->name == "Rainy days");
  BOOST_TEST(fake.account(id)->balance == 1500);

  BOOST_TEST(client.delete_account(id).has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  auto gone = client.get_account(id);
  BOOST_REQUIRE(!gone);
  BOOST_TEST(test::refusal(gone.error(), 404).code == "Y807");
  BOOST_TEST(int(gone.error().service->category) == int(ErrorCategory::not_found));
}

BOOST_AUTO_TEST_CASE(another_users_account_is_not_found) {
  const auto id = add_manual("Mine", "CHECKING", 10);
  auto grace = client_with(fake.issue_token("grace"));
  BOOST_TEST(test::refusal(grace.get_account(id).error(), 404).code == "Y807");
  BOOST_TEST(grace.delete_account(id).error().status == 404);
  BOOST_TEST(fake.account(id).has_value());
}

BOOST_AUTO_TEST_CASE(the_account_type_decides_the_container) {
  BOOST_TEST(fake.account(add_manual("Visa", "CREDIT", 10))->container == "creditCard");
  BOOST_TEST(fake.account(add_manual("Brokerage", "BROKERAGE", 10))->container == "investment");
  BOOST_TEST(fake.account(add_manual("Life", "LIFE_INSURANCE", 10))->container == "insurance");
  BOOST_TEST(fake.account(add_manual("House", "MORTGAGE", 10))->container == "loan");
  auto r = client.create_manual_account({.body = {.account = {.account_name = "X", .account_type = "TREASURE_CHEST"}}});
  BOOST_REQUIRE(!r);
  auto e = test::refusal(r.error(), 400);
  BOOST_TEST(e.code == "Y800");
  BOOST_TEST(e.message.find("accountType") != std::string::npos);
  BOOST_TEST(int(r.error().service->category) == int(ErrorCategory::invalid_argument));
}

BOOST_AUTO_TEST_CASE(real_estate_takes_system_or_manual_valuation_only) {
  auto house = [&](fin::CreateAccountInfo info) { return client.create_manual_account({.body = {.account = info}}); };
  auto none = house({.account_name = "Home", .account_type = "REAL_ESTATE"});
  BOOST_TEST(test::refusal(none.error(), 400).message.find("valuationType") != std::string::npos);

  auto manual = house({.account_name = "Cabin", .account_type = "REAL_ESTATE",
                       .home_value = fin::Money{250000, fin::MoneyCurrency::USD},
                       .valuation_type = fin::AccountValuationType::MANUAL});
  BOOST_REQUIRE(manual.has_value());
  BOOST_TEST(fake.account(*manual->account->front().id)->balance == 250000);

  auto system = house({.account_name = "Home", .account_type = "REAL_ESTATE",
                       .address = fin::AccountAddress{.street = "100 Main Street", .zip = "62701"},
                       .valuation_type = fin::AccountValuationType::SYSTEM});
  BOOST_REQUIRE(system.has_value());
  BOOST_TEST(fake.account(*system->account->front().id)->balance == 350000);

  auto ambiguous = house({.account_name = "Elm", .account_type = "REAL_ESTATE",
                          .address = fin::AccountAddress{.street = "1 Elm Street"},
                          .valuation_type = fin::AccountValuationType::SYSTEM});
  BOOST_TEST(test::refusal(ambiguous.error(), 400).code == "Y869");
  auto unknown = house({.account_name = "Nowhere", .account_type = "REAL_ESTATE",
                        .address = fin::AccountAddress{.street = "9 Nowhere Lane"},
                        .valuation_type = fin::AccountValuationType::SYSTEM});
  BOOST_TEST(test::refusal(unknown.error(), 400).code == "Y862");
  auto valued_car = client.create_manual_account({.body = {.account = {
      .account_name = "Car", .account_type = "SAVINGS", .valuation_type = fin::AccountValuationType::MANUAL}}});
  BOOST_TEST(valued_car.error().status == 400);
}

BOOST_AUTO_TEST_CASE(evaluate_address_returns_one_or_several_matches) {
  auto several = client.evaluate_address({.body = {.address = {.street = "1 Elm Street"}}});
  BOOST_TEST(several.error().status == 400);  // needs city and state, or zip
  several = client.evaluate_address({.body = {.address = {.city = "Portland", .state = "OR", .street = "1 elm street"}}});
  BOOST_REQUIRE(several.has_value());
  BOOST_TEST(several->address->size() == 1u);
  auto both = client.evaluate_address({.body = {.address = {.city = "Portland", .street = "1 Elm Street", .zip = std::nullopt}}});
  BOOST_TEST(both.error().status == 400);
  fake.add_property({"1 Elm Street", "Portland", "OR", "97202", 500000});
  auto two = client.evaluate_address({.body = {.address = {.city = "Portland", .state = "OR", .street = "1 Elm Street"}}});
  BOOST_REQUIRE(two.has_value());
  BOOST_TEST(*two->is_valid_address);
  BOOST_TEST(two->address->size() == 2u);
  auto none = client.evaluate_address({.body = {.address = {.street = "9 Nowhere Lane", .zip = "00000"}}});
  BOOST_REQUIRE(none.has_value());
  BOOST_TEST(!*none->is_valid_address);
}

BOOST_AUTO_TEST_CASE(get_all_accounts_lists_active_and_to_be_closed_by_default) {
  const auto active = add_manual("Active", "CHECKING", 1);
  auto with_status = [&](std::string status) {
    return fake.add_account("ada", {.container = "bank", .account_type = "CHECKING", .name = status,
                                    .status = status});
  };
  const auto closing = with_status("TO_BE_CLOSED");
  const auto closed = with_status("CLOSED");
  with_status("INACTIVE");
  auto all = client.get_all_accounts();
  BOOST_REQUIRE(all.has_value());
  BOOST_TEST(ids_of(*all) == (std::vector<std::int64_t>{active, closing}), boost::test_tools::per_element());
  auto only_closed = client.get_all_accounts({.status = "CLOSED"});
  BOOST_TEST(ids_of(*only_closed) == std::vector<std::int64_t>{closed}, boost::test_tools::per_element());
  BOOST_TEST(test::refusal(client.get_all_accounts({.status = "SLEEPING"}).error(), 400).message.find("status") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_aggregated_account_keeps_its_balance) {
  const auto pa = fake.add_provider_account("ada", {.provider_id = 1});
  const auto id = fake.add_account("ada", {.provider_account_id = pa, .container = "bank", .account_type = "CHECKING",
                                           .name = "Checking", .balance = 100});
  auto r = client.update_account(id, {.body = {.account = {.balance = fin::Money{1e6, fin::MoneyCurrency::USD}}}});
  BOOST_TEST(r.error().status == 400);
  BOOST_TEST(fake.account(id)->balance == 100);
  BOOST_TEST(client.update_account(id, {.body = {.account = {.nickname = "Daily"}}}).has_value());
  BOOST_TEST(*fake.account(id)->nickname == "Daily");
}

// PUT /user lists no 400; its refusal still comes labelled as the description labels YodleeError answers.
BOOST_AUTO_TEST_CASE(an_error_is_labelled_as_the_description_labels_yodlee_errors) {
  auto r = raw(webapi::Method::put, "/user", "Bearer " + ada_token, R"({"user":{"email":"not-an-address"}})");
  BOOST_TEST(r.status == 400);
  BOOST_TEST(r.headers.get("Content-Type").value_or("") == "application/json;charset=UTF-8");
}

BOOST_AUTO_TEST_CASE(a_user_updates_their_record_and_unregisters_with_their_data) {
  auto updated = client.update_user({.body = {.user = {.email = "ada@example.com",
                                                       .name = fin::Name{.first = "Ada", .last = "Lovelace"}}}});
  REQUIRE_OK(updated);
  BOOST_TEST(*fake.user("ada")->email == "ada@example.com");
  BOOST_TEST(*client.get_user()->user->name->last == "Lovelace");
  BOOST_TEST(client.update_user({.body = {.user = {.email = "not-an-address"}}}).error().status == 400);

  const auto id = add_manual("Savings", "SAVINGS", 10);
  REQUIRE_OK(client.unregister());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(!fake.user("ada"));
  BOOST_TEST(!fake.account(id));
  BOOST_TEST(client.get_all_accounts().error().status == 401);  // the token named a user who is gone
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(provider_accounts, FinanceFixture)

BOOST_AUTO_TEST_CASE(a_refresh_needs_15_minutes_since_the_last_and_a_refused_one_changes_nothing) {
  const auto pa = fake.add_provider_account("ada", {.provider_id = 16441});
  auto first = client.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(pa)});
  BOOST_REQUIRE(first.has_value());
  const std::string request_id = *first->provider_account->front().request_id;
  fake.clock().advance(14min);
  auto early = client.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(pa)});
  BOOST_REQUIRE(!early);
  BOOST_TEST(test::refusal(early.error(), 400).message.find("15 minutes") != std::string::npos);
  BOOST_TEST(fake.provider_account(pa)->request_id == request_id);
  fake.clock().advance(1min);
  auto later = client.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(pa)});
  BOOST_REQUIRE(later.has_value());
  BOOST_TEST(*later->provider_account->front().request_id != request_id);
}

BOOST_AUTO_TEST_CASE(a_refresh_naming_none_refreshes_every_eligible_one_and_returns_only_those) {
  const auto fresh = fake.add_provider_account("ada", {.provider_id = 1});
  const auto recent = fake.add_provider_account("ada", {.provider_id = 2, .last_refreshed = fake.clock().now()});
  fake.add_provider_account("ada", {.provider_id = 3, .closed = true});
  fake.add_provider_account("ada", {.provider_id = 4, .inactive = true});
  fake.add_provider_account("ada", {.provider_id = 5, .status = "IN_PROGRESS"});
  fake.add_provider_account("grace", {.provider_id = 6});
  auto r = client.edit_credentials_or_refresh_provider_account({});
  REQUIRE_OK(r);
  BOOST_REQUIRE(r->provider_account->size() == 1u);
  BOOST_TEST(*r->provider_account->front().id == fresh);
  BOOST_TEST(fake.provider_account(recent)->request_id.empty());
}

BOOST_AUTO_TEST_CASE(naming_a_closed_inactive_or_busy_provider_account_is_refused_and_changes_nothing) {
  const auto eligible = fake.add_provider_account("ada", {.provider_id = 1});
  const auto closed = fake.add_provider_account("ada", {.provider_id = 2, .closed = true});
  const auto inactive = fake.add_provider_account("ada", {.provider_id = 3, .inactive = true});
  const auto id = [](std::int64_t n) { return std::to_string(n); };
  struct Case {
    std::int64_t named;
    std::string why;
  };
  std::vector<Case> cases{{closed, "is closed"}, {inactive, "is inactive"}};
  for (std::string busy : {"IN_PROGRESS", "LOGIN_IN_PROGRESS", "MIGRATION_IN_PROGRESS"})
    cases.push_back({fake.add_provider_account("ada", {.provider_id = 4, .status = busy}),
                     "has an action in progress (" + busy + ")"});
  for (const auto& [named, why] : cases) {
    const auto before = *fake.provider_account(named);
    // Alone, and after an eligible one: the whole request is refused, the eligible one not refreshed.
    for (std::string ids : {id(named), id(eligible) + "," + id(named)}) {
      auto r = client.edit_credentials_or_refresh_provider_account({.provider_account_ids = ids});
      BOOST_REQUIRE_MESSAGE(!r, ids << " was refreshed");
      const auto error = test::refusal(r.error(), 400);
      BOOST_TEST(error.code == "Y800");
      BOOST_TEST(error.message == "Invalid value for providerAccountIds: provider account " + id(named) + " " + why);
    }
    const auto after = *fake.provider_account(named);
    BOOST_TEST(after.status == before.status);
    BOOST_TEST(after.request_id.empty());
    BOOST_TEST(!after.last_refreshed);
  }
  BOOST_TEST(fake.provider_account(eligible)->request_id.empty());
}

BOOST_AUTO_TEST_CASE(get_all_accounts_with_a_request_id_gives_the_accounts_of_that_refresh) {
  const auto bank = fake.add_provider_account("ada", {.provider_id = 1});
  const auto other = fake.add_provider_account("ada", {.provider_id = 2});
  const auto a = fake.add_account("ada", {.provider_account_id = bank, .container = "bank", .account_type = "CHECKING", .name = "A"});
  fake.add_account("ada", {.provider_account_id = other, .container = "bank", .account_type = "SAVINGS", .name = "B"});
  add_manual("Manual", "SAVINGS", 1);
  auto refreshed = client.edit_credentials_or_refresh_provider_account({.provider_account_ids = std::to_string(bank)});
  BOOST_REQUIRE(refreshed.has_value());
  auto accounts = client.get_all_accounts({.request_id = *refreshed->provider_account->front().request_id});
  BOOST_TEST(ids_of(*accounts) == std::vector<std::int64_t>{a}, boost::test_tools::per_element());
  BOOST_TEST(ids_of(*client.get_all_accounts()).size() == 3u);
}

BOOST_AUTO_TEST_CASE(deleting_a_provider_account_removes_its_accounts) {
  const auto pa = fake.add_provider_account("ada", {.provider_id = 1});
  const auto a = fake.add_account("ada", {.provider_account_id = pa, .container = "bank", .account_type = "CHECKING", .name = "A"});
  const auto t = fake.add_transaction("ada", {.account_id = a, .amount = 5, .description = "x"});
  const auto manual = add_manual("Manual", "SAVINGS", 1);
  BOOST_TEST(client.get_all_provider_accounts()->provider_account->size() == 1u);
  REQUIRE_OK(client.delete_provider_account(pa));
  BOOST_TEST(fake.journal().last()->status == 200);  // the status the description lists
  BOOST_TEST(!fake.account(a));
  BOOST_TEST(!fake.transaction(t));
  BOOST_TEST(fake.account(manual).has_value());
  BOOST_TEST(client.get_provider_account(pa).error().status == 404);
}

BOOST_AUTO_TEST_SUITE_END()
