#pragma once
// Scenarios of the finance categorization rules written against the client alone (see contract.hpp): rules
// the service refuses, with its error code and the clause it names, and a valid rule created, listed and
// deleted. The client signs in as the service's client-credential flow has it (a token per login name,
// webapi/finance/auth.hpp). Each scenario makes its own user category under a system one, and deletes its
// rule and its category after.

#include <cstdint>
#include <optional>
#include <string>

#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/finance.hpp>
#include <webapi/finance/auth.hpp>
#include <webapi/finance/rules.hpp>

namespace test::finance_contract {

namespace fin = webapi::finance;

/// The system category the scenarios' own categories go under.
inline constexpr std::int32_t parent_category = 3;

/// What a scenario drives: a client holding a token of `login_name`, fetched with the client credentials.
struct Target {
  Target(webapi::AnyTransport t, std::string base_url, fin::ClientCredentials credentials, std::string login_name)
      : transport(t), tokens(transport, base_url, std::move(credentials)),
        client(transport, fin::Config{.base_url = std::move(base_url), .access_token = tokens.for_login(login_name)}) {}
  webapi::AnyTransport transport;
  fin::ClientCredentialTokens tokens;
  fin::Client<webapi::AnyTransport> client;

  /// A user category named `name` under the parent, made for the scenario; returns its id.
  std::int64_t own_category(const std::string& name) {
    auto made = client.create_transaction_category({.body = {.category_name = name, .parent_category_id = parent_category}});
    BOOST_REQUIRE_MESSAGE(made, "creating category " << name << ": " << (made ? "" : made.error().what()));
    auto listed = client.get_transaction_categories();
    BOOST_REQUIRE_MESSAGE(listed, (listed ? "" : listed.error().what()));
    for (const auto& c : listed->transaction_category.value_or(std::vector<fin::TransactionCategory>{}))
      if (c.category == name && c.id) return *c.id;
    BOOST_FAIL("category " << name << " is not listed after its creation");
    return 0;
  }

  /// The user's rule that files into `category`, if any.
  std::optional<fin::TransactionCategorizationRule> rule_for(std::int64_t category) {
    auto listed = client.get_transaction_categorization_rules();
    BOOST_REQUIRE_MESSAGE(listed, (listed ? "" : listed.error().what()));
    for (const auto& r : listed->txn_rules.value_or(std::vector<fin::TransactionCategorizationRule>{}))
      if (r.transaction_categorisation_id == category) return r;
    return std::nullopt;
  }
};

/// The service's error of a refused call: errorCode and errorMessage, after checking the status.
struct Refusal {
  std::string code;
  std::string message;
};
inline Refusal refusal(const webapi::Error& e, int status) {
  BOOST_TEST(e.status == status);
  boost::system::error_code ec;
  const auto body = boost::json::parse(e.body, ec);
  BOOST_REQUIRE_MESSAGE(!ec && body.is_object() && body.as_object().contains("errorCode"), "not the service's error: " << e.body);
  const auto* message = body.as_object().if_contains("errorMessage");
  return {std::string(body.at("errorCode").as_string()),
          message && message->is_string() ? std::string(message->as_string()) : std::string()};
}

/// Refused rules: a description clause of two characters, an amount past the service's bound, a category the
/// user cannot see, each a 400 naming the offending field; none leaves a rule behind. The client's own
/// check refuses the invalid ones before sending.
inline void invalid_rules_are_refused(Target& t) {
  const std::int64_t category = t.own_category("Contract refusals");
  const std::string id = std::to_string(category);

  auto short_text = t.client.create_or_run_transaction_categorization_rules(
      {.rule_param = R"({"rule":{"categoryId":)" + id +
                     R"(,"ruleClause":[{"field":"description","operation":"stringEquals","value":"ab"}]}})"});
  BOOST_REQUIRE(!short_text);
  auto e = refusal(short_text.error(), 400);
  BOOST_TEST(e.code == "Y806");
  BOOST_TEST(e.message.find("ruleClause[0].value") != std::string::npos, e.message);

  const fin::CategorizationRule too_large{.category_id = category, .priority = {},
                                          .rule_clause = {{"description", "stringContains", std::string("contract")},
                                                          {"amount", "numberLessThan", 1e12}}};
  auto by_client = fin::create_categorization_rule(t.client, too_large);
  BOOST_REQUIRE(!by_client);
  BOOST_TEST((by_client.error().kind == webapi::ErrorKind::invalid_argument));  // refused before sending
  auto sent_anyway = t.client.create_or_run_transaction_categorization_rules({.rule_param = fin::encode_rule_param(too_large)});
  BOOST_REQUIRE(!sent_anyway);
  e = refusal(sent_anyway.error(), 400);
  BOOST_TEST(e.code == "Y806");
  BOOST_TEST(e.message.find("ruleClause[1].value") != std::string::npos, e.message);

  auto unknown_category = fin::create_categorization_rule(
      t.client, {.category_id = 987654321, .priority = {}, .rule_clause = {{"amount", "numberEquals", 5.0}}});
  BOOST_REQUIRE(!unknown_category);
  BOOST_TEST(refusal(unknown_category.error(), 400).message.find("categoryId") != std::string::npos);

  BOOST_TEST(!t.rule_for(category).has_value());
  BOOST_TEST(t.client.delete_transaction_category(category).has_value());
}

/// A valid rule is created (its clause as sent), listed under its category, refused a second time as a
/// duplicate, and deleted.
inline void a_valid_rule_is_created_listed_and_deleted(Target& t) {
  const std::int64_t category = t.own_category("Contract coffee");
  const fin::CategorizationRule rule{.category_id = category, .priority = {},
                                     .rule_clause = {{"description", "stringContains", std::string("contract coffee")}}};
  auto created = fin::create_categorization_rule(t.client, rule);
  BOOST_REQUIRE_MESSAGE(created, (created ? "" : created.error().what()));

  auto listed = t.rule_for(category);
  BOOST_REQUIRE_MESSAGE(listed, "the new rule is not listed");
  BOOST_REQUIRE(listed->rule_clauses && listed->rule_clauses->size() == 1u);
  BOOST_TEST(listed->rule_clauses->front().field_value.value_or("") == "contract coffee");
  BOOST_TEST(listed->rule_clauses->front().field.has_value());
  BOOST_TEST(std::string(listed->rule_clauses->front().field->wire()) == "description");
  BOOST_REQUIRE(listed->user_defined_rule_id.has_value());

  auto again = fin::create_categorization_rule(t.client, rule);
  BOOST_REQUIRE(!again);
  BOOST_TEST(refusal(again.error(), 400).code == "Y400");

  BOOST_TEST(t.client.delete_transaction_categorization_rule(*listed->user_defined_rule_id).has_value());
  BOOST_TEST(!t.rule_for(category).has_value());
  BOOST_TEST(t.client.delete_transaction_category(category).has_value());
}

}  // namespace test::finance_contract
