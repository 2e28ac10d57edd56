#pragma once
// webapi::fakes::project_management::Fake: the project-management service in memory, as a
// webapi::Transport.
//
//   namespace pm = webapi::project_management;
//   webapi::fakes::project_management::Fake fake;
//   std::string key = fake.add_api_key({.name = "Ada", .locale = "de"});
//   std::string smart = fake.add_project({.smart = true, .name = "Manual"});
//   pm::Client client{fake, {.access_token = key}};
//   client.get_v2_projects_project_id(smart);                      // the Smart project
//   client.get_projects_project_id(smart);                         // 400: it is read under /v2
//   client.put_v2_projects_project_id_status(smart, {{.status = "CANCELLED"}});
//
// Every call needs an API key in the X-AUTH-ACCESS-TOKEN header (401 otherwise); the key's identity
// has a locale, in which dictionary names are answered. Every refusal is in the service's error shape
// (errors.hpp), which the module's error reader takes. What the fake models (see docs/fakes.md):
// Classic and Smart projects and quotes (project_handlers.hpp) with their payables and receivables
// (finance_handlers.hpp), jobs (job_handlers.hpp), status changes
// by the module's transition table (status_transitions.hpp), dictionaries and exchange rates
// (dictionary_handlers.hpp), clients and their persons (client_handlers.hpp, person_handlers.hpp), views
// with columns (view_handlers.hpp), providers and project groups (provider_handlers.hpp), tasks with
// their files (task_handlers.hpp), client invoices with payments
// (invoice_handlers.hpp) and notification subscriptions (subscription_handlers.hpp, notify() below).
// Every other operation of the module is routed and answers 501 naming it (modeled_operations() lists
// the rest). Handlers take the module's request models and answer its response models.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/value.hpp>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/project_management/service.hpp>
#include <webapi/fakes/core/fake_base.hpp>
#include <webapi/fakes/core/store.hpp>
#include <webapi/fakes/project_management/call.hpp>
#include <webapi/fakes/project_management/client_handlers.hpp>
#include <webapi/fakes/project_management/dictionaries.hpp>
#include <webapi/fakes/project_management/dictionary_handlers.hpp>
#include <webapi/fakes/project_management/errors.hpp>
#include <webapi/fakes/project_management/finance_handlers.hpp>
#include <webapi/fakes/project_management/invoice_handlers.hpp>
#include <webapi/fakes/project_management/job_handlers.hpp>
#include <webapi/fakes/project_management/person_handlers.hpp>
#include <webapi/fakes/project_management/project_handlers.hpp>
#include <webapi/fakes/project_management/provider_handlers.hpp>
#include <webapi/fakes/project_management/seeding.hpp>
#include <webapi/fakes/project_management/state.hpp>
#include <webapi/fakes/project_management/subscription_handlers.hpp>
#include <webapi/fakes/project_management/task_handlers.hpp>
#include <webapi/fakes/project_management/unmodeled_routes.hpp>
#include <webapi/fakes/project_management/view_handlers.hpp>

namespace webapi::fakes::project_management {

class Fake : public FakeBase<Fake, Call, State> {
  friend FakeBase;

 public:
  /// The module it fakes, as a service sees it (verify() reads its answers' models from it).
  using service_type = webapi::project_management::service;

  Fake() {
    register_routes();
    dispatcher_.set_error_format(pm_error_response);
    reset_locked();
  }

  /// The operations the fake models, in the module's order; every other one answers 501.
  std::vector<std::string> modeled_operations() const {
    std::vector<std::string> out;
    for (const auto& op : webapi::project_management::service::operations)
      for (const auto& r : routes())
        if (r.operation == op.name && r.modeled) {
          out.emplace_back(op.name);
          break;
        }
    return out;
  }

  // ---- seeding ----------------------------------------------------------------------------------------

