#pragma once
// SendOptions: what a client's generic send() puts on a request besides method and path.

#include <string>
#include <string_view>
#include <vector>

#include <webapi/core/headers.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/request_builder.hpp>
#include <webapi/core/secrets.hpp>

namespace webapi {

/// Query, headers and body for a request made with a client's generic send(), outside the generated
/// operations. Everything is optional.
struct SendOptions {
  std::vector<QueryParam> query{};///< decoded name/value pairs, encoded when sent
  /// added as they are, after the builder's checks
  Headers headers{};
  /// sent as it is
  std::string body{};
  std::string content_type{};     ///< of the body
  std::string operation{};        ///< name used in errors and logs; "send" when empty
  std::vector<std::string> secrets{};  ///< query and header names that carry credentials, besides those named
                                       ///< like one (api_key, X-Api-Key, access_token, ...): redacted everywhere

  /// `operation`, or "send" when it is empty.
  std::string_view operation_name() const noexcept {
    return operation.empty() ? std::string_view("send") : std::string_view(operation);
  }

  /// Adds the query, headers and body to `req`, with the builder's checks (CR/LF in headers refused), and
  /// marks every credential among them as a secret of the request.
  void apply(RequestBuilder& req) const {
    auto mark = [&](std::string_view name) {
      if (looks_like_credential(name) || detail::named_in(secrets, name)) req.secret(name);
    };
    for (const auto& q : query) {
      req.query(q.name, q.value);
      mark(q.name);
    }
    for (const auto& [name, value] : headers) {
      req.header(name, value);
      mark(name);
    }
    if (!body.empty() || !content_type.empty()) req.body(body, content_type);
  }
};

}  // namespace webapi
