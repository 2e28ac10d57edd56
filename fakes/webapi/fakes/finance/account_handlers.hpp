#pragma once
// A user's accounts: manual ones added, read, updated and deleted; aggregated ones listed and read.
//
// A manual account's container follows its accountType (accountTypes below); manual accounts count in net
// worth unless includeInNetWorth says "false". A real estate account needs a valuation type, SYSTEM or
// MANUAL: MANUAL takes the value given (homeValue); SYSTEM values the address from the fake's property
// list, which must match exactly one property (evaluateAddress shows the matches). getAllAccounts lists
// ACTIVE and TO_BE_CLOSED accounts unless `status` names others, and with `requestId` only the accounts
// that refresh updated. Deleting an account deletes its transactions, holdings, statements and documents.

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/ascii.hpp>
#include <webapi/core/wire_enum.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/models.hpp>

namespace webapi::fakes::finance {

/// The account types a manual account may have, and the container each puts it in.
struct AccountTypeEntry {
  std::string_view account_type;
  std::string_view container;
};
inline constexpr AccountTypeEntry account_types[] = {
    {"CHECKING", "bank"},         {"SAVINGS", "bank"},          {"CD", "bank"},
    {"MONEY_MARKET", "bank"},     {"CREDIT", "creditCard"},     {"BROKERAGE", "investment"},
    {"IRA", "investment"},        {"401K", "investment"},       {"INSURANCE", "insurance"},
    {"LIFE_INSURANCE", "insurance"}, {"LOAN", "loan"},          {"MORTGAGE", "loan"},
    {"AUTO_LOAN", "loan"},        {"STUDENT_LOAN", "loan"},     {"PERSONAL_LOAN", "loan"},
    {"REAL_ESTATE", "realEstate"}};

inline std::string container_of(std::string_view account_type) {
  std::string known;
  for (const auto& e : account_types) {
    if (e.account_type == account_type) return std::string(e.container);
    known.append(known.empty() ? "" : ", ").append(e.account_type);
  }
  invalid_value("accountType", "'" + std::string(account_type) + "' is not one of " + known);
}

/// The properties matching a street and, where given, city, state and zip.
inline std::vector<const Property*> matching_properties(const State& s, std::string_view street,
                                                        const webapi::Optional<std::string>& city,
                                                        const webapi::Optional<std::string>& state,
                                                        const webapi::Optional<std::string>& zip) {
  std::vector<const Property*> out;
  for (const Property& p : s.properties)
    if (ascii::iequals(p.street, street) && (!city || ascii::iequals(p.city, *city)) && (!state || ascii::iequals(p.state, *state)) &&
        (!zip || p.zip == *zip))
      out.push_back(&p);
  return out;
}

inline bool truthy_flag(const webapi::Optional<std::string>& flag, std::string_view name, bool fallback) {
  if (!flag) return fallback;
  if (*flag == "true") return true;
  if (*flag == "false") return false;
  invalid_value(name, "expected \"true\" or \"false\", got '" + *flag + "'");
}

template <class E>
std::string known_wire(const webapi::OpenEnum<E>& v, std::string_view name) {
  if (!v.is_known()) invalid_value(name, "'" + std::string(v.wire()) + "' is not a value the service takes");
  return std::string(v.wire());
}

/// A real estate account's valuation and address, checked.
inline void value_real_estate(const State& s, Account& a, const fin::CreateAccountInfo& info) {
  if (!info.valuation_type)
    yodlee_error(400, "Y800", "Invalid value for valuationType: a real estate account needs SYSTEM or MANUAL");
  a.valuation_type = known_wire(*info.valuation_type, "valuationType");
  if (a.valuation_type == "MANUAL") {
    if (!info.home_value) invalid_value("homeValue", "a MANUAL valuation needs the property's value");
    a.balance = info.home_value->amount;
    a.currency = std::string(info.home_value->currency.wire());
    return;
  }
  if (!info.address || !info.address->street) yodlee_error(400, "Y812", "Required field/value - street missing in the request");
  const auto& addr = *info.address;
  auto found = matching_properties(s, *addr.street, addr.city, addr.state, addr.zip);
  if (found.empty()) yodlee_error(400, "Y862", "The provided address is invalid, or the valuation is not available");
  if (found.size() > 1)
    yodlee_error(400, "Y869", "Multiple matches found. Provide the complete address or call POST /accounts/evaluateAddress");
  a.balance = found.front()->value;
  a.street = found.front()->street;
  a.city = found.front()->city;
  a.state = found.front()->state;
  a.zip = found.front()->zip;
}

namespace handlers {

/// POST /accounts
inline Response create_manual_account(Call& c, const fin::CreateAccountRequest& body) {
  const fin::CreateAccountInfo& info = body.account;
  if (info.account_name.empty() || info.account_name.size() > 100)
    invalid_value("accountName", "it must have 1 to 100 characters");
  if (info.account_number && (info.account_number->size() > 100 ||
                              !std::all_of(info.account_number->begin(), info.account_number->end(),
                                           [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)); })))
    invalid_value("accountNumber", "it takes up to 100 letters and digits");
  Account a;
  a.id = next_id(c.state);
  a.login_name = c.caller.login_name;
  a.account_type = info.account_type;
  a.container = container_of(info.account_type);
  a.name = info.account_name;
  a.number = info.account_number;
  a.manual = true;
  a.currency = me(c).currency;
  a.include_in_net_worth = truthy_flag(info.include_in_net_worth, "includeInNetWorth", true);
  a.nickname = info.nickname;
  a.memo = info.memo;
  a.created_at = a.updated_at = c.now;
  if (a.container == "realEstate") {
    value_real_estate(c.state, a, info);
  } else if (info.valuation_type) {
    invalid_value("valuationType", "only a real estate account has a valuation type");
  } else if (info.balance) {
    a.balance = info.balance->amount;
    a.currency = known_wire(info.balance->currency, "balance.currency");
  }
  fin::CreatedAccountResponse r{std::vector<fin::CreatedAccountInfo>{{a.name, a.number, a.id}}};
  c.state.accounts[a.id] = std::move(a);
  return model_response(r);
}

