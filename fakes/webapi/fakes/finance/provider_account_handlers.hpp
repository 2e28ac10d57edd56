#pragma once
// A user's provider accounts: listed, read, refreshed and deleted.
//
// Refreshing (editCredentialsOrRefreshProviderAccount) brings a provider account's accounts up to date in
// one step: the fake has no provider to wait for, so the refresh completes at once, stamping the provider
// account and its accounts with a new request id (getAllAccounts?requestId= lists them). A provider account
// may be refreshed 15 minutes after its last refresh at the earliest; a refresh naming one that is not
// eligible (too recent, closed, inactive or with an action in progress) is refused and changes nothing.
// With no provider account named (providerAccountIds empty), every eligible one of the user is refreshed,
// and the answer lists only those. Each refresh notifies REFRESH subscribers and records a DATA_UPDATES
// event (events.hpp). Deleting a provider account deletes its accounts.

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/finance/account_handlers.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/events.hpp>
#include <webapi/fakes/finance/models.hpp>

namespace webapi::fakes::finance {

inline constexpr std::chrono::minutes refresh_interval{15};

/// Why `p` cannot be refreshed at `now`; empty when it can.
inline std::string refresh_refusal(const ProviderAccount& p, Time now) {
  const std::string id = "provider account " + std::to_string(p.id);
  if (p.closed) return id + " is closed";
  if (p.inactive) return id + " is inactive";
  if (p.status == "IN_PROGRESS" || p.status == "LOGIN_IN_PROGRESS" || p.status == "MIGRATION_IN_PROGRESS")
    return id + " has an action in progress (" + p.status + ")";
  if (p.last_refreshed && now - *p.last_refreshed < refresh_interval) {
    auto minutes = std::chrono::duration_cast<std::chrono::minutes>(now - *p.last_refreshed).count();
    return id + " was refreshed " + std::to_string(minutes) + " minutes ago; refreshes need 15 minutes between them";
  }
  return {};
}

/// Refreshes `p` at `now`: a new request id on it and its accounts, a REFRESH notification, a data event.
inline void refresh(State& s, ProviderAccount& p, Time now) {
  p.request_id = "REQ-" + std::to_string(++s.refreshes);
  p.last_refreshed = now;
  p.status = "SUCCESS";
  for (auto& [_, a] : s.accounts)
    if (a.provider_account_id == p.id) {
      a.request_id = p.request_id;
      a.updated_at = now;
    }
  boost::json::object started{{"id", p.id}, {"requestId", p.request_id}, {"status", "IN_PROGRESS"}};
  notify(s, "REFRESH",
         boost::json::object{{"event", boost::json::object{{"name", "REFRESH"},
                                                           {"loginName", p.login_name},
                                                           {"data", boost::json::object{{"providerAccount",
                                                                                         boost::json::array{started}}}}}}},
         now);
  s.data_events.push_back(DataEvent{"DATA_UPDATES", p.login_name, now});
}

namespace handlers {

/// GET /providerAccounts
inline Response get_all_provider_accounts(Call& c) {
  const auto providers = id_list(c, "providerIds");
  std::vector<fin::ProviderAccount> out;
  for (const auto& [_, p] : c.state.provider_accounts)
    if (p.login_name == c.caller.login_name &&
        (providers.empty() || std::find(providers.begin(), providers.end(), p.provider_id) != providers.end()))
      out.push_back(provider_account_model<fin::ProviderAccount>(p));
  return model_response(fin::ProviderAccountResponse{std::move(out)});
}

/// GET /providerAccounts/{providerAccountId}
inline Response get_provider_account(Call& c) {
  const ProviderAccount& p = owned(c, c.state.provider_accounts, path_id(c, "providerAccountId"), "provider account");
  return model_response(fin::ProviderAccountDetailResponse{
      std::vector<fin::ProviderAccountDetail>{provider_account_model<fin::ProviderAccountDetail>(p)}});
}

/// PUT /providerAccounts
inline Response refresh_provider_accounts(Call& c) {
  const auto ids = id_list(c, "providerAccountIds");
  if (ids.size() > 1 && !c.request.body.empty())
    yodlee_error(400, "Y805", "Multiple providerAccountId not supported for updating credentials");
  std::vector<ProviderAccount*> chosen;
  if (ids.empty()) {
    for (auto& [_, p] : c.state.provider_accounts)
      if (p.login_name == c.caller.login_name && refresh_refusal(p, c.now).empty()) chosen.push_back(&p);
  } else {
    for (std::int64_t id : ids) {
      ProviderAccount& p = owned(c, c.state.provider_accounts, id, "provider account");
      if (auto why = refresh_refusal(p, c.now); !why.empty()) invalid_value("providerAccountIds", why);
      chosen.push_back(&p);
    }
  }
  std::vector<fin::UpdatedProviderAccount> out;
  for (ProviderAccount* p : chosen) {
    refresh(c.state, *p, c.now);
    out.push_back(provider_account_model<fin::UpdatedProviderAccount>(*p));
  }
  return model_response(fin::UpdatedProviderAccountResponse{std::move(out)});
}

/// DELETE /providerAccounts/{providerAccountId}
inline Response delete_provider_account(Call& c) {
  const std::int64_t id = owned(c, c.state.provider_accounts, path_id(c, "providerAccountId"), "provider account").id;
  std::vector<std::int64_t> accounts;
  for (const auto& [aid, a] : c.state.accounts)
    if (a.provider_account_id == id) accounts.push_back(aid);
  for (std::int64_t aid : accounts) erase_account(c.state, aid);
  c.state.provider_accounts.erase(id);
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::finance
