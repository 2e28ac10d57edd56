#pragma once
// Transaction categorization rules and user-defined category names: the typed rule the client sends as the
// `ruleParam` query parameter, and the checks both the client (before sending) and a fake (on receipt) run.
//
//   webapi::finance::CategorizationRule rule{.category_id = 12, .priority = 1,
//       .rule_clause = {{"description", "stringContains", std::string("coffee")},
//                       {"amount", "numberLessThan", 20.0}}};
//   auto sent = webapi::finance::create_categorization_rule(client, rule);
//
// The limits are the service's: a rule names a positive numeric category and at least one clause; a
// `description` clause uses stringEquals or stringContains with 3 to 50 characters; an `amount` clause uses a
// number* operation with a value from 0 to 99999999999.99. A user-defined category name has 1 to 50 characters.

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/describe.hpp>

#include <webapi/core/error.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/utf8.hpp>
#include <webapi/core/wire_name.hpp>

namespace webapi::finance {

/// One condition of a rule: `field` ("description" or "amount"), `operation` (e.g. "stringContains",
/// "numberGreaterThan") and the value to compare with (text for description, a number for amount).
struct CategorizationRuleClause {
  std::string field{};
  std::string operation{};
  std::variant<double, std::string> value{};

  friend bool operator==(const CategorizationRuleClause&, const CategorizationRuleClause&) = default;
};
BOOST_DESCRIBE_STRUCT(CategorizationRuleClause, (), (field, operation, value))

/// A categorization rule: transactions matching every clause get category `category_id`; rules with a
/// lower `priority` apply first.
struct CategorizationRule {
  std::int64_t category_id{};
  std::optional<std::int32_t> priority{};
  std::vector<CategorizationRuleClause> rule_clause{};

  static constexpr webapi::Rename webapi_renames[] = {{"category_id", "categoryId"}, {"rule_clause", "ruleClause"}};

  friend bool operator==(const CategorizationRule&, const CategorizationRule&) = default;
};
BOOST_DESCRIBE_STRUCT(CategorizationRule, (), (category_id, priority, rule_clause))

/// Bounds of the service's rule and category checks.
inline constexpr std::size_t min_description_length = 3;
inline constexpr std::size_t max_description_length = 50;
inline constexpr double max_amount = 99999999999.99;
inline constexpr std::size_t max_category_name_length = 50;

namespace detail {

inline webapi::Error rule_error(std::string message) {
  return webapi::make_error(webapi::ErrorKind::invalid_argument, std::move(message));
}

inline std::string clause_at(std::size_t i, std::string_view member) {
  return "ruleClause[" + std::to_string(i) + "]." + std::string(member);
}

inline webapi::Result<void> validate_clause(const CategorizationRuleClause& c, std::size_t i) {
  if (c.field == "description") {
    if (c.operation != "stringEquals" && c.operation != "stringContains")
      return rule_error(clause_at(i, "operation") + ": '" + c.operation +
                        "' is not valid for field description (stringEquals or stringContains)");
    const auto* text = std::get_if<std::string>(&c.value);
    if (!text) return rule_error(clause_at(i, "value") + ": field description takes text, not a number");
    std::size_t n = webapi::utf8_length(*text);
    if (n < min_description_length || n > max_description_length)
      return rule_error(clause_at(i, "value") + ": description text must have 3 to 50 characters, has " +
                        std::to_string(n));
    return {};
  }
  if (c.field == "amount") {
    static constexpr std::string_view ops[] = {"numberEquals", "numberLessThan", "numberLessThanEquals",
                                               "numberGreaterThan", "numberGreaterThanEquals"};
    bool known = false;
    for (auto op : ops) known = known || op == c.operation;
    if (!known)
      return rule_error(clause_at(i, "operation") + ": '" + c.operation +
                        "' is not valid for field amount (numberEquals, numberLessThan, numberLessThanEquals, "
                        "numberGreaterThan or numberGreaterThanEquals)");
    const auto* amount = std::get_if<double>(&c.value);
    if (!amount) return rule_error(clause_at(i, "value") + ": field amount takes a number, not text");
    if (!(*amount >= 0 && *amount <= max_amount))  // also refuses NaN
      return rule_error(clause_at(i, "value") + ": amount must be from 0 to 99999999999.99");
    return {};
  }
  return rule_error(clause_at(i, "field") + ": '" + c.field + "' is not a rule field (description or amount)");
}

}  // namespace detail

/// Whether `rule` is one the service accepts; the error names the clause index and member at fault, e.g.
/// "ruleClause[1].value: amount must be from 0 to 99999999999.99".
inline webapi::Result<void> validate(const CategorizationRule& rule) {
  if (rule.category_id <= 0)
    return detail::rule_error("categoryId: must be a positive category id, is " + std::to_string(rule.category_id));
  if (rule.rule_clause.empty()) return detail::rule_error("ruleClause: a rule needs at least one clause");
  for (std::size_t i = 0; i < rule.rule_clause.size(); ++i)
    if (auto ok = detail::validate_clause(rule.rule_clause[i], i); !ok) return ok;
  return {};
}

/// Whether `name` is a valid user-defined category name (1 to 50 characters).
inline webapi::Result<void> validate_category_name(std::string_view name) {
  std::size_t n = webapi::utf8_length(name);
  if (n < 1 || n > max_category_name_length)
    return detail::rule_error("categoryName: must have 1 to 50 characters, has " + std::to_string(n));
  return {};
}

// The two below are templates only so that the JSON codec they use is compiled where they are called, not in
// every file that includes the module.

/// The JSON text the `ruleParam` query parameter carries: {"rule":{"categoryId":..,"ruleClause":[..]}}.
template <std::same_as<CategorizationRule> Rule>
std::string encode_rule_param(const Rule& rule) {
  std::string out = "{\"rule\":";
  webapi::json::encode_to(out, rule);
  out += '}';
  return out;
}

/// The rule a `ruleParam` text holds, validated; for the receiving side. Decode errors name the JSON path.
template <std::convertible_to<std::string_view> Text>
webapi::Result<CategorizationRule> decode_rule_param(const Text& text) {
  auto doc = webapi::json::decode<boost::json::value>(std::string_view(text));
  if (!doc) return std::move(doc).error();
  const auto* obj = doc->if_object();
  const auto* inner = obj ? obj->if_contains("rule") : nullptr;
  if (!inner) return webapi::make_error(webapi::ErrorKind::invalid_argument, "ruleParam: expected {\"rule\": {...}}");
  auto rule = webapi::json::decode<CategorizationRule>(boost::json::serialize(*inner));
  if (!rule) return std::move(rule).error();
  if (auto ok = validate(*rule); !ok) return ok.error();
  return rule;
}

/// Validates `rule` and creates it with create_or_run_transaction_categorization_rules(); an invalid rule is
/// refused before anything is sent.
template <class FinanceClient>
webapi::Result<void> create_categorization_rule(FinanceClient& client, const CategorizationRule& rule) {
  if (auto ok = validate(rule); !ok) {
    auto e = ok.error();
    e.operation = "create_or_run_transaction_categorization_rules";
    return e;
  }
  return client.create_or_run_transaction_categorization_rules({.action = std::nullopt,
                                                                .rule_param = encode_rule_param(rule)});
}

}  // namespace webapi::finance
