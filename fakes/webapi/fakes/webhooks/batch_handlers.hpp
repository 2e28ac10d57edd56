#pragma once
// Batch update: set `active` on many subscriptions of an app in one call.
//
// The body is the description's BatchInputSubscriptionBatchUpdateRequest: "inputs", each with an id and
// active, all required. A malformed batch (a missing or mistyped member, an id named twice) is 400
// naming the member, and nothing is applied. Otherwise every input naming a live subscription of the
// app is applied; an input naming none (unknown, archived or another app's) cannot be, and the answer
// becomes the description's 207 BatchResponseSubscriptionResponseWithErrors, listing one StandardError
// per such input beside the results of the others. With no such input it is 200 with the results only.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/responses.hpp>
#include <webapi/fakes/webhooks/body.hpp>
#include <webapi/fakes/webhooks/call.hpp>
#include <webapi/fakes/webhooks/errors.hpp>
#include <webapi/fakes/webhooks/json.hpp>
#include <webapi/fakes/webhooks/subscription_handlers.hpp>

namespace webapi::fakes::webhooks {

/// One input of a batch update.
struct BatchInput {
  std::int32_t id = 0;
  bool active = false;
};

/// The inputs of a BatchInputSubscriptionBatchUpdateRequest, checked.
inline std::vector<BatchInput> read_batch_inputs(const boost::json::object& body) {
  const auto& inputs = required_member(body, "inputs", "inputs");
  if (!inputs.is_array()) invalid("inputs", "'inputs' must be an array");
  std::vector<BatchInput> out;
  std::set<std::int32_t> seen;
  for (std::size_t i = 0; i < inputs.get_array().size(); ++i) {
    const std::string path = "inputs[" + std::to_string(i) + "]";
    const auto& o = as_object(inputs.get_array()[i], path);
    BatchInput in;
    in.id = as_int32(required_member(o, "id", path + ".id"), path + ".id");
    in.active = as_bool(required_member(o, "active", path + ".active"), path + ".active");
    if (!seen.insert(in.id).second)
      invalid(path + ".id", "subscription " + std::to_string(in.id) + " is named more than once in 'inputs'");
    out.push_back(in);
  }
  return out;
}

/// The description's StandardError for an input naming no live subscription of the app.
inline boost::json::object batch_not_found_json(const App& app, const BatchInput& in, std::size_t index) {
  const std::string message =
      "subscription " + std::to_string(in.id) + " not found in app " + std::to_string(app.id);
  return {{"status", "error"},
          {"category", {{"httpStatus", "NOT_FOUND"}, {"name", "NOT_FOUND"}}},
          {"message", message},
          {"context", {{"id", boost::json::array{std::to_string(in.id)}}}},
          {"errors", boost::json::array{
                         {{"message", message}, {"in", "inputs[" + std::to_string(index) + "].id"}}}},
          {"links", boost::json::object{}}};
}

namespace handlers {

/// POST /webhooks/v3/{appId}/subscriptions/batch/update
inline Response update_subscriptions_batch(Call& c) {
  const std::vector<BatchInput> inputs = read_batch_inputs(json_object_body(c.request));
  boost::json::array results;
  boost::json::array errors;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    Subscription* s = c.app.subscriptions.find(subscription_key(inputs[i].id));
    if (!s || s->archived) {
      errors.push_back(batch_not_found_json(c.app, inputs[i], i));
      continue;
    }
    set_active(*s, inputs[i].active, c.now);
    results.push_back(subscription_json(*s));
  }
  const std::string at = timestamp_string(c.now);
  boost::json::object body{{"status", "COMPLETE"},
                           {"results", std::move(results)},
                           {"requestedAt", at},
                           {"startedAt", at},
                           {"completedAt", at}};
  if (errors.empty()) return json_response(body);
  body["numErrors"] = errors.size();
  body["errors"] = std::move(errors);
  return json_response(207, body);
}

}  // namespace handlers
}  // namespace webapi::fakes::webhooks
