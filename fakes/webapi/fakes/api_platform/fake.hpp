#pragma once
// webapi::fakes::api_platform::Fake: the API-development platform in memory, as a webapi::Transport.
//
//   namespace ap = webapi::api_platform;
//   webapi::fakes::api_platform::Fake fake;
//   std::string key = fake.add_user({.username = "jane"}).api_key;
//   ap::Client platform{fake, {.api_key = key}};
//   auto env = platform.create_environment({.body = {.environment = {.name = "staging"}}});
//   auto api = platform.create_api({.body = ap::CreateApiRequest{{{.name = "Orders"}}}});   // and its first version
//
// Every call needs an API key, in the X-Api-Key header or the apikey query parameter (api_key.hpp); each
// key belongs to a user, whose id prefixes the uids of what it creates. A user sees what it owns and what a
// team workspace shares with it; anything else is not found for it (access.hpp). The fake is declared against the
// api_platform module: each handler is registered by the operation's name, bodies are decoded into the
// module's request models and answers encoded from its response models, so a body that breaks the model is
// 400 naming the member at fault; every refusal has the service's error shape (errors.hpp). Modelled:
// environments (environment_rules.hpp), APIs and versions (api_handlers.hpp), schemas (schema_rules.hpp),
// relations (relations.hpp), collections with forks and merges, mocks, monitors (cron.hpp, tz_zones.hpp),
// workspaces, webhooks that run a collection (webhook_handlers.hpp), collections generated from a schema
// (schema_collection_handlers.hpp) and /me. The two imports answer 501 naming the operation. The journal,
// the clock, fault injection, snapshot() and inspect() come from FakeBase (core/fake_base.hpp).

#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>

#include <webapi/api_platform/service.hpp>
#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/fakes/api_platform/api_handlers.hpp>
#include <webapi/fakes/api_platform/api_key.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/collection_handlers.hpp>
#include <webapi/fakes/api_platform/environment_handlers.hpp>
#include <webapi/fakes/api_platform/errors.hpp>
#include <webapi/fakes/api_platform/me_handlers.hpp>
#include <webapi/fakes/api_platform/mock_handlers.hpp>
#include <webapi/fakes/api_platform/monitor_handlers.hpp>
#include <webapi/fakes/api_platform/relation_handlers.hpp>
#include <webapi/fakes/api_platform/schema_collection_handlers.hpp>
#include <webapi/fakes/api_platform/schema_handlers.hpp>
#include <webapi/fakes/api_platform/seeding.hpp>
#include <webapi/fakes/api_platform/state.hpp>
#include <webapi/fakes/api_platform/webhook_handlers.hpp>
#include <webapi/fakes/api_platform/workspace_handlers.hpp>
#include <webapi/fakes/core/fake_base.hpp>

namespace webapi::fakes::api_platform {

class Fake : public FakeBase<Fake, Call, State> {
  friend FakeBase;

 public:
  /// The module it fakes, as a service sees it (verify() reads its answers' models from it).
  using service_type = webapi::api_platform::service;

  Fake() {
    register_routes();
    dispatcher_.set_error_format(described_error);
    reset_locked();
  }

  // ---- seeding ----------------------------------------------------------------------------------------

  /// Adds a user with an API key; returns the user's id and the key.
  AddedUser add_user(UserGrant g = {}) {
    std::lock_guard lock(mutex_);
    User u;
    u.id = std::to_string(first_user_id + state_.users_added++);
    u.username = g.username.empty() ? "user" + std::to_string(state_.users_added) : g.username;
    u.full_name = g.full_name.empty() ? u.username : g.full_name;
    u.email = g.email.empty() ? u.username + "@example.com" : g.email;
    std::string key = g.api_key.empty() ? deterministic_token("PMAK-", ++state_.keys_issued, "api_platform") : g.api_key;
    state_.api_keys[key] = u.id;
    std::string id = u.id;
    state_.users[id] = std::move(u);
    return {id, key};
  }

  /// The key stops working (401). False for a key the fake does not know.
  bool revoke_api_key(std::string_view key) {
    std::lock_guard lock(mutex_);
    auto it = state_.api_keys.find(key);
    if (it == state_.api_keys.end()) return false;
    state_.api_keys.erase(it);
    return true;
  }

  // ---- webhooks -----------------------------------------------------------------------------------------

  /// Calls a webhook's URL (its webhookUrl, as created) with `payload`, as an outside caller would: records
  /// a run of its collection and returns it. Throws std::invalid_argument for a URL no webhook has.
  CollectionRun call_webhook(std::string_view webhook_url, std::string payload = "{}") {
    std::lock_guard lock(mutex_);
    for (const Webhook* w : state_.webhooks.ordered())
      if (w->url == webhook_url) return run_webhook(state_, *w, std::move(payload), clock_.now());
    throw std::invalid_argument("api_platform fake: no webhook has the URL '" + std::string(webhook_url) + "'");
  }

