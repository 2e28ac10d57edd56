#pragma once
// Figures derived from what the user holds: net worth and historical balances (balances.hpp), and the
// transaction summary.
//
// Net worth at a day is the sum of the balances of the asset accounts that count (included in net worth,
// neither closed nor deleted; manual accounts included) less the sum of the liability accounts' balances.
// Historical balances give each account's balance at each day asked. The transaction summary totals the
// user's transactions (between fromDate and toDate when given) by category, grouped by category type
// (groupBy=CATEGORY_TYPE) or in one group (groupBy=CATEGORY).

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/finance/balances.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/models.hpp>
#include <webapi/fakes/finance/transaction_handlers.hpp>

namespace webapi::fakes::finance {

/// The caller's accounts a derived call covers: those named in `ids_param` (all when absent), in the
/// container asked (all when absent).
inline std::vector<const Account*> covered_accounts(const Call& c, std::string_view ids_param) {
  const auto ids = id_list(c, ids_param);
  const auto container = c.params.non_empty("container");
  std::vector<const Account*> out;
  for (const auto& [id, a] : c.state.accounts)
    if (a.login_name == c.caller.login_name && (ids.empty() || std::find(ids.begin(), ids.end(), id) != ids.end()) &&
        (!container || a.container == *container))
      out.push_back(&a);
  return out;
}

namespace handlers {

/// GET /derived/networth
inline Response get_networth(Call& c) {
  const auto accounts = covered_accounts(c, "accountIds");
  const std::string currency = me(c).currency;
  fin::DerivedNetworthResponse r;
  r.networth.emplace();
  for (Day day : requested_days(c)) {
    double asset = 0, liability = 0;
    for (const Account* a : accounts)
      if (counts(*a)) (a->is_asset() ? asset : liability) += balance_on(c.state, *a, day);
    fin::DerivedNetworth n;
    n.date = day_string(day);
    n.asset = money(asset, currency);
    n.liability = money(liability, currency);
    n.networth = money(asset - liability, currency);
    r.networth->push_back(std::move(n));
  }
  return model_response(r);
}

/// GET /accounts/historicalBalances
inline Response get_historical_balances(Call& c) {
  const auto days = requested_days(c);
  fin::AccountHistoricalBalancesResponse r;
  r.account.emplace();
  for (const Account* a : covered_accounts(c, "accountId")) {
    fin::AccountHistory h;
    h.id = a->id;
    h.historical_balances.emplace();
    for (Day day : days) {
      fin::HistoricalBalance b;
      b.date = b.as_of_date = day_string(day);
      b.balance = money(balance_on(c.state, *a, day), a->currency);
      b.is_asset = a->is_asset();
      h.historical_balances->push_back(std::move(b));
    }
    r.account->push_back(std::move(h));
  }
  return model_response(r);
}

/// GET /derived/transactionSummary
inline Response get_transaction_summary(Call& c) {
  const std::string group_by = c.params.required("groupBy");
  if (group_by != "CATEGORY_TYPE" && group_by != "CATEGORY")
    invalid_value("groupBy", "expected CATEGORY_TYPE or CATEGORY, got '" + group_by + "'");
  const auto only_type = c.params.non_empty("categoryType");
  const auto from = date_param(c, "fromDate");
  const auto to = date_param(c, "toDate");
  const auto accounts = id_list(c, "accountId");
  const std::string currency = me(c).currency;
  struct Totals { double credit = 0, debit = 0; };
  // group -> category -> totals
  std::map<std::string, std::map<std::int64_t, Totals>> groups;
  for (const auto& [_, t] : c.state.transactions) {
    if (t.login_name != c.caller.login_name || (from && t.date < *from) || (to && t.date > *to)) continue;
    if (!accounts.empty() && std::find(accounts.begin(), accounts.end(), t.account_id) == accounts.end()) continue;
    const Category* cat = category_of(c.state, t);
    const std::string type = cat ? cat->type : "UNCATEGORIZE";
    if (only_type && type != *only_type) continue;
    Totals& tot = groups[group_by == "CATEGORY" ? std::string() : type][t.category_id];
    (t.base_type == "CREDIT" ? tot.credit : tot.debit) += t.amount;
  }
  fin::DerivedTransactionSummaryResponse r;
  r.transaction_summary.emplace();
  for (const auto& [type, categories] : groups) {
    fin::DerivedTransactionsSummary s;
    if (!type.empty()) s.category_type = wire<fin::DataExtractsTransactionCategoryType>(type);
    Totals all;
    s.category_summary.emplace();
    for (const auto& [id, tot] : categories) {
      fin::DerivedCategorySummary cs;
      cs.category_id = id;
      if (auto it = c.state.categories.find(id); it != c.state.categories.end()) cs.category_name = it->second.name;
      cs.credit_total = money(tot.credit, currency);
      cs.debit_total = money(tot.debit, currency);
      all.credit += tot.credit;
      all.debit += tot.debit;
      s.category_summary->push_back(std::move(cs));
    }
    s.credit_total = money(all.credit, currency);
    s.debit_total = money(all.debit, currency);
    r.transaction_summary->push_back(std::move(s));
  }
  return model_response(r);
}

}  // namespace handlers
}  // namespace webapi::fakes::finance
