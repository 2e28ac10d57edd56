#pragma once
// A user's transactions (listed, counted, updated) and transaction categories.
//
// Categories are the service's own (SYSTEM, the same for every user) and each user's own (USER), made
// under a system category, the parent, whose type and high-level group they share. A user category's name
// has 1 to 50 characters (webapi::finance::validate_category_name, the check the client runs too) and is
// unique among the categories the user sees. Deleting a user category moves its transactions back to its
// parent and deletes the rules that name it.
//
// Updating a transaction sets its category (one the user sees), memo and description; the container must
// be the transaction's own.

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <webapi/core/ascii.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/models.hpp>
#include <webapi/finance/rules.hpp>

namespace webapi::fakes::finance {

/// Whether the caller sees category `c`: a system one, or one of their own.
inline bool visible(const Call& call, const Category& c) {
  return c.source == "SYSTEM" || c.login_name == call.caller.login_name;
}

/// Category `id` when the caller sees it; 400 naming `field` otherwise.
inline const Category& visible_category(const Call& c, std::int64_t id, std::string_view field) {
  auto it = c.state.categories.find(id);
  if (it == c.state.categories.end() || !visible(c, it->second))
    invalid_value(field, "no category " + std::to_string(id));
  return it->second;
}

/// The name rule shared with the client, as a 400 answer.
inline void check_category_name(std::string_view name) {
  if (auto ok = webapi::finance::validate_category_name(name); !ok)
    yodlee_error(400, "Y801", "Invalid length for " + ok.error().message);
}

inline void check_unique_name(const Call& c, std::string_view name, std::int64_t except = 0) {
  for (const auto& [id, cat] : c.state.categories)
    if (id != except && visible(c, cat) && ascii::to_lower(cat.name) == ascii::to_lower(name))
      yodlee_error(400, "Y811", "categoryName value already exists");
}

/// The caller's transactions passing the filters getTransactions and getTransactionsCount share, newest first.
inline std::vector<const Transaction*> filtered_transactions(const Call& c) {
  const auto accounts = id_list(c, "accountId");
  const auto categories = id_list(c, "categoryId");
  const auto base_type = c.params.non_empty("baseType");
  const auto container = c.params.non_empty("container");
  const auto from = date_param(c, "fromDate");
  const auto to = date_param(c, "toDate");
  const auto keyword = c.params.non_empty("keyword");
  if (base_type && *base_type != "DEBIT" && *base_type != "CREDIT") invalid_value("baseType", "expected DEBIT or CREDIT");
  std::vector<const Transaction*> out;
  for (const auto& [id, t] : c.state.transactions) {
    if (t.login_name != c.caller.login_name) continue;
    if (!accounts.empty() && std::find(accounts.begin(), accounts.end(), t.account_id) == accounts.end()) continue;
    if (!categories.empty() && std::find(categories.begin(), categories.end(), t.category_id) == categories.end())
      continue;
    if ((base_type && t.base_type != *base_type) || (container && t.container != *container)) continue;
    if ((from && t.date < *from) || (to && t.date > *to)) continue;
    if (keyword && ascii::to_lower(t.description).find(ascii::to_lower(*keyword)) == std::string::npos) continue;
    out.push_back(&t);
  }
  std::stable_sort(out.begin(), out.end(), [](const Transaction* a, const Transaction* b) { return a->date > b->date; });
  return out;
}

inline const Category* category_of(const State& s, const Transaction& t) {
  auto it = s.categories.find(t.category_id);
  return it == s.categories.end() ? nullptr : &it->second;
}

namespace handlers {

/// GET /transactions
inline Response get_transactions(Call& c) {
  auto found = filtered_transactions(c);
  const auto skip = static_cast<std::size_t>(std::max<std::int64_t>(0, c.params.integer_or("skip", 0)));
  const auto top = c.params.integer_or("top", 500);
  if (top < 1 || top > 500) invalid_value("top", "expected 1 to 500");
  fin::TransactionResponse r;
  r.transaction.emplace();
  for (std::size_t i = skip; i < found.size() && r.transaction->size() < static_cast<std::size_t>(top); ++i)
    r.transaction->push_back(transaction_model(*found[i], category_of(c.state, *found[i])));
  return model_response(r);
}

/// GET /transactions/count
inline Response get_transactions_count(Call& c) {
  fin::TransactionCount count;
  count.total = fin::TransactionTotal{static_cast<std::int64_t>(filtered_transactions(c).size())};
  return model_response(fin::TransactionCountResponse{std::move(count)});
}

/// PUT /transactions/{transactionId}
inline Response update_transaction(Call& c, const fin::TransactionRequest& body) {
  Transaction& t = owned(c, c.state.transactions, path_id(c, "transactionId"), "transaction");
  const fin::UpdateTransaction& u = body.transaction;
  if (u.container.wire() != t.container)
    invalid_value("container", "the transaction is in container " + t.container + ", not " + std::string(u.container.wire()));
  if (!u.category_source.is_known()) invalid_value("categorySource", "expected SYSTEM or USER");
  t.category_id = visible_category(c, u.category_id, "categoryId").id;
  t.category_source = "USER";
  if (u.memo) t.memo = u.memo;
  if (u.description && u.description->consumer) t.description = *u.description->consumer;
  return no_content();
}

/// GET /transactions/categories
inline Response get_transaction_categories(Call& c) {
  fin::TransactionCategoryResponse r;
  r.transaction_category.emplace();
  for (const auto& [_, cat] : c.state.categories)
    if (visible(c, cat)) r.transaction_category->push_back(category_model(cat));
  return model_response(r);
}

/// POST /transactions/categories
inline Response create_transaction_category(Call& c, const fin::TransactionCategoryRequest& body) {
  if (!body.category_name) yodlee_error(400, "Y803", "categoryName required");
  check_category_name(*body.category_name);
  if (body.source && *body.source != "USER") invalid_value("source", "a category made by a user has source USER");
  auto parent = c.state.categories.find(body.parent_category_id);
  if (parent == c.state.categories.end() || parent->second.source != "SYSTEM")
    invalid_value("parentCategoryId", "no system category " + std::to_string(body.parent_category_id));
  check_unique_name(c, *body.category_name);
  Category cat = parent->second;
  cat.id = next_id(c.state);
  cat.name = *body.category_name;
  cat.source = "USER";
  cat.parent_id = parent->first;
  cat.login_name = c.caller.login_name;
  c.state.categories[cat.id] = std::move(cat);
  return created();
}

/// PUT /transactions/categories: renames one of the user's categories.
inline Response update_transaction_category(Call& c, const fin::UpdateCategoryRequest& body) {
  auto it = c.state.categories.find(body.id);
  if (it == c.state.categories.end() || it->second.login_name != c.caller.login_name)
    invalid_value("id", "no user-defined category " + std::to_string(body.id));
  if (body.category_name) {
    check_category_name(*body.category_name);
    check_unique_name(c, *body.category_name, body.id);
    it->second.name = *body.category_name;
  }
  return no_content();
}

/// DELETE /transactions/categories/{categoryId}
inline Response delete_transaction_category(Call& c) {
  const std::int64_t id = path_id(c, "categoryId");
  auto it = c.state.categories.find(id);
  if (it == c.state.categories.end() || it->second.login_name != c.caller.login_name)
    resource_not_found("user-defined category " + std::to_string(id));
  const std::int64_t parent = it->second.parent_id.value_or(1);
  for (auto& [_, t] : c.state.transactions)
    if (t.category_id == id) t.category_id = parent;
  std::erase_if(c.state.rules, [&](const auto& kv) { return kv.second.rule.category_id == id; });
  c.state.categories.erase(it);
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::finance
