// Transactions, categories and categorization rules (validation shared with the client, running in
// priority order), the transaction summary, net worth and historical balances, holdings, statements and
// documents.

#include <string>

#include <boost/test/unit_test.hpp>

#include <webapi/core/base64.hpp>

#include "fixture.hpp"

using namespace webapi;
using test::FinanceFixture;
namespace fin = webapi::finance;

namespace {

/// Ada with a card holding coffee and fuel purchases, and a checking account with a paycheck.
struct SpendingFixture : FinanceFixture {
  std::int64_t pa = fake.add_provider_account("ada", {.provider_id = 1});
  std::int64_t card = fake.add_account("ada", {.provider_account_id = pa, .container = "creditCard",
                                               .account_type = "CREDIT", .name = "Card", .balance = 300});
  std::int64_t checking = fake.add_account("ada", {.provider_account_id = pa, .container = "bank",
                                                   .account_type = "CHECKING", .name = "Checking", .balance = 2000});
  std::int64_t starbucks = spend(card, "STARBUCKS COFFEE #12", 4.75, "2023-12-20");
  std::int64_t blue_bottle = spend(card, "Blue Bottle Coffee", 6.50, "2023-12-21");
  std::int64_t fuel = spend(card, "SHELL OIL", 45.00, "2023-12-22");
  std::int64_t pay = fake.add_transaction("ada", {.account_id = checking, .amount = 1000, .base_type = "CREDIT",
                                                  .description = "PAYROLL", .category_id = 7, .date = "2023-12-28"});

  std::int64_t spend(std::int64_t account, std::string description, double amount, std::string date) {
    return fake.add_transaction("ada", {.account_id = account, .amount = amount, .description = std::move(description),
                                        .date = std::move(date)});
  }

  /// Creates a user category under `parent` through the client; returns its id.
  std::int64_t make_category(std::string name, std::int32_t parent = 3) {
    auto r = client.create_transaction_category({.body = {.category_name = name, .parent_category_id = parent}});
    BOOST_REQUIRE_MESSAGE(r.has_value(), "category failed: " << (r ? "" : r.error().what()));
    auto listed = client.get_transaction_categories();
    REQUIRE_OK(listed);
    for (const auto& c : *listed->transaction_category)
      if (c.category == name) return *c.id;
    BOOST_FAIL("category not listed");
    return 0;
  }

