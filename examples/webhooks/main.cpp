// The webhook subscriptions of an app.
//
//   example-webhooks                                             against the in-memory fake, with demo data
//   WEBHOOKS_HAPIKEY=... WEBHOOKS_APP_ID=... example-webhooks    against the service
//
// Written once over AnyClient, which takes the fake and the real transport alike, and linked with the compiled
// libraries webapi::webhooks_compiled and webapi::fakes_webhooks_compiled, so that this file compiles neither
// the client's methods nor the fake (docs/packaging.md, "Which targets to link").
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include <webapi/fakes/webhooks/compiled.hpp>
#include <webapi/transport.hpp>
#include <webapi/webhooks.hpp>

int print_subscriptions(webapi::AnyTransport transport, webapi::webhooks::Config config, std::int32_t app_id) {
  webapi::webhooks::AnyClient webhooks{transport, std::move(config)};
  auto subscriptions = webhooks.subscriptions_get_all(app_id);
  if (!subscriptions) {
    std::cerr << subscriptions.error() << "\n";
    return 1;
  }
  for (const auto& s : subscriptions->results)
    std::cout << "subscription " << s.id << (s.active ? " active" : " paused")
              << (s.property_name ? ", property " + *s.property_name : std::string()) << "\n";
  return 0;
}

int main() {
  const char* key = std::getenv("WEBHOOKS_HAPIKEY");
  const char* app = std::getenv("WEBHOOKS_APP_ID");
  if (key && *key && app && *app) {
    webapi::BeastTransport http;
    return print_subscriptions(http, {.hapikey = key}, static_cast<std::int32_t>(std::stol(app)));
  }
  webapi::fakes::webhooks::CompiledFake fake;
  auto credentials = fake.seed_demo();  // HAPIKEY, APP_ID
  return print_subscriptions(fake, {.hapikey = credentials.at(0).second},
                             static_cast<std::int32_t>(std::stol(credentials.at(1).second)));
}
