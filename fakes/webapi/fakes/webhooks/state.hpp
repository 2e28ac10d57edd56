#pragma once
// What the webhooks fake remembers, as plain values a test can copy and inspect: the API keys and the
// apps each may manage; per app its settings (the one target URL and its throttling) and its
// subscriptions and its client secret; and the outbox of event deliveries Fake::trigger recorded, each
// signed with that secret.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include <webapi/core/headers.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/store.hpp>

namespace webapi::fakes::webhooks {

/// How fast deliveries to an app's target URL may go: at most `max_concurrent_requests` per `period`
/// ("SECONDLY" or "ROLLING_MINUTE"). The fake records it with each delivery; it sends nothing, so it
/// never has to slow down.
struct Throttling {
  std::int32_t max_concurrent_requests = 10;
  std::string period = "SECONDLY";

  friend bool operator==(const Throttling&, const Throttling&) = default;
};

/// An app's webhook settings: where its events go.
struct Settings {
  std::string target_url{};  ///< an absolute http or https URL; one per app
  Throttling throttling{};
  ManualClock::time_point created_at{};  ///< when the app was first configured since the last clear
  ManualClock::time_point updated_at{};  ///< the latest configure
};

/// One event type an app is subscribed to.
struct Subscription {
  std::int32_t id = 0;                       ///< assigned by the fake, unique across apps
  std::string event_type{};                  ///< e.g. "contact.creation", a wire value of the module's event type enum
  std::optional<std::string> property_name{};  ///< for *.propertyChange: the one property watched
  std::optional<std::string> object_type_id{};  ///< the CRM object type watched, as the client sends it
  bool active = false;                       ///< created paused unless the request says active
  bool archived = false;                     ///< archived: gone from the API, kept here for inspection
  ManualClock::time_point created_at{};
  ManualClock::time_point updated_at{};
};

/// An app whose webhooks a developer API key may manage.
struct App {
  std::int32_t id = 0;
  std::optional<Settings> settings{};   ///< none until configured, and again after a clear
  Table<Subscription> subscriptions{};  ///< keyed by the decimal id, archived ones included
  std::string client_secret{};          ///< signs the app's deliveries (X-HubSpot-Signature-v3)
};

/// A developer API key, sent as the hapikey query parameter.
struct ApiKey {
  std::string value{};
  std::set<std::int32_t> apps{};  ///< the apps it may manage; any other app is 403
};

/// One event notification the fake would have sent: to which URL, for which subscription, with what.
struct Delivery {
  std::uint64_t sequence = 0;  ///< 1, 2, ... in the order recorded
  std::int32_t app_id = 0;
  std::int32_t subscription_id = 0;
  std::string event_type{};
  std::optional<std::string> property_name{};  ///< the subscription's, when it watches one property
  std::string target_url{};                  ///< the app's settings when the event was triggered
  Throttling throttling{};                   ///< likewise
  boost::json::value payload{};              ///< as given to Fake::trigger
  ManualClock::time_point at{};              ///< the fake clock when triggered
  std::string method = "POST";               ///< how the delivery would be sent to target_url
  std::string body{};                        ///< the payload as JSON text, exactly as signed
  webapi::Headers headers{};                 ///< Content-Type and the v3 signature headers
};

struct State {
  std::map<std::string, ApiKey, std::less<>> api_keys;  ///< by value
  std::map<std::int32_t, App> apps;                     ///< by id
  std::vector<Delivery> deliveries;                     ///< the outbox, oldest first
  std::int32_t subscriptions_created = 0;               ///< numbers subscription ids from 1
  std::int32_t apps_added = 0;                          ///< numbers generated app ids
  std::uint64_t keys_issued = 0;                        ///< numbers generated key values
  std::uint64_t deliveries_recorded = 0;                ///< numbers deliveries; clearing the outbox keeps it
};

}  // namespace webapi::fakes::webhooks
