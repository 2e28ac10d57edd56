// Payables and receivables of projects and quotes, under their own kind of path, summed in the finance.

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;

namespace {
struct FinanceFixture : PmFixture {
  std::string classic = fake.add_project({.name = "Website"});
  std::string smart = fake.add_project({.smart = true, .name = "Manual"});
  std::string quote = fake.add_quote({.smart = true, .name = "Catalogue"});
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(finance, FinanceFixture)

BOOST_AUTO_TEST_CASE(charges_are_summed_in_the_finance) {
  auto payable = client.post_projects_project_id_finance_payables(classic, {.body = {.quantity = 10.0, .rate = 0.5}});
  BOOST_REQUIRE(payable.has_value());
  BOOST_TEST(*payable->total == 5.0);
  auto receivable = client.post_projects_project_id_finance_receivables(classic, {.body = {.total = 12.0}});
  BOOST_REQUIRE(receivable.has_value());
  auto f = client.get_projects_project_id_finance(classic);
  BOOST_REQUIRE(f.has_value());
  BOOST_TEST(f->payables->size() == 1u);
  BOOST_TEST(*f->payables->front().id == *payable->id);
  BOOST_TEST(f->receivables->size() == 1u);
  BOOST_TEST(*f->total_cost == 5.0);
  BOOST_TEST(*f->total_agreed == 12.0);
  BOOST_TEST(*f->profit == 7.0);
}

BOOST_AUTO_TEST_CASE(a_charge_is_replaced_and_deleted) {
  const auto id = *client.post_v2_projects_project_id_finance_payables(smart, {.body = {.total = 3.0}})->id;
  auto replaced = client.put_v2_projects_project_id_finance_payables_payable_id(smart, id, {.body = {.quantity = 2.0, .rate = 4.0}});
  BOOST_REQUIRE(replaced.has_value());
  BOOST_TEST(*replaced->id == id);
  BOOST_TEST(*client.get_v2_projects_project_id_finance(smart)->total_cost == 8.0);
  BOOST_REQUIRE(client.delete_v2_projects_project_id_finance_payables_payable_id(smart, id));
  BOOST_TEST(client.get_v2_projects_project_id_finance(smart)->payables->empty());
  BOOST_TEST(client.delete_v2_projects_project_id_finance_payables_payable_id(smart, id).error().status == 404);
}

BOOST_AUTO_TEST_CASE(each_kind_keeps_to_its_paths) {
  BOOST_TEST(client.post_projects_project_id_finance_payables(smart, {.body = {.total = 1.0}}).error().status == 400);
  BOOST_TEST(client.get_v2_projects_project_id_finance(classic).error().status == 400);
  BOOST_TEST(client.post_quotes_quote_id_finance_receivables(quote, {.body = {.total = 1.0}}).error().status == 400);
  BOOST_REQUIRE(client.post_v2_quotes_quote_id_finance_receivables(quote, {.body = {.total = 1.0}}));
  BOOST_TEST(*client.get_v2_quotes_quote_id_finance(quote)->total_agreed == 1.0);
  BOOST_TEST(client.get_v2_projects_project_id_finance(smart)->receivables->empty());
}

BOOST_AUTO_TEST_CASE(amounts_are_never_negative) {
  auto r = client.post_projects_project_id_finance_receivables(classic, {.body = {.quantity = -1.0, .rate = 2.0}});
  BOOST_TEST(test::refusal(r, 400) == "'quantity' must not be negative");
  BOOST_TEST(client.get_projects_project_id_finance(classic)->receivables->empty());
}

BOOST_AUTO_TEST_SUITE_END()
