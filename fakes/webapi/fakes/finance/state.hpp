#pragma once
// What the finance fake remembers, as plain values a test can copy and inspect: the cobrand (the customer
// of the service) and its credentials, its users, the credentials issued (client-credential tokens,
// sessions, API keys with their public keys), and per user the aggregated data: provider accounts,
// accounts, transactions, categories, rules, holdings, statements and documents; at cobrand level the
// event subscriptions and the notifications and data-extract events recorded for them.
//
// Per-user records carry their owner's login name; a call only ever sees its own user's records.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/finance/rules.hpp>

namespace webapi::fakes::finance {

using Time = ManualClock::time_point;

/// The cobrand's own credentials: its login and password (cobrand login, HTTP Basic for API keys), the
/// client id and secret of the client-credential flow, the login name that gets admin tokens, and the
/// issuer whose SAML responses it trusts.
struct Cobrand {
  std::int64_t id = 10010352;
  std::string application_id{};
  std::string login{};
  std::string password{};
  std::string client_id{};
  std::string secret{};
  std::string admin_login_name{};
  std::string saml_issuer{};
};

/// An end user, named by the login name the cobrand chose.
struct User {
  std::int64_t id = 0;
  std::string login_name{};
  std::optional<std::string> email{};
  std::optional<std::string> first_name{};
  std::optional<std::string> last_name{};
  std::string currency = "USD";
  bool implicit = false;  ///< created by a token request naming an unknown login name, not by registration
};

/// A client-credential access token: an admin token (the admin login name) or a user's.
struct AccessToken {
  std::string value{};
  std::string login_name{};
  bool admin = false;
  Time issued_at{};
  Time expires_at{};
  bool revoked = false;
};

/// A cobrand session (from cobrand login) or a user session (from SAML login within a cobrand session).
struct Session {
  std::string value{};
  std::string cob_session{};  ///< for a user session: the cobrand session it was opened in
  std::optional<std::string> login_name{};  ///< set for a user session
  Time started_at{};
  Time last_used{};
  bool ended = false;  ///< logged out
};

/// A registered API key and the RSA public key (SubjectPublicKeyInfo PEM) its JWTs must verify with.
struct ApiKey {
  std::string key{};
  std::string public_key_pem{};
  Time created_at{};
};

/// A user's link to one provider (a bank's site): refreshed to update its accounts.
struct ProviderAccount {
  std::int64_t id = 0;
  std::string login_name{};
  std::int64_t provider_id = 0;
  std::string provider_name{};
  std::string status = "SUCCESS";  ///< DataExtractsProviderAccountStatus wire value
  std::set<std::string> datasets{"BASIC_AGG_DATA"};  ///< datasets subscribed, e.g. DOCUMENT
  bool closed = false;
  bool inactive = false;
  Time created_at{};
  std::optional<Time> last_refreshed{};
  std::string request_id{};  ///< of the latest refresh
};

/// An account: aggregated from a provider account, or manual (added by the user).
struct Account {
  std::int64_t id = 0;
  std::string login_name{};
  std::optional<std::int64_t> provider_account_id{};  ///< none for a manual account
  std::string container{};     ///< AccountCONTAINER wire value: bank, creditCard, investment, ...
  std::string account_type{};  ///< e.g. CHECKING, CREDIT, MORTGAGE, REAL_ESTATE
  std::string name{};
  std::optional<std::string> number{};
  std::string status = "ACTIVE";  ///< AccountAccountStatus wire value
  bool manual = false;
  double balance = 0;
  std::string currency = "USD";
  bool include_in_net_worth = true;
  std::optional<std::string> valuation_type{};  ///< real estate: SYSTEM or MANUAL
  std::optional<std::string> street{}, city{}, state{}, zip{};
  std::optional<std::string> nickname{};
  std::optional<std::string> memo{};
  Time created_at{};
  Time updated_at{};
  std::string request_id{};  ///< the refresh that last updated it, if any

