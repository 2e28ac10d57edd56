#pragma once
// webapi::fakes::finance::Fake: the financial-data-aggregation service in memory, as a webapi::Transport.
//
//   namespace fin = webapi::finance;
//   webapi::fakes::finance::Fake fake;
//   std::string token = fake.issue_token("ada");                       // or generate_access_token, a JWT, a session
//   fin::Client client{fake, {.base_url = "https://finance.example", .access_token = token}};
//   client.create_manual_account({.body = {.account = {.account_name = "Savings", .account_type = "SAVINGS",
//                                                      .balance = fin::Money{1200, fin::MoneyCurrency::USD}}}});
//   client.get_networth();                                             // 1200 USD
//
// A fresh fake holds one cobrand (cobrand(): its login and password, client id and secret, admin login
// name and SAML issuer), the system transaction categories (system_categories below) and a few properties
// to value real estate against; the seeding helpers add users and their aggregated data. Every call is
// authenticated first (auth.hpp: client-credential tokens, JWTs, cobrand and user sessions), then routed
// by operation of the finance module: request bodies decode into its models and answers are encoded from
// them; every error has the description's YodleeError shape (errors.hpp). Operations it does not model
// answer 501 naming themselves. Notifications to event subscribers are recorded (events.hpp) and, when
// deliver_to_loopback(true) was called (webapi-fake-server does), POSTed to loopback callback URLs.
// The journal, the clock (tokens expire and sessions time out on it), fault injection, snapshot() and
// inspect() come from FakeBase.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/fakes/core/fake_base.hpp>
#include <webapi/fakes/finance/account_handlers.hpp>
#include <webapi/fakes/finance/auth.hpp>
#include <webapi/fakes/finance/auth_handlers.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/derived_handlers.hpp>
#include <webapi/fakes/finance/errors.hpp>
#include <webapi/fakes/finance/events.hpp>
#include <webapi/fakes/finance/loopback_delivery.hpp>
#include <webapi/fakes/finance/provider_account_handlers.hpp>
#include <webapi/fakes/finance/record_handlers.hpp>
#include <webapi/fakes/finance/rule_handlers.hpp>
#include <webapi/fakes/finance/state.hpp>
#include <webapi/fakes/finance/transaction_handlers.hpp>
#include <webapi/finance/service.hpp>

namespace webapi::fakes::finance {

/// The system categories every fake starts with: id, name, type, high-level group id and name.
inline const std::vector<Category>& system_categories() {
  static const std::vector<Category> all = {
      {1, "Uncategorized", "UNCATEGORIZE", "SYSTEM", 10000017, "Uncategorized", {}, {}},
      {2, "Groceries", "EXPENSE", "SYSTEM", 10000003, "Food", {}, {}},
      {3, "Restaurants", "EXPENSE", "SYSTEM", 10000003, "Food", {}, {}},
      {4, "Gasoline/Fuel", "EXPENSE", "SYSTEM", 10000004, "Automotive", {}, {}},
      {5, "Utilities", "EXPENSE", "SYSTEM", 10000010, "Bills", {}, {}},
      {6, "General Merchandise", "EXPENSE", "SYSTEM", 10000012, "Shopping", {}, {}},
      {7, "Paychecks/Salary", "INCOME", "SYSTEM", 10000013, "Income", {}, {}},
      {8, "Transfers", "TRANSFER", "SYSTEM", 10000016, "Transfers", {}, {}},
  };
  return all;
}

/// The first id the fake gives a record it makes.
inline constexpr std::int64_t first_record_id = 10001;

class Fake : public FakeBase<Fake, Call, State> {
  friend FakeBase;

 public:
  /// The module it fakes, as a service sees it (verify() reads its answers' models from it).
  using service_type = webapi::finance::service;

  Fake() {
    register_routes();
    dispatcher_.set_error_format([this](int status, std::string_view message, boost::json::object extra) {
      return yodlee_error_response(status, message, extra, ++errors_answered_);
    });
    reset_locked();
  }

  // ---- the Transport ----------------------------------------------------------------------------------

  // send() and async_send() are FakeBase's; answered() below delivers notifications after either.

  /// Whether notifications recorded from now on are also POSTed to their callback URL when it is a
  /// loopback one (loopback_delivery.hpp); off unless turned on, as webapi-fake-server does.
  void deliver_to_loopback(bool on) {
    std::lock_guard lock(mutex_);
    deliver_ = on;
    delivered_ = state_.notifications.size();
  }

  // ---- seeding ----------------------------------------------------------------------------------------

  /// The cobrand and its credentials.
  Cobrand cobrand() const {
    std::lock_guard lock(mutex_);
    return state_.cobrand;
  }

