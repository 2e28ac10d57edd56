#pragma once
// webapi::fakes::migration::Fake: the migration-assessment service in memory, as a webapi::Transport.
//
//   namespace mig = webapi::migration;
//   webapi::fakes::migration::Fake fake;
//   mig::Client client{fake, {.access_token = fake.add_token()}};
//   mig::LocationName here{"my-project", "us-central1"};
//   auto source = client.sources_create_and_wait(here.str(), {.source_id = "crm", .body = mig::Source{}},
//                                                fake.poll_policy());   // waits on the fake's clock
//
// Every call needs a bearer token the fake issued (add_token); any project id is the caller's to use;
// locations are us-central1, europe-west1 and asia-northeast1 (locations.hpp). Calls that change state
// answer long-running operations that finish on the fake's clock (long_running.hpp). Listings filter,
// order and page with signed page tokens (filter.hpp, paging.hpp). Errors have Google's shape
// (errors.hpp). All 40 operations of the module are routed; error frames are not modelled (501 naming the
// operation). `requestId` (the service's idempotency key) and `view` are accepted and not modelled: every
// call is applied, every answer is the full view. The rules of each resource are at the top of its
// *_handlers.hpp.

#include <chrono>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <webapi/core/method.hpp>
#include <webapi/core/poller.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/fakes/core/fake_base.hpp>
#include <webapi/fakes/core/store.hpp>
#include <webapi/fakes/migration/assessment_handlers.hpp>
#include <webapi/fakes/migration/asset_handlers.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/errors.hpp>
#include <webapi/fakes/migration/group_handlers.hpp>
#include <webapi/fakes/migration/import_handlers.hpp>
#include <webapi/fakes/migration/location_handlers.hpp>
#include <webapi/fakes/migration/long_running.hpp>
#include <webapi/fakes/migration/routes.hpp>
#include <webapi/fakes/migration/source_handlers.hpp>
#include <webapi/fakes/migration/state.hpp>

namespace webapi::fakes::migration {

class Fake : public FakeBase<Fake, Call, State> {
  friend FakeBase;

 public:
  /// The module it fakes, as a service sees it (verify() reads its answers' models from it).
  using service_type = webapi::migration::service;

  explicit Fake(Options options = {}) : options_(options) {
    dispatcher_.set_error_format(google_error);
    register_routes();
  }

  // ---- the Transport ----------------------------------------------------------------------------------

  // send() and async_send() are FakeBase's; answer() below routes a custom method's `:verb`.

  const Options& options() const noexcept { return options_; }

  // ---- seeding ----------------------------------------------------------------------------------------

  /// Issues a bearer token (a fresh "ya29." one unless `value` is given); returns it.
  std::string add_token(std::string value = {}) {
    std::lock_guard lock(mutex_);
    if (value.empty()) value = deterministic_token("ya29.", ++state_.tokens_issued, "migration");
    state_.tokens.insert(value);
    return value;
  }
  /// The token stops working.
  void revoke_token(std::string_view value) {
    std::lock_guard lock(mutex_);
    if (auto it = state_.tokens.find(value); it != state_.tokens.end()) state_.tokens.erase(it);
  }

  /// Stores `content` as what was uploaded to the data file `name`, as a PUT to its upload URI would.
  /// Throws std::invalid_argument for an unknown data file: that is a mistake in the test.
  void upload_data_file(std::string_view name, std::string content) {
    std::lock_guard lock(mutex_);
    DataFile* f = state_.data_files.find(name);
    if (!f) throw std::invalid_argument("migration fake: no import data file '" + std::string(name) + "'");
    f->content = std::move(content);
  }

  // ---- waiting -----------------------------------------------------------------------------------------

  /// A poll policy for the client's *_and_wait methods that waits by moving this fake's clock instead of
  /// sleeping, so an in-process wait takes no real time.
  webapi::PollPolicy poll_policy() {
    webapi::PollPolicy p;
    p.initial_delay = std::chrono::milliseconds(500);
    p.sleep = [this](std::chrono::milliseconds d) { clock_.advance(d); };
    auto start = std::chrono::steady_clock::now();
    auto reference = clock_.now();
    p.now = [this, start, reference] { return start + (clock_.now() - reference); };
    return p;
  }

 private:
  /// As every fake answers, with a custom method's `:verb` routed as a path segment of its own (routes.hpp);
  /// the journal and the exchange log keep the request as received.
  Answer answer(const Request& request) {
    Request routed = request;
    routed.path = routed_path(request.path);
    return answer_with(routed, [&](const auto&, Captures&& captures) {
      authorize(state_, routed, captures);
      Params query;
      for (const auto& q : routed.query) query.add(q.name, q.value);
      return Call{state_, routed, std::move(captures), clock_.now(), options_, std::move(query)};
    }, &request);
  }

  /// Back to a fresh fake: no tokens, no resources, an empty journal, no faults, the clock at its start.
  void reset_locked() { reset_common(); }

  void register_routes() {
    namespace h = handlers;
    declare<routed_service>()
        .on<"locations_list">(h::list_locations)
        .on<"locations_get">(h::get_location)
        .on<"operations_list">(h::list_operations)
        .on<"operations_get">(h::get_operation)
        .on<"operations_cancel">(h::cancel_operation)
        .on<"sources_create">(h::create_source)
        .on<"sources_get">(h::get_source)
        .on<"sources_list">(h::list_sources)
        .on<"sources_patch">(h::patch_source)
        .on<"sources_delete">(h::delete_source)
        .on<"assets_list">(h::list_assets)
        .on<"assets_get">(h::get_asset)
        .on<"assets_batch_update">(h::batch_update_assets)
        .on<"assets_batch_delete">(h::batch_delete_assets)
        .on<"assets_report_asset_frames">(h::report_asset_frames)
        .on<"assets_aggregate_values">(h::aggregate_asset_values)
        .on<"groups_create">(h::create_group)
        .on<"groups_get">(h::get_group)
        .on<"groups_list">(h::list_groups)
        .on<"groups_add_assets">(h::add_assets_to_group)
        .on<"groups_remove_assets">(h::remove_assets_from_group)
        .on<"import_jobs_create">(h::create_import_job)
        .on<"import_jobs_get">(h::get_import_job)
        .on<"import_jobs_list">(h::list_import_jobs)
        .on<"import_jobs_validate">(h::validate_import_job)
        .on<"import_jobs_run">(h::run_import_job)
        .on<"import_jobs_import_data_files_create">(h::create_data_file)
        .on<"import_jobs_import_data_files_get">(h::get_data_file)
        .on<"import_jobs_import_data_files_list">(h::list_data_files)
        .on<"preference_sets_create">(h::create_preference_set)
        .on<"preference_sets_get">(h::get_preference_set)
        .on<"preference_sets_list">(h::list_preference_sets)
        .on<"report_configs_create">(h::create_report_config)
        .on<"report_configs_get">(h::get_report_config)
        .on<"report_configs_list">(h::list_report_configs)
        .on<"report_configs_reports_create">(h::create_report)
        .on<"report_configs_reports_get">(h::get_report)
        .on<"report_configs_reports_list">(h::list_reports)
        .unmodeled<"sources_error_frames_list">()
        .unmodeled<"sources_error_frames_get">();
    // The upload URI of a data file (import_handlers.hpp): not an operation of the module, so not declared.
    router().add(Method::put, "/upload/v1alpha1/{+name}", "upload_data_file", h::upload_data_file);
  }

  Options options_;
};

static_assert(webapi::Transport<Fake>);

}  // namespace webapi::fakes::migration
