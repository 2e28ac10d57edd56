#pragma once
// Event subscriptions and what the fake records for them.
//
// The cobrand subscribes a callback URL to an event (REFRESH, DATA_UPDATES, AUTO_REFRESH_UPDATES); the
// /cobrand/config and /configs paths are two names for the same subscriptions. An absent or invalid
// callback URL (not an absolute http or https URL) fails the subscription. A notification the service would
// POST to a subscriber is recorded in State::notifications, for the test to read (Fake::notifications);
// only a served fake also POSTs it, and only to a loopback callback URL (loopback_delivery.hpp). A refresh
// started with editCredentialsOrRefreshProviderAccount notifies REFRESH subscribers, and records a
// DATA_UPDATES data-extract event for the user, which getDataExtractsEvents lists for a window of at most
// the last 7 days.

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>

#include <webapi/core/wire_enum.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/finance/call.hpp>
#include <webapi/fakes/finance/models.hpp>

namespace webapi::fakes::finance {

/// An absolute http or https URL with a host and no spaces: the callback URLs the fake accepts.
inline bool is_callback_url(std::string_view url) {
  std::string_view rest;
  if (url.starts_with("https://")) rest = url.substr(8);
  else if (url.starts_with("http://")) rest = url.substr(7);
  else return false;
  std::string_view host = rest.substr(0, rest.find_first_of("/?#"));
  if (host.empty() || host.front() == ':') return false;
  for (char ch : url)
    if (static_cast<unsigned char>(ch) <= 0x20) return false;
  return true;
}

/// Records a notification of `event_name` with `payload` for its subscriber, if there is one.
inline void notify(State& s, std::string_view event_name, boost::json::value payload, Time now) {
  auto sub = s.subscriptions.find(event_name);
  if (sub == s.subscriptions.end()) return;
  Notification n;
  n.sequence = s.notifications.size() + 1;
  n.event_name = std::string(event_name);
  n.callback_url = sub->second.callback_url;
  n.payload = std::move(payload);
  n.at = now;
  s.notifications.push_back(std::move(n));
}

/// "YYYY-MM-DDTHH:MM:SSZ" (or a bare date, meaning its start) as a time; 400 naming `name` otherwise.
inline Time parse_timestamp(std::string_view text, std::string_view name) {
  int y = 0;
  unsigned mo = 0, d = 0, h = 0, mi = 0, sec = 0;
  const std::string t(text);
  int read = std::sscanf(t.c_str(), "%4d-%2u-%2uT%2u:%2u:%2u", &y, &mo, &d, &h, &mi, &sec);
  std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(mo), std::chrono::day(d)};
  if ((read != 3 && read != 6) || !ymd.ok() || h > 23 || mi > 59 || sec > 59)
    invalid_value(name, "expected a time as YYYY-MM-DDTHH:MM:SSZ, got '" + t + "'");
  return Time(std::chrono::sys_days(ymd)) + std::chrono::hours(h) + std::chrono::minutes(mi) +
         std::chrono::seconds(sec);
}

/// The subscribable event a path names; 400 otherwise.
inline std::string event_in_path(const Call& c) {
  std::string name(c.captures.get("eventName").value_or(""));
  if (!webapi::from_wire<fin::CobrandNotificationEventName>(name))
    invalid_value("eventName", "'" + name + "' is not REFRESH, DATA_UPDATES or AUTO_REFRESH_UPDATES");
  return name;
}

inline std::string checked_callback(const webapi::Optional<std::string>& url) {
  if (!url || url->empty()) yodlee_error(400, "Y803", "callbackUrl required");
  if (!is_callback_url(*url)) invalid_value("callbackUrl", "'" + *url + "' is not an absolute http or https URL");
  return *url;
}

namespace handlers {

/// POST .../notifications/events/{eventName}, for either body model (they have the same members).
template <class Body>
Response create_subscription(Call& c, const Body& body) {
  std::string name = event_in_path(c);
  std::string url = checked_callback(body.event.callback_url);
  if (c.state.subscriptions.contains(name)) yodlee_error(400, "Y811", "a subscription to " + name + " already exists");
  c.state.subscriptions[name] = Subscription{name, url, c.now, c.now};
  return created();
}

/// PUT .../notifications/events/{eventName}
template <class Body>
Response update_subscription(Call& c, const Body& body) {
  std::string name = event_in_path(c);
  auto it = c.state.subscriptions.find(name);
  if (it == c.state.subscriptions.end()) resource_not_found("subscription to " + name);
  it->second.callback_url = checked_callback(body.event.callback_url);
  it->second.updated_at = c.now;
  return no_content();
}

/// DELETE .../notifications/events/{eventName}
inline Response delete_subscription(Call& c) {
  std::string name = event_in_path(c);
  if (!c.state.subscriptions.erase(name)) resource_not_found("subscription to " + name);
  return no_content();
}

/// GET .../notifications/events, for either answer model.
template <class Answer>
Response list_subscriptions(Call& c) {
  auto only = c.params.non_empty("eventName");
  Answer r;
  r.event.emplace();
  for (const auto& [name, s] : c.state.subscriptions)
    if (!only || *only == name) {
      auto& e = r.event->emplace_back();
      e.name = wire<fin::CobrandNotificationEventName>(name);
      e.callback_url = s.callback_url;
    }
  return model_response(r);
}

/// GET /dataExtracts/events
inline Response get_data_extracts_events(Call& c) {
  std::string name = c.params.required("eventName");
  if (name != "DATA_UPDATES") invalid_value("eventName", "data extracts list DATA_UPDATES events");
  const std::string from_text = c.params.required("fromDate"), to_text = c.params.required("toDate");
  Time from = parse_timestamp(from_text, "fromDate"), to = parse_timestamp(to_text, "toDate");
  if (from > c.now) invalid_value("fromDate", "fromDate cannot be greater than current time");
  if (to > c.now) invalid_value("toDate", "toDate cannot be greater than current time");
  if (from > to) invalid_value("fromDate", "fromDate cannot be greater than toDate");
  if (c.now - from > std::chrono::days(7)) invalid_value("fromDate", "fromDate cannot be older than 7 days");
  std::vector<std::string> users;
  for (const DataEvent& e : c.state.data_events)
    if (e.event_name == name && e.at >= from && e.at <= to &&
        std::find(users.begin(), users.end(), e.login_name) == users.end())
      users.push_back(e.login_name);
  fin::DataExtractsEventData data;
  data.from_date = from_text;
  data.to_date = to_text;
  data.user_count = static_cast<std::int32_t>(users.size());
  data.user_data.emplace();
  for (const std::string& login : users) {
    fin::DataExtractsEventUserData u;
    u.user = fin::DataExtractsUser{login};
    fin::DataExtractsEventLinks link;
    link.href = "/dataExtracts/userData?fromDate=" + from_text + "&toDate=" + to_text + "&loginName=" + login;
    link.method_type = "GET";
    link.rel = "getUserData";
    u.links = std::vector<fin::DataExtractsEventLinks>{std::move(link)};
    data.user_data->push_back(std::move(u));
  }
  fin::DataExtractsEvent event;
  event.info = "DATA_UPDATES.USER_DATA";
  event.data = std::move(data);
  return model_response(fin::DataExtractsEventResponse{std::move(event)});
}

}  // namespace handlers
}  // namespace webapi::fakes::finance
