#pragma once
// Request and Response: plain values, cheap to build, easy to compare in tests.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/headers.hpp>
#include <webapi/core/method.hpp>

namespace webapi {

/// One query parameter, held decoded; encoding happens when the target is built.
struct QueryParam {
  /// the parameter name, not encoded
  std::string name;
  /// the value, not encoded
  std::string value;
  /// Equal when name and value are equal.
  friend bool operator==(const QueryParam&, const QueryParam&) = default;
};

/// A request body produced piece by piece while it is sent (a file uploaded from disk), never held whole.
/// A transport that declares `static constexpr bool streams_request_bodies = true` sends it as it comes;
/// webapi::call reads it into Request::body for any other (core/body_stream.hpp).
struct BodyStream {
  using Sink = std::function<bool(std::string_view piece)>;  ///< false: stop, the receiver failed
  std::uint64_t size = 0;  ///< the exact byte count, sent as Content-Length
  /// Hands the body to `sink` in order; may be called again to send it again (a retry, a renewed credential).
  /// Returns what went wrong reading it (a file that cannot be read), empty when all of it was handed on.
  std::function<std::string(const Sink& sink)> write;
};

/// One HTTP request as a client builds it and a transport sends it: a plain value, with nothing sent or
/// checked until a transport sees it (webapi::call validates it first).
struct Request {
  /// the HTTP method
  Method method = Method::get;
  std::string base_url;             ///< scheme://host[:port][/prefix], no trailing slash needed
  std::string path;                 ///< already percent-encoded, starts with '/'
  std::vector<QueryParam> query;    ///< decoded name/value pairs, in order
  /// header fields to send, in order; Content-Type is `content_type`, not one of these
  Headers headers;
  /// the body bytes, sent as they are; ignored when `body_stream` is set
  std::string body;
  std::string content_type;         ///< of the body; empty when there is none
  std::string operation;            ///< operation name, for errors, logs and metrics
  std::optional<bool> idempotent;   ///< overrides the method's default for retries
  std::vector<std::string> secrets; ///< header and query names whose values are credentials
  /// Path segments, decoded, that are credentials (DELETE /auth/apiKey/{key}): logs and errors show each as
  /// REDACTED, as they do the values of `secrets`.
  std::vector<std::string> secret_segments;
  /// In place of `body` when set: the body read while the request is sent (`content_type` still applies).
  std::shared_ptr<const BodyStream> body_stream{};

  /// Whether the request may be sent again after a failure.
  bool is_idempotent() const { return idempotent.value_or(webapi::is_idempotent(method)); }

  /// The first query value of `name`, if present.
  std::optional<std::string_view> query_value(std::string_view name) const {
    for (const auto& q : query)
      if (q.name == name) return std::string_view(q.value);
    return std::nullopt;
  }

  /// Equal when every member is equal; a streamed body compares by identity of its BodyStream.
  friend bool operator==(const Request&, const Request&) = default;
};

/// One HTTP response as a transport hands it back: any status, 4xx and 5xx included.
struct Response {
  /// the HTTP status code
  int status = 200;
  /// the response's header fields, in the order received
  Headers headers;
  /// the body bytes, as received (decompressed where the transport does so)
  std::string body;

  /// The Content-Type header's value as sent, parameters included; empty when there is none.
  std::string_view content_type() const { return headers.get("Content-Type").value_or(""); }
  /// Whether the status is 2xx.
  bool ok() const noexcept { return status >= 200 && status < 300; }

  /// Equal when status, headers and body are equal.
  friend bool operator==(const Response&, const Response&) = default;
};

}  // namespace webapi
