#pragma once
// A user's categorization rules: created (the rule as JSON text in the ruleParam query parameter), listed,
// updated, deleted, and run.
//
// A rule is checked with webapi::finance::validate / decode_rule_param, the functions the client runs
// before sending, so the two sides refuse the same rules. Its category must be one the user sees, and
// two rules may not have the same clauses. A rule without a priority runs after those with one.
//
// Running (action=run on the collection) applies every rule of the user in priority order, lowest number
// first (ties: the older rule first): each transaction takes the category of the first rule all of whose
// clauses it meets, and its category source becomes USER. Running one rule (POST .../rules/{ruleId}
// ?action=run) applies that rule alone. A description clause compares case-insensitively.

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/models.hpp>
#include <webapi/fakes/finance/transaction_handlers.hpp>
#include <webapi/finance/rules.hpp>

namespace webapi::fakes::finance {

/// Whether transaction `t` meets clause `c`.
inline bool meets(const Transaction& t, const webapi::finance::CategorizationRuleClause& c) {
  if (c.field == "description") {
    const std::string wanted = ascii::to_lower(std::get<std::string>(c.value)), text = ascii::to_lower(t.description);
    return c.operation == "stringEquals" ? text == wanted : text.find(wanted) != std::string::npos;
  }
  const double v = std::get<double>(c.value);
  if (c.operation == "numberEquals") return t.amount == v;
  if (c.operation == "numberLessThan") return t.amount < v;
  if (c.operation == "numberLessThanEquals") return t.amount <= v;
  if (c.operation == "numberGreaterThan") return t.amount > v;
  return t.amount >= v;  // numberGreaterThanEquals: validate() admits no other operation
}

inline bool matches(const Transaction& t, const Rule& r) {
  return std::all_of(r.rule.rule_clause.begin(), r.rule.rule_clause.end(), [&](const auto& c) { return meets(t, c); });
}

/// The user's rules in the order they run.
inline std::vector<const Rule*> rules_in_order(const State& s, const std::string& login_name) {
  std::vector<const Rule*> out;
  for (const auto& [_, r] : s.rules)
    if (r.login_name == login_name) out.push_back(&r);
  std::stable_sort(out.begin(), out.end(), [](const Rule* a, const Rule* b) { return a->priority < b->priority; });
  return out;
}

/// Applies `rules` (in order, first match wins) to the user's transactions; returns how many changed.
inline std::size_t apply_rules(State& s, const std::string& login_name, const std::vector<const Rule*>& rules) {
  std::size_t changed = 0;
  for (auto& [_, t] : s.transactions) {
    if (t.login_name != login_name) continue;
    for (const Rule* r : rules)
      if (matches(t, *r)) {
        if (t.category_id != r->rule.category_id) ++changed;
        t.category_id = r->rule.category_id;
        t.category_source = "USER";
        break;
      }
  }
  return changed;
}

/// A rule the user may hold: its category visible, its clauses not another rule's.
inline void check_rule(const Call& c, const webapi::finance::CategorizationRule& rule, std::int64_t except = 0) {
  visible_category(c, rule.category_id, "categoryId");
  for (const auto& [id, r] : c.state.rules)
    if (id != except && r.login_name == c.caller.login_name && r.rule.rule_clause == rule.rule_clause)
      yodlee_error(400, "Y400", "Rule already exists. Rule should be unique in terms of combination of description and amount");
}

/// The priority a rule gets: its own, or after every rule the user has.
inline std::int32_t priority_for(const State& s, const std::string& login_name, std::optional<std::int32_t> asked) {
  if (asked) return *asked;
  std::int32_t last = 0;
  for (const auto& [_, r] : s.rules)
    if (r.login_name == login_name) last = std::max(last, r.priority);
  return last + 1;
}

/// The update body's rule as the typed rule rules.hpp checks; value kinds it cannot hold are refused.
inline webapi::finance::CategorizationRule typed_rule(const fin::TransactionCategorizationRuleInfo& info) {
  webapi::finance::CategorizationRule rule{.category_id = info.category_id, .priority = info.priority, .rule_clause = {}};
  for (std::size_t i = 0; i < info.rule_clause.size(); ++i) {
    const fin::FieldOperation& f = info.rule_clause[i];
    webapi::finance::CategorizationRuleClause clause;
    if (f.field) clause.field = std::string(f.field->wire());
    if (f.operation) clause.operation = std::string(f.operation->wire());
    if (f.value && f.value->is_string()) clause.value = std::string(f.value->get_string());
    else if (f.value && f.value->is_number()) clause.value = f.value->to_number<double>();
    else yodlee_error(400, "Y806", "Invalid input: ruleClause[" + std::to_string(i) + "].value must be text or a number");
    rule.rule_clause.push_back(std::move(clause));
  }
  return rule;
}

inline void check_validates(const webapi::finance::CategorizationRule& rule) {
  if (auto ok = webapi::finance::validate(rule); !ok) yodlee_error(400, "Y806", "Invalid input: " + ok.error().message);
}

namespace handlers {

/// POST /transactions/categories/rules: create (ruleParam) or, with action=run, run every rule.
inline Response create_or_run_rules(Call& c) {
  if (auto action = c.params.non_empty("action")) {
    if (*action != "run") invalid_value("action", "expected run, got '" + *action + "'");
    apply_rules(c.state, c.caller.login_name, rules_in_order(c.state, c.caller.login_name));
    return no_content();
  }
  auto text = c.params.non_empty("ruleParam");
  if (!text) yodlee_error(400, "Y803", "ruleParam required");
  auto rule = webapi::finance::decode_rule_param(*text);
  if (!rule) yodlee_error(400, "Y806", "Invalid input: ruleParam: " + rule.error().message);
  check_rule(c, *rule);
  Rule r{next_id(c.state), c.caller.login_name, *rule, priority_for(c.state, c.caller.login_name, rule->priority), c.now};
  c.state.rules[r.id] = std::move(r);
  return created();
}

/// POST /transactions/categories/rules/{ruleId}?action=run
inline Response run_rule(Call& c) {
  const Rule& r = owned(c, c.state.rules, path_id(c, "ruleId"), "rule");
  if (c.params.required("action") != "run") invalid_value("action", "expected run");
  apply_rules(c.state, c.caller.login_name, {&r});
  return no_content();
}

/// PUT /transactions/categories/rules/{ruleId}
inline Response update_rule(Call& c, const fin::TransactionCategorizationRuleRequest& body) {
  Rule& r = owned(c, c.state.rules, path_id(c, "ruleId"), "rule");
  webapi::finance::CategorizationRule rule = typed_rule(body.rule);
  check_validates(rule);
  check_rule(c, rule, r.id);
  r.priority = priority_for(c.state, c.caller.login_name, rule.priority.value_or(r.priority));
  r.rule = std::move(rule);
  return no_content();
}

/// DELETE /transactions/categories/rules/{ruleId}
inline Response delete_rule(Call& c) {
  c.state.rules.erase(owned(c, c.state.rules, path_id(c, "ruleId"), "rule").id);
  return no_content();
}

inline std::vector<fin::TransactionCategorizationRule> rule_models(Call& c) {
  std::vector<fin::TransactionCategorizationRule> out;
  for (const Rule* r : rules_in_order(c.state, c.caller.login_name)) out.push_back(rule_model(*r, me(c).id));
  return out;
}

/// GET /transactions/categories/txnRules
inline Response get_rules(Call& c) { return model_response(fin::TransactionCategorizationRuleResponse{rule_models(c)}); }

/// GET /transactions/categories/rules (the older listing: a bare array)
inline Response get_rules_deprecated(Call& c) { return model_response(rule_models(c)); }

}  // namespace handlers
}  // namespace webapi::fakes::finance
