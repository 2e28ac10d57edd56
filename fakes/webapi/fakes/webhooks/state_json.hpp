#pragma once
// The webhooks fake's state as JSON, for GET /__webapi/snapshot.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <webapi/fakes/core/state_json.hpp>
#include <webapi/fakes/webhooks/state.hpp>
#include <webapi/webhooks/signature.hpp>

namespace webapi::fakes::webhooks {

inline boost::json::value state_to_json(const State& s) {
  namespace j = state_json;
  auto throttling = [](const Throttling& t) {
    return boost::json::object{{"max_concurrent_requests", t.max_concurrent_requests}, {"period", t.period}};
  };
  boost::json::object keys;
  for (const auto& [value, key] : s.api_keys) {
    boost::json::array apps;
    for (auto id : key.apps) apps.emplace_back(id);
    keys[value] = boost::json::object{{"apps", std::move(apps)}};
  }
  boost::json::array apps;
  for (const auto& [id, app] : s.apps) {
    boost::json::object o{{"id", id}, {"settings", nullptr}};
    if (app.settings)
      o["settings"] = boost::json::object{{"target_url", app.settings->target_url},
                                          {"throttling", throttling(app.settings->throttling)},
                                          {"created_at", j::time(app.settings->created_at)},
                                          {"updated_at", j::time(app.settings->updated_at)}};
    o["subscriptions"] = j::table(app.subscriptions, [](const Subscription& sub) {
      boost::json::object so{{"id", sub.id},           {"event_type", sub.event_type}, {"active", sub.active},
                             {"archived", sub.archived}, {"created_at", j::time(sub.created_at)},
                             {"updated_at", j::time(sub.updated_at)}};
      if (sub.property_name) so["property_name"] = *sub.property_name;
      return so;
    });
    apps.push_back(std::move(o));
  }
  boost::json::array deliveries;
  for (const auto& d : s.deliveries)
    deliveries.push_back(boost::json::object{{"sequence", d.sequence},     {"app_id", d.app_id},
                                             {"subscription_id", d.subscription_id}, {"event_type", d.event_type},
                                             {"target_url", d.target_url}, {"payload", d.payload},
                                             {"at", j::time(d.at)}, {"method", d.method},
                                             {"signature", d.headers.get(webapi::webhooks::signature_v3_header).value_or("")},
                                             {"timestamp", d.headers.get(webapi::webhooks::request_timestamp_header).value_or("")}});
  return boost::json::object{{"api_keys", std::move(keys)}, {"apps", std::move(apps)},
                             {"deliveries", std::move(deliveries)}};
}

}  // namespace webapi::fakes::webhooks
