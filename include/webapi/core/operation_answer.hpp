#pragma once
// An answer an operation's description lists (`webapi::<module>::operation_answers`): its status and media
// type, for code that serves the operation (the fakes answer with exactly the media type listed) and for tests.

#include <string_view>

namespace webapi {

/// One row of `webapi::<module>::operation_answers`.
struct OperationAnswer {
  std::string_view operation;   ///< the operation's name, as in `webapi::<module>::operations`
  std::string_view status;      ///< as the description writes it: "200", "4XX" or "default"
  std::string_view media_type;  ///< e.g. "application/json; charset=utf-8"; empty for an answer without content
};

}  // namespace webapi
