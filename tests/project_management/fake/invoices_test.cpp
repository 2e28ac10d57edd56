// Client invoices and payments: a payment appears on its invoice until it, or the invoice, is deleted.

#include <string>

#include <boost/test/unit_test.hpp>

#include "fixture.hpp"

using test::PmFixture;

namespace {
struct InvoiceFixture : PmFixture {
  std::int64_t create_invoice() {
    auto r = client.post_accounting_customers_invoices({.body = {.type = test::pm::CustomerInvoiceCreateDTOType::DRAFT}});
    BOOST_REQUIRE_MESSAGE(r.has_value(), "creating an invoice failed");
    BOOST_REQUIRE(r->invoices_ids && r->invoices_ids->size() == 1u);
    return r->invoices_ids->front();
  }
  void pay(std::int64_t invoice, double amount) {
    BOOST_REQUIRE(client.post_accounting_customers_invoices_invoice_id_payments(invoice, {.body = {.amount = amount}}));
  }
};
}  // namespace

BOOST_FIXTURE_TEST_SUITE(invoices, InvoiceFixture)

BOOST_AUTO_TEST_CASE(a_created_invoice_is_read_back_and_listed) {
  const auto id = create_invoice();
  auto inv = client.get_accounting_customers_invoices_invoice_id(id);
  BOOST_REQUIRE(inv.has_value());
  BOOST_TEST(std::string(inv->type->wire()) == "DRAFT");
  BOOST_TEST(std::string(inv->status->wire()) == "NOT_READY");
  BOOST_TEST((*client.get_accounting_customers_invoices_ids() == std::vector<std::int32_t>{static_cast<std::int32_t>(id)}));
}

BOOST_AUTO_TEST_CASE(an_invoice_is_final_unless_asked_otherwise) {
  auto r = client.post_accounting_customers_invoices({});
  BOOST_REQUIRE(r.has_value());
  auto inv = client.get_accounting_customers_invoices_invoice_id(r->invoices_ids->front());
  BOOST_TEST(std::string(inv->type->wire()) == "FINAL");
}

BOOST_AUTO_TEST_CASE(a_payment_appears_on_its_invoice_only) {
  const auto first = create_invoice();
  const auto second = create_invoice();
  pay(first, 100.5);
  pay(first, 20);
  auto payments = client.get_accounting_customers_invoices_invoice_id_payments(first);
  BOOST_REQUIRE(payments.has_value());
  BOOST_REQUIRE(payments->size() == 2u);
  BOOST_TEST(*payments->at(0).amount == 100.5);
  BOOST_TEST(*payments->at(1).amount == 20.0);
  BOOST_TEST(client.get_accounting_customers_invoices_invoice_id_payments(second)->empty());
}

BOOST_AUTO_TEST_CASE(a_payment_needs_a_positive_amount_and_an_invoice) {
  const auto id = create_invoice();
  BOOST_TEST(test::refusal(client.post_accounting_customers_invoices_invoice_id_payments(id, {.body = {.amount = 0.0}}), 400) ==
             "'amount' must be greater than 0");
  BOOST_TEST(test::refusal(client.post_accounting_customers_invoices_invoice_id_payments(id, {}), 400) ==
             "'amount' is required");
  BOOST_TEST(client.post_accounting_customers_invoices_invoice_id_payments(99, {.body = {.amount = 1.0}}).error().status == 404);
  BOOST_TEST(client.get_accounting_customers_invoices_invoice_id_payments(id)->empty());
}

BOOST_AUTO_TEST_CASE(a_deleted_payment_leaves_its_invoice) {
  const auto id = create_invoice();
  pay(id, 10);
  pay(id, 30);
  const auto first_payment = fake.inspect([&](const auto& s) { return s.invoices.at(id).payment_ids.front(); });
  BOOST_REQUIRE(client.delete_accounting_customers_payments_payment_id(first_payment));
  auto payments = client.get_accounting_customers_invoices_invoice_id_payments(id);
  BOOST_REQUIRE(payments->size() == 1u);
  BOOST_TEST(*payments->front().amount == 30.0);
  BOOST_TEST(client.delete_accounting_customers_payments_payment_id(first_payment).error().status == 404);
}

BOOST_AUTO_TEST_CASE(a_deleted_invoice_takes_its_payments_along) {
  const auto id = create_invoice();
  pay(id, 10);
  BOOST_REQUIRE(client.delete_accounting_customers_invoices_invoice_id(id));
  BOOST_TEST(client.get_accounting_customers_invoices_invoice_id(id).error().status == 404);
  BOOST_TEST(client.get_accounting_customers_invoices_ids()->empty());
  BOOST_TEST(fake.inspect([](const auto& s) { return s.payments.size(); }) == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