  /// Every run of a collection a webhook started, oldest first.
  std::vector<CollectionRun> collection_runs() const {
    return inspect([](const State& s) { return s.collection_runs; });
  }

  // ---- inspection (copies, taken under the lock) ------------------------------------------------------

  std::optional<Environment> environment(std::string_view id) const { return row(&State::environments, id); }
  std::optional<Collection> collection(std::string_view id) const { return row(&State::collections, id); }
  std::optional<Mock> mock(std::string_view id) const { return row(&State::mocks, id); }
  std::optional<Monitor> monitor(std::string_view id) const { return row(&State::monitors, id); }
  std::optional<Workspace> workspace(std::string_view id) const { return row(&State::workspaces, id); }
  std::optional<Api> api(std::string_view id) const { return row(&State::apis, id); }

 private:
  Call make_call(const Route& route, const Request& request, Captures&& captures) {
    User* user = nullptr;
    if (route.operation != webhook_run_operation) {
      user = &authenticated_user(state_, request);
      ++user->calls;
    }
    return Call{state_, request, user, std::move(captures), clock_.now()};
  }

  template <class T>
  std::optional<T> row(Table<T> State::*table, std::string_view id) const {
    return inspect([&](const State& s) -> std::optional<T> {
      if (const T* t = (s.*table).find(id)) return *t;
      return std::nullopt;
    });
  }

  /// Back to a fresh fake: no users, keys or data; ids start over; an empty journal; no faults; the clock
  /// at its start.
  void reset_locked() { reset_common(); }

  void register_routes() {
    namespace h = handlers;
    declare<webapi::api_platform::service>()
        .on<"get_all_apis">(h::list_apis)
        .on<"create_api">(h::create_api)
        .on<"delete_an_api">(h::delete_api)
        .on<"single_api">(h::get_api)
        .on<"update_an_api">(h::update_api)
        .on<"get_all_api_versions">(h::list_versions)
        .on<"create_api_version">(h::create_version)
        .on<"delete_an_api_version">(h::delete_version)
        .on<"get_an_api_version">(h::get_version)
        .on<"update_an_api_version">(h::update_version)
        .on<"get_contract_test_relations">(h::list_contract_tests)
        .on<"get_documentation_relations">(h::list_documentation)
        .on<"get_environment_relations">(h::list_environments_linked)
        .on<"get_integration_test_relations">(h::list_integration_tests)
        .on<"get_monitor_relations">(h::list_monitors_linked)
        .on<"get_linked_relations">(h::list_linked)
        .on<"create_relations">(h::create_relations)
        .on<"create_schema">(h::create_schema)
        .on<"get_schema">(h::get_schema)
        .on<"update_schema">(h::update_schema)
        .on<"create_collection_from_schema">(h::create_collection_from_schema)
        .on<"get_test_suite_relations">(h::list_test_suites)
        .on<"sync_relations_with_schema">(h::sync_with_schema)
        .on<"all_collections">(h::list_collections)
        .on<"create_collection">(h::create_collection)
        .on<"create_a_fork">(h::fork_collection)
        .on<"merge_a_fork">(h::merge_fork)
        .on<"delete_collection">(h::delete_collection)
        .on<"single_collection">(h::get_collection)
        .on<"update_collection">(h::update_collection)
        .on<"all_environments">(h::list_environments)
        .on<"create_environment">(h::create_environment)
        .on<"delete_environment">(h::delete_environment)
        .on<"single_environment">(h::get_environment)
        .on<"update_environment">(h::update_environment)
        .unmodeled<"import_exported_data">()
        .unmodeled<"import_external_api_specification">()
        .on<"api_key_owner">(h::key_owner)
        .on<"all_mocks">(h::list_mocks)
        .on<"create_mock">(h::create_mock)
        .on<"delete_mock">(h::delete_mock)
        .on<"single_mock">(h::get_mock)
        .on<"update_mock">(h::update_mock)
        .on<"publish_mock">(h::publish_mock)
        .on<"unpublish_mock">(h::unpublish_mock)
        .on<"all_monitors">(h::list_monitors)
        .on<"create_monitor">(h::create_monitor)
        .on<"delete_monitor">(h::delete_monitor)
        .on<"single_monitor">(h::get_monitor)
        .on<"update_monitor">(h::update_monitor)
        .on<"run_a_monitor">(h::run_monitor)
        .on<"create_webhook">(h::create_webhook)
        .on<"all_workspaces">(h::list_workspaces)
        .on<"create_workspace">(h::create_workspace)
        .on<"delete_workspace">(h::delete_workspace)
        .on<"single_workspace">(h::get_workspace)
        .on<"update_workspace">(h::update_workspace);
    // Not an operation of the API: the URL a webhook answers, which a served fake takes too.
    router().add(Method::post, webhook_run_route, webhook_run_operation, h::call_webhook);
  }
};

static_assert(webapi::Transport<Fake>);

}  // namespace webapi::fakes::api_platform