  /// Adds (or replaces the details of) a user; returns the login name.
  std::string add_user(User u) {
    std::lock_guard lock(mutex_);
    check_login_name(u.login_name);
    User& stored = user_named(state_, u.login_name);
    u.id = stored.id;
    stored = std::move(u);
    return stored.login_name;
  }

  /// A client-credential token for `login_name` (the admin login name for an admin token), as
  /// generateAccessToken issues it now; an unknown login name creates its user.
  std::string issue_token(const std::string& login_name) {
    std::lock_guard lock(mutex_);
    return finance::issue_token(state_, login_name, clock_.now()).value;
  }

  /// Registers an RSA 2048 public key (SubjectPublicKeyInfo PEM) as generateApiKey does; returns the key.
  std::string add_api_key(std::string public_key_pem) {
    std::lock_guard lock(mutex_);
    return add_api_key_locked(issue_value(state_, "api-key"), std::move(public_key_pem));
  }

  /// Registers the public key under the API key `key` (replacing one of that name), for tokens signed
  /// ahead of time elsewhere, whose `iss` is fixed; returns the key.
  std::string add_api_key(std::string key, std::string public_key_pem) {
    std::lock_guard lock(mutex_);
    if (key.empty()) throw std::invalid_argument("finance fake: the API key is empty");
    return add_api_key_locked(std::move(key), std::move(public_key_pem));
  }

  /// Adds a provider account of user `login_name` (created if new); returns its id.
  std::int64_t add_provider_account(const std::string& login_name, ProviderAccount p) {
    std::lock_guard lock(mutex_);
    user_named(state_, login_name);
    p.id = next_id(state_);
    p.login_name = login_name;
    if (p.created_at == Time{}) p.created_at = clock_.now();
    state_.provider_accounts[p.id] = std::move(p);
    return state_.provider_accounts.rbegin()->first;
  }

  /// Adds an account of user `login_name`; returns its id. Throws std::invalid_argument for a provider
  /// account that is not the user's, or a container the service does not have.
  std::int64_t add_account(const std::string& login_name, Account a) {
    std::lock_guard lock(mutex_);
    user_named(state_, login_name);
    if (a.provider_account_id) require_owned(state_.provider_accounts, *a.provider_account_id, login_name);
    if (!webapi::from_wire<fin::AccountCONTAINER>(a.container))
      throw std::invalid_argument("finance fake: no container '" + a.container + "'");
    a.manual = !a.provider_account_id;
    return put(state_.accounts, login_name, std::move(a));
  }

  /// Adds a transaction to one of the user's accounts (its container is the account's); returns its id.
  std::int64_t add_transaction(const std::string& login_name, Transaction t) {
    std::lock_guard lock(mutex_);
    t.container = require_owned(state_.accounts, t.account_id, login_name).container;
    if (t.date.empty()) t.date = date_string(clock_.now());
    if (!state_.categories.contains(t.category_id))
      throw std::invalid_argument("finance fake: no category " + std::to_string(t.category_id));
    return put(state_.transactions, login_name, std::move(t));
  }

  std::int64_t add_holding(const std::string& login_name, Holding h) {
    std::lock_guard lock(mutex_);
    require_owned(state_.accounts, h.account_id, login_name);
    return put(state_.holdings, login_name, std::move(h));
  }

  std::int64_t add_statement(const std::string& login_name, Statement s) {
    std::lock_guard lock(mutex_);
    require_owned(state_.accounts, s.account_id, login_name);
    return put(state_.statements, login_name, std::move(s));
  }

  /// Adds a document of one of the user's accounts; returns its id ("DOC" and a number unless given).
  std::string add_document(const std::string& login_name, Document d) {
    std::lock_guard lock(mutex_);
    require_owned(state_.accounts, d.account_id, login_name);
    if (d.id.empty()) d.id = "DOC" + std::to_string(next_id(state_));
    if (d.date.empty()) d.date = date_string(clock_.now());
    d.login_name = login_name;
    std::string id = d.id;
    state_.documents[id] = std::move(d);
    return id;
  }

  /// Adds a property evaluateAddress can match and SYSTEM valuation can value.
  void add_property(Property p) {
    std::lock_guard lock(mutex_);
    state_.properties.push_back(std::move(p));
  }

  /// Subscribes the cobrand's `callback_url` to `event_name`, as createSubscriptionEvent does.
  void add_subscription(const std::string& event_name, const std::string& callback_url) {
    std::lock_guard lock(mutex_);
    if (!webapi::from_wire<fin::CobrandNotificationEventName>(event_name) || !is_callback_url(callback_url))
      throw std::invalid_argument("finance fake: no event '" + event_name + "' or not a callback URL");
    state_.subscriptions[event_name] = Subscription{event_name, callback_url, clock_.now(), clock_.now()};
  }

