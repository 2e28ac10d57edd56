#pragma once
// The finance fake's state as JSON, for GET /__webapi/snapshot. Credentials (tokens, sessions, the
// cobrand's password and secret) are listed by what they grant, never by value.

#include <boost/json.hpp>

#include <webapi/fakes/core/state_json.hpp>
#include <webapi/fakes/finance/state.hpp>

namespace webapi::fakes::finance {

inline boost::json::value state_to_json(const State& s) {
  namespace j = state_json;
  boost::json::array users, tokens, accounts, provider_accounts, transactions, categories, rules, subscriptions,
      notifications;
  for (const auto& [login, u] : s.users)
    users.push_back(boost::json::object{{"id", u.id}, {"login_name", login}, {"implicit", u.implicit}});
  for (const auto& [_, t] : s.tokens)
    tokens.push_back(boost::json::object{{"login_name", t.login_name}, {"admin", t.admin},
                                         {"expires_at", j::time(t.expires_at)}, {"revoked", t.revoked}});
  for (const auto& [id, p] : s.provider_accounts)
    provider_accounts.push_back(boost::json::object{{"id", id},
                                                    {"login_name", p.login_name},
                                                    {"provider_id", p.provider_id},
                                                    {"status", p.status},
                                                    {"datasets", j::strings(p.datasets)},
                                                    {"request_id", p.request_id}});
  for (const auto& [id, a] : s.accounts)
    accounts.push_back(boost::json::object{{"id", id},           {"login_name", a.login_name},
                                           {"container", a.container}, {"name", a.name},
                                           {"status", a.status}, {"manual", a.manual},
                                           {"balance", a.balance}, {"currency", a.currency},
                                           {"include_in_net_worth", a.include_in_net_worth}});
  for (const auto& [id, t] : s.transactions)
    transactions.push_back(boost::json::object{{"id", id},
                                               {"account_id", t.account_id},
                                               {"amount", t.amount},
                                               {"base_type", t.base_type},
                                               {"description", t.description},
                                               {"category_id", t.category_id},
                                               {"date", t.date}});
  for (const auto& [id, c] : s.categories)
    categories.push_back(boost::json::object{{"id", id}, {"name", c.name}, {"type", c.type}, {"source", c.source}});
  for (const auto& [id, r] : s.rules)
    rules.push_back(boost::json::object{{"id", id}, {"login_name", r.login_name}, {"priority", r.priority},
                                        {"rule", boost::json::parse(webapi::finance::encode_rule_param(r.rule))}});
  for (const auto& [name, sub] : s.subscriptions)
    subscriptions.push_back(boost::json::object{{"event_name", name}, {"callback_url", sub.callback_url}});
  for (const auto& n : s.notifications)
    notifications.push_back(boost::json::object{{"sequence", n.sequence}, {"event_name", n.event_name},
                                                {"callback_url", n.callback_url}, {"payload", n.payload},
                                                {"at", j::time(n.at)}});
  return boost::json::object{{"cobrand", boost::json::object{{"login", s.cobrand.login},
                                                             {"admin_login_name", s.cobrand.admin_login_name}}},
                             {"users", std::move(users)},
                             {"tokens", std::move(tokens)},
                             {"api_keys", static_cast<std::uint64_t>(s.api_keys.size())},
                             {"provider_accounts", std::move(provider_accounts)},
                             {"accounts", std::move(accounts)},
                             {"transactions", std::move(transactions)},
                             {"categories", std::move(categories)},
                             {"rules", std::move(rules)},
                             {"subscriptions", std::move(subscriptions)},
                             {"notifications", std::move(notifications)}};
}

}  // namespace webapi::fakes::finance
