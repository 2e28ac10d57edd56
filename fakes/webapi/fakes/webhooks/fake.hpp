#pragma once
// webapi::fakes::webhooks::Fake: the webhook-subscription service in memory, as a webapi::Transport.
//
//   namespace wh = webapi::webhooks;
//   webapi::fakes::webhooks::Fake fake;
//   std::string key = fake.add_api_key({.apps = {1234}});
//   wh::Client webhooks{fake, {.hapikey = key}};
//   webhooks.settings_configure(1234, {{.target_url = "https://example.com/hooks",
//                                       .throttling = {.max_concurrent_requests = 10}}});
//   webhooks.subscriptions_create(
//       1234, {{.active = true, .event_type = wh::SubscriptionCreateRequestEventType::contact_creation}});
//   fake.trigger(1234, "contact.creation", {{"objectId", 42}});
//   fake.deliveries();  // one delivery, to https://example.com/hooks
//
// Developer API keys (the hapikey query parameter) manage apps; each app has at most one settings
// record (its target URL and throttling) and any number of subscriptions to event types. Every call
// needs a key that may manage the app in its path: 401 without a working key, 403 for another app
// (hapikey.hpp). The fake is declared against the webhooks module: each handler is registered by the
// operation's name, request bodies are decoded into the module's request models and answers encoded from
// its response models (models.hpp), so a body that breaks the model is 400 naming the member at fault and
// the answers have the description's shape, widened where the current service is (specs/overlays); every
// error answer has the description's Error shape (errors.hpp). All nine operations of the API are
// modeled. Events never leave the process: trigger() records deliveries in an outbox (events.hpp), each
// signed with the app's client secret (set_app_secret) the way the service signs them.
// State lives in plain structs (state.hpp) behind one mutex, so one fake serves many threads. The
// journal, the route list, the clock, fault injection, snapshot() and inspect() come from FakeBase
// (core/fake_base.hpp).

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/webhooks/service.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/fake_base.hpp>
#include <webapi/fakes/core/router.hpp>
#include <webapi/fakes/webhooks/batch_handlers.hpp>
#include <webapi/fakes/webhooks/call.hpp>
#include <webapi/fakes/webhooks/errors.hpp>
#include <webapi/fakes/webhooks/events.hpp>
#include <webapi/fakes/webhooks/hapikey.hpp>
#include <webapi/fakes/webhooks/ids.hpp>
#include <webapi/fakes/webhooks/models.hpp>
#include <webapi/fakes/webhooks/settings_handlers.hpp>
#include <webapi/fakes/webhooks/seeding.hpp>
#include <webapi/fakes/webhooks/state.hpp>
#include <webapi/fakes/webhooks/subscription_handlers.hpp>
#include <webapi/fakes/webhooks/target_url.hpp>

namespace webapi::fakes::webhooks {

class Fake : public FakeBase<Fake, Call, State> {
  friend FakeBase;

 public:
  /// The module it fakes, as a service sees it (verify() reads its answers' models from it).
  using service_type = webapi::webhooks::service;

  Fake() {
    register_routes();
    // Every refusal in the description's Error shape (errors.hpp), each with a correlation id of its own.
    dispatcher_.set_error_format([this](int status, std::string_view message, boost::json::object extra) {
      return described_error(status, message, extra, uuid_like(++errors_answered_, "webhooks-correlation"));
    });
    reset_locked();
  }

  // ---- seeding ----------------------------------------------------------------------------------------

  /// Adds the app `id` (nothing changes if it exists), or with 0 a fresh one (1000001, 1000002, ...).
  /// Returns its id.
  std::int32_t add_app(std::int32_t id = 0) {
    std::lock_guard lock(mutex_);
    return add_app_locked(id);
  }

  /// Issues a key that may manage `g.apps` (adding those that are new); returns its value.
  std::string add_api_key(ApiKeyGrant g) {
    std::lock_guard lock(mutex_);
    ApiKey k;
    k.value = g.value.empty() ? uuid_like(++state_.keys_issued, "webhooks-hapikey") : std::move(g.value);
    for (std::int32_t app : g.apps) k.apps.insert(add_app_locked(app));
    std::string value = k.value;
    state_.api_keys[value] = std::move(k);
    return value;
  }

  /// Sets the client secret the app's deliveries are signed with (each app starts with one of its own,
  /// see app_secret). Throws std::invalid_argument for an unknown app or an empty secret.
  void set_app_secret(std::int32_t app, std::string secret) {
    std::lock_guard lock(mutex_);
    if (secret.empty()) throw std::invalid_argument("webhooks fake: an app's client secret cannot be empty");
    require_app(app).client_secret = std::move(secret);
  }

  /// The client secret the app's deliveries are signed with. Throws std::invalid_argument for an unknown app.
  std::string app_secret(std::int32_t app) const {
    std::lock_guard lock(mutex_);
    auto it = state_.apps.find(app);
    if (it == state_.apps.end())
      throw std::invalid_argument("webhooks fake: no app " + std::to_string(app) + "; add it with add_app first");
    return it->second.client_secret;
  }

  /// The key stops working (401). False for a key the fake does not know.
  bool revoke_api_key(std::string_view value) {
    std::lock_guard lock(mutex_);
    auto it = state_.api_keys.find(value);
    if (it == state_.api_keys.end()) return false;
    state_.api_keys.erase(it);
    return true;
  }