  /// Loans, cards and other liabilities count against net worth.
  bool is_asset() const {
    return container != "creditCard" && container != "loan" && container != "otherLiabilities";
  }
};

struct Transaction {
  std::int64_t id = 0;
  std::string login_name{};
  std::int64_t account_id = 0;
  std::string container{};
  double amount = 0;  ///< positive; base_type says which way it went
  std::string currency = "USD";
  std::string base_type = "DEBIT";  ///< DEBIT or CREDIT
  std::string description{};
  std::optional<std::string> memo{};
  std::int64_t category_id = 1;
  std::string category_source = "SYSTEM";  ///< USER once a user or a rule recategorized it
  std::string date{};  ///< YYYY-MM-DD
};

/// A transaction category: the service's own (SYSTEM), or a user's (USER), made under a system category.
struct Category {
  std::int64_t id = 0;
  std::string name{};
  std::string type{};  ///< DataExtractsTransactionCategoryType wire value: EXPENSE, INCOME, TRANSFER, ...
  std::string source = "SYSTEM";
  std::int64_t high_level_id = 0;
  std::string high_level_name{};
  std::optional<std::int64_t> parent_id{};  ///< a user category's system parent
  std::optional<std::string> login_name{};  ///< a user category's owner
};

/// A user's categorization rule: transactions matching every clause get the rule's category.
struct Rule {
  std::int64_t id = 0;
  std::string login_name{};
  webapi::finance::CategorizationRule rule{};
  std::int32_t priority = 0;  ///< lower runs first; unset priorities run after set ones, oldest first
  Time created_at{};
};

struct Holding {
  std::int64_t id = 0;
  std::string login_name{};
  std::int64_t account_id = 0;
  std::string symbol{};
  std::string description{};
  std::string holding_type = "stock";
  double quantity = 0;
  double price = 0;
  std::string currency = "USD";
};

struct Statement {
  std::int64_t id = 0;
  std::string login_name{};
  std::int64_t account_id = 0;
  std::string statement_date{};  ///< YYYY-MM-DD
  std::string due_date{};
  double amount_due = 0;
  double minimum_payment = 0;
  bool is_latest = false;
};

struct Document {
  std::string id{};
  std::string login_name{};
  std::int64_t account_id = 0;
  std::string name{};
  std::string doc_type = "STMT";  ///< STMT, TAX or EBILL
  std::string content{};          ///< the bytes; sent base64-encoded
  std::string date{};             ///< YYYY-MM-DD
};

/// The cobrand's subscription to an event (REFRESH, DATA_UPDATES, AUTO_REFRESH_UPDATES).
struct Subscription {
  std::string event_name{};
  std::string callback_url{};
  Time created_at{};
  Time updated_at{};
};

/// A notification the service would POST to a subscriber's callback URL; recorded, not sent.
struct Notification {
  std::uint64_t sequence = 0;
  std::string event_name{};
  std::string callback_url{};
  boost::json::value payload{};
  Time at{};
};

/// A property the fake can value: what evaluateAddress matches and a SYSTEM-valued real estate account
/// is worth.
struct Property {
  std::string street{};
  std::string city{};
  std::string state{};
  std::string zip{};
  double value = 0;
};

/// Something that happened to a user's data, listed by getDataExtractsEvents.
struct DataEvent {
  std::string event_name = "DATA_UPDATES";
  std::string login_name{};
  Time at{};
};

struct State {
  Cobrand cobrand{};
  std::map<std::string, User, std::less<>> users;            ///< by login name
  std::map<std::string, AccessToken, std::less<>> tokens;    ///< by value
  std::map<std::string, Session, std::less<>> sessions;      ///< by value, cobrand and user sessions alike
  std::map<std::string, ApiKey, std::less<>> api_keys;       ///< by key
  std::set<std::string, std::less<>> revoked_jwts;           ///< JWTs revoked with deleteToken
  std::map<std::int64_t, ProviderAccount> provider_accounts;
  std::map<std::int64_t, Account> accounts;
  std::map<std::int64_t, Transaction> transactions;
  std::map<std::int64_t, Category> categories;
  std::map<std::int64_t, Rule> rules;
  std::map<std::int64_t, Holding> holdings;
  std::map<std::int64_t, Statement> statements;
  std::map<std::string, Document, std::less<>> documents;
  std::map<std::string, Subscription, std::less<>> subscriptions;  ///< by event name
  std::vector<Notification> notifications;                        ///< the outbox, oldest first
  std::vector<DataEvent> data_events;
  std::vector<Property> properties;    ///< the fake's valuation source
  std::int64_t next_id = 1;            ///< numbers every record kind, so ids never collide across kinds
  std::uint64_t credentials_issued = 0;  ///< numbers tokens, sessions and keys
  std::uint64_t refreshes = 0;         ///< numbers refresh request ids
};

}  // namespace webapi::fakes::finance