  /// Issues a key for an identity; returns its value.
  std::string add_api_key(ApiKeyGrant g) {
    std::lock_guard lock(mutex_);
    std::string value = std::move(g.value);
    if (value.empty()) {
      // "pm-key-<n>" reads well in tests; with a credential secret set (a served demo), a key not guessed.
      const std::uint64_t n = ++state_.keys_issued;
      value = credential_secret() ? deterministic_token("pm-key-", n, "project_management")
                                  : "pm-key-" + std::to_string(n);
    }
    state_.api_keys[value] = Identity{std::move(g.name), std::move(g.locale)};
    return value;
  }

  /// Adds a project (Classic unless `p.smart`) with the next id unless `p.id` is set; returns its id.
  /// A new project is OPENED (Classic) or OPEN (Smart) unless `p.status` says otherwise. Throws
  /// std::invalid_argument for an id already taken by a project or a quote.
  std::string add_project(Project p) {
    std::lock_guard lock(mutex_);
    if (p.status.empty()) p.status = p.smart ? "OPEN" : "OPENED";
    return add_record(state_.projects, std::move(p));
  }

  /// Adds a quote, as add_project does; a new quote is REQUESTED unless `q.status` says otherwise.
  std::string add_quote(Project q) {
    std::lock_guard lock(mutex_);
    if (q.status.empty()) q.status = "REQUESTED";
    return add_record(state_.quotes, std::move(q));
  }

  /// Adds a job to the project `j.project_id`; returns its id. Throws std::invalid_argument for an
  /// unknown project.
  std::string add_job(Job j) {
    std::lock_guard lock(mutex_);
    if (!state_.projects.contains(j.project_id))
      throw std::invalid_argument("project_management fake: no project '" + j.project_id + "' for the job");
    j.id = std::to_string(state_.next_record_id++);
    std::string id = j.id;
    state_.jobs[id] = std::move(j);
    return id;
  }

  /// Adds a value to the dictionary `type`. Throws std::invalid_argument for an unknown type, an id the
  /// type already has, or a second default.
  void add_dictionary_value(std::string_view type, DictionaryValue v) {
    std::lock_guard lock(mutex_);
    project_management::add_dictionary_value(state_, type, std::move(v));
  }

  /// Adds a client as a create call would; returns its id.
  std::int64_t add_client(webapi::project_management::CustomerDTO c) {
    std::lock_guard lock(mutex_);
    const std::int64_t id = state_.next_client_id++;
    state_.clients[id] = client_record(std::move(c), id);
    return id;
  }

  /// Adds a provider (vendor), which the API does not create; returns its id. A name is required
  /// (std::invalid_argument otherwise).
  std::int64_t add_provider(webapi::project_management::ProviderDTO p) {
    std::lock_guard lock(mutex_);
    if (!p.name || p.name->empty()) throw std::invalid_argument("project_management fake: a provider needs a name");
    const std::int64_t id = state_.next_provider_id++;
    p.id = id;
    if (!p.status) p.status = webapi::project_management::ProviderDTOStatus::ACTIVE;
    state_.providers[id] = std::move(p);
    return id;
  }

  /// Adds a price profile of the provider `provider_id` (which the API does not create); a job is given
  /// that provider as its vendor by assigning it this profile. Returns the profile's id; throws
  /// std::invalid_argument for an unknown provider.
  std::int64_t add_vendor_price_profile(std::int64_t provider_id) {
    std::lock_guard lock(mutex_);
    if (!state_.providers.contains(provider_id))
      throw std::invalid_argument("project_management fake: no provider " + std::to_string(provider_id) +
                                  " for the price profile");
    const std::int64_t id = state_.next_price_profile_id++;
    state_.vendor_price_profiles[id] = provider_id;
    return id;
  }

  /// Adds a project group, which the API only reads; returns its id.
  std::int64_t add_project_group(std::string name) {
    std::lock_guard lock(mutex_);
    const std::int64_t id = state_.next_project_group_id++;
    state_.project_groups[id] = ProjectGroup{id, std::move(name)};
    return id;
  }

  /// Whether the service supports hooks (GET /subscription/supports); subscribing needs it.
  void set_hooks_supported(bool supported) {
    std::lock_guard lock(mutex_);
    state_.hooks_supported = supported;
  }

  // ---- notifications ----------------------------------------------------------------------------------

