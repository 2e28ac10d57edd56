#pragma once
// The finance of a project or quote: payables (what the work costs) and receivables (what the client is
// charged), added, replaced and deleted under the record's own kind of path (Classic unprefixed, Smart
// under /v2, the other kind 400), and summed in its finance: total cost, total agreed and profit.
//
// A charge's total is its quantity times its rate unless the caller gives one; quantities, rates and
// totals are never negative.

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <webapi/core/json.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/project_management/call.hpp>
#include <webapi/fakes/project_management/project_handlers.hpp>

namespace webapi::fakes::project_management {

/// Whose finance a route reads: a project's or a quote's.
enum class Owner { project, quote };

/// The project or quote in the path, of the kind the route serves.
template <Owner O, bool Smart>
Project& charge_owner(Call& c) {
  auto& table = O == Owner::project ? c.state.projects : c.state.quotes;
  return record_of_kind(c.state, table, path_text(c, O == Owner::project ? "projectId" : "quoteId"), Smart);
}

/// The charges of `p` of the model `Dto` (PayableDTO or ReceivableDTO), and what the path calls one.
inline std::map<std::int64_t, pm::PayableDTO>& charges(Project& p, const pm::PayableDTO*) { return p.payables; }
inline std::map<std::int64_t, pm::ReceivableDTO>& charges(Project& p, const pm::ReceivableDTO*) { return p.receivables; }
inline std::string_view charge_id_name(const pm::PayableDTO*) { return "payableId"; }
inline std::string_view charge_id_name(const pm::ReceivableDTO*) { return "receivableId"; }

/// One model as another with the same members (a create model as the stored one, a charge as the
/// finance's ChargeDTO): members the target lacks are left behind.
template <class To, class From>
To same_members(const From& from) {
  return webapi::json::decode<To>(webapi::json::encode(from)).value();
}

/// `charge` after checking its amounts and working out its total.
template <class Dto>
Dto priced(Dto charge) {
  for (auto [value, name] : {std::pair{charge.quantity, "quantity"}, std::pair{charge.rate, "rate"},
                             std::pair{charge.total, "total"}})
    if (value && *value < 0) invalid(name, "'" + std::string(name) + "' must not be negative");
  if (!charge.total && charge.quantity && charge.rate) charge.total = *charge.quantity * *charge.rate;
  return charge;
}

template <class Map>
double sum_of_totals(const Map& charges) {
  double sum = 0;
  for (const auto& [id, charge] : charges) sum += charge.total.value_or(0);
  return sum;
}

namespace handlers {

/// POST .../finance/payables and .../finance/receivables
template <Owner O, bool Smart, class Dto, class CreateDto>
Response create_charge(Call& c, const CreateDto& body) {
  Project& p = charge_owner<O, Smart>(c);
  Dto charge = priced(same_members<Dto>(body));
  charge.id = c.state.next_charge_id++;
  return model_response(charges(p, &charge)[*charge.id] = std::move(charge));
}

/// PUT .../finance/payables/{payableId} and .../finance/receivables/{receivableId}
template <Owner O, bool Smart, class Dto>
Response replace_charge(Call& c, const Dto& body) {
  Project& p = charge_owner<O, Smart>(c);
  const Dto* kind = nullptr;
  Dto& charge = existing(charges(p, kind), path_id(c, charge_id_name(kind)), "charge");
  const auto id = charge.id;
  charge = priced(body);
  charge.id = id;
  return model_response(charge);
}

/// DELETE .../finance/payables/{payableId} and .../finance/receivables/{receivableId}
template <Owner O, bool Smart, class Dto>
Response delete_charge(Call& c) {
  Project& p = charge_owner<O, Smart>(c);
  const Dto* kind = nullptr;
  const std::int64_t id = path_id(c, charge_id_name(kind));
  erase_existing(charges(p, kind), id, "charge");
  return no_content();
}

/// GET .../finance
template <Owner O, bool Smart>
Response finance(Call& c) {
  Project& p = charge_owner<O, Smart>(c);
  pm::FinanceDTO f;
  f.payables.emplace();
  f.receivables.emplace();
  for (const auto& [id, charge] : p.payables) f.payables->push_back(same_members<pm::ChargeDTO>(charge));
  for (const auto& [id, charge] : p.receivables) f.receivables->push_back(same_members<pm::ChargeDTO>(charge));
  f.total_cost = sum_of_totals(p.payables);
  f.total_agreed = sum_of_totals(p.receivables);
  f.profit = *f.total_agreed - *f.total_cost;
  return model_response(f);
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
