#pragma once
// Batch update: set `active` on many subscriptions of an app in one call.
//
// The body is the module's BatchInputSubscriptionBatchUpdateRequest: "inputs", each with an id and active,
// all required. A malformed batch (a member missing or of the wrong type, an id named twice) is 400 naming
// the member, and nothing is applied. Otherwise every input naming a live subscription of the app is
// applied; an input naming none (unknown, archived or another app's) cannot be, and the answer becomes the
// 207 BatchResponseSubscriptionResponseWithErrors, listing one StandardError per such input beside the
// results of the others. With no such input it is 200 with the results only. A StandardError's category is
// the string current clients read, not the description's object (specs/overlays/webhooks.json).

#include <cstdint>
#include <set>
#include <string>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/webhooks/call.hpp>
#include <webapi/fakes/webhooks/errors.hpp>
#include <webapi/fakes/webhooks/models.hpp>
#include <webapi/fakes/webhooks/subscription_handlers.hpp>

namespace webapi::fakes::webhooks {

/// Refuses a batch naming a subscription twice, naming the second mention.
inline void require_distinct_ids(const wh::BatchInputSubscriptionBatchUpdateRequest& body) {
  std::set<std::int32_t> seen;
  for (std::size_t i = 0; i < body.inputs.size(); ++i)
    if (!seen.insert(body.inputs[i].id).second)
      invalid("inputs[" + std::to_string(i) + "].id",
              "subscription " + std::to_string(body.inputs[i].id) + " is named more than once in 'inputs'");
}

/// The StandardError for input `index`, which names no live subscription of the app.
inline wh::StandardError batch_not_found(const App& app, std::int32_t id, std::size_t index) {
  const std::string message = "subscription " + std::to_string(id) + " not found in app " + std::to_string(app.id);
  wh::StandardError e;
  e.status = "error";
  e.category = std::string("OBJECT_NOT_FOUND");
  e.message = message;
  e.context["id"] = {std::to_string(id)};
  wh::ErrorDetail detail;
  detail.message = message;
  detail.in = "inputs[" + std::to_string(index) + "].id";
  e.errors.push_back(std::move(detail));
  return e;
}

namespace handlers {

/// POST /webhooks/v3/{appId}/subscriptions/batch/update
inline Response update_subscriptions_batch(Call& c, const wh::BatchInputSubscriptionBatchUpdateRequest& body) {
  require_distinct_ids(body);
  std::vector<wh::SubscriptionResponse> results;
  std::vector<wh::StandardError> errors;
  for (std::size_t i = 0; i < body.inputs.size(); ++i) {
    Subscription* s = c.app.subscriptions.find(subscription_key(body.inputs[i].id));
    if (!s || s->archived) {
      errors.push_back(batch_not_found(c.app, body.inputs[i].id, i));
      continue;
    }
    set_active(*s, body.inputs[i].active, c.now);
    results.push_back(subscription_model(*s));
  }
  const std::string at = timestamp_string(c.now);
  if (errors.empty()) {
    wh::BatchResponseSubscriptionResponse r;
    r.completed_at = r.started_at = at;
    r.requested_at = at;
    r.results = std::move(results);
    r.status = wh::BatchResponseSubscriptionResponseStatus::COMPLETE;
    return model_response(r);
  }
  wh::BatchResponseSubscriptionResponseWithErrors r;
  r.completed_at = r.started_at = at;
  r.requested_at = at;
  r.results = std::move(results);
  r.num_errors = static_cast<std::int32_t>(errors.size());
  r.errors = std::move(errors);
  r.status = wh::BatchResponseSubscriptionResponseWithErrorsStatus::COMPLETE;
  return model_response(207, r);
}

}  // namespace handlers
}  // namespace webapi::fakes::webhooks
