#pragma once
// What the migration-assessment fake remembers, as plain values a test can copy and inspect.
//
// Resources are kept as the module's own models, keyed by their full resource name
// ("projects/p/locations/us-central1/sources/crm"), so a listing under a parent is the records whose name
// starts with it. A resource's membership of groups lives in its Asset::assigned_groups only; a group's
// members are the assets naming it, so the two views cannot drift apart.

#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/store.hpp>
#include <webapi/migration/models.hpp>

namespace webapi::fakes::migration {

namespace mig = webapi::migration;

/// How a fake behaves where the service leaves a choice.
struct Options {
  /// How long a long-running operation runs on the fake's clock before it is done (0: done at once).
  std::chrono::milliseconds operation_duration{2000};
  /// Whether the service supports operations_cancel and operations_list; without, both answer 501
  /// UNIMPLEMENTED, as the requirements allow.
  bool cancel_supported = true;
};

/// A long-running operation: done once the clock reaches done_at, or at once when cancelled.
struct LongRunning {
  std::string name{};    ///< projects/{p}/locations/{l}/operations/operation-{n}
  std::string verb{};    ///< "create", "update", "delete", "run", "validate", "addAssets", ...
  std::string target{};  ///< the resource it acts on
  ManualClock::time_point created_at{};
  ManualClock::time_point done_at{};
  std::optional<boost::json::value> response{};  ///< the result once done (with its "@type")
  std::optional<mig::Status> error{};            ///< set when it failed or was cancelled
  bool cancel_requested = false;
};

/// An import data file and what was uploaded to it.
struct DataFile {
  mig::ImportDataFile model{};
  std::optional<std::string> content{};  ///< none until uploaded
};

struct State {
  std::set<std::string, std::less<>> tokens;  ///< working bearer tokens; any may use any project
  Table<mig::Source> sources;
  Table<mig::Asset> assets;
  Table<mig::Group> groups;
  Table<mig::ImportJob> import_jobs;
  Table<DataFile> data_files;
  Table<mig::PreferenceSet> preference_sets;
  Table<mig::ReportConfig> report_configs;
  Table<mig::Report> reports;
  Table<LongRunning> operations;
  std::uint64_t operations_started = 0;  ///< numbers operation ids
  std::uint64_t assets_created = 0;      ///< numbers asset ids
  std::uint64_t tokens_issued = 0;
  std::uint64_t page_key = 0x6d6967726174696full;  ///< the key page tokens are signed with
};

}  // namespace webapi::fakes::migration
