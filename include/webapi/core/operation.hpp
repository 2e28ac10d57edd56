#pragma once
// One row of a module's operation table (webapi::<module>::operations), for logging, metrics and tests.

#include <string_view>

#include <webapi/core/method.hpp>

namespace webapi {

/// One operation of a module, as `webapi::<module>::operations` lists it.
struct Operation {
  std::string_view name;  ///< the client method's name, e.g. "get_quote_search"
  /// the HTTP method it is sent with
  Method method;
  std::string_view path;  ///< the path template, e.g. "/tracks/{track_id}"
  /// The description's operationId ("" where it has none, or for an operation the requirements add).
  std::string_view operation_id{};
  /// The requirements' identifier where it differs from operation_id (project_management's "getById_8").
  std::string_view requirement_id{};
  bool idempotent = false;  ///< sending it twice has the effect of sending it once (a toggling GET has not)
};

}  // namespace webapi
