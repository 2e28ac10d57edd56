#pragma once
// The API-platform fake's state as JSON, for GET /__webapi/snapshot.

#include <boost/json.hpp>

#include <webapi/fakes/api_platform/state.hpp>
#include <webapi/fakes/core/state_json.hpp>

namespace webapi::fakes::api_platform {

inline boost::json::value state_to_json(const State& s) {
  namespace j = state_json;
  boost::json::object users;
  for (const auto& [id, u] : s.users)
    users[id] = boost::json::object{{"username", u.username}, {"full_name", u.full_name}, {"email", u.email},
                                    {"calls", u.calls}};
  boost::json::object keys;
  for (const auto& [key, user] : s.api_keys) keys[key] = user;
  auto owned = [](const auto& e) { return boost::json::object{{"id", e.id}, {"uid", e.uid}, {"name", e.name}}; };
  auto environments = j::table(s.environments, [&](const Environment& e) {
    boost::json::object o = owned(e);
    boost::json::array values;
    for (const Variable& v : e.values)
      values.push_back(boost::json::object{{"key", v.key}, {"value", v.value}, {"enabled", v.enabled}});
    o["values"] = std::move(values);
    return o;
  });
  auto collections = j::table(s.collections, [&](const Collection& c) {
    boost::json::object o = owned(c);
    o["schema"] = c.schema_url;
    o["items"] = c.items;
    if (c.fork) o["fork"] = boost::json::object{{"from", c.fork->collection_uid}, {"label", c.fork->label}};
    return o;
  });
  auto mocks = j::table(s.mocks, [&](const Mock& m) {
    boost::json::object o = owned(m);
    o["collection"] = m.collection;
    o["environment"] = m.environment;
    o["published"] = m.published;
    return o;
  });
  auto monitors = j::table(s.monitors, [&](const Monitor& m) {
    boost::json::object o = owned(m);
    o["collection"] = m.collection;
    o["cron"] = m.cron;
    o["timezone"] = m.timezone;
    o["runs"] = m.runs.size();
    return o;
  });
  auto workspaces = j::table(s.workspaces, [](const Workspace& w) {
    return boost::json::object{{"id", w.id},
                               {"owner", w.owner},
                               {"name", w.name},
                               {"type", w.type},
                               {"collections", j::strings(w.collections)},
                               {"environments", j::strings(w.environments)},
                               {"mocks", j::strings(w.mocks)},
                               {"monitors", j::strings(w.monitors)}};
  });
  auto webhooks = j::table(s.webhooks, [&](const Webhook& w) {
    boost::json::object o = owned(w);
    o["collection"] = w.collection;
    o["webhookUrl"] = w.url;
    return o;
  });
  auto apis = j::table(s.apis, [](const Api& a) {
    auto versions = j::table(a.versions, [](const ApiVersion& v) {
      auto schemas = j::table(v.schemas, [](const Schema& sc) {
        return boost::json::object{{"id", sc.id}, {"type", sc.type}, {"language", sc.language}};
      });
      boost::json::array relations;
      for (const Relation& r : v.relations)
        relations.push_back(boost::json::object{{"type", r.type}, {"entity", r.entity_id},
                                                {"synced", r.synced_at ? j::time(*r.synced_at) : nullptr}});
      return boost::json::object{{"id", v.id}, {"name", v.name}, {"schemas", std::move(schemas)},
                                 {"relations", std::move(relations)}};
    });
    return boost::json::object{{"id", a.id}, {"name", a.name}, {"versions", std::move(versions)}};
  });
  boost::json::array runs;
  for (const CollectionRun& r : s.collection_runs)
    runs.push_back(boost::json::object{{"sequence", r.sequence}, {"collection", r.collection},
                                       {"webhook", r.webhook}, {"payload", r.payload}, {"at", j::time(r.at)}});
  return boost::json::object{{"users", std::move(users)},           {"api_keys", std::move(keys)},
                             {"environments", std::move(environments)}, {"collections", std::move(collections)},
                             {"mocks", std::move(mocks)},           {"monitors", std::move(monitors)},
                             {"workspaces", std::move(workspaces)}, {"webhooks", std::move(webhooks)},
                             {"apis", std::move(apis)},             {"collection_runs", std::move(runs)}};
}

}  // namespace webapi::fakes::api_platform
