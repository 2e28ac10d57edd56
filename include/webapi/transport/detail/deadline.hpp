#pragma once
// Deadlines for the phases of a request, and the error reported when one passes.

#include <chrono>
#include <string>
#include <string_view>

#include <webapi/core/error.hpp>
#include <webapi/core/transport_error.hpp>

namespace webapi::detail {

using Clock = std::chrono::steady_clock;

/// A point after which a phase is abandoned, and the failure reported then.
struct Deadline {
  Clock::time_point at;
  TransportFailure failure;
  std::chrono::milliseconds budget;
};

inline Deadline earliest(const Deadline& a, const Deadline& b) { return b.at < a.at ? b : a; }

inline Deadline phase_deadline(std::chrono::milliseconds budget, TransportFailure f, const Deadline& whole) {
  return earliest(Deadline{Clock::now() + budget, f, budget}, whole);
}

/// "connect timeout: no connection to 10.0.0.1:443 within 200 ms", in phase `phase`.
inline Error timeout_error(const Deadline& d, TransportPhase phase, std::string_view what, const std::string& where) {
  std::string m(what);
  m += ' ';
  m += where;
  m += " within ";
  m += std::to_string(d.budget.count());
  m += " ms";
  return transport_error(d.failure, phase, m);
}

}  // namespace webapi::detail
