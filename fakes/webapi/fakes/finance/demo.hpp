#pragma once
// seed_demo(fake): a small data set to try the finance API on, e.g. behind `webapi-fake-server --seed demo`.
//
// What it adds, for the user "demo-user":
//   provider account  Dag Site Bank (provider 16441), datasets BASIC_AGG_DATA and DOCUMENT
//   accounts          "Everyday Checking" (bank, 2,500.00 USD) and "Rewards Card" (creditCard, 450.00 owed)
//   transactions      coffee twice, groceries, fuel and a paycheck, most of them uncategorized
//   a holding, a statement and a document (a small PDF) on the accounts
// and returns the credentials as NAME=VALUE pairs, in that order: COBRAND_LOGIN, COBRAND_PASSWORD,
// CLIENT_ID, CLIENT_SECRET, ADMIN_LOGIN_NAME, LOGIN_NAME, SAML_ISSUER.

#include <string>
#include <utility>
#include <vector>

#include <webapi/fakes/finance/fake.hpp>

namespace webapi::fakes::finance {

/// The user seed_demo() fills.
inline constexpr std::string_view demo_login_name = "demo-user";

inline std::vector<std::pair<std::string, std::string>> seed_demo(Fake& fake) {
  const std::string user = fake.add_user({.login_name = std::string(demo_login_name), .email = "demo@example.com",
                                          .first_name = "Demo", .last_name = "User"});
  const auto bank = fake.add_provider_account(
      user, {.provider_id = 16441, .provider_name = "Dag Site Bank", .datasets = {"BASIC_AGG_DATA", "DOCUMENT"}});
  const auto checking = fake.add_account(user, {.provider_account_id = bank, .container = "bank",
                                                .account_type = "CHECKING", .name = "Everyday Checking",
                                                .number = "xxxx4321", .balance = 2500});
  const auto card = fake.add_account(user, {.provider_account_id = bank, .container = "creditCard",
                                            .account_type = "CREDIT", .name = "Rewards Card",
                                            .number = "xxxx8765", .balance = 450});
  auto spend = [&](std::int64_t account, std::string description, double amount, std::int64_t category,
                   std::string date, std::string base_type = "DEBIT") {
    fake.add_transaction(user, {.account_id = account, .amount = amount, .base_type = std::move(base_type),
                                .description = std::move(description), .category_id = category,
                                .date = std::move(date)});
  };
  spend(card, "STARBUCKS COFFEE #1234", 4.75, 1, "2023-12-28");
  spend(card, "Blue Bottle Coffee", 6.50, 1, "2023-12-29");
  spend(card, "WHOLE FOODS MARKET", 82.10, 2, "2023-12-30");
  spend(card, "SHELL OIL 5551234", 45.00, 1, "2023-12-30");
  spend(checking, "PAYROLL ACME CORP", 3200.00, 7, "2023-12-29", "CREDIT");
  fake.add_holding(user, {.account_id = checking, .symbol = "VTI", .description = "Vanguard Total Stock Market ETF",
                          .quantity = 3, .price = 235.50});
  fake.add_statement(user, {.account_id = card, .statement_date = "2023-12-15", .due_date = "2024-01-10",
                            .amount_due = 450, .minimum_payment = 35, .is_latest = true});
  fake.add_document(user, {.account_id = card, .name = "December statement", .content = "%PDF-1.4 demo statement\n"});
  const Cobrand c = fake.cobrand();
  return {{"COBRAND_LOGIN", c.login},      {"COBRAND_PASSWORD", c.password},
          {"CLIENT_ID", c.client_id},      {"CLIENT_SECRET", c.secret},
          {"ADMIN_LOGIN_NAME", c.admin_login_name}, {"LOGIN_NAME", user},
          {"SAML_ISSUER", c.saml_issuer}};
}

}  // namespace webapi::fakes::finance
