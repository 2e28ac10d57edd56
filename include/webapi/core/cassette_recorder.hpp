#pragma once
// CassetteRecorder<Inner>: a transport decorator that writes every exchange to a cassette file
// (core/cassette.hpp), credentials scrubbed, and hands the answer back unchanged.
//
//   webapi::BeastTransport http;
//   webapi::CassetteRecorder<webapi::BeastTransport> recorder(http, "traffic.jsonl", "webhooks");
//   webapi::webhooks::Client<decltype(recorder)> client(recorder, {.hapikey = key});
//   client.subscriptions_get_all(app);   // one line more in traffic.jsonl
//
// The file is created (or emptied) with its header line when the recorder is made; each exchange is
// appended and flushed as it completes, so a test that crashes half-way leaves what it did. Thread-safe:
// concurrent sends each write one whole line. Over an asynchronous transport, async_send records the same
// way (record() is the step both forms share).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <webapi/core/async_contract.hpp>
#include <webapi/core/cassette.hpp>
#include <webapi/core/transport.hpp>

namespace webapi {

/// What a CassetteRecorder writes besides the traffic.
struct CassetteOptions {
  /// Further header, query, form-field and JSON-member names whose values are credentials.
  std::vector<std::string> credential_names{};
  /// The header line's date; the current time when empty.
  std::string date{};
};

/// Writes every exchange through `Inner` to a cassette; see the file's introduction.
template <Transport Inner>
class CassetteRecorder {
 public:
  /// Records into the file `path` (created, or emptied) what `inner` answers for the module `api`; `inner`
  /// must outlive the recorder. Throws std::runtime_error when the file cannot be written.
  CassetteRecorder(Inner& inner, const std::string& path, std::string api, CassetteOptions options = {})
      : inner_(&inner), scrubber_(std::move(options.credential_names)) {
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) throw std::runtime_error("cannot write the cassette " + path);
    CassetteHeader h{.api = std::move(api)};
    h.date = options.date.empty() ? cassette::utc_now() : std::move(options.date);
    write_line(cassette::header_line(h));
  }
  CassetteRecorder(const CassetteRecorder&) = delete;
  CassetteRecorder& operator=(const CassetteRecorder&) = delete;
  ~CassetteRecorder() {
    if (file_) std::fclose(file_);
  }

  /// Sends `request` through the inner transport, records the exchange, and returns the inner answer.
  Result<Response> send(const Request& request) {
    const auto start = std::chrono::steady_clock::now();
    Result<Response> result = inner_->send(request);
    record(request, result, std::chrono::steady_clock::now() - start);
    return result;
  }

  /// The asynchronous send(): the exchange is recorded when the inner transport's async_send completes, then
  /// the answer is handed on unchanged, on the handler's executor.
  template <class Token>
    requires AsyncTransport<Inner>
  auto async_send(Request request, Token&& token) {
    Request sent = request;
    return detail::async_send_observed(
        std::move(request), std::forward<Token>(token),
        [this](Request r, auto handler) { inner_->async_send(std::move(r), std::move(handler)); },
        [this, sent = std::move(sent)](const Result<Response>& result, std::chrono::steady_clock::duration elapsed) {
          record(sent, result, elapsed);
        });
  }

  /// Writes one exchange: `request` and what it came to, after `elapsed`.
  void record(const Request& request, const Result<Response>& result, std::chrono::steady_clock::duration elapsed) {
    std::lock_guard lock(mutex_);
    CassetteExchange e = result ? scrubber_.scrub(request, &*result)
                                : scrubber_.scrub(request, nullptr, result.error().message.empty()
                                                                        ? std::string("transport failure")
                                                                        : result.error().message);
    e.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(elapsed);
    const auto sent = std::chrono::steady_clock::now() - elapsed - start_;
    e.sent_at = std::max(std::chrono::milliseconds(0), std::chrono::duration_cast<std::chrono::milliseconds>(sent));
    write_line(cassette::exchange_line(e));
    ++count_;
  }

  /// How many exchanges were written.
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return count_;
  }

  /// The inner transport.
  Inner& inner() noexcept { return *inner_; }

 private:
  void write_line(std::string text) {
    text += '\n';
    std::fwrite(text.data(), 1, text.size(), file_);
    std::fflush(file_);
  }

  Inner* inner_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();  ///< what at_ms counts from
  mutable std::mutex mutex_;
  CassetteScrubber scrubber_;
  std::FILE* file_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace webapi