  std::int64_t category_of(std::int64_t transaction) { return fake.transaction(transaction)->category_id; }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(transactions, SpendingFixture)

BOOST_AUTO_TEST_CASE(a_transaction_takes_a_new_category) {
  auto r = client.update_transaction(fuel, {.body = {.transaction = {.category_id = 4,
                                                                   .category_source = fin::AccountAggregationSource::USER,
                                                                   .container = fin::AccountCONTAINER::creditCard,
                                                                   .memo = "road trip"}}});
  BOOST_REQUIRE(r.has_value());
  BOOST_TEST(category_of(fuel) == 4);
  auto listed = client.get_transactions({.category_id = "4"});
  BOOST_REQUIRE(listed->transaction->size() == 1u);
  BOOST_TEST(*listed->transaction->front().memo == "road trip");
  BOOST_TEST(listed->transaction->front().category_source->wire() == "USER");

  auto wrong = client.update_transaction(fuel, {.body = {.transaction = {.category_id = 4,
                                                                       .category_source = fin::AccountAggregationSource::USER,
                                                                       .container = fin::AccountCONTAINER::bank}}});
  BOOST_TEST(test::refusal(wrong.error(), 400).message.find("container") != std::string::npos);
  auto no_category = client.update_transaction(fuel, {.body = {.transaction = {.category_id = 999,
                                                                             .category_source = fin::AccountAggregationSource::USER,
                                                                             .container = fin::AccountCONTAINER::creditCard}}});
  BOOST_TEST(no_category.error().status == 400);
  BOOST_TEST(*client.get_transactions_count()->transaction->total->count == 4);
}

BOOST_AUTO_TEST_CASE(a_user_category_is_made_under_a_system_parent_and_deleted) {
  const auto coffee = make_category("Coffee");
  BOOST_TEST(fake.journal().entries()[fake.journal().size() - 2].status == 201);
  const auto listed = client.get_transaction_categories();
  auto it = std::find_if(listed->transaction_category->begin(), listed->transaction_category->end(),
                         [&](const auto& c) { return c.id == coffee; });
  BOOST_TEST(it->source->wire() == "USER");
  BOOST_TEST(it->type->wire() == "EXPENSE");

  auto orphan = client.create_transaction_category({.body = {.category_name = "Orphan", .parent_category_id = static_cast<std::int32_t>(coffee)}});
  BOOST_TEST(test::refusal(orphan.error(), 400).message.find("parentCategoryId") != std::string::npos);
  auto twice = client.create_transaction_category({.body = {.category_name = "coffee", .parent_category_id = 2}});
  BOOST_TEST(test::refusal(twice.error(), 400).code == "Y811");
  // Grace does not see Ada's category.
  auto grace = client_with(fake.issue_token("grace"));
  BOOST_TEST(grace.get_transaction_categories()->transaction_category->size() == test::ff::system_categories().size());

  BOOST_TEST(client.update_transaction(starbucks, {.body = {.transaction = {
                 .category_id = coffee, .category_source = fin::AccountAggregationSource::USER,
                 .container = fin::AccountCONTAINER::creditCard}}}).has_value());
  BOOST_TEST(client.delete_transaction_category(coffee).has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(category_of(starbucks) == 3);  // back to the parent
  BOOST_TEST(client.delete_transaction_category(coffee).error().status == 404);
  BOOST_TEST(client.delete_transaction_category(3).error().status == 404);  // a system category stays
}

BOOST_AUTO_TEST_CASE(category_names_have_1_to_50_characters_on_both_sides) {
  auto too_long = client.create_transaction_category({.body = {.category_name = std::string(51, 'x'), .parent_category_id = 2}});
  auto e = test::refusal(too_long.error(), 400);
  BOOST_TEST(e.code == "Y801");
  BOOST_TEST(e.message.find("categoryName") != std::string::npos);
  BOOST_TEST(!fin::validate_category_name(std::string(51, 'x')));  // the client's check says the same
  auto empty = client.create_transaction_category({.body = {.category_name = "", .parent_category_id = 2}});
  BOOST_TEST(test::refusal(empty.error(), 400).code == "Y801");
  const auto fifty = make_category(std::string(50, 'y'));
  BOOST_TEST(fifty > 0);
  BOOST_TEST(client.update_transaction_category({.body = {.category_name = std::string(51, 'z'), .id = fifty,
                                                          .source = fin::AccountAggregationSource::USER}})
                 .error().status == 400);
  BOOST_TEST(client.update_transaction_category({.body = {.category_name = "Renamed", .id = fifty,
                                                          .source = fin::AccountAggregationSource::USER}})
                 .has_value());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(rules, SpendingFixture)

BOOST_AUTO_TEST_CASE(a_typed_rule_is_validated_encoded_in_rule_param_and_created) {
  const auto coffee = make_category("Coffee");
  fin::CategorizationRule rule{.category_id = coffee, .priority = 1,
                               .rule_clause = {{"description", "stringContains", std::string("coffee")}}};
  BOOST_REQUIRE(fin::create_categorization_rule(client, rule).has_value());
  const auto sent = fake.journal().last()->request;
  BOOST_TEST(fake.journal().last()->status == 201);
  BOOST_TEST((fin::decode_rule_param(*sent.query_value("ruleParam")).value() == rule));
  auto listed = client.get_transaction_categorization_rules();
  BOOST_REQUIRE(listed->txn_rules->size() == 1u);
  BOOST_TEST(*listed->txn_rules->front().transaction_categorisation_id == coffee);
  BOOST_TEST(*listed->txn_rules->front().rule_clauses->front().field_value == "coffee");
  BOOST_TEST(client.get_transaction_categorization_rules_deprecated()->size() == 1u);
}

BOOST_AUTO_TEST_CASE(an_invalid_rule_is_refused_by_the_client_before_sending_and_by_the_fake) {
  fin::CategorizationRule bad{.category_id = 2, .priority = {},
                              .rule_clause = {{"description", "stringContains", std::string("coffee")},
                                              {"amount", "numberLessThan", 1e12}}};
  fake.clear_journal();
  auto refused = fin::create_categorization_rule(client, bad);
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().message.find("ruleClause[1].value") != std::string::npos);
  BOOST_TEST(fake.requests().empty());
  // Sent anyway, by hand: the fake runs the same check.
  auto raw_sent = client.create_or_run_transaction_categorization_rules({.rule_param = fin::encode_rule_param(bad)});
  auto e = test::refusal(raw_sent.error(), 400);
  BOOST_TEST(e.code == "Y806");
  BOOST_TEST(e.message.find("ruleClause[1].value") != std::string::npos);
  auto short_text = client.create_or_run_transaction_categorization_rules(
      {.rule_param = R"({"rule":{"categoryId":2,"ruleClause":[{"field":"description","operation":"stringEquals","value":"ab"}]}})"});
  BOOST_TEST(test::refusal(short_text.error(), 400).message.find("ruleClause[0].value") != std::string::npos);
  auto unknown_category = fin::create_categorization_rule(
      client, {.category_id = 999, .priority = {}, .rule_clause = {{"amount", "numberEquals", 5.0}}});
  BOOST_TEST(test::refusal(unknown_category.error(), 400).message.find("categoryId") != std::string::npos);
  BOOST_TEST(client.get_transaction_categorization_rules()->txn_rules->empty());
}

BOOST_AUTO_TEST_CASE(running_all_rules_recategorizes_in_priority_order) {
  const auto coffee = make_category("Coffee");
  const auto small = make_category("Small things", 6);
  // The small-amount rule has the higher priority (1): a coffee under 5 goes there, not to Coffee.
  BOOST_REQUIRE(fin::create_categorization_rule(client, {.category_id = coffee, .priority = 2,
                                                         .rule_clause = {{"description", "stringContains", std::string("COFFEE")}}}));
  BOOST_REQUIRE(fin::create_categorization_rule(client, {.category_id = small, .priority = 1,
                                                         .rule_clause = {{"amount", "numberLessThan", 5.0}}}));
  BOOST_TEST(category_of(starbucks) == 1);  // creating does not run
  BOOST_REQUIRE(client.create_or_run_transaction_categorization_rules({.action = "run"}).has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(category_of(starbucks) == small);
  BOOST_TEST(category_of(blue_bottle) == coffee);
  BOOST_TEST(category_of(fuel) == 1);
  BOOST_TEST(fake.transaction(blue_bottle)->category_source == "USER");
}

BOOST_AUTO_TEST_CASE(one_rule_runs_alone_is_updated_and_deleted) {
  const auto coffee = make_category("Coffee");
  BOOST_REQUIRE(fin::create_categorization_rule(client, {.category_id = coffee, .priority = {},
                                                         .rule_clause = {{"description", "stringEquals", std::string("shell oil")}}}));
  BOOST_REQUIRE(fin::create_categorization_rule(client, {.category_id = 4, .priority = {},
                                                         .rule_clause = {{"amount", "numberGreaterThan", 40.0}}}));
  auto rules = client.get_transaction_categorization_rules()->txn_rules.value();
  const auto first = *rules[0].user_defined_rule_id, second = *rules[1].user_defined_rule_id;
  BOOST_TEST(*rules[0].rule_priority < *rules[1].rule_priority);  // unset priorities follow, oldest first
  BOOST_REQUIRE(client.run_transaction_categorization_rule(second, {.action = fin::RunTransactionCategorizationRuleAction::run}).has_value());
  BOOST_TEST(category_of(fuel) == 4);
  BOOST_TEST(category_of(starbucks) == 1);

  auto updated = client.update_transaction_categorization_rule(
      first, {.body = {.rule = {.category_id = static_cast<std::int32_t>(coffee),
                                .rule_clause = {{fin::FieldOperationField::description,
                                                 fin::FieldOperationOperation::stringContains,
                                                 boost::json::value("coffee")}}}}});
  BOOST_REQUIRE(updated.has_value());
  BOOST_REQUIRE(client.run_transaction_categorization_rule(first, {.action = fin::RunTransactionCategorizationRuleAction::run}).has_value());
  BOOST_TEST(category_of(starbucks) == coffee);
  auto invalid = client.update_transaction_categorization_rule(
      first, {.body = {.rule = {.category_id = static_cast<std::int32_t>(coffee),
                                .rule_clause = {{fin::FieldOperationField::amount,
                                                 fin::FieldOperationOperation::stringContains, boost::json::value(3)}}}}});
  BOOST_TEST(test::refusal(invalid.error(), 400).message.find("ruleClause[0].operation") != std::string::npos);

  BOOST_TEST(client.delete_transaction_categorization_rule(first).has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(client.get_transaction_categorization_rules()->txn_rules->size() == 1u);
  BOOST_TEST(client.run_transaction_categorization_rule(first, {.action = fin::RunTransactionCategorizationRuleAction::run}).error().status == 404);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(derived, SpendingFixture)

BOOST_AUTO_TEST_CASE(net_worth_is_computed_from_the_accounts_held) {
  add_manual("Savings", "SAVINGS", 1000);
  auto excluded = client.create_manual_account({.body = {.account = {.account_name = "Hidden", .account_type = "SAVINGS",
                                                                     .balance = fin::Money{5000, fin::MoneyCurrency::USD},
                                                                     .include_in_net_worth = "false"}}});
  BOOST_REQUIRE(excluded.has_value());
  auto r = client.get_networth();
  BOOST_REQUIRE(r.has_value());
  BOOST_REQUIRE(r->networth->size() == 1u);
  const auto& today = r->networth->front();
  BOOST_TEST(today.asset->amount == 3000);      // checking 2000 + manual savings 1000
  BOOST_TEST(today.liability->amount == 300);   // the card
  BOOST_TEST(today.networth->amount == 2700);

  // Before the paycheck and the card purchases: their effects undone.
  auto before = client.get_networth({.from_date = "2023-12-19", .to_date = "2023-12-19"});
  BOOST_TEST(before->networth->front().asset->amount == 2000);
  BOOST_TEST(before->networth->front().liability->amount == 300 - 4.75 - 6.50 - 45.00);
  BOOST_TEST(client.get_networth({.to_date = "2030-01-01"}).error().status == 400);  // no future dates
}

BOOST_AUTO_TEST_CASE(historical_balances_per_account_and_day) {
  auto r = client.get_historical_balances({.account_id = std::to_string(checking), .from_date = "2023-12-27",
                                           .interval = "D", .to_date = "2023-12-28"});
  BOOST_REQUIRE(r.has_value());
  BOOST_REQUIRE(r->account->size() == 1u);
  const auto& days = *r->account->front().historical_balances;
  BOOST_REQUIRE(days.size() == 2u);
  BOOST_TEST(*days[0].date == "2023-12-28");
  BOOST_TEST(days[0].balance->amount == 2000);
  BOOST_TEST(days[1].balance->amount == 1000);  // before the paycheck
}

BOOST_AUTO_TEST_CASE(the_transaction_summary_groups_as_asked) {
  auto by_type = client.get_transaction_summary({.group_by = "CATEGORY_TYPE"});
  BOOST_REQUIRE(by_type.has_value());
  BOOST_TEST(by_type->transaction_summary->size() == 2u);  // UNCATEGORIZE (the purchases) and INCOME
  for (const auto& s : *by_type->transaction_summary) {
    if (s.category_type->wire() == "INCOME") BOOST_TEST(s.credit_total->amount == 1000);
    else BOOST_TEST(s.debit_total->amount == 4.75 + 6.50 + 45.00);
  }
  auto one_group = client.get_transaction_summary({.group_by = "CATEGORY"});
  BOOST_TEST(one_group->transaction_summary->size() == 1u);
  BOOST_TEST(one_group->transaction_summary->front().category_summary->size() == 2u);
  BOOST_TEST(client.get_transaction_summary({.group_by = "MERCHANT"}).error().status == 400);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_FIXTURE_TEST_SUITE(records, SpendingFixture)

BOOST_AUTO_TEST_CASE(holdings_and_statements_of_the_users_accounts) {
  fake.add_holding("ada", {.account_id = checking, .symbol = "VTI", .quantity = 2, .price = 200});
  fake.add_statement("ada", {.account_id = card, .statement_date = "2023-12-15", .amount_due = 300, .is_latest = true});
  fake.add_statement("ada", {.account_id = card, .statement_date = "2023-11-15", .amount_due = 120});
  auto holdings = client.get_holdings();
  BOOST_REQUIRE(holdings->holding->size() == 1u);
  BOOST_TEST(holdings->holding->front().value->amount == 400);
  BOOST_TEST(*holdings->holding->front().provider_account_id == pa);
  BOOST_TEST(client.get_statements()->statement->size() == 2u);
  BOOST_TEST(client.get_statements({.is_latest = "true"})->statement->size() == 1u);
}

BOOST_AUTO_TEST_CASE(documents_download_as_base64_and_delete_only_with_the_document_dataset) {
  const auto doc = fake.add_document("ada", {.account_id = card, .name = "Statement", .content = "%PDF-1.4 bytes"});
  auto listed = client.get_documents();
  BOOST_REQUIRE(listed->document->size() == 1u);
  auto download = client.download_document(doc);
  BOOST_REQUIRE(download.has_value());
  BOOST_TEST(*base64::decode(*download->document->front().doc_content) == "%PDF-1.4 bytes");

  auto refused = client.delete_document(doc);
  BOOST_TEST(test::refusal(refused.error(), 400).message.find("DOCUMENT") != std::string::npos);
  BOOST_TEST(client.get_documents()->document->size() == 1u);

  const auto with_docs = fake.add_provider_account("ada", {.provider_id = 2, .datasets = {"BASIC_AGG_DATA", "DOCUMENT"}});
  const auto account = fake.add_account("ada", {.provider_account_id = with_docs, .container = "bank",
                                                .account_type = "CHECKING", .name = "Docs"});
  const auto deletable = fake.add_document("ada", {.account_id = account, .name = "Tax", .doc_type = "TAX"});
  BOOST_TEST(client.delete_document(deletable).has_value());
  BOOST_TEST(fake.journal().last()->status == 204);
  BOOST_TEST(client.download_document(deletable).error().status == 404);
}

BOOST_AUTO_TEST_SUITE_END()
