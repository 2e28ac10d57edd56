#pragma once
// The Transport concept: anything that turns a Request into a Result<Response>.
//
// A transport-level failure (connect, TLS, timeout, body too large) is an Error; an HTTP status,
// even 500, is a Response the client interprets.

#include <concepts>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>

namespace webapi {

template <class T>
concept Transport = requires(T& t, const Request& request) {
  { t.send(request) } -> std::same_as<Result<Response>>;
};

}  // namespace webapi
