#pragma once
// seed_demo(fake): a small data set to try the webhooks API on, e.g. behind `webapi-fake-server --seed demo`.
//
// What it adds:
//   app            1000001, managed by the key HAPIKEY
//   settings       target URL https://hooks.example.com/hubspot, at most 10 requests SECONDLY
//   subscriptions  1: contact.creation, active
//                  2: contact.propertyChange of the property "email", paused
// and returns the credentials as NAME=VALUE pairs, in that order: HAPIKEY, APP_ID.

#include <string>
#include <utility>
#include <vector>

#include <webapi/fakes/webhooks/fake.hpp>

namespace webapi::fakes::webhooks {

inline std::vector<std::pair<std::string, std::string>> seed_demo(Fake& fake) {
  const std::int32_t app = fake.add_app();
  const std::string key = fake.add_api_key({.apps = {app}});
  fake.set_settings(app, {.target_url = "https://hooks.example.com/hubspot",
                          .throttling = {.max_concurrent_requests = 10, .period = "SECONDLY"}});
  fake.add_subscription(app, {.event_type = "contact.creation", .active = true});
  fake.add_subscription(app, {.event_type = "contact.propertyChange", .property_name = "email"});
  return {{"HAPIKEY", key}, {"APP_ID", std::to_string(app)}};
}

}  // namespace webapi::fakes::webhooks
