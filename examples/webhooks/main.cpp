// The webhook subscriptions of an app.
//
//   example-webhooks                                             against the in-memory fake, with demo data
//   WEBHOOKS_HAPIKEY=... WEBHOOKS_APP_ID=... example-webhooks    against the service
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include <webapi/fakes/webhooks.hpp>
#include <webapi/transport.hpp>
#include <webapi/webhooks.hpp>

template <webapi::Transport T>
int print_subscriptions(T& transport, webapi::webhooks::Config config, std::int32_t app_id) {
  webapi::webhooks::Client webhooks{transport, std::move(config)};
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
  webapi::fakes::webhooks::Fake fake;
  auto credentials = webapi::fakes::webhooks::seed_demo(fake);  // HAPIKEY, APP_ID
  return print_subscriptions(fake, {.hapikey = credentials.at(0).second},
                             static_cast<std::int32_t>(std::stol(credentials.at(1).second)));
}
