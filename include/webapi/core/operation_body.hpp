#pragma once
// The request body of an operation in a module's table (`webapi::<module>::operation_bodies`): its media type
// and how it is encoded, for code that serves the operation (the fakes) and for tests.

#include <string_view>

namespace webapi {

/// One row of `webapi::<module>::operation_bodies`: the request body an operation takes.
struct OperationBody {
  std::string_view operation;   ///< the operation's name, as in `webapi::<module>::operations`
  std::string_view media_type;  ///< e.g. "application/json", "multipart/form-data"
  std::string_view kind;        ///< "json", "form", "multipart" or "raw"
  /// whether the operation must be sent with a body
  bool required;
};

}  // namespace webapi
