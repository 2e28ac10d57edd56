#pragma once
// Client persons: created for an existing client, read, listed by id, replaced and deleted. Deleting a
// client deletes its persons too.

#include <cstdint>
#include <vector>

#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/project_management/call.hpp>

namespace webapi::fakes::project_management {

inline pm::CustomerPersonDTO& person_in_path(Call& c) {
  return existing(c.state.persons, path_id(c, "personId"), "client person");
}

/// `body` as the person `id` stores it: a last name and an existing client are required; a new person is
/// active.
inline pm::CustomerPersonDTO person_record(const State& s, pm::CustomerPersonDTO body, std::int64_t id) {
  if (!body.last_name || body.last_name->empty()) invalid("lastName", "'lastName' is required");
  if (!body.customer_id) invalid("customerId", "'customerId' is required");
  if (!s.clients.contains(*body.customer_id))
    invalid("customerId", "'customerId' names no client: " + std::to_string(*body.customer_id));
  body.id = id;
  if (!body.active) body.active = true;
  return body;
}

/// Removes the persons of the client `client_id`.
inline void remove_persons_of(State& s, std::int64_t client_id) {
  std::erase_if(s.persons, [&](const auto& kv) { return kv.second.customer_id == client_id; });
}

namespace handlers {

/// POST /customers/persons
inline Response create_person(Call& c, const pm::CustomerPersonDTO& body) {
  const std::int64_t id = c.state.next_person_id;
  pm::CustomerPersonDTO record = person_record(c.state, body, id);
  ++c.state.next_person_id;
  return model_response(c.state.persons[id] = std::move(record));
}

/// GET /customers/persons/ids
inline Response person_ids(Call& c) {
  std::vector<std::int32_t> out;
  for (const auto& [id, p] : c.state.persons) out.push_back(static_cast<std::int32_t>(id));
  return model_response(out);
}

/// GET /customers/persons/{personId}
inline Response get_person(Call& c) { return model_response(person_in_path(c)); }

/// PUT /customers/persons/{personId}: the person becomes `body`, keeping its id.
inline Response replace_person(Call& c, const pm::CustomerPersonDTO& body) {
  pm::CustomerPersonDTO& p = person_in_path(c);
  p = person_record(c.state, body, *p.id);
  return model_response(p);
}

/// DELETE /customers/persons/{personId}
inline Response delete_person(Call& c) {
  erase_existing(c.state.persons, path_id(c, "personId"), "client person");
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
