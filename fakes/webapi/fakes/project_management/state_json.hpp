#pragma once
// The project-management fake's state as JSON, for GET /__webapi/snapshot. Records kept as the module's
// models appear in their wire shape.

#include <string>

#include <boost/json.hpp>

#include <webapi/core/json.hpp>
#include <webapi/fakes/project_management/state.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::project_management {

namespace detail {
/// A module model in its wire shape.
template <class Model>
boost::json::value wire(const Model& m) {
  return boost::json::parse(webapi::fakes::encode_answer(m));
}

inline boost::json::object record_json(const Project& p) {
  boost::json::object o{{"id", p.id}, {"smart", p.smart}, {"name", p.name}, {"status", p.status}};
  if (p.external_id) o["external_id"] = *p.external_id;
  if (p.client_id) o["client_id"] = *p.client_id;
  boost::json::array payables, receivables;
  for (const auto& [id, charge] : p.payables) payables.push_back(wire(charge));
  for (const auto& [id, charge] : p.receivables) receivables.push_back(wire(charge));
  o["payables"] = std::move(payables);
  o["receivables"] = std::move(receivables);
  return o;
}
}  // namespace detail

inline boost::json::value state_to_json(const State& s) {
  boost::json::object keys;
  for (const auto& [value, id] : s.api_keys) keys[value] = boost::json::object{{"name", id.name}, {"locale", id.locale}};
  boost::json::array projects, quotes, jobs;
  for (const auto& [id, p] : s.projects) projects.push_back(detail::record_json(p));
  for (const auto& [id, q] : s.quotes) quotes.push_back(detail::record_json(q));
  for (const auto& [id, j] : s.jobs) {
    boost::json::object o{{"id", j.id}, {"project_id", j.project_id}, {"name", j.name}, {"status", j.status},
                          {"dates_set", j.dates_set}};
    if (j.vendor_id) o["vendor_id"] = *j.vendor_id;
    if (j.vendor_price_profile_id) o["vendor_price_profile_id"] = *j.vendor_price_profile_id;
    if (j.external_id) o["external_id"] = *j.external_id;
    jobs.push_back(std::move(o));
  }
  boost::json::object dictionaries;
  for (const auto& [type, values] : s.dictionaries) {
    boost::json::array a;
    for (const auto& v : values) {
      boost::json::object names;
      for (const auto& [locale, name] : v.names) names[locale] = name;
      boost::json::object o{{"id", v.id}, {"names", std::move(names)}, {"active", v.active}, {"default", v.is_default}};
      if (v.symbol) o["symbol"] = *v.symbol;
      a.push_back(std::move(o));
    }
    dictionaries[type] = std::move(a);
  }
  boost::json::object rates;
  for (const auto& [iso, list] : s.exchange_rates) {
    boost::json::array a;
    for (const auto& r : list) a.push_back(detail::wire(r.rate));
    rates[iso] = std::move(a);
  }
  boost::json::array clients, persons, views, invoices, subscriptions;
  for (const auto& [id, c] : s.clients) clients.push_back(detail::wire(c));
  for (const auto& [id, p] : s.persons) persons.push_back(detail::wire(p));
  boost::json::array tasks, providers, groups, price_profiles;
  for (const auto& [id, t] : s.tasks) {
    boost::json::array files;
    for (const auto& f : t.files) files.push_back(detail::wire(f));
    tasks.push_back(boost::json::object{{"task", detail::wire(t.task)}, {"files", std::move(files)}});
  }
  for (const auto& [id, p] : s.providers) providers.push_back(detail::wire(p));
  for (const auto& [id, provider] : s.vendor_price_profiles)
    price_profiles.push_back(boost::json::object{{"id", id}, {"provider_id", provider}});
  for (const auto& [id, g] : s.project_groups) groups.push_back(boost::json::object{{"id", id}, {"name", g.name}});
  for (const auto& [id, v] : s.views)
    views.push_back(boost::json::object{{"id", id}, {"class_name", v.class_name}, {"view", detail::wire(v.view)}});
  for (const auto& [id, inv] : s.invoices) {
    boost::json::array payments;
    for (auto p : inv.payment_ids) {
      boost::json::value payment = detail::wire(s.payments.at(p).payment);
      payment.as_object()["id"] = p;
      payments.push_back(std::move(payment));
    }
    invoices.push_back(boost::json::object{{"invoice", detail::wire(inv.invoice)}, {"payments", std::move(payments)}});
  }
  for (const auto& [id, sub] : s.subscriptions) {
    boost::json::value v = detail::wire(sub.subscription);
    v.as_object()["subscriptionId"] = id;
    subscriptions.push_back(std::move(v));
  }
  return boost::json::object{{"api_keys", std::move(keys)},         {"projects", std::move(projects)},
                             {"quotes", std::move(quotes)},         {"jobs", std::move(jobs)},
                             {"dictionaries", std::move(dictionaries)}, {"exchange_rates", std::move(rates)},
                             {"clients", std::move(clients)},
                             {"persons", std::move(persons)},       {"views", std::move(views)},
                             {"tasks", std::move(tasks)},           {"providers", std::move(providers)},
                             {"vendor_price_profiles", std::move(price_profiles)},
                             {"project_groups", std::move(groups)},       {"invoices", std::move(invoices)},
                             {"subscriptions", std::move(subscriptions)}, {"hooks_supported", s.hooks_supported}};
}

}  // namespace webapi::fakes::project_management
