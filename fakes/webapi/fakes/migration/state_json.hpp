#pragma once
// The migration fake's state as JSON, for GET /__webapi/snapshot: each resource as the API shows it, by
// kind; the operations with when they finish (done_at) and any error; each data file with the size of
// its upload (-1: none yet). Token values are secrets and are counted, not listed.

#include <boost/json.hpp>
#include <webapi/fakes/core/state_json.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/state.hpp>

namespace webapi::fakes::migration {

inline boost::json::value state_to_json(const State& s) {
  auto models = [](const auto& table) { return state_json::table(table, [](const auto& m) { return json_of(m); }); };
  boost::json::array operations;
  for (const LongRunning* op : s.operations.ordered()) {
    boost::json::object o{{"name", op->name},
                          {"verb", op->verb},
                          {"target", op->target},
                          {"created_at", state_json::time(op->created_at)},
                          {"done_at", state_json::time(op->done_at)},
                          {"cancel_requested", op->cancel_requested}};
    if (op->error) o["error"] = json_of(*op->error);
    operations.push_back(std::move(o));
  }
  boost::json::array files = state_json::table(s.data_files, [](const DataFile& f) {
    boost::json::value v = json_of(f.model);
    v.as_object()["uploaded_bytes"] = f.content ? static_cast<std::int64_t>(f.content->size()) : -1;
    return v;
  });
  return boost::json::object{{"tokens", s.tokens.size()},
                             {"sources", models(s.sources)},
                             {"assets", models(s.assets)},
                             {"groups", models(s.groups)},
                             {"import_jobs", models(s.import_jobs)},
                             {"import_data_files", std::move(files)},
                             {"preference_sets", models(s.preference_sets)},
                             {"report_configs", models(s.report_configs)},
                             {"reports", models(s.reports)},
                             {"operations", std::move(operations)}};
}

}  // namespace webapi::fakes::migration
