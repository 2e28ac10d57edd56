#pragma once
// Clients (customers): created, listed, read, replaced and deleted, with their address and contact.
// A deleted client is gone, with its persons: its id leaves the id lists and reading it is 404.

#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/params.hpp>
#include <webapi/fakes/project_management/call.hpp>
#include <webapi/fakes/project_management/person_handlers.hpp>

namespace webapi::fakes::project_management {

inline pm::CustomerDTO& client_in_path(Call& c) { return existing(c.state.clients, path_id(c, "customerId"), "client"); }

/// `body` as the client `id` stores it: a name is required, the full name defaults to it and the status
/// to ACTIVE.
inline pm::CustomerDTO client_record(pm::CustomerDTO body, std::int64_t id) {
  if (!body.name || body.name->empty()) invalid("name", "'name' is required");
  body.id = id;
  if (!body.id_number) body.id_number = "C" + std::to_string(id);
  if (!body.full_name) body.full_name = body.name;
  if (!body.status) body.status = pm::CustomerDTOStatus::ACTIVE;
  return body;
}

namespace handlers {

/// POST /customers
inline Response create_client(Call& c, const pm::CustomerDTO& body) {
  const std::int64_t id = c.state.next_client_id;
  pm::CustomerDTO record = client_record(body, id);
  ++c.state.next_client_id;
  return model_response(c.state.clients[id] = std::move(record));
}

/// GET /customers: every client's id and name.
inline Response list_clients(Call& c) {
  std::vector<pm::EntityWithNameDTO> out;
  for (const auto& [id, client] : c.state.clients) out.push_back({id, client.name});
  return model_response(out);
}

/// GET /customers/ids?nameEquals=&emailEquals=
inline Response client_ids(Call& c) {
  const Params q = Params::from(c.request);
  const auto name = q.non_empty("nameEquals");
  const auto email = q.non_empty("emailEquals");
  std::vector<std::int32_t> out;
  for (const auto& [id, client] : c.state.clients) {
    if (name && client.name != name) continue;
    if (email && !(client.contact && client.contact->emails && client.contact->emails->primary == email)) continue;
    out.push_back(static_cast<std::int32_t>(id));
  }
  return model_response(out);
}

/// GET /customers/{customerId}
inline Response get_client(Call& c) { return model_response(client_in_path(c)); }

/// PUT /customers/{customerId}: the client becomes `body`, keeping its id.
inline Response replace_client(Call& c, const pm::CustomerDTO& body) {
  pm::CustomerDTO& client = client_in_path(c);
  client = client_record(body, *client.id);
  return model_response(client);
}

/// DELETE /customers/{customerId}: its persons go with it.
inline Response delete_client(Call& c) {
  const std::int64_t id = path_id(c, "customerId");
  erase_existing(c.state.clients, id, "client");
  remove_persons_of(c.state, id);
  return no_content();
}

/// GET /customers/{customerId}/address
inline Response get_client_address(Call& c) {
  return model_response(client_in_path(c).billing_address.value_or(pm::AddressDTO{}));
}
/// PUT /customers/{customerId}/address
inline Response replace_client_address(Call& c, const pm::AddressDTO& body) {
  return model_response(*(client_in_path(c).billing_address = body));
}
/// GET /customers/{customerId}/contact
inline Response get_client_contact(Call& c) {
  return model_response(client_in_path(c).contact.value_or(pm::ContactDTO{}));
}
/// PUT /customers/{customerId}/contact
inline Response replace_client_contact(Call& c, const pm::ContactDTO& body) {
  return model_response(*(client_in_path(c).contact = body));
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
