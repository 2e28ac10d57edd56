#pragma once
// Small helpers for a fake's state_to_json(const State&) (GET /__webapi/snapshot): times, string lists and
// tables as JSON, so each fake's part is a list of its records' members.

#include <string>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/store.hpp>

namespace webapi::fakes::state_json {

/// `t` as a JSON string in the form timestamp_string() writes.
inline boost::json::value time(ManualClock::time_point t) { return boost::json::value(timestamp_string(t)); }

/// Each string of `r`, in order, as a JSON array.
template <class Range>
boost::json::array strings(const Range& r) {
  boost::json::array a;
  for (const auto& s : r) a.emplace_back(s);
  return a;
}

/// Each record of `t`, oldest first, as `f(record)` makes it.
template <class T, class F>
boost::json::array table(const Table<T>& t, F f) {
  boost::json::array a;
  for (const T* row : t.ordered()) a.push_back(f(*row));
  return a;
}

}  // namespace webapi::fakes::state_json
