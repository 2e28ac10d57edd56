#pragma once
// SendOptions: what a client's generic send() puts on a request besides method and path.

#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/headers.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/request_builder.hpp>

namespace webapi {

struct SendOptions {
  std::vector<QueryParam> query{};///< decoded name/value pairs, encoded when sent
  Headers headers{};
  std::string body{};
  std::string content_type{};     ///< of the body
  std::string operation{};        ///< name used in errors and logs; "send" when empty

  std::string_view operation_name() const noexcept {
    return operation.empty() ? std::string_view("send") : std::string_view(operation);
  }

  /// Adds the query, headers and body to `req`, with the builder's checks (CR/LF in headers refused).
  void apply(RequestBuilder& req) const {
    for (const auto& q : query) req.query(q.name, q.value);
    for (const auto& [name, value] : headers) req.header(name, value);
    if (!body.empty() || !content_type.empty()) req.body(body, content_type);
  }
};

}  // namespace webapi
