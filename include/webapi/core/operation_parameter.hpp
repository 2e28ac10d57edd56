#pragma once
// One parameter of an operation in a module's table (webapi::<module>::operation_parameters): where it
// travels and whether it is required, for tests, validation and documentation.

#include <string_view>

namespace webapi {

/// One row of `webapi::<module>::operation_parameters`: one parameter an operation takes.
struct OperationParameter {
  std::string_view operation;  ///< the operation's name, as in `webapi::<module>::operations`
  std::string_view name;       ///< the wire name; "body" for the request body
  std::string_view in;         ///< "path", "query", "header", "cookie" or "body"
  /// whether the operation must be sent with this parameter
  bool required;
};

}  // namespace webapi
