#pragma once
// The status change of a job, Smart project or Smart quote, checked against the module's transition
// table (webapi/project_management/status_transitions.hpp): a move the table does not allow answers 400
// and changes nothing.

#include <optional>
#include <string>
#include <string_view>

#include <webapi/project_management/status_transitions.hpp>
#include <webapi/fakes/project_management/call.hpp>

namespace webapi::fakes::project_management {

/// The statuses `subject` may be asked to move to, for a refusal's message: "OPEN, ACCEPTED, ...".
inline std::string target_statuses(pm::StatusSubject subject) {
  std::string out;
  for (const pm::StatusMove& m : pm::status_moves(subject)) out.append(out.empty() ? "" : ", ").append(m.to);
  return out;
}

/// The status `requested` for a `what` (e.g. "job 7") now in `current`, after checking the table allows
/// the move; 400 naming the move otherwise. `vendor_and_dates_set` answers the precondition of a move
/// that needs them (jobs only).
inline std::string checked_status_move(pm::StatusSubject subject, std::string_view what, std::string_view current,
                                       const webapi::Optional<std::string>& requested, bool vendor_and_dates_set = true) {
  if (!requested || requested->empty()) invalid("status", "'status' is required");
  const pm::StatusMove* move = pm::find_status_move(subject, *requested);
  if (!move)
    invalid("status", "'" + *requested + "' is not a status " + std::string(what) +
                          " can be moved to; one of: " + target_statuses(subject));
  if (!pm::can_change_status(subject, current, *requested))
    invalid("status", std::string(what) + " cannot move from " + std::string(current) + " to " +
                          std::string(move->to));
  if (!move->needs_vendor_and_dates_from.empty() &&
      pm::canonical_status(current) == move->needs_vendor_and_dates_from && !vendor_and_dates_set)
    invalid("status", std::string(what) + " needs a vendor and dates before it can move from " +
                          std::string(current) + " to " + std::string(move->to));
  return std::string(move->to);
}

}  // namespace webapi::fakes::project_management
