#pragma once
// Monitors: a collection (optionally with an environment) run on a schedule the service accepts (cron.hpp)
// in a tz database time zone (tz_zones.hpp); created, read, changed, deleted and run on demand. A run is
// recorded on the monitor (Monitor::runs); the fake sends no requests, so every run succeeds. The caller sees
// its own monitors and those shared with it (access.hpp).

#include <string>

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/cron.hpp>
#include <webapi/fakes/api_platform/references.hpp>
#include <webapi/fakes/api_platform/tz_zones.hpp>
#include <webapi/fakes/api_platform/workspace_membership.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform::handlers {

namespace ap = webapi::api_platform;

inline Monitor& monitor_in_path(Call& c) {
  return opened_by_uid_or_id(c, c.state.monitors, c.path("monitor_uid"), "monitor");
}

/// Sets the monitor's schedule, after checking the pattern and the zone; `at` is the schedule's path.
template <class Schedule>
void set_schedule(Monitor& m, const Schedule& s, const std::string& at) {
  const std::string& cron = required(s.cron, at + ".cron");
  if (!is_accepted_schedule(cron))
    invalid(at + ".cron", "'" + at + ".cron' is not a schedule monitors accept: '" + cron +
                              "' (every 5, 10, 15 or 30 minutes; every 1, 2, 3, 4, 6, 8 or 12 hours; daily or "
                              "weekly at an hour)");
  const std::string& zone = required(s.timezone, at + ".timezone");
  if (!is_tz_zone(zone))
    invalid(at + ".timezone", "'" + at + ".timezone' is not a tz database time zone: '" + zone + "'");
  m.cron = cron;
  m.timezone = zone;
}

inline Response list_monitors(Call& c) {
  ap::AllMonitorsResponse out{.monitors = std::vector<ap::AllMonitorsResponseMonitorsItem>{}};
  for (const Monitor* m : open_to_caller(c, c.state.monitors))
    out.monitors->push_back({.id = m->id, .name = m->name, .owner = m->owner, .uid = m->uid});
  return model_response(out);
}

inline Response create_monitor(Call& c, const ap::CreateMonitorRequest& body) {
  Workspace* w = workspace_in_query(c);
  if (!body.monitor) invalid("monitor", "'monitor' is required");
  const auto& in = *body.monitor;
  Monitor m;
  m.name = required(in.name, "monitor.name");
  m.collection = collection_uid(c, in.collection, "monitor.collection");
  m.environment = environment_uid(c, in.environment, "monitor.environment");
  if (!in.schedule) invalid("monitor.schedule", "'monitor.schedule' is required");
  set_schedule(m, *in.schedule, "monitor.schedule");
  m.id = new_id(c.state, "monitor");
  m.owner = c.caller().id;
  m.uid = uid_of(m.owner, m.id);
  join_workspace(w, &Workspace::monitors, m.uid);
  const Monitor& made = c.state.monitors.put(std::move(m));
  return model_response(ap::CreateMonitorResponse{{{.id = made.id, .name = made.name, .uid = made.uid}}});
}

inline Response get_monitor(Call& c) {
  const Monitor& m = monitor_in_path(c);
  ap::SingleMonitorResponseMonitor out{.collection_uid = m.collection, .environment_uid = m.environment,
                                       .id = m.id, .name = m.name, .owner = m.owner,
                                       .schedule = ap::SingleMonitorResponseMonitorSchedule{
                                           .cron = m.cron, .timezone = m.timezone},
                                       .uid = m.uid};
  if (!m.runs.empty()) {
    const std::string at = timestamp_string(m.runs.back().at);
    out.last_run = ap::SingleMonitorResponseMonitorLastRun{.finished_at = at, .started_at = at, .status = "success"};
  }
  return model_response(ap::SingleMonitorResponse{std::move(out)});
}

inline Response update_monitor(Call& c, const ap::UpdateMonitorRequest& body) {
  Monitor& m = monitor_in_path(c);
  if (body.monitor) {
    Monitor changed = m;  // checked in full before anything changes
    if (body.monitor->name) changed.name = required(body.monitor->name, "monitor.name");
    if (body.monitor->schedule) set_schedule(changed, *body.monitor->schedule, "monitor.schedule");
    m = std::move(changed);
  }
  return model_response(ap::UpdateMonitorResponse{{{.id = m.id, .name = m.name, .uid = m.uid}}});
}

inline Response delete_monitor(Call& c) {
  const Monitor& m = monitor_in_path(c);
  ap::DeleteMonitorResponse out{{{.id = m.id, .uid = m.uid}}};
  leave_workspaces(c.state, &Workspace::monitors, m.uid);
  c.state.monitors.erase(std::string(m.id));
  return model_response(out);
}

inline Response run_monitor(Call& c) {
  Monitor& m = monitor_in_path(c);
  m.runs.push_back({++c.state.runs_recorded, c.now});
  const std::string at = timestamp_string(c.now);
  ap::RunAMonitorResponseRun run{
      .info = ap::RunAMonitorResponseRunInfo{.collection_uid = m.collection, .finished_at = at,
                                             .job_id = "run-" + std::to_string(m.runs.back().sequence),
                                             .monitor_id = m.id, .name = m.name, .started_at = at,
                                             .status = "success"},
      .stats = ap::RunAMonitorResponseRunStats{.assertions = {{.failed = 0, .total = 0}},
                                               .requests = {{.failed = 0, .total = 0}}}};
  return model_response(ap::RunAMonitorResponse{std::move(run)});
}

}  // namespace webapi::fakes::api_platform::handlers
