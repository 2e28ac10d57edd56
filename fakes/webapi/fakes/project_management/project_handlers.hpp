#pragma once
// Projects and quotes, Classic and Smart: lookups by id and by external id, id lists, and the status
// changes of Smart ones.
//
// Classic records are read under the unprefixed paths (/projects/{id}, /quotes/{id}) and Smart ones under
// /v2; asking either for a record of the other kind is 400 naming where it is read, an unknown id 404.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/open_enum.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/project_management/call.hpp>
#include <webapi/fakes/project_management/status_rules.hpp>

namespace webapi::fakes::project_management {

/// What a record is called in answers: "project" or "quote".
inline std::string_view record_noun(const std::map<std::string, Project, std::less<>>& table, const State& s) {
  return &table == &s.quotes ? "quote" : "project";
}

/// The record `id` of `table` (projects or quotes) of the kind `smart`; 404 for an unknown id, 400 for
/// one of the other kind.
inline Project& record_of_kind(State& s, std::map<std::string, Project, std::less<>>& table, std::string_view id,
                               bool smart) {
  const std::string noun(record_noun(table, s));
  Project& p = existing(table, id, noun);
  if (p.smart != smart) {
    const std::string prefix = p.smart ? "/v2/" : "/";
    invalid(noun + "Id", noun + " " + p.id + " is a " + (p.smart ? "Smart" : "Classic") + " " + noun +
                             "; read it at " + prefix + noun + "s/" + p.id);
  }
  return p;
}

/// The Smart record of `table` whose external id is `external`; 404 when there is none, 400 when it is
/// a Classic one.
inline Project& record_by_external_id(State& s, std::map<std::string, Project, std::less<>>& table,
                                      std::string_view external) {
  const std::string noun(record_noun(table, s));
  for (auto& [id, p] : table)
    if (p.external_id == external) return record_of_kind(s, table, id, true);
  not_found("no " + noun + " has the external id '" + std::string(external) + "'");
}

inline std::int64_t numeric_id(const std::string& id) { return std::stoll(id); }

inline pm::ProjectDTOv1 classic_project_model(const Project& p) {
  pm::ProjectDTOv1 m;
  m.id = numeric_id(p.id);
  m.project_id = p.id;
  m.id_number = p.id;
  m.name = p.name;
  m.status = webapi::OpenEnum<pm::ProjectDTOv1Status>::raw(p.status);
  m.is_classic_project = true;
  m.customer_id = p.client_id;
  return m;
}

inline pm::ProjectDTOv2 smart_project_model(const Project& p) {
  pm::ProjectDTOv2 m;
  m.id = p.id;
  m.project_id = p.id;
  m.project_id_number = p.id;
  m.name = p.name;
  m.status = p.status;
  m.is_classic_project = false;
  m.client_id = p.client_id;
  return m;
}

inline pm::QuoteDTOv1 classic_quote_model(const Project& q) {
  pm::QuoteDTOv1 m;
  m.id = numeric_id(q.id);
  m.quote_id = q.id;
  m.id_number = q.id;
  m.name = q.name;
  m.status = q.status;
  m.is_classic_quote = true;
  m.customer_id = q.client_id;
  return m;
}

inline pm::QuoteDTOv2 smart_quote_model(const Project& q) {
  pm::QuoteDTOv2 m;
  m.id = q.id;
  m.quote_id = q.id;
  m.quote_id_number = q.id;
  m.name = q.name;
  m.status = q.status;
  m.is_classic_quote = false;
  m.client_id = q.client_id;
  return m;
}

/// The ids of every record of `table`, both kinds, as the id lists answer them.
inline std::vector<std::int32_t> record_ids(const std::map<std::string, Project, std::less<>>& table) {
  std::vector<std::int32_t> out;
  for (const auto& [id, p] : table) out.push_back(static_cast<std::int32_t>(numeric_id(id)));
  return out;
}

namespace handlers {

/// GET /projects/{projectId}: a Classic project.
inline Response get_classic_project(Call& c) {
  return model_response(classic_project_model(record_of_kind(c.state, c.state.projects, path_text(c, "projectId"), false)));
}
/// GET /v2/projects/{projectId}: a Smart project.
inline Response get_smart_project(Call& c) {
  return model_response(smart_project_model(record_of_kind(c.state, c.state.projects, path_text(c, "projectId"), true)));
}
/// GET /quotes/{quoteId}: a Classic quote.
inline Response get_classic_quote(Call& c) {
  return model_response(classic_quote_model(record_of_kind(c.state, c.state.quotes, path_text(c, "quoteId"), false)));
}
/// GET /v2/quotes/{quoteId}: a Smart quote.
inline Response get_smart_quote(Call& c) {
  return model_response(smart_quote_model(record_of_kind(c.state, c.state.quotes, path_text(c, "quoteId"), true)));
}
/// GET /v2/projects/for-external-id/{externalProjectId}
inline Response get_project_by_external_id(Call& c) {
  return model_response(smart_project_model(record_by_external_id(c.state, c.state.projects, path_text(c, "externalProjectId"))));
}
/// GET /v2/quotes/for-external-id/{externalProjectId}
inline Response get_quote_by_external_id(Call& c) {
  return model_response(smart_quote_model(record_by_external_id(c.state, c.state.quotes, path_text(c, "externalProjectId"))));
}
/// GET /projects/ids
inline Response project_ids(Call& c) { return model_response(record_ids(c.state.projects)); }
/// GET /quotes/ids
inline Response quote_ids(Call& c) { return model_response(record_ids(c.state.quotes)); }

/// PUT /v2/projects/{projectId}/status
inline Response change_project_status(Call& c, const pm::ProjectStatusDTO& body) {
  Project& p = record_of_kind(c.state, c.state.projects, path_text(c, "projectId"), true);
  p.status = checked_status_move(pm::StatusSubject::project, "project " + p.id, p.status, body.status);
  return no_content();
}
/// PUT /v2/quotes/{quoteId}/status
inline Response change_quote_status(Call& c, const pm::ProjectStatusDTO& body) {
  Project& q = record_of_kind(c.state, c.state.quotes, path_text(c, "quoteId"), true);
  q.status = checked_status_move(pm::StatusSubject::quote, "quote " + q.id, q.status, body.status);
  return no_content();
}

}  // namespace handlers
}  // namespace webapi::fakes::project_management