  /// Sets how notify() delivers; without one, every delivery counts as answered 200.
  void set_deliverer(Deliverer d) {
    std::lock_guard lock(mutex_);
    deliverer_ = std::move(d);
  }

  /// An `event` occurs: sends `payload` to every subscription to it, through the deliverer, and removes
  /// each subscription whose target answered 404, as the service does. Returns the notifications sent.
  /// The deliverer runs outside the fake's lock, so it may call the fake.
  std::vector<Notification> notify(std::string_view event, boost::json::value payload = {}) {
    std::vector<Notification> out;
    Deliverer deliver;
    {
      std::lock_guard lock(mutex_);
      deliver = deliverer_;
      for (const auto& [id, s] : state_.subscriptions)
        if (s.subscription.event == event)
          out.push_back({id, std::string(event), s.subscription.url.value_or(""), payload});
    }
    std::vector<std::string> gone;
    for (const Notification& n : out)
      if (deliver && deliver(n) == 404) gone.push_back(n.subscription_id);
    std::lock_guard lock(mutex_);
    for (const std::string& id : gone) state_.subscriptions.erase(id);
    return out;
  }

  // ---- inspection (copies, taken under the lock) ------------------------------------------------------

  std::optional<Project> project(std::string_view id) const { return find_copy(&State::projects, id); }
  std::optional<Project> quote(std::string_view id) const { return find_copy(&State::quotes, id); }
  std::optional<Job> job(std::string_view id) const { return find_copy(&State::jobs, id); }

 private:
  Call make_call(const Route&, const Request& request, Captures&& captures) {
    return Call{state_, request, authenticated(state_, request), std::move(captures), clock_.now()};
  }

  template <class T>
  std::optional<T> find_copy(std::map<std::string, T, std::less<>> State::*member, std::string_view id) const {
    return inspect([&](const State& s) -> std::optional<T> {
      const auto& table = s.*member;
      auto it = table.find(id);
      if (it == table.end()) return std::nullopt;
      return it->second;
    });
  }

  std::string add_record(std::map<std::string, Project, std::less<>>& table, Project p) {
    if (p.id.empty()) p.id = std::to_string(state_.next_record_id++);
    if (state_.projects.contains(p.id) || state_.quotes.contains(p.id))
      throw std::invalid_argument("project_management fake: id '" + p.id + "' is taken");
    std::string id = p.id;
    table[id] = std::move(p);
    return id;
  }

  /// Back to a fresh fake: no keys, projects, clients, invoices or subscriptions; the standard
  /// dictionaries (dictionaries.hpp); hooks supported; ids start over; an empty journal; no faults.
  void reset_locked() {
    reset_common();
    seed_standard_dictionaries(state_);
  }

