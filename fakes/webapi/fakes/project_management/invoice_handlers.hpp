#pragma once
// Client invoices and their payments: an invoice is created NOT_READY (FINAL unless asked otherwise); a
// payment added to an invoice is listed with it until the payment or the invoice is deleted.

#include <algorithm>
#include <cstdint>
#include <vector>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/project_management/call.hpp>

namespace webapi::fakes::project_management {

inline Invoice& invoice_in_path(Call& c) { return existing(c.state.invoices, path_id(c, "invoiceId"), "client invoice"); }

namespace handlers {

/// POST /accounting/customers/invoices
inline Response create_invoice(Call& c, const pm::CustomerInvoiceCreateDTO& body) {
  const std::int64_t id = c.state.next_invoice_id++;
  Invoice& inv = c.state.invoices[id];
  inv.invoice.id = id;
  inv.invoice.invoice_number = "INV/" + std::to_string(id);
  inv.invoice.type = body.type.value_or(pm::CustomerInvoiceCreateDTOType::FINAL);
  inv.invoice.status = pm::CustomerInvoiceDTOStatus::NOT_READY;
  pm::CustomerInvoiceCreateResultDTO result;
  result.invoices_ids = std::vector<std::int64_t>{id};
  return model_response(result);
}

/// GET /accounting/customers/invoices/ids
inline Response invoice_ids(Call& c) {
  std::vector<std::int32_t> out;
  for (const auto& [id, inv] : c.state.invoices) out.push_back(static_cast<std::int32_t>(id));
  return model_response(out);
}

/// GET /accounting/customers/invoices/{invoiceId}
inline Response get_invoice(Call& c) { return model_response(invoice_in_path(c).invoice); }

/// DELETE /accounting/customers/invoices/{invoiceId}: its payments go with it.
inline Response delete_invoice(Call& c) {
  Invoice& inv = invoice_in_path(c);
  for (std::int64_t p : inv.payment_ids) c.state.payments.erase(p);
  c.state.invoices.erase(*inv.invoice.id);
  return no_content();
}

/// POST /accounting/customers/invoices/{invoiceId}/payments
inline Response add_payment(Call& c, const pm::PaymentDTO& body) {
  Invoice& inv = invoice_in_path(c);
  if (!body.amount) invalid("amount", "'amount' is required");
  if (!(*body.amount > 0)) invalid("amount", "'amount' must be greater than 0");
  const std::int64_t id = c.state.next_payment_id++;
  c.state.payments[id] = Payment{id, *inv.invoice.id, body};
  inv.payment_ids.push_back(id);
  return no_content();
}

/// GET /accounting/customers/invoices/{invoiceId}/payments
inline Response list_payments(Call& c) {
  std::vector<pm::PaymentDTO> out;
  for (std::int64_t p : invoice_in_path(c).payment_ids) out.push_back(c.state.payments.at(p).payment);
  return model_response(out);
}

/// DELETE /accounting/customers/payments/{paymentId}: it leaves its invoice.
inline Response delete_payment(Call& c) {
  const std::int64_t id = path_id(c, "paymentId");
  Payment& p = existing(c.state.payments, id, "customer payment");
  auto& ids = c.state.invoices.at(p.invoice_id).payment_ids;
  ids.erase(std::remove(ids.begin(), ids.end(), id), ids.end());
  c.state.payments.erase(id);
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