/// POST /accounts/evaluateAddress
inline Response evaluate_address(Call& c, const fin::EvaluateAddressRequest& body) {
  const auto& addr = body.address;
  if (addr.street.empty()) yodlee_error(400, "Y812", "Required field/value - street missing in the request");
  if (!addr.zip && !(addr.city && addr.state))
    yodlee_error(400, "Y812", "Required field/value - state & city / zip missing in the request");
  fin::EvaluateAddressResponse r;
  std::vector<fin::AccountAddress> matches;
  for (const Property* p : matching_properties(c.state, addr.street, addr.city, addr.state, addr.zip)) {
    fin::AccountAddress m;
    m.street = p->street;
    m.city = p->city;
    m.state = p->state;
    m.zip = p->zip;
    matches.push_back(std::move(m));
  }
  r.is_valid_address = !matches.empty();
  r.address = std::move(matches);
  return model_response(r);
}

/// GET /accounts
inline Response get_all_accounts(Call& c) {
  std::set<std::string> statuses;
  for (const std::string& s : c.params.list("status")) {
    if (!webapi::from_wire<fin::AccountAccountStatus>(s)) invalid_value("status", "'" + s + "' is not an account status");
    statuses.insert(s);
  }
  if (statuses.empty()) statuses = {"ACTIVE", "TO_BE_CLOSED"};
  auto container = c.params.non_empty("container");
  if (container && !webapi::from_wire<fin::AccountCONTAINER>(*container))
    invalid_value("container", "'" + *container + "' is not a container");
  const auto ids = id_list(c, "accountId");
  if (ids.size() > 100) yodlee_error(400, "Y824", "The maximum number of accountIds permitted is 100");
  const auto provider_accounts = id_list(c, "providerAccountId");
  const auto request_id = c.params.non_empty("requestId");
  std::vector<fin::Account> out;
  for (const auto& [id, a] : c.state.accounts) {
    if (a.login_name != c.caller.login_name || !statuses.contains(a.status)) continue;
    if (container && a.container != *container) continue;
    if (!ids.empty() && std::find(ids.begin(), ids.end(), id) == ids.end()) continue;
    if (!provider_accounts.empty() && (!a.provider_account_id || std::find(provider_accounts.begin(),
                                          provider_accounts.end(), *a.provider_account_id) == provider_accounts.end()))
      continue;
    if (request_id && a.request_id != *request_id) continue;
    out.push_back(account_model(a));
  }
  return model_response(fin::AccountResponse{std::move(out)});
}

/// GET /accounts/{accountId}
inline Response get_account(Call& c) {
  const Account& a = owned(c, c.state.accounts, path_id(c, "accountId"), "account");
  return model_response(fin::AccountResponse{std::vector<fin::Account>{account_model(a)}});
}

/// PUT /accounts/{accountId}: an aggregated account takes a nickname, memo, includeInNetWorth and status
/// only; a manual one also its name, number and balance (a real estate one its value).
inline Response update_account(Call& c, const fin::UpdateAccountRequest& body) {
  Account& a = owned(c, c.state.accounts, path_id(c, "accountId"), "account");
  const fin::UpdateAccountInfo& u = body.account;
  if (!a.manual && (u.account_name || u.account_number || u.balance || u.home_value || u.address))
    invalid_value("account", "only a manual account's name, number, balance, value or address can be changed");
  if (u.container && known_wire(*u.container, "container") != a.container)
    invalid_value("container", "an account keeps its container");
  if (u.account_name) {
    if (u.account_name->empty() || u.account_name->size() > 100)
      invalid_value("accountName", "it must have 1 to 100 characters");
    a.name = *u.account_name;
  }
  if (u.account_number) a.number = u.account_number;
  if (u.balance) a.balance = u.balance->amount;
  if (u.home_value && a.container == "realEstate") a.balance = u.home_value->amount;
  if (u.account_status) a.status = known_wire(*u.account_status, "accountStatus");
  if (u.nickname) a.nickname = u.nickname;
  if (u.memo) a.memo = u.memo;
  a.include_in_net_worth = truthy_flag(u.include_in_net_worth, "includeInNetWorth", a.include_in_net_worth);
  a.updated_at = c.now;
  return no_content();
}

}  // namespace handlers

/// Removes account `id` and everything recorded under it.
inline void erase_account(State& s, std::int64_t id) {
  s.accounts.erase(id);
  std::erase_if(s.transactions, [&](const auto& kv) { return kv.second.account_id == id; });
  std::erase_if(s.holdings, [&](const auto& kv) { return kv.second.account_id == id; });
  std::erase_if(s.statements, [&](const auto& kv) { return kv.second.account_id == id; });
  std::erase_if(s.documents, [&](const auto& kv) { return kv.second.account_id == id; });
}

namespace handlers {

/// DELETE /accounts/{accountId}
inline Response delete_account(Call& c) {
  const Account& a = owned(c, c.state.accounts, path_id(c, "accountId"), "account");
  erase_account(c.state, a.id);
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::finance