  void register_routes() {
    namespace h = handlers;
    namespace pm = webapi::project_management;
    declare<webapi::project_management::service>()
        // Classic and Smart projects and quotes
        .on<"get_projects_project_id">(h::get_classic_project)
        .on<"get_v2_projects_project_id">(h::get_smart_project)
        .on<"get_quotes_quote_id">(h::get_classic_quote)
        .on<"get_v2_quotes_quote_id">(h::get_smart_quote)
        .on<"get_v2_projects_for_external_id_external_project_id">(h::get_project_by_external_id)
        .on<"get_v2_quotes_for_external_id_external_project_id">(h::get_quote_by_external_id)
        .on<"get_projects_ids">(h::project_ids)
        .on<"get_quotes_ids">(h::quote_ids)
        .on<"put_v2_projects_project_id_status">(h::change_project_status)
        .on<"put_v2_quotes_quote_id_status">(h::change_quote_status)
        // payables and receivables of projects and quotes, Classic and Smart
        .on<"get_projects_project_id_finance">(h::finance<Owner::project, false>)
        .on<"post_projects_project_id_finance_payables">(h::create_charge<Owner::project, false, pm::PayableDTO, pm::PayableCreateDTO>)
        .on<"put_projects_project_id_finance_payables_payable_id">(h::replace_charge<Owner::project, false, pm::PayableDTO>)
        .on<"delete_projects_project_id_finance_payables_payable_id">(h::delete_charge<Owner::project, false, pm::PayableDTO>)
        .on<"post_projects_project_id_finance_receivables">(h::create_charge<Owner::project, false, pm::ReceivableDTO, pm::ReceivableCreateDTO>)
        .on<"put_projects_project_id_finance_receivables_receivable_id">(h::replace_charge<Owner::project, false, pm::ReceivableDTO>)
        .on<"delete_projects_project_id_finance_receivables_receivable_id">(h::delete_charge<Owner::project, false, pm::ReceivableDTO>)
        .on<"get_v2_projects_project_id_finance">(h::finance<Owner::project, true>)
        .on<"post_v2_projects_project_id_finance_payables">(h::create_charge<Owner::project, true, pm::PayableDTO, pm::PayableCreateDTO>)
        .on<"put_v2_projects_project_id_finance_payables_payable_id">(h::replace_charge<Owner::project, true, pm::PayableDTO>)
        .on<"delete_v2_projects_project_id_finance_payables_payable_id">(h::delete_charge<Owner::project, true, pm::PayableDTO>)
        .on<"post_v2_projects_project_id_finance_receivables">(h::create_charge<Owner::project, true, pm::ReceivableDTO, pm::ReceivableCreateDTO>)
        .on<"put_v2_projects_project_id_finance_receivables_receivable_id">(h::replace_charge<Owner::project, true, pm::ReceivableDTO>)
        .on<"delete_v2_projects_project_id_finance_receivables_receivable_id">(h::delete_charge<Owner::project, true, pm::ReceivableDTO>)
        .on<"get_quotes_quote_id_finance">(h::finance<Owner::quote, false>)
        .on<"post_quotes_quote_id_finance_payables">(h::create_charge<Owner::quote, false, pm::PayableDTO, pm::PayableCreateDTO>)
        .on<"put_quotes_quote_id_finance_payables_payable_id">(h::replace_charge<Owner::quote, false, pm::PayableDTO>)
        .on<"delete_quotes_quote_id_finance_payables_payable_id">(h::delete_charge<Owner::quote, false, pm::PayableDTO>)
        .on<"post_quotes_quote_id_finance_receivables">(h::create_charge<Owner::quote, false, pm::ReceivableDTO, pm::ReceivableCreateDTO>)
        .on<"put_quotes_quote_id_finance_receivables_receivable_id">(h::replace_charge<Owner::quote, false, pm::ReceivableDTO>)
        .on<"delete_quotes_quote_id_finance_receivables_receivable_id">(h::delete_charge<Owner::quote, false, pm::ReceivableDTO>)
        .on<"get_v2_quotes_quote_id_finance">(h::finance<Owner::quote, true>)
        .on<"post_v2_quotes_quote_id_finance_payables">(h::create_charge<Owner::quote, true, pm::PayableDTO, pm::PayableCreateDTO>)
        .on<"put_v2_quotes_quote_id_finance_payables_payable_id">(h::replace_charge<Owner::quote, true, pm::PayableDTO>)
        .on<"delete_v2_quotes_quote_id_finance_payables_payable_id">(h::delete_charge<Owner::quote, true, pm::PayableDTO>)
        .on<"post_v2_quotes_quote_id_finance_receivables">(h::create_charge<Owner::quote, true, pm::ReceivableDTO, pm::ReceivableCreateDTO>)
        .on<"put_v2_quotes_quote_id_finance_receivables_receivable_id">(h::replace_charge<Owner::quote, true, pm::ReceivableDTO>)
        .on<"delete_v2_quotes_quote_id_finance_receivables_receivable_id">(h::delete_charge<Owner::quote, true, pm::ReceivableDTO>)
        // jobs
        .on<"get_jobs_job_id">(h::get_job)
        .on<"get_v2_jobs_for_external_id">(h::get_job_by_external_id)
        .on<"put_jobs_job_id_vendor">(h::assign_vendor)
        .on<"put_v2_jobs_job_id_vendor">(h::assign_vendor_v2)
        .on<"put_jobs_job_id_dates">(h::change_job_dates)
        .on<"put_jobs_job_id_status">(h::change_job_status)
        .on<"put_v2_jobs_job_id_status">(h::change_job_status)
        // dictionaries
        .on<"get_dictionaries_active">(h::active_dictionaries)
        .on<"get_dictionaries_all">(h::all_dictionaries)
        .on<"get_dictionaries_type_active">(h::active_dictionary_values)
        .on<"get_dictionaries_type_all">(h::all_dictionary_values)
        .on<"get_dictionaries_type_id">(h::dictionary_value)
        .on<"get_dictionaries_currency_iso_code_exchange_rate">(h::exchange_rate)
        .on<"post_dictionaries_currency_iso_code_exchange_rate">(h::add_exchange_rate)
        // clients
        .on<"post_customers">(h::create_client)
        .on<"get_customers">(h::list_clients)
        .on<"get_customers_ids">(h::client_ids)
        .on<"get_customers_customer_id">(h::get_client)
        .on<"put_customers_customer_id">(h::replace_client)
        .on<"delete_customers_customer_id">(h::delete_client)
        .on<"get_customers_customer_id_address">(h::get_client_address)
        .on<"put_customers_customer_id_address">(h::replace_client_address)
        .on<"get_customers_customer_id_contact">(h::get_client_contact)
        .on<"put_customers_customer_id_contact">(h::replace_client_contact)
        // client persons
        .on<"post_customers_persons">(h::create_person)
        .on<"get_customers_persons_ids">(h::person_ids)
        .on<"get_customers_persons_person_id">(h::get_person)
        .on<"put_customers_persons_person_id">(h::replace_person)
        .on<"delete_customers_persons_person_id">(h::delete_person)
        // views and their columns
        .on<"post_browser_views_for_class_name">(h::create_view)
        .on<"get_browser_views_for_class_name">(h::list_views)
        .on<"get_browser_views_view_id">(h::get_view)
        .on<"delete_browser_views_view_id">(h::delete_view)
        .on<"get_browser_views_view_id_columns">(h::get_columns)
        .on<"put_browser_views_view_id_columns">(h::replace_columns)
        .on<"delete_browser_views_view_id_columns_column_name">(h::delete_column)
        // providers and project groups
        .on<"get_providers_ids">(h::provider_ids)
        .on<"get_providers_provider_id">(h::get_provider)
        .on<"get_providers_provider_id_address">(h::get_provider_address)
        .on<"get_providers_provider_id_contact">(h::get_provider_contact)
        .on<"delete_providers_provider_id">(h::delete_provider)
        .on<"get_project_groups">(h::list_project_groups)
        .on<"get_project_groups_project_group_id">(h::get_project_group)
        // tasks and their files
        .on<"post_projects_project_id_tasks">(h::create_task)
        .on<"post_tasks_task_id_files_input">(h::add_task_file)
        .on<"get_tasks_task_id_files">(h::task_files)
        .on<"delete_tasks_task_id">(h::delete_task)
        // client invoices and payments
        .on<"post_accounting_customers_invoices">(h::create_invoice)
        .on<"get_accounting_customers_invoices_ids">(h::invoice_ids)
        .on<"get_accounting_customers_invoices_invoice_id">(h::get_invoice)
        .on<"delete_accounting_customers_invoices_invoice_id">(h::delete_invoice)
        .on<"post_accounting_customers_invoices_invoice_id_payments">(h::add_payment)
        .on<"get_accounting_customers_invoices_invoice_id_payments">(h::list_payments)
        .on<"delete_accounting_customers_payments_payment_id">(h::delete_payment)
        // notification subscriptions
        .on<"post_subscription">(h::subscribe)
        .on<"get_subscription">(h::list_subscriptions)
        .on<"delete_subscription_subscription_id">(h::unsubscribe)
        .on<"get_subscription_supports">(h::hooks_supported);
    route_the_rest_as_unmodeled<webapi::project_management::service>(router());
  }

  Deliverer deliverer_;  ///< under mutex_
};

static_assert(webapi::Transport<Fake>);

}  // namespace webapi::fakes::project_management
