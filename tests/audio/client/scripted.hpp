#pragma once
// A transport whose answers a test writes as a function of the request: each test checks what the
// client sent and answers as the service would, without a fake. What the client sends is also written for the
// validator in tests/fidelity, which checks it against the description when the tests run under CTest.

#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fakes/core/exchange_log.hpp>

namespace audio_test {

class Scripted {
 public:
  using Answer = std::function<webapi::Result<webapi::Response>(const webapi::Request&)>;
  explicit Scripted(Answer answer) : answer_(std::move(answer)) {}

  webapi::Result<webapi::Response> send(const webapi::Request& r) {
    {
      std::lock_guard lock(mutex_);
      sent_.push_back(r);
    }
    webapi::fakes::ExchangeLog::instance().write_sent(r);
    return answer_(r);
  }

  std::vector<webapi::Request> sent() const {
    std::lock_guard lock(mutex_);
    return sent_;
  }

 private:
  Answer answer_;
  mutable std::mutex mutex_;
  std::vector<webapi::Request> sent_;
};

inline webapi::Response json(std::string body, int status = 200) {
  webapi::Response r;
  r.status = status;
  r.headers.set("Content-Type", "application/json");
  r.body = std::move(body);
  return r;
}

/// The decoded value of `name` in an application/x-www-form-urlencoded body; "" when absent.
inline std::string form_value(std::string_view body, std::string_view name) {
  while (!body.empty()) {
    std::string_view pair = body.substr(0, body.find('&'));
    body.remove_prefix(std::min(body.size(), pair.size() + 1));
    std::size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name)
      return webapi::url::decode(eq == std::string_view::npos ? "" : pair.substr(eq + 1), true).value_or("");
  }
  return "";
}

inline bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

}  // namespace audio_test