  // ---- inspection (copies, taken under the lock) ------------------------------------------------------

  /// The notifications recorded for subscribers, oldest first.
  std::vector<Notification> notifications() const {
    std::lock_guard lock(mutex_);
    return state_.notifications;
  }
  std::optional<Transaction> transaction(std::int64_t id) const { return find(&State::transactions, id); }
  std::optional<Account> account(std::int64_t id) const { return find(&State::accounts, id); }
  std::optional<ProviderAccount> provider_account(std::int64_t id) const { return find(&State::provider_accounts, id); }
  std::optional<User> user(std::string_view login_name) const {
    return inspect([&](const State& s) -> std::optional<User> {
      auto it = s.users.find(login_name);
      return it == s.users.end() ? std::nullopt : std::optional<User>(it->second);
    });
  }

 private:
  Call make_call(const Route& route, const Request& request, Captures&& captures) {
    const Time now = clock_.now();
    Caller caller = authenticate(state_, request, route.operation, now);
    return Call{state_, request, std::move(caller), std::move(captures), now, Params::from(request)};
  }

  template <class T>
  std::optional<T> find(std::map<std::int64_t, T> State::*table, std::int64_t id) const {
    return inspect([&](const State& s) -> std::optional<T> {
      auto it = (s.*table).find(id);
      return it == (s.*table).end() ? std::nullopt : std::optional<T>(it->second);
    });
  }

  template <class T>
  static T& require_owned(std::map<std::int64_t, T>& table, std::int64_t id, const std::string& login_name) {
    auto it = table.find(id);
    if (it == table.end() || it->second.login_name != login_name)
      throw std::invalid_argument("finance fake: record " + std::to_string(id) + " is not " + login_name + "'s");
    return it->second;
  }

  template <class T>
  std::int64_t put(std::map<std::int64_t, T>& table, const std::string& login_name, T record) {
    record.id = next_id(state_);
    record.login_name = login_name;
    if constexpr (requires { record.created_at; record.updated_at; }) {
      if (record.created_at == Time{}) record.created_at = clock_.now();
      if (record.updated_at == Time{}) record.updated_at = record.created_at;
    }
    const std::int64_t id = record.id;
    table[id] = std::move(record);
    return id;
  }

  std::string add_api_key_locked(std::string key, std::string public_key_pem) {
    if (!webapi::finance::RsaPublicKey::from_pem(public_key_pem))
      throw std::invalid_argument("finance fake: not an RSA 2048 public key PEM");
    ApiKey k{std::move(key), std::move(public_key_pem), clock_.now()};
    state_.api_keys[k.key] = k;
    return k.key;
  }

  /// After every answer (either form of send): POSTs the notifications the call recorded where
  /// deliver_to_loopback() asks for it.
  void answered() {
    if (deliver_) deliver_new_notifications();
  }

  /// Sends the notifications recorded since the last delivery, outside the lock.
  void deliver_new_notifications() {
    std::vector<Notification> fresh;
    {
      std::lock_guard lock(mutex_);
      if (delivered_ > state_.notifications.size()) delivered_ = 0;  // reset() emptied the outbox
      fresh.assign(state_.notifications.begin() + static_cast<std::ptrdiff_t>(delivered_), state_.notifications.end());
      delivered_ = state_.notifications.size();
    }
    for (const Notification& n : fresh) deliver_in_background(n.callback_url, boost::json::serialize(n.payload));
  }

  /// Back to a fresh fake: the cobrand, system categories and properties only; ids start over; an empty
  /// journal; no faults; the clock at its start.
  void reset_locked() {
    errors_answered_ = 0;
    delivered_ = 0;
    reset_common();
    Cobrand& c = state_.cobrand;
    c.application_id = "3A4CAE9B71A1CCD7FE3A1B1A1A1A1A1A";
    c.login = "sandbox-cobrand";
    c.password = deterministic_token("pw-", 1, "finance-cobrand-password");
    c.client_id = deterministic_token("", 1, "finance-client-id");
    c.secret = deterministic_token("", 1, "finance-client-secret");
    c.admin_login_name = "sandbox-admin";
    c.saml_issuer = "https://idp.example.com/saml";
    for (const Category& cat : system_categories()) state_.categories[cat.id] = cat;
    state_.properties = {{"100 Main Street", "Springfield", "IL", "62701", 350000},
                         {"1 Elm Street", "Portland", "OR", "97201", 610000},
                         {"1 Elm Street", "Portland", "ME", "04101", 420000}};
    state_.next_id = first_record_id;
  }

