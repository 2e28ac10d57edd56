#pragma once
// Credential strategies a client applies to each request.
//
// Each one adds its credential to the request and names it in Request::secrets, so logs and
// errors can redact it. None prints its value.

#include <string>
#include <utility>

#include <webapi/core/base64.hpp>
#include <webapi/core/request.hpp>

namespace webapi::auth {

/// An API key sent in a named request header, e.g. X-Api-Key.
struct ApiKeyHeader {
  std::string header;
  std::string key;
  bool present() const noexcept { return !key.empty(); }
  void apply(Request& r) const {
    r.headers.set(header, key);
    r.secrets.push_back(header);
  }
};

/// An API key sent as a query parameter, e.g. ?hapikey=...
struct ApiKeyQuery {
  std::string param;
  std::string key;
  bool present() const noexcept { return !key.empty(); }
  void apply(Request& r) const {
    r.query.push_back({param, key});
    r.secrets.push_back(param);
  }
};

/// An OAuth 2.0 access token sent as "Authorization: Bearer <token>".
struct BearerToken {
  std::string token;
  bool present() const noexcept { return !token.empty(); }
  void apply(Request& r) const {
    r.headers.set("Authorization", "Bearer " + token);
    r.secrets.emplace_back("Authorization");
  }
};

/// HTTP Basic: "Authorization: Basic base64(user:password)".
struct BasicAuth {
  std::string user;
  std::string password;
  bool present() const noexcept { return !user.empty(); }
  void apply(Request& r) const {
    r.headers.set("Authorization", "Basic " + base64::encode(user + ":" + password));
    r.secrets.emplace_back("Authorization");
  }
};

/// True when `name` (a header or query name) holds a credential in `r`.
inline bool is_secret(const Request& r, std::string_view name) {
  for (const auto& s : r.secrets)
    if (iequals(s, name)) return true;
  return false;
}

}  // namespace webapi::auth
