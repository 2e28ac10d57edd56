#pragma once
// Long-running operations, on the fake's clock.
//
// A call that answers an Operation makes its change at once (a created source can be read straight away)
// and answers an operation that runs for Options::operation_duration of the fake's clock: until then
// operations_get shows it not done; from then on it is done with the call's result as its response (the
// resource, or Empty for delete, run and validate), or with the error the work met. Move the clock
// (fake.clock().advance(...)) to finish operations in a test; a served fake's clock follows real time.
//
// Cancel is best effort, as the service's is: the change the call made stays, but an operation not yet
// done becomes done at once with the error {code: 1 (CANCELLED)}; a done one is left as it was. Cancelling
// an unknown operation is 404. A fake made with Options::cancel_supported = false answers operations_cancel
// and operations_list with 501 UNIMPLEMENTED.

#include <boost/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <webapi/fakes/core/operations.hpp>
#include <webapi/fakes/migration/call.hpp>
#include <webapi/fakes/migration/paging.hpp>

namespace webapi::fakes::migration {

/// The canonical code of a cancelled operation.
inline constexpr std::int32_t cancelled_code = 1;

inline bool is_done(const LongRunning& op, ManualClock::time_point now) {
  return op.error.has_value() || now >= op.done_at;
}

/// The operation as the API shows it at `now`.
inline mig::Operation operation_model(const LongRunning& op, ManualClock::time_point now) {
  mig::Operation m;
  m.name = op.name;
  const bool done = is_done(op, now);
  m.done = done;
  mig::OperationMetadata meta;
  meta.api_version = "v1alpha1";
  meta.create_time = timestamp_string(op.created_at);
  meta.target = op.target;
  meta.verb = op.verb;
  meta.requested_cancellation = op.cancel_requested;
  if (done) meta.end_time = timestamp_string(op.done_at);
  m.metadata = typed_json(meta, "OperationMetadata");
  if (done) {
    if (op.error)
      m.error = op.error;
    else
      m.response = op.response;
  }
  return m;
}

/// Starts an operation under the call's location for `verb` on `target`; once done it answers `response`.
inline const LongRunning& start_operation(Call& c, std::string verb, std::string target, boost::json::value response) {
  LongRunning op;
  op.name = c.location_name() + "/operations/operation-" + std::to_string(++c.state.operations_started);
  op.verb = std::move(verb);
  op.target = std::move(target);
  op.created_at = c.now;
  op.done_at = c.now + c.options.operation_duration;
  op.response = std::move(response);
  std::string name = op.name;
  return c.state.operations.put(std::move(name), std::move(op));
}

/// The answer of a call that started `op`.
inline Response started(const Call& c, const LongRunning& op) { return model_response(operation_model(op, c.now)); }

/// Starts an operation whose response is `model` (typed `type`) and answers it.
template <class Model>
Response operation_for(Call& c, std::string verb, std::string target, const Model& model, std::string_view type) {
  return started(c, start_operation(c, std::move(verb), std::move(target), typed_json(model, type)));
}

/// Stores a resource being created as `name`, stamped with the call's time, and answers the operation
/// creating it.
template <class Model>
Response store_created(Call& c, Table<Model>& table, const std::string& name, Model model, std::string_view type) {
  model.name = name;
  model.create_time = model.update_time = timestamp_string(c.now);
  return operation_for(c, "create", name, table.put(name, std::move(model)), type);
}

/// Starts an operation whose response is google.protobuf.Empty and answers it.
inline Response empty_operation(Call& c, std::string verb, std::string target) {
  return started(c, start_operation(c, std::move(verb), std::move(target),
                                    boost::json::object{{"@type", "type.googleapis.com/google.protobuf.Empty"}}));
}

namespace handlers {

/// GET /v1alpha1/{name=projects/*/locations/*/operations/*}
inline Response get_operation(Call& c) {
  return model_response(operation_model(existing(c.state.operations, c.child_name("operations"), "operation"), c.now));
}

/// GET /v1alpha1/{name=projects/*/locations/*}/operations
inline Response list_operations(Call& c) {
  if (!c.options.cancel_supported) unimplemented("operations_list is not supported by this service");
  auto page = page_of(c, children(c.state.operations, c.location_name(), "operations"),
                      [&](const LongRunning& op) { return json_of(operation_model(op, c.now)); });
  mig::ListOperationsResponse r;
  r.operations.emplace();
  for (const LongRunning* op : page.items) r.operations->push_back(operation_model(*op, c.now));
  r.next_page_token = page.next_page_token;
  return model_response(r);
}

/// POST /v1alpha1/{name=projects/*/locations/*/operations/*}:cancel
inline Response cancel_operation(Call& c) {
  if (!c.options.cancel_supported) unimplemented("operations_cancel is not supported by this service");
  LongRunning& op = existing(c.state.operations, c.child_name("operations"), "operation");
  if (!is_done(op, c.now)) {
    op.cancel_requested = true;
    op.error = mig::Status{.code = cancelled_code, .details = {}, .message = "the operation was cancelled"};
    op.done_at = c.now;
  }
  return json_response(boost::json::object{});
}

}  // namespace handlers
}  // namespace webapi::fakes::migration
