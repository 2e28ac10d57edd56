#pragma once
// Records aggregated with a user's accounts, read-only but for documents: holdings, statements and
// documents.
//
// A document downloads as base64 text (docContent). Deleting one works only when the dataset documents
// come with (DOCUMENT) is subscribed on the account's provider account; otherwise it is refused and the
// document stays.

#include <algorithm>
#include <string>
#include <vector>

#include <webapi/core/base64.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/models.hpp>

namespace webapi::fakes::finance {

/// The provider account `account_id` was aggregated through; 0 for a manual or unknown account.
inline std::int64_t provider_account_of(const State& s, std::int64_t account_id) {
  auto it = s.accounts.find(account_id);
  return it == s.accounts.end() ? 0 : it->second.provider_account_id.value_or(0);
}

inline Document& owned_document(Call& c) {
  std::string id(c.captures.get("documentId").value_or(""));
  auto it = c.state.documents.find(id);
  if (it == c.state.documents.end() || it->second.login_name != c.caller.login_name) resource_not_found("document " + id);
  return it->second;
}

namespace handlers {

/// GET /holdings
inline Response get_holdings(Call& c) {
  const auto accounts = id_list(c, "accountId");
  const auto provider_accounts = id_list(c, "providerAccountId");
  fin::HoldingResponse r;
  r.holding.emplace();
  for (const auto& [_, h] : c.state.holdings) {
    if (h.login_name != c.caller.login_name) continue;
    const std::int64_t pa = provider_account_of(c.state, h.account_id);
    if (!accounts.empty() && std::find(accounts.begin(), accounts.end(), h.account_id) == accounts.end()) continue;
    if (!provider_accounts.empty() && std::find(provider_accounts.begin(), provider_accounts.end(), pa) == provider_accounts.end())
      continue;
    r.holding->push_back(holding_model(h, pa));
  }
  return model_response(r);
}

/// GET /statements
inline Response get_statements(Call& c) {
  const auto accounts = id_list(c, "accountId");
  const auto from = date_param(c, "fromDate");
  const bool latest_only = c.params.boolean_or("isLatest", false);
  fin::StatementResponse r;
  r.statement.emplace();
  for (const auto& [_, s] : c.state.statements) {
    if (s.login_name != c.caller.login_name || (latest_only && !s.is_latest) || (from && s.statement_date < *from)) continue;
    if (!accounts.empty() && std::find(accounts.begin(), accounts.end(), s.account_id) == accounts.end()) continue;
    r.statement->push_back(statement_model(s));
  }
  return model_response(r);
}

/// GET /documents
inline Response get_documents(Call& c) {
  const auto accounts = id_list(c, "accountId");
  const auto doc_type = c.params.non_empty("docType");
  const auto keyword = c.params.non_empty("Keyword");
  fin::DocumentResponse r;
  r.document.emplace();
  for (const auto& [_, d] : c.state.documents) {
    if (d.login_name != c.caller.login_name || (doc_type && d.doc_type != *doc_type)) continue;
    if (!accounts.empty() && std::find(accounts.begin(), accounts.end(), d.account_id) == accounts.end()) continue;
    if (keyword && d.name.find(*keyword) == std::string::npos) continue;
    r.document->push_back(document_model(d));
  }
  return model_response(r);
}

/// GET /documents/{documentId}
inline Response download_document(Call& c) {
  const Document& d = owned_document(c);
  fin::DocumentDownload m;
  m.id = d.id;
  m.doc_content = webapi::base64::encode(d.content);
  return model_response(fin::DocumentDownloadResponse{std::vector<fin::DocumentDownload>{std::move(m)}});
}

/// DELETE /documents/{documentId}
inline Response delete_document(Call& c) {
  const Document& d = owned_document(c);
  auto pa = c.state.provider_accounts.find(provider_account_of(c.state, d.account_id));
  if (pa == c.state.provider_accounts.end() || !pa->second.datasets.contains("DOCUMENT"))
    invalid_value("documentId", "documents can be deleted only when the DOCUMENT dataset is subscribed");
  const std::string id = d.id;  // d lives in the map the erase changes
  c.state.documents.erase(id);
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::finance
