#include <boost/test/unit_test.hpp>

#include "contains.hpp"

#include <webapi/core/recording.hpp>
#include <webapi/finance.hpp>  // the umbrella brings rules.hpp

namespace fin = webapi::finance;

using extras_test::contains;

namespace {

fin::CategorizationRule valid_rule() {
  return {.category_id = 12,
          .priority = 2,
          .rule_clause = {{"description", "stringContains", std::string("coffee")},
                          {"amount", "numberLessThan", 20.5}}};
}

std::string message_of(const fin::CategorizationRule& rule) {
  auto r = fin::validate(rule);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().kind == webapi::ErrorKind::invalid_argument);
  return r.error().message;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(finance_rules)

BOOST_AUTO_TEST_CASE(valid_rule_passes) { BOOST_TEST(bool(fin::validate(valid_rule()))); }

BOOST_AUTO_TEST_CASE(category_id_must_be_positive) {
  auto r = valid_rule();
  r.category_id = 0;
  BOOST_TEST(contains(message_of(r), "categoryId"));
}

BOOST_AUTO_TEST_CASE(at_least_one_clause) {
  auto r = valid_rule();
  r.rule_clause.clear();
  BOOST_TEST(contains(message_of(r), "ruleClause: a rule needs at least one clause"));
}

BOOST_AUTO_TEST_CASE(unknown_field_names_the_clause) {
  auto r = valid_rule();
  r.rule_clause[1].field = "merchant";
  BOOST_TEST(contains(message_of(r), "ruleClause[1].field"));
}

BOOST_AUTO_TEST_CASE(description_operations) {
  auto r = valid_rule();
  r.rule_clause[0].operation = "stringEquals";
  BOOST_TEST(bool(fin::validate(r)));
  r.rule_clause[0].operation = "numberEquals";
  BOOST_TEST(contains(message_of(r), "ruleClause[0].operation"));
}

BOOST_AUTO_TEST_CASE(description_length_3_to_50_characters) {
  auto r = valid_rule();
  r.rule_clause[0].value = std::string("ab");
  BOOST_TEST(contains(message_of(r), "ruleClause[0].value"));
  r.rule_clause[0].value = std::string("abc");
  BOOST_TEST(bool(fin::validate(r)));
  r.rule_clause[0].value = std::string(50, 'x');
  BOOST_TEST(bool(fin::validate(r)));
  r.rule_clause[0].value = std::string(51, 'x');
  BOOST_TEST(contains(message_of(r), "has 51"));
  // Characters, not bytes: three two-byte letters are three characters.
  r.rule_clause[0].value = std::string("\xC3\xA9\xC3\xA9\xC3\xA9");
  BOOST_TEST(bool(fin::validate(r)));
  r.rule_clause[0].value = 5.0;
  BOOST_TEST(contains(message_of(r), "takes text"));
}

BOOST_AUTO_TEST_CASE(amount_operations_and_range) {
  auto r = valid_rule();
  for (const char* op : {"numberEquals", "numberLessThan", "numberLessThanEquals", "numberGreaterThan",
                         "numberGreaterThanEquals"}) {
    r.rule_clause[1].operation = op;
    BOOST_TEST(bool(fin::validate(r)), op);
  }
  r.rule_clause[1].operation = "stringContains";
  BOOST_TEST(contains(message_of(r), "ruleClause[1].operation"));
  r.rule_clause[1].operation = "numberEquals";
  r.rule_clause[1].value = 0.0;
  BOOST_TEST(bool(fin::validate(r)));
  r.rule_clause[1].value = 99999999999.99;
  BOOST_TEST(bool(fin::validate(r)));
  r.rule_clause[1].value = 100000000000.0;
  BOOST_TEST(contains(message_of(r), "ruleClause[1].value"));
  r.rule_clause[1].value = -0.01;
  BOOST_TEST(contains(message_of(r), "from 0 to"));
  r.rule_clause[1].value = std::string("12");
  BOOST_TEST(contains(message_of(r), "takes a number"));
}

BOOST_AUTO_TEST_CASE(category_names_1_to_50_characters) {
  BOOST_TEST(!fin::validate_category_name(""));
  BOOST_TEST(fin::validate_category_name("").error().message.find("categoryName") != std::string::npos);
  BOOST_TEST(bool(fin::validate_category_name("x")));
  BOOST_TEST(bool(fin::validate_category_name(std::string(50, 'x'))));
  BOOST_TEST(!fin::validate_category_name(std::string(51, 'x')));
}

BOOST_AUTO_TEST_CASE(rule_param_shape_and_round_trip) {
  auto text = fin::encode_rule_param(valid_rule());
  BOOST_TEST(text ==
             R"({"rule":{"categoryId":12,"priority":2,"ruleClause":[{"field":"description","operation":"stringContains",)"
             R"("value":"coffee"},{"field":"amount","operation":"numberLessThan","value":20.5}]}})");
  auto back = fin::decode_rule_param(text);
  BOOST_REQUIRE(back);
  BOOST_TEST((*back == valid_rule()));
}

BOOST_AUTO_TEST_CASE(decode_rule_param_refuses_invalid_rules) {
  BOOST_TEST(!fin::decode_rule_param(R"({"categoryId":1})"));
  auto r = fin::decode_rule_param(R"({"rule":{"categoryId":1,"ruleClause":[{"field":"amount","operation":"numberEquals","value":-1}]}})");
  BOOST_REQUIRE(!r);
  BOOST_TEST(contains(r.error().message, "ruleClause[0].value"));
  BOOST_TEST(!fin::decode_rule_param(R"({"rule":{"ruleClause":[]}})"));
}

BOOST_AUTO_TEST_CASE(client_helper_sends_valid_rules_only) {
  webapi::CannedTransport transport(webapi::Response{201, {}, ""});
  fin::Client client(transport, {.base_url = "https://finance.test", .access_token = "t0k"});
  auto created = fin::create_categorization_rule(client, valid_rule());
  BOOST_TEST(bool(created), (created ? "" : created.error().what()));
  auto sent = transport.last();
  BOOST_REQUIRE(sent);
  BOOST_TEST(sent->path == "/transactions/categories/rules");
  BOOST_TEST(sent->query_value("ruleParam").value_or("") == fin::encode_rule_param(valid_rule()));

  webapi::CannedTransport untouched(webapi::Response{201, {}, ""});
  fin::Client other(untouched, {.base_url = "https://finance.test", .access_token = "t0k"});
  auto bad = valid_rule();
  bad.rule_clause[0].value = std::string("no");
  auto r = fin::create_categorization_rule(other, bad);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().operation == "create_or_run_transaction_categorization_rules");
  BOOST_TEST(!untouched.last());
}

BOOST_AUTO_TEST_SUITE_END()
