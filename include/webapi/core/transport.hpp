#pragma once
// The Transport concept: anything that turns a Request into a Result<Response>.
//
// A transport-level failure (connect, TLS, timeout, body too large) is an Error; an HTTP status,
// even 500, is a Response the client interprets.

#include <concepts>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

/// What a client sends its requests through: `t.send(request)` returns `Result<Response>`.
///
/// An error result means the exchange failed below HTTP (connect, TLS, timeout, body too large); any HTTP
/// status, 5xx included, comes back as a Response for the client to interpret.
template <class T>
concept Transport = requires(T& t, const Request& request) {
  { t.send(request) } -> std::same_as<Result<Response>>;
};

}  // namespace webapi
