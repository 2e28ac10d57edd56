#pragma once
// webapi::fakes::webhooks::CompiledFake: the webhooks fake (fake.hpp) compiled once into the library
// webapi::fakes_webhooks_compiled, for test files that should build in seconds. It answers, seeds and
// inspects as Fake does; the members below are Fake's, documented there.
//
//   webapi::fakes::webhooks::CompiledFake fake;
//   auto demo = fake.seed_demo();                 // HAPIKEY, APP_ID
//   webapi::webhooks::AnyClient client{fake, {.hapikey = fake.add_api_key({.apps = {1234}})}};

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include <webapi/fakes/core/compiled.hpp>
#include <webapi/fakes/webhooks/seeding.hpp>
#include <webapi/fakes/webhooks/state.hpp>

namespace webapi::fakes::webhooks {

class Fake;

/// The webhooks fake, compiled; see the file's introduction.
class CompiledFake : public Compiled<Fake> {
 public:
  CompiledFake() = default;

  // ---- seeding ----------------------------------------------------------------------------------------
  std::int32_t add_app(std::int32_t id = 0);
  std::string add_api_key(ApiKeyGrant g);
  void set_app_secret(std::int32_t app, std::string secret);
  std::string app_secret(std::int32_t app) const;
  bool revoke_api_key(std::string_view value);
  void set_settings(std::int32_t app, Settings s);
  std::int32_t add_subscription(std::int32_t app, Subscription s);

  // ---- events -----------------------------------------------------------------------------------------
  std::size_t trigger(std::int32_t app, std::string_view event_type, boost::json::value payload = {});
  std::vector<Delivery> deliveries() const;
  void clear_deliveries();

  // ---- inspection -------------------------------------------------------------------------------------
  std::optional<Settings> settings(std::int32_t app) const;
  std::optional<Subscription> subscription(std::int32_t app, std::int32_t id) const;
};

}  // namespace webapi::fakes::webhooks

extern template class webapi::fakes::Compiled<webapi::fakes::webhooks::Fake>;