  /// Sets the app's settings as a configure call would; unset timestamps become the clock's now.
  /// Throws std::invalid_argument for an unknown app or a URL the service would refuse: a test mistake.
  void set_settings(std::int32_t app, Settings s) {
    std::lock_guard lock(mutex_);
    App& a = require_app(app);
    if (!is_deliverable_url(s.target_url))
      throw std::invalid_argument("webhooks fake: '" + s.target_url + "' is not an absolute http(s) URL");
    if (!is_throttling_period(s.throttling.period))
      throw std::invalid_argument("webhooks fake: no throttling period '" + s.throttling.period + "'");
    if (s.created_at == ManualClock::time_point{}) s.created_at = clock_.now();
    if (s.updated_at == ManualClock::time_point{}) s.updated_at = s.created_at;
    a.settings = std::move(s);
  }

  /// Adds a subscription to the app as a create call would (its id, timestamps and archived flag are
  /// the fake's to set); returns its id. Throws std::invalid_argument for an unknown app or event type.
  std::int32_t add_subscription(std::int32_t app, Subscription s) {
    std::lock_guard lock(mutex_);
    App& a = require_app(app);
    require_event_type(s.event_type);
    return webhooks::add_subscription(state_, a, std::move(s), clock_.now()).id;
  }

  // ---- events -----------------------------------------------------------------------------------------

  /// An event of `event_type` occurs for `app`: records a delivery of `payload` for each subscription it
  /// goes to (see events.hpp) and returns how many. Throws std::invalid_argument for an unknown app or
  /// event type.
  std::size_t trigger(std::int32_t app, std::string_view event_type, boost::json::value payload = {}) {
    std::lock_guard lock(mutex_);
    const App& a = require_app(app);
    require_event_type(event_type);
    return record_deliveries(state_, a, event_type, payload, clock_.now());
  }

  /// The outbox: every delivery recorded, oldest first.
  std::vector<Delivery> deliveries() const {
    std::lock_guard lock(mutex_);
    return state_.deliveries;
  }
  /// Empties the outbox; delivery numbers carry on.
  void clear_deliveries() {
    std::lock_guard lock(mutex_);
    state_.deliveries.clear();
  }

  // ---- inspection (copies, taken under the lock) ------------------------------------------------------

  /// The app's settings; nullopt when none are configured or the app is unknown.
  std::optional<Settings> settings(std::int32_t app) const {
    return inspect([&](const State& s) -> std::optional<Settings> {
      auto it = s.apps.find(app);
      if (it == s.apps.end()) return std::nullopt;
      return it->second.settings;
    });
  }
  /// The subscription `id` of `app`, archived ones included.
  std::optional<Subscription> subscription(std::int32_t app, std::int32_t id) const {
    return inspect([&](const State& s) -> std::optional<Subscription> {
      auto it = s.apps.find(app);
      if (it == s.apps.end()) return std::nullopt;
      if (const Subscription* sub = it->second.subscriptions.find(subscription_key(id))) return *sub;
      return std::nullopt;
    });
  }

 private:
  Call make_call(const Route&, const Request& request, Captures&& captures) {
    App& app = authorized_app(state_, request, captures.get("appId").value_or(""));
    return Call{state_, request, app, std::move(captures), clock_.now()};
  }

  std::int32_t add_app_locked(std::int32_t id) {
    if (id == 0) id = first_generated_app_id + state_.apps_added++;
    App& a = state_.apps[id];
    a.id = id;
    if (a.client_secret.empty()) a.client_secret = uuid_like(static_cast<std::uint64_t>(id), "webhooks-client-secret");
    return id;
  }

  App& require_app(std::int32_t id) {
    auto it = state_.apps.find(id);
    if (it == state_.apps.end())
      throw std::invalid_argument("webhooks fake: no app " + std::to_string(id) + "; add it with add_app first");
    return it->second;
  }

  static void require_event_type(std::string_view event_type) {
    if (!is_event_type(event_type))
      throw std::invalid_argument("webhooks fake: no event type '" + std::string(event_type) + "'");
  }

  /// Back to a fresh fake: no keys, apps, subscriptions or deliveries; ids start over; an empty journal;
  /// no faults; the clock at its start.
  void reset_locked() {
    errors_answered_ = 0;
    reset_common();
  }

  void register_routes() {
    namespace h = handlers;
    declare<webapi::webhooks::service>()
        .on<"settings_get_all">(h::get_settings)
        .on<"settings_configure">(h::configure_settings)
        .on<"settings_clear">(h::clear_settings)
        .on<"subscriptions_get_all">(h::list_subscriptions)
        .on<"subscriptions_create">(h::create_subscription)
        .on<"subscriptions_update_batch">(h::update_subscriptions_batch)
        .on<"subscriptions_get_by_id">(h::get_subscription)
        .on<"subscriptions_update">(h::update_subscription)
        .on<"subscriptions_archive">(h::archive_subscription);
  }

  std::uint64_t errors_answered_ = 0;  ///< numbers the correlation ids of error answers; under mutex_
};

static_assert(webapi::Transport<Fake>);

}  // namespace webapi::fakes::webhooks
