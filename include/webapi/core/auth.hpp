#pragma once
// Credential strategies a client applies to each request: where a credential goes on the wire.
//
// Each one consults its Credential (core/credentials.hpp: a fixed value or a provider) when applied,
// puts the value where the service expects it and names it in Request::secrets, so logs and errors can
// redact it. None prints its value. renew() asks the provider for a new value after the service refused
// the one a request carries, and puts that on the request instead.

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <webapi/core/base64.hpp>
#include <webapi/core/credentials.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/request.hpp>

namespace webapi::auth {

namespace detail {
inline void add_secret(Request& r, std::string_view name) {
  for (const auto& s : r.secrets)
    if (iequals(s, name)) return;
  r.secrets.emplace_back(name);
}

/// Consults `c` and hands its value to `put`; the provider's error otherwise.
template <class Put>
std::optional<Error> consult(const Credential& c, Put&& put) {
  Result<std::string> value = c.current();
  if (!value) return value.error();
  put(*value);
  return std::nullopt;
}
}  // namespace detail

/// An API key sent in a named request header, e.g. X-Api-Key.
struct ApiKeyHeader {
  /// the header's name
  std::string header;
  /// the key; empty: none configured
  Credential key;
  /// Whether a key is configured.
  bool present() const noexcept { return !key.empty(); }
  /// The key, for renew().
  const Credential& credential() const noexcept { return key; }
  /// Sets the header to `value`, replacing any such header, and names it a secret of `r`.
  void put(Request& r, std::string_view value) const {
    r.headers.set(header, value);
    detail::add_secret(r, header);
  }
  /// The value `r` carries in the header, if any.
  std::optional<std::string> sent(const Request& r) const {
    auto v = r.headers.get(header);
    return v ? std::optional<std::string>(*v) : std::nullopt;
  }
  /// Puts the key's current value on `r`; the provider's error (kind auth) when it has none to give.
  std::optional<Error> apply(Request& r) const {
    return detail::consult(key, [&](std::string_view v) { put(r, v); });
  }
};

/// An API key sent as a query parameter, e.g. ?hapikey=...
struct ApiKeyQuery {
  /// the query parameter's name
  std::string param;
  /// the key; empty: none configured
  Credential key;
  /// Whether a key is configured.
  bool present() const noexcept { return !key.empty(); }
  /// The key, for renew().
  const Credential& credential() const noexcept { return key; }
  /// Sets every query parameter `param` to `value`, or appends one, and names it a secret of `r`.
  void put(Request& r, std::string_view value) const {
    bool replaced = false;
    for (auto& q : r.query)
      if (q.name == param) q.value = value, replaced = true;
    if (!replaced) r.query.push_back({param, std::string(value)});
    detail::add_secret(r, param);
  }
  /// The first value of `param` that `r` carries, if any.
  std::optional<std::string> sent(const Request& r) const {
    auto v = r.query_value(param);
    return v ? std::optional<std::string>(*v) : std::nullopt;
  }
  /// Puts the key's current value on `r`; the provider's error (kind auth) when it has none to give.
  std::optional<Error> apply(Request& r) const {
    return detail::consult(key, [&](std::string_view v) { put(r, v); });
  }
};

/// An OAuth 2.0 access token sent as "Authorization: Bearer <token>".
struct BearerToken {
  /// the access token; empty: none configured
  Credential token;
  /// Whether a token is configured.
  bool present() const noexcept { return !token.empty(); }
  /// The token, for renew().
  const Credential& credential() const noexcept { return token; }
  /// Sets the Authorization header to "Bearer " and `value`, and names it a secret of `r`.
  void put(Request& r, std::string_view value) const {
    r.headers.set("Authorization", "Bearer " + std::string(value));
    detail::add_secret(r, "Authorization");
  }
  /// The token `r` carries in a Bearer Authorization header, if any.
  std::optional<std::string> sent(const Request& r) const {
    auto v = r.headers.get("Authorization");
    if (!v || v->substr(0, 7) != "Bearer ") return std::nullopt;
    return std::string(v->substr(7));
  }
  /// Puts the token's current value on `r`; the provider's error (kind auth) when it has none to give.
  std::optional<Error> apply(Request& r) const {
    return detail::consult(token, [&](std::string_view v) { put(r, v); });
  }
};

/// HTTP Basic: "Authorization: Basic base64(user:password)".
struct BasicAuth {
  /// the user name; empty: no credential configured
  std::string user;
  /// the password, sent as it is
  std::string password;
  /// Whether a user is configured.
  bool present() const noexcept { return !user.empty(); }
  /// Sets the Authorization header and names it a secret of `r`; never an error.
  std::optional<Error> apply(Request& r) const {
    r.headers.set("Authorization", "Basic " + base64::encode(user + ":" + password));
    detail::add_secret(r, "Authorization");
    return std::nullopt;
  }
};

/// After the service refused `r`: when `strategy`'s credential is what `r` carries and its provider has a
/// new value, puts that on `r` and returns true (send it again); false leaves `r` as it was.
template <class Strategy>
bool renew(Request& r, const Strategy& strategy) {
  const Credential& c = strategy.credential();
  if (!c.renewable()) return false;
  std::optional<std::string> sent = strategy.sent(r);
  if (!sent || !c.refused(*sent)) return false;
  Result<std::string> fresh = c.current();
  if (!fresh || *fresh == *sent) return false;
  strategy.put(r, *fresh);
  return true;
}

/// True when `name` (a header or query name) holds a credential in `r`.
inline bool is_secret(const Request& r, std::string_view name) {
  for (const auto& s : r.secrets)
    if (iequals(s, name)) return true;
  return false;
}

}  // namespace webapi::auth
