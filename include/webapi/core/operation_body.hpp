#pragma once
// The request body of an operation in a module's table (`webapi::<module>::operation_bodies`): its media type
// and how it is encoded, for code that serves the operation (the fakes) and for tests.

#include <string_view>

namespace webapi {

struct OperationBody {
  std::string_view operation;   ///< the operation's name, as in `webapi::<module>::operations`
  std::string_view media_type;  ///< e.g. "application/json", "multipart/form-data"
  std::string_view kind;        ///< "json", "form", "multipart" or "raw"
  bool required;
};

}  // namespace webapi
