#pragma once
// What the API-platform fake remembers, as plain values a test can copy and inspect: the users and their
// API keys, and everything an account holds: environments, collections (and forks of them), mocks,
// monitors and their runs, workspaces, webhooks and the collection runs they started, and APIs with their
// versions, schemas and relations.
//
// Every entity has an id; those the service names by uid (collections, environments, mocks, monitors)
// also have a uid, the owner's user id, a dash and the id. Tables are keyed by id. Who may see what is
// access.hpp's.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/store.hpp>

namespace webapi::fakes::api_platform {

/// An account: what GET /me tells about the key's owner.
struct User {
  std::string id{};  ///< decimal, the prefix of the uids of what the user owns
  std::string username{};
  std::string full_name{};
  std::string email{};
  std::uint64_t calls = 0;  ///< calls made with the user's keys
};

/// One variable of an environment.
struct Variable {
  std::string key{};
  std::string value{};
  bool enabled = true;

  friend bool operator==(const Variable&, const Variable&) = default;
};

struct Environment {
  std::string id{}, uid{}, owner{};
  std::string name{};
  std::vector<Variable> values{};
  ManualClock::time_point created_at{}, updated_at{};
};

/// Where a fork came from.
struct ForkOf {
  std::string collection_uid{};  ///< the collection forked
  std::string label{};           ///< the fork's name
};

/// A collection in format v2: its info and its items, kept as sent.
struct Collection {
  std::string id{}, uid{}, owner{};
  std::string name{};
  std::string description{};
  std::string schema_url{};  ///< info.schema: which v2 format it is written in
  boost::json::value items{};  ///< the item array, as sent
  std::optional<ForkOf> fork{};
  ManualClock::time_point created_at{}, updated_at{};
};

struct Mock {
  std::string id{}, uid{}, owner{};
  std::string name{};
  std::string collection{};   ///< the collection's uid
  std::string environment{};  ///< an environment's uid, or empty
  bool published = false;     ///< reachable without an API key
  std::string mock_url{};
};

/// One run of a monitor, started by POST /monitors/{uid}/run.
struct MonitorRun {
  std::uint64_t sequence = 0;
  ManualClock::time_point at{};
};

struct Monitor {
  std::string id{}, uid{}, owner{};
  std::string name{};
  std::string collection{};   ///< the collection's uid
  std::string environment{};  ///< an environment's uid, or empty
  std::string cron{};         ///< one of the accepted five-field patterns (cron.hpp)
  std::string timezone{};     ///< a tz database name
  std::vector<MonitorRun> runs{};
};

struct Workspace {
  std::string id{};
  std::string owner{};  ///< the user who made it: a personal workspace is open to them alone
  std::string name{};
  std::string type = "personal";
  std::string description{};
  std::vector<std::string> collections{}, environments{};  ///< uids
  std::vector<std::string> mocks{}, monitors{};            ///< uids
};

/// A webhook that runs a collection when its URL is called.
struct Webhook {
  std::string id{}, uid{}, owner{};
  std::string name{};
  std::string collection{};  ///< the collection's uid
  std::string url{};         ///< webhookUrl: where a caller posts its payload
};

/// A run of a collection started by calling a webhook's URL, with the payload it was called with.
struct CollectionRun {
  std::uint64_t sequence = 0;
  std::string collection{};  ///< the collection's uid
  std::string webhook{};     ///< the webhook's id
  std::string payload{};     ///< the body the URL was called with
  ManualClock::time_point at{};
};

struct Schema {
  std::string id{};
  std::string type{};      ///< openapi3, openapi2, openapi1, raml or graphql
  std::string language{};  ///< json or yaml (graphql for graphql)
  std::string content{};
  std::string created_by{};
  ManualClock::time_point created_at{}, updated_at{};
};

/// An entity linked to an API version as one of the relation types (relations.hpp).
struct Relation {
  std::string type{};       ///< contracttest, integrationtest, documentation, testsuite, environment, mock, monitor
  std::string entity_id{};  ///< as linked: a collection or environment uid, a mock or monitor id
  std::optional<ManualClock::time_point> synced_at{};  ///< the latest sync with the version's schema
};

struct ApiVersion {
  std::string id{};
  std::string api{};  ///< the API's id
  std::string name{};
  Table<Schema> schemas{};
  std::vector<Relation> relations{};
  std::string created_by{};
  ManualClock::time_point created_at{}, updated_at{};
};

struct Api {
  std::string id{};
  std::string name{};
  std::string summary{};
  std::string description{};
  std::string workspace{};
  std::string created_by{};
  Table<ApiVersion> versions{};
  ManualClock::time_point created_at{}, updated_at{};
};

struct State {
  std::map<std::string, User, std::less<>> users;           ///< by id
  std::map<std::string, std::string, std::less<>> api_keys;  ///< key value -> user id
  Table<Environment> environments;
  Table<Collection> collections;
  Table<Mock> mocks;
  Table<Monitor> monitors;
  Table<Workspace> workspaces;
  Table<Webhook> webhooks;
  Table<Api> apis;
  std::vector<CollectionRun> collection_runs;  ///< oldest first
  std::uint64_t ids_issued = 0;                ///< numbers every generated id
  std::uint64_t runs_recorded = 0;             ///< numbers monitor and collection runs
  std::uint64_t keys_issued = 0;
  std::uint64_t users_added = 0;
};

}  // namespace webapi::fakes::api_platform
