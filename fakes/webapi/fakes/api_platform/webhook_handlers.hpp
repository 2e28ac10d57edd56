#pragma once
// Webhooks that run a collection: creating one answers its webhookUrl; a POST to that URL (with any
// payload, and no API key: the URL is the secret) records a run of the collection (State::collection_runs).
// The fake routes the URL's path itself, so a served fake runs the collection when the URL's path is
// posted to it; in process, Fake::call_webhook does the same.

#include <string>
#include <string_view>

#include <webapi/api_platform/models.hpp>
#include <webapi/fakes/api_platform/access.hpp>
#include <webapi/fakes/api_platform/call.hpp>
#include <webapi/fakes/api_platform/workspace_membership.hpp>
#include <webapi/fakes/core/operations.hpp>

namespace webapi::fakes::api_platform {

/// Where webhook URLs point: the service's collection runner. Its path is /run/{owner}/{webhook id}.
inline constexpr std::string_view webhook_base_url = "https://newman-api.getpostman.com";
inline constexpr std::string_view webhook_run_route = "/run/{owner}/{webhook_id}";
inline constexpr std::string_view webhook_run_operation = "webhook_run";

/// Records a run of the webhook's collection with `payload`; returns it.
inline const CollectionRun& run_webhook(State& s, const Webhook& w, std::string payload, ManualClock::time_point now) {
  s.collection_runs.push_back({++s.runs_recorded, w.collection, w.id, std::move(payload), now});
  return s.collection_runs.back();
}

namespace handlers {

namespace ap = webapi::api_platform;

inline Response create_webhook(Call& c, const ap::CreateWebhookRequest& body) {
  Workspace* w = workspace_in_query(c);
  if (!body.webhook) invalid("webhook", "'webhook' is required");
  const std::string& target = required(body.webhook->collection, "webhook.collection");
  const Collection* col = open_by_uid_or_id(c, c.state.collections, target);
  if (!col) invalid("webhook.collection", "'webhook.collection': collection '" + target + "' not found");
  Webhook h;
  h.name = required(body.webhook->name, "webhook.name");
  h.collection = col->uid;
  h.id = new_id(c.state, "webhook");
  h.owner = c.caller().id;
  h.uid = uid_of(h.owner, h.id);
  h.url = std::string(webhook_base_url) + "/run/" + h.owner + "/" + h.id;
  (void)w;  // the service files a webhook under the workspace; it holds no list of them
  const Webhook& made = c.state.webhooks.put(std::move(h));
  return model_response(ap::CreateWebhookResponse{ap::Webhook{
      .id = made.id, .name = made.name, .collection = made.collection, .webhook_url = made.url, .uid = made.uid}});
}

/// POST to a webhook's URL: a run of its collection.
inline Response call_webhook(Call& c) {
  const Webhook* w = c.state.webhooks.find(c.path("webhook_id"));
  if (!w || w->owner != c.path("owner")) not_found("no webhook at this URL");
  if (!with_uid(c.state.collections, w->collection))
    not_found("the collection of webhook '" + w->id + "' no longer exists");
  const CollectionRun& run = run_webhook(c.state, *w, c.request.body, c.now);
  return json_response(boost::json::object{{"run", boost::json::object{{"sequence", run.sequence},
                                                                        {"collection", run.collection}}}});
}

}  // namespace handlers
}  // namespace webapi::fakes::api_platform
