#pragma once
// SendOptions: what a client's generic send() puts on a request besides method and path.

#include <string>
#include <vector>

#include <webapi/core/headers.hpp>
#include <webapi/core/request.hpp>

namespace webapi {

struct SendOptions {
  std::vector<QueryParam> query{};///< decoded name/value pairs, encoded when sent
  Headers headers{};
  std::string body{};
  std::string content_type{};     ///< of the body
  std::string operation{};        ///< name used in errors and logs; "send" when empty
};

}  // namespace webapi
