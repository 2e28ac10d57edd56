#pragma once
// What an assessment is made of: preference sets (the target machines wanted), report configs (which
// group is assessed with which preference set) and the reports made from a config.
//
// Each is created with its id parameter (409 if taken), read and listed. A report config's assignments must
// name groups and preference sets of its location (404 naming the assignment otherwise). A report is
// made at once (state SUCCEEDED) and summarises, in summary.allAssetsStats, the assets in its config's
// groups as they are then: how many, their cores and their memory in bytes. Creation answers a
// long-running operation.

#include <cstdint>
#include <set>
#include <string>
#include <vector>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/group_handlers.hpp>
#include <webapi/fakes/migration/long_running.hpp>
#include <webapi/fakes/migration/paging.hpp>

namespace webapi::fakes::migration {

/// The summary of the assets in any of `config`'s groups.
inline mig::ReportSummary report_summary(const State& s, const mig::ReportConfig& config) {
  std::set<std::string> groups;
  for (const auto& a :
       config.group_preferenceset_assignments.value_or(std::vector<mig::ReportConfigGroupPreferenceSetAssignment>{}))
    if (a.group) groups.insert(*a.group);
  std::int64_t assets = 0, cores = 0, memory = 0;
  for (const mig::Asset* a : s.assets.ordered()) {
    bool in = false;
    for (const auto& g : groups) in = in || is_member(*a, g);
    if (!in) continue;
    ++assets;
    if (a->virtual_machine_details) {
      cores += a->virtual_machine_details->core_count.value_or(0);
      memory += std::int64_t{a->virtual_machine_details->memory_mb.value_or(0)} * 1024 * 1024;
    }
  }
  mig::ReportSummaryAssetAggregateStats stats;
  // int64 members: the codec answers them as JSON strings, as the service does.
  stats.total_assets = assets;
  stats.total_cores = cores;
  stats.total_memory_bytes = memory;
  mig::ReportSummary summary;
  summary.all_assets_stats = std::move(stats);
  return summary;
}

namespace handlers {

/// POST /v1alpha1/{parent=projects/*/locations/*}/preferenceSets?preferenceSetId=
inline Response create_preference_set(Call& c, const mig::PreferenceSet& body) {
  std::string name = fresh_name(c, c.state.preference_sets, c.location_name(), "preferenceSets", "preferenceSetId");
  mig::PreferenceSet p = body;
  return store_created(c, c.state.preference_sets, name, std::move(p), "PreferenceSet");
}

/// GET /v1alpha1/{name=projects/*/locations/*/preferenceSets/*}
inline Response get_preference_set(Call& c) {
  return model_response(existing(c.state.preference_sets, c.child_name("preferenceSets"), "preference set"));
}

/// GET /v1alpha1/{parent=projects/*/locations/*}/preferenceSets
inline Response list_preference_sets(Call& c) {
  return list_answer(c, children(c.state.preference_sets, c.location_name(), "preferenceSets"),
                     &mig::ListPreferenceSetsResponse::preference_sets);
}

/// POST /v1alpha1/{parent=projects/*/locations/*}/reportConfigs?reportConfigId=
inline Response create_report_config(Call& c, const mig::ReportConfig& body) {
  std::string name = fresh_name(c, c.state.report_configs, c.location_name(), "reportConfigs", "reportConfigId");
  const auto& assignments =
      body.group_preferenceset_assignments.value_or(std::vector<mig::ReportConfigGroupPreferenceSetAssignment>{});
  if (assignments.empty())
    invalid("groupPreferencesetAssignments", "'groupPreferencesetAssignments' must assign at least one group");
  for (std::size_t i = 0; i < assignments.size(); ++i) {
    const std::string at = "groupPreferencesetAssignments[" + std::to_string(i) + "]";
    if (!c.state.groups.contains(assignments[i].group.value_or("")))
      throw Failure(404, "group '" + assignments[i].group.value_or("") + "' was not found", {{"field", at + ".group"}});
    if (!c.state.preference_sets.contains(assignments[i].preference_set.value_or("")))
      throw Failure(404, "preference set '" + assignments[i].preference_set.value_or("") + "' was not found",
                    {{"field", at + ".preferenceSet"}});
  }
  mig::ReportConfig r;
  r.display_name = body.display_name;
  r.description = body.description;
  r.group_preferenceset_assignments = assignments;
  return store_created(c, c.state.report_configs, name, std::move(r), "ReportConfig");
}

/// GET /v1alpha1/{name=projects/*/locations/*/reportConfigs/*}
inline Response get_report_config(Call& c) {
  return model_response(existing(c.state.report_configs, c.child_name("reportConfigs"), "report config"));
}

/// GET /v1alpha1/{parent=projects/*/locations/*}/reportConfigs
inline Response list_report_configs(Call& c) {
  return list_answer(c, children(c.state.report_configs, c.location_name(), "reportConfigs"),
                     &mig::ListReportConfigsResponse::report_configs);
}

/// POST /v1alpha1/{parent=projects/*/locations/*/reportConfigs/*}/reports?reportId=
inline Response create_report(Call& c, const mig::Report& body) {
  const mig::ReportConfig& config = existing(c.state.report_configs, c.child_name("reportConfigs"), "report config");
  std::string name = fresh_name(c, c.state.reports, *config.name, "reports", "reportId");
  mig::Report r;
  r.display_name = body.display_name;
  r.description = body.description;
  r.type = body.type ? *body.type : mig::ReportType::TOTAL_COST_OF_OWNERSHIP;
  r.state = mig::ReportState::SUCCEEDED;
  r.summary = report_summary(c.state, config);
  return store_created(c, c.state.reports, name, std::move(r), "Report");
}

/// GET /v1alpha1/{name=projects/*/locations/*/reportConfigs/*/reports/*}
inline Response get_report(Call& c) {
  return model_response(
      existing(c.state.reports, c.child_name("reportConfigs") + "/reports/" + c.id("reports"), "report"));
}

/// GET /v1alpha1/{parent=projects/*/locations/*/reportConfigs/*}/reports
inline Response list_reports(Call& c) {
  existing(c.state.report_configs, c.child_name("reportConfigs"), "report config");
  return list_answer(c, children(c.state.reports, c.child_name("reportConfigs"), "reports"),
                     &mig::ListReportsResponse::reports);
}

}  // namespace handlers
}  // namespace webapi::fakes::migration
