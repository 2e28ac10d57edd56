#pragma once
// Logging<T>: a transport decorator that writes one line per request, credentials redacted.
//
//   webapi::Logging logged{http, std::clog};
//   -> "get_quote_search GET https://quotes.rest/quote/search?category=life -> 200 in 84 ms"
//   -> "get_qod GET https://quotes.rest/qod?api_key=REDACTED -> failed in 10002 ms: transport: request timeout: ..."
//
// Credential query values are replaced; headers are left out unless asked for, and then Authorization,
// Proxy-Authorization, Cookie, Set-Cookie, every secret header and every header named like a credential show
// as REDACTED. An error message is scrubbed of every credential value (core/secrets.hpp), encoded or not.

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/asio/async_result.hpp>

#include <webapi/core/async_transport.hpp>
#include <webapi/core/body_stream.hpp>
#include <webapi/core/printable.hpp>
#include <webapi/core/secrets.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/core/redact.hpp>

namespace webapi {

/// What a Logging transport adds to each line beyond operation, method, URL, outcome and time.
struct LoggingOptions {
  bool headers = false;               ///< append the request's headers, credentials redacted
  std::vector<std::string> redact{};  ///< further header and query names to redact
};

/// A log line for one exchange.
///
/// "operation METHOD url -> status in N ms", or "... -> failed in N ms: kind: message" when the exchange
/// failed, then the headers in brackets if `options.headers`. Credentials in the URL, the headers and the
/// error message are replaced by REDACTED; control characters are escaped (escape_controls), so one exchange
/// is always one line.
inline std::string log_line(const Request& request, const Result<Response>& result, std::chrono::milliseconds elapsed,
                            const LoggingOptions& options = {}) {
  std::string line;
  if (!request.operation.empty()) {
    line += request.operation;
    line += ' ';
  }
  line += to_string(request.method);
  line += ' ';
  line += redacted_url(request, options.redact);
  if (result) {
    line += " -> ";
    line += std::to_string(result->status);
    line += " in ";
    line += std::to_string(elapsed.count());
    line += " ms";
  } else {
    line += " -> failed in ";
    line += std::to_string(elapsed.count());
    line += " ms: ";
    line += to_string(result.error().kind);
    line += ": ";
    line += scrub(result.error().message, request, options.redact);
  }
  if (options.headers && !request.headers.empty()) {
    line += " [";
    line += redacted_headers(request, options.redact);
    line += ']';
  }
  return escape_controls(line);
}

/// A transport that passes each request to `Inner` and writes one line about the exchange (log_line()) once
/// the answer or failure is in. The answer is returned unchanged.
template <Transport Inner>
class Logging {
 public:
  /// A streamed body (an upload from disk) reaches the inner transport as it is, read only if it cannot stream.
  static constexpr bool streams_request_bodies = true;

  /// Where the lines go: called once per request with one line.
  using Sink = std::function<void(std::string_view)>;

  /// Each line is passed to `sink` without a trailing newline.
  Logging(Inner& inner, Sink sink, LoggingOptions options = {})
      : inner_(&inner), sink_(std::move(sink)), options_(std::move(options)) {}

  /// Each line is written to `os` followed by '\n'; lines from different threads do not interleave.
  Logging(Inner& inner, std::ostream& os, LoggingOptions options = {}) : inner_(&inner), options_(std::move(options)) {
    auto mutex = std::make_shared<std::mutex>();
    sink_ = [&os, mutex](std::string_view line) {
      std::lock_guard lock(*mutex);
      os << line << '\n';
      os.flush();
    };
  }

  /// Sends `request` through the inner transport, logs the line, and returns the inner transport's answer.
  Result<Response> send(const Request& request) {
    const auto start = std::chrono::steady_clock::now();
    Result<Response> result = send_body_aware(*inner_, request);
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    if (sink_) sink_(log_line(request, result, elapsed, options_));
    return result;
  }

  /// The asynchronous send(): the same line, written once the inner transport's async_send completes (the
  /// time is from the start to that completion); completes with SendSignature on the handler's executor.
  template <class Token>
    requires AsyncTransport<Inner>
  auto async_send(Request request, Token&& token) {
    // The line reads the request's method, URL, operation and headers, not its body.
    std::string body = std::move(request.body);
    Request about = request;
    request.body = std::move(body);
    about.body_stream.reset();
    return detail::async_send_observed(
        std::move(request), std::forward<Token>(token),
        [this](Request r, auto handler) { detail::async_send_body_aware(*inner_, std::move(r), std::move(handler)); },
        [this, about = std::move(about)](const Result<Response>& result, std::chrono::steady_clock::duration elapsed) {
          if (sink_) sink_(log_line(about, result, std::chrono::duration_cast<std::chrono::milliseconds>(elapsed), options_));
        });
  }

  /// The transport requests are passed to.
  Inner& inner() noexcept { return *inner_; }

 private:
  Inner* inner_;
  Sink sink_;
  LoggingOptions options_;
};

}  // namespace webapi
