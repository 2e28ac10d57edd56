#pragma once
// What the project-management fake remembers, as plain values a test can copy and inspect.
//
// Callers are identities, each with an API key and a locale (dictionary names are answered in it).
// Projects and quotes are Classic or Smart and share one id space, so an id names one record of either
// kind; jobs belong to a project and are given a vendor by one of the vendor's price profiles. Dictionaries hold values per type, each with a constant id and a name
// per locale. Clients and their persons, views, invoices with their payments and notification
// subscriptions are kept as the module's own models, so what a caller wrote is what it reads back.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <webapi/project_management/models.hpp>

namespace webapi::fakes::project_management {

namespace pm = webapi::project_management;

/// Who calls: the owner of an API key.
struct Identity {
  std::string name{};         ///< for people reading a snapshot
  std::string locale = "en";  ///< dictionary names are answered in this locale
};

/// A project or a quote, Classic or Smart.
struct Project {
  std::string id{};                   ///< decimal, unique across projects and quotes of both kinds
  bool smart = false;                 ///< Smart: read under /v2; Classic: under the unprefixed paths
  std::string name{};
  std::string status{};               ///< e.g. OPEN, STARTED, CANCELLED (projects); REQUESTED, PENDING (quotes)
  std::optional<std::string> external_id{};
  std::optional<std::int64_t> client_id{};
  std::map<std::int64_t, pm::PayableDTO> payables{};        ///< what the work costs, by id
  std::map<std::int64_t, pm::ReceivableDTO> receivables{};  ///< what the client is charged, by id
};

/// A job of a project.
struct Job {
  std::string id{};
  std::string project_id{};
  std::string name{};
  std::string status = "OPEN";
  std::optional<std::int64_t> vendor_id{};                 ///< the provider doing the job: accepting it from OPEN
                                                           ///< needs one...
  std::optional<std::int64_t> vendor_price_profile_id{};  ///< the provider's price profile it was assigned by
  bool dates_set = false;                      ///< ...and its dates
  std::optional<std::string> external_id{};
  std::optional<std::string> external_project_id{};
};

/// One value of a dictionary.
struct DictionaryValue {
  std::int64_t id = 0;                          ///< constant, unique within its dictionary type
  std::map<std::string, std::string> names{};   ///< by locale; "en" answers locales it lacks
  bool active = true;
  bool is_default = false;                      ///< at most one per dictionary type
  std::optional<std::string> symbol{};          ///< e.g. "EUR" for a currency, "de" for a language
};

/// An exchange rate of a currency, as posted.
struct ExchangeRate {
  pm::CurrencyHistoryDTO rate{};
  std::int64_t sequence = 0;  ///< the order rates were added in; the latest answers a lookup
};

/// A client invoice and the payments made on it.
struct Invoice {
  pm::CustomerInvoiceDTO invoice{};
  std::vector<std::int64_t> payment_ids{};  ///< in the order they were added
};

/// A payment on a client invoice.
struct Payment {
  std::int64_t id = 0;
  std::int64_t invoice_id = 0;
  pm::PaymentDTO payment{};
};

/// A task of a Classic project, with the files added to it.
struct Task {
  pm::TaskDTO task{};
  std::vector<pm::TaskFileDTO> files{};  ///< in the order added, each with its category (WORKFILE unless given)
};

/// A group of projects; the description gives its answers no schema, so it is kept as its two facts.
struct ProjectGroup {
  std::int64_t id = 0;
  std::string name{};
};

/// A browser view of a class (e.g. "Project"), with its columns.
struct View {
  std::int64_t id = 0;
  std::string class_name{};
  pm::ViewDTO view{};
};

/// A notification subscription: `event` goes to `url`.
struct Subscription {
  std::string id{};
  pm::SubscriptionDTO subscription{};
};

struct State {
  std::map<std::string, Identity, std::less<>> api_keys;            ///< by key value
  std::map<std::string, Project, std::less<>> projects;             ///< by id, Classic and Smart
  std::map<std::string, Project, std::less<>> quotes;               ///< by id, Classic and Smart
  std::map<std::string, Job, std::less<>> jobs;                     ///< by id
  std::map<std::string, std::vector<DictionaryValue>, std::less<>> dictionaries;  ///< by type, in id order
  std::map<std::string, std::vector<ExchangeRate>, std::less<>> exchange_rates;   ///< by ISO code
  std::map<std::int64_t, pm::CustomerDTO> clients;                  ///< by id; deleted ones are gone
  std::map<std::int64_t, pm::CustomerPersonDTO> persons;           ///< client persons by id
  std::map<std::int64_t, View> views;                               ///< by id
  std::map<std::int64_t, Task> tasks;                               ///< by id
  std::map<std::int64_t, pm::ProviderDTO> providers;                ///< vendors by id; deleted ones are gone
  std::map<std::int64_t, std::int64_t> vendor_price_profiles;       ///< price profile id -> the provider it is of
  std::map<std::int64_t, ProjectGroup> project_groups;              ///< by id
  std::map<std::int64_t, Invoice> invoices;                         ///< client invoices by id
  std::map<std::int64_t, Payment> payments;                         ///< by id
  std::map<std::string, Subscription, std::less<>> subscriptions;   ///< by id
  bool hooks_supported = true;
  std::int64_t next_record_id = 1;  ///< numbers projects, quotes and jobs
  std::int64_t next_client_id = 1;
  std::int64_t next_person_id = 1;
  std::int64_t next_view_id = 1;
  std::int64_t next_task_id = 1;
  std::int64_t next_provider_id = 1;
  std::int64_t next_price_profile_id = 1;
  std::int64_t next_project_group_id = 1;
  std::int64_t next_invoice_id = 1;
  std::int64_t next_payment_id = 1;
  std::int64_t next_subscription_id = 1;
  std::int64_t next_charge_id = 1;  ///< numbers payables and receivables
  std::int64_t rates_added = 0;
  std::uint64_t keys_issued = 0;
};

}  // namespace webapi::fakes::project_management
