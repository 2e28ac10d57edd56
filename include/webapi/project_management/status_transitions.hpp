#pragma once
// Which status changes the service allows for jobs, Smart projects and Smart quotes, written down once so
// that a client can check a move before asking for it and the fake refuses the same moves (400) the
// service does.
//
//   namespace pm = webapi::project_management;
//   pm::can_change_status(pm::StatusSubject::job, "STARTED", "READY");     // true
//   pm::can_change_status(pm::StatusSubject::quote, "SENT", "PENDING");    // false
//
// The table lists, per target status, the statuses a move to it may start from; a target status not in
// the table cannot be asked for at all. It follows the statuses the description names for the
// changeStatus operations (PUT /jobs/{jobId}/status and /v2/jobs/{jobId}/status, PUT
// /v2/projects/{projectId}/status, PUT /v2/quotes/{quoteId}/status). The description spells the
// cancelled job status once as "CANCELED"; both spellings name the same status here.

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

namespace webapi::project_management {

/// What a status belongs to.
enum class StatusSubject { job, project, quote };

/// One allowed target status and the statuses it may be reached from.
struct StatusMove {
  std::string_view to;
  std::span<const std::string_view> from;
  /// The move needs the job's vendor and dates to be set first (a job accepted from OPEN).
  std::string_view needs_vendor_and_dates_from{};
};

namespace status_table {
inline constexpr std::array<std::string_view, 2> job_open_from{"ACCEPTED", "CANCELLED"};
inline constexpr std::array<std::string_view, 2> job_accepted_from{"OPEN", "STARTED"};
inline constexpr std::array<std::string_view, 2> job_started_from{"ACCEPTED", "READY"};
inline constexpr std::array<std::string_view, 1> job_ready_from{"STARTED"};
inline constexpr std::array<std::string_view, 4> job_cancelled_from{"OPEN", "ACCEPTED", "STARTED", "OFFERS_SENT"};
inline constexpr std::array<std::string_view, 2> project_cancelled_from{"OPEN", "STARTED"};
inline constexpr std::array<std::string_view, 2> quote_pending_from{"REQUESTED", "REJECTED"};
inline constexpr std::array<std::string_view, 1> quote_sent_from{"PENDING"};
inline constexpr std::array<std::string_view, 4> quote_approved_from{"REQUESTED", "PENDING", "SENT", "APPROVED_BY_CLIENT"};
inline constexpr std::array<std::string_view, 3> quote_rejected_from{"REQUESTED", "PENDING", "SENT"};
}  // namespace status_table

/// Moves of a job. OFFERS_SENT is a status a job may have but not one a caller may ask for.
inline constexpr std::array<StatusMove, 5> job_status_moves{{
    {"OPEN", status_table::job_open_from},
    {"ACCEPTED", status_table::job_accepted_from, "OPEN"},
    {"STARTED", status_table::job_started_from},
    {"READY", status_table::job_ready_from},
    {"CANCELLED", status_table::job_cancelled_from},
}};

/// Moves of a Smart project: only cancelling one that is open or started.
inline constexpr std::array<StatusMove, 1> project_status_moves{{
    {"CANCELLED", status_table::project_cancelled_from},
}};

/// Moves of a Smart quote.
inline constexpr std::array<StatusMove, 4> quote_status_moves{{
    {"PENDING", status_table::quote_pending_from},
    {"SENT", status_table::quote_sent_from},
    {"APPROVED", status_table::quote_approved_from},
    {"REJECTED", status_table::quote_rejected_from},
}};

/// The one spelling of a status: "CANCELED" is read as "CANCELLED".
constexpr std::string_view canonical_status(std::string_view status) {
  return status == "CANCELED" ? std::string_view("CANCELLED") : status;
}

/// The moves of `subject`.
constexpr std::span<const StatusMove> status_moves(StatusSubject subject) {
  switch (subject) {
    case StatusSubject::job: return job_status_moves;
    case StatusSubject::project: return project_status_moves;
    case StatusSubject::quote: return quote_status_moves;
  }
  return {};
}

/// The move to `to`, or nullptr when `to` cannot be asked for.
constexpr const StatusMove* find_status_move(StatusSubject subject, std::string_view to) {
  to = canonical_status(to);
  for (const StatusMove& m : status_moves(subject))
    if (m.to == to) return &m;
  return nullptr;
}

/// Whether a `subject` in status `from` may be moved to `to`. Preconditions beyond the statuses (a job's
/// vendor and dates, see StatusMove) are the caller's to check.
constexpr bool can_change_status(StatusSubject subject, std::string_view from, std::string_view to) {
  // Compares statuses rather than find_status_move's pointer with nullptr: GCC's sanitizers make such a
  // comparison non-constant.
  to = canonical_status(to);
  from = canonical_status(from);
  for (const StatusMove& m : status_moves(subject))
    if (m.to == to) return std::find(m.from.begin(), m.from.end(), from) != m.from.end();
  return false;
}

}  // namespace webapi::project_management