  void register_routes() {
    namespace h = handlers;
    declare<webapi::finance::service>()
        // accounts
        .on<"get_all_accounts">(h::get_all_accounts)
        .on<"create_manual_account">(h::create_manual_account)
        .on<"evaluate_address">(h::evaluate_address)
        .on<"get_historical_balances">(h::get_historical_balances)
        .on<"delete_account">(h::delete_account)
        .on<"get_account">(h::get_account)
        .on<"update_account">(h::update_account)
        // credentials
        .on<"get_api_keys">(h::get_api_keys)
        .on<"generate_api_key">(h::generate_api_key)
        .on<"delete_api_key">(h::delete_api_key)
        .on<"delete_token">(h::delete_token)
        .on<"generate_access_token">(h::generate_access_token)
        .on<"cobrand_login">(h::cobrand_login)
        .on<"cobrand_logout">(h::cobrand_logout)
        .unmodeled<"get_public_key">()
        .unmodeled<"get_public_encryption_key">()
        .on<"saml_login">(h::saml_login)
        .on<"user_logout">(h::user_logout)
        .on<"register_user">(h::register_user)
        .on<"get_user">(h::get_user)
        .on<"update_user">(h::update_user)
        .unmodeled<"get_access_tokens">()
        .on<"unregister">(h::unregister)
        // event subscriptions: the /cobrand/config and /configs paths share them
        .on<"get_subscribed_events">(h::list_subscriptions<fin::CobrandNotificationResponse>)
        .on<"create_subscription_event">(h::create_subscription<fin::CreateCobrandNotificationEventRequest>)
        .on<"update_subscribed_event">(h::update_subscription<fin::UpdateCobrandNotificationEventRequest>)
        .on<"delete_subscribed_event">(h::delete_subscription)
        .on<"get_subscribed_notification_events">(h::list_subscriptions<fin::ConfigsNotificationResponse>)
        .on<"create_subscription_notification_event">(h::create_subscription<fin::CreateConfigsNotificationEventRequest>)
        .on<"update_subscribed_notification_event">(h::update_subscription<fin::UpdateConfigsNotificationEventRequest>)
        .on<"delete_subscribed_notification_event">(h::delete_subscription)
        .on<"get_data_extracts_events">(h::get_data_extracts_events)
        .unmodeled<"get_data_extracts_user_data">()
        // derived figures
        .unmodeled<"get_holding_summary">()
        .on<"get_networth">(h::get_networth)
        .on<"get_transaction_summary">(h::get_transaction_summary)
        // documents, holdings, statements
        .on<"get_documents">(h::get_documents)
        .on<"delete_document">(h::delete_document)
        .on<"download_document">(h::download_document)
        .on<"get_holdings">(h::get_holdings)
        .unmodeled<"get_asset_classification_list">()
        .unmodeled<"get_holding_type_list">()
        .unmodeled<"get_securities">()
        .on<"get_statements">(h::get_statements)
        // provider accounts and providers
        .on<"get_all_provider_accounts">(h::get_all_provider_accounts)
        .on<"edit_credentials_or_refresh_provider_account">(h::refresh_provider_accounts)
        .unmodeled<"get_provider_account_profiles">()
        .on<"delete_provider_account">(h::delete_provider_account)
        .on<"get_provider_account">(h::get_provider_account)
        .unmodeled<"update_preferences">()
        .unmodeled<"get_all_providers">()
        .unmodeled<"get_providers_count">()
        .unmodeled<"get_provider">()
        // transactions, categories, rules
        .on<"get_transactions">(h::get_transactions)
        .on<"get_transactions_count">(h::get_transactions_count)
        .on<"update_transaction">(h::update_transaction)
        .on<"get_transaction_categories">(h::get_transaction_categories)
        .on<"create_transaction_category">(h::create_transaction_category)
        .on<"update_transaction_category">(h::update_transaction_category)
        .on<"delete_transaction_category">(h::delete_transaction_category)
        .on<"get_transaction_categorization_rules_deprecated">(h::get_rules_deprecated)
        .on<"create_or_run_transaction_categorization_rules">(h::create_or_run_rules)
        .on<"delete_transaction_categorization_rule">(h::delete_rule)
        .on<"run_transaction_categorization_rule">(h::run_rule)
        .on<"update_transaction_categorization_rule">(h::update_rule)
        .on<"get_transaction_categorization_rules">(h::get_rules)
        // account verification
        .unmodeled<"get_verification_status">()
        .unmodeled<"initiate_matching_or_challenge_deposite_verification">()
        .unmodeled<"verify_challenge_deposit">()
        .unmodeled<"initiate_account_verification">();
  }

  std::uint64_t errors_answered_ = 0;  ///< numbers the reference codes of error answers; under mutex_
  std::atomic<bool> deliver_ = false;  ///< deliver_to_loopback
  std::size_t delivered_ = 0;          ///< notifications already handed to delivery; under mutex_
};

static_assert(webapi::Transport<Fake>);

}  // namespace webapi::fakes::finance
