#pragma once
// The finance module's models, between the fake's state and the wire: every answer is encoded from the
// description's response models, built here from the fake's records.

#include <string>
#include <string_view>

#include <webapi/core/open_enum.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/finance/state.hpp>
#include <webapi/finance/models.hpp>

namespace webapi::fakes::finance {

namespace fin = webapi::finance;

/// A member of an open enum from the wire string the fake keeps.
template <class E>
webapi::OpenEnum<E> wire(std::string_view value) {
  return webapi::OpenEnum<E>::raw(std::string(value));
}

inline fin::Money money(double amount, std::string_view currency) {
  return {amount, wire<fin::MoneyCurrency>(currency)};
}

inline fin::Account account_model(const Account& a) {
  fin::Account m;
  m.id = a.id;
  m.container = wire<fin::AccountCONTAINER>(a.container);
  m.account_name = a.name;
  m.account_number = a.number;
  m.account_type = a.account_type;
  m.account_status = wire<fin::AccountAccountStatus>(a.status);
  m.is_manual = a.manual;
  m.is_asset = a.is_asset();
  m.include_in_net_worth = a.include_in_net_worth;
  m.provider_account_id = a.provider_account_id;
  m.aggregation_source = a.manual ? fin::AccountAggregationSource::USER : fin::AccountAggregationSource::SYSTEM;
  m.nickname = a.nickname;
  m.memo = a.memo;
  m.created_date = timestamp_string(a.created_at);
  m.last_updated = timestamp_string(a.updated_at);
  if (a.container == "realEstate") m.home_value = money(a.balance, a.currency);
  else m.balance = money(a.balance, a.currency);
  if (a.valuation_type) m.valuation_type = wire<fin::AccountValuationType>(*a.valuation_type);
  if (a.street || a.city || a.state || a.zip) {
    fin::AccountAddress addr;
    addr.street = a.street;
    addr.city = a.city;
    addr.state = a.state;
    addr.zip = a.zip;
    m.address = std::move(addr);
  }
  return m;
}

inline std::vector<fin::AccountDataset> dataset_models(const ProviderAccount& p) {
  std::vector<fin::AccountDataset> out;
  for (const auto& name : p.datasets) {
    fin::AccountDataset d;
    d.name = wire<fin::AccountDatasetName>(name);
    if (p.last_refreshed) d.last_updated = timestamp_string(*p.last_refreshed);
    out.push_back(std::move(d));
  }
  return out;
}

/// ProviderAccount, ProviderAccountDetail and UpdatedProviderAccount share these members.
template <class M>
M provider_account_model(const ProviderAccount& p) {
  M m;
  m.id = p.id;
  m.provider_id = p.provider_id;
  m.status = wire<fin::DataExtractsProviderAccountStatus>(p.status);
  m.is_manual = false;
  m.aggregation_source = fin::AccountAggregationSource::USER;
  m.created_date = timestamp_string(p.created_at);
  if (p.last_refreshed) m.last_updated = timestamp_string(*p.last_refreshed);
  if (!p.request_id.empty()) m.request_id = p.request_id;
  m.dataset = dataset_models(p);
  return m;
}

inline fin::Transaction transaction_model(const Transaction& t, const Category* category) {
  fin::Transaction m;
  m.id = t.id;
  m.account_id = t.account_id;
  m.container = wire<fin::AccountCONTAINER>(t.container);
  m.amount = money(t.amount, t.currency);
  m.base_type = wire<fin::DataExtractsTransactionBaseType>(t.base_type);
  m.category_id = t.category_id;
  m.category_source = wire<fin::AccountAggregationSource>(t.category_source);
  if (category) {
    m.category = category->name;
    m.category_type = wire<fin::DataExtractsTransactionCategoryType>(category->type);
    m.high_level_category_id = category->high_level_id;
    if (category->parent_id) m.parent_category_id = *category->parent_id;
  }
  fin::Description d;
  d.original = t.description;
  d.simple = t.description;
  m.description = std::move(d);
  m.memo = t.memo;
  m.date = t.date;
  m.transaction_date = t.date;
  m.post_date = t.date;
  m.is_manual = false;
  return m;
}

inline fin::TransactionCategory category_model(const Category& c) {
  fin::TransactionCategory m;
  m.id = c.id;
  m.category = c.name;
  m.source = wire<fin::AccountAggregationSource>(c.source);
  m.type = wire<fin::DataExtractsTransactionCategoryType>(c.type);
  m.high_level_category_id = c.high_level_id;
  m.high_level_category_name = c.high_level_name;
  m.default_category_name = c.name;
  m.default_high_level_category_name = c.high_level_name;
  return m;
}

inline fin::TransactionCategorizationRule rule_model(const Rule& r, std::int64_t user_id) {
  fin::TransactionCategorizationRule m;
  m.user_defined_rule_id = r.id;
  m.mem_id = user_id;
  m.transaction_categorisation_id = r.rule.category_id;
  m.rule_priority = r.priority;
  m.category_level_id = 3;  // the detail level: rules name a category, not a high-level group
  std::vector<fin::RuleClause> clauses;
  std::int64_t n = 0;
  for (const auto& c : r.rule.rule_clause) {
    fin::RuleClause rc;
    rc.rule_clause_id = r.id * 100 + ++n;
    rc.user_defined_rule_id = r.id;
    rc.field = wire<fin::FieldOperationField>(c.field);
    rc.operation = wire<fin::FieldOperationOperation>(c.operation);
    if (const auto* text = std::get_if<std::string>(&c.value)) rc.field_value = *text;
    else {
      std::string number = boost::json::serialize(boost::json::value(std::get<double>(c.value)));
      rc.field_value = number;
    }
    clauses.push_back(std::move(rc));
  }
  m.rule_clauses = std::move(clauses);
  return m;
}

inline fin::Holding holding_model(const Holding& h, std::int64_t provider_account_id) {
  fin::Holding m;
  m.id = h.id;
  m.account_id = h.account_id;
  m.provider_account_id = provider_account_id;
  m.symbol = h.symbol;
  m.description = h.description;
  m.holding_type = wire<fin::DataExtractsHoldingHoldingType>(h.holding_type);
  m.quantity = h.quantity;
  m.price = money(h.price, h.currency);
  m.value = money(h.price * h.quantity, h.currency);
  return m;
}

inline fin::Statement statement_model(const Statement& s) {
  fin::Statement m;
  m.id = s.id;
  m.account_id = s.account_id;
  m.statement_date = s.statement_date;
  m.due_date = s.due_date;
  m.amount_due = money(s.amount_due, "USD");
  m.minimum_payment = money(s.minimum_payment, "USD");
  m.is_latest = s.is_latest;
  return m;
}

inline fin::Document document_model(const Document& d) {
  fin::Document m;
  m.id = d.id;
  m.account_id = d.account_id;
  m.name = d.name;
  m.doc_type = wire<fin::DocumentDocType>(d.doc_type);
  m.last_updated = d.date;
  m.status = "ACTIVE";
  return m;
}

}  // namespace webapi::fakes::finance
