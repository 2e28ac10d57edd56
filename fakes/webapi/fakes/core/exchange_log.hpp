#pragma once
// Exchange records for checking the fakes against their descriptions with tools that know nothing of them
// (tests/fidelity validates every record against specs/<api>.json).
//
// When the environment variable WEBAPI_FAKE_EXCHANGES names a folder, every fake in the process appends one
// JSON object per line to <folder>/<api>-<process tag>.jsonl for each request that reached one of its routes
// and was answered by its own rules (injected faults are not recorded):
//
//   {"api":"audio","operation":"get_me","method":"GET","path":"/me","query":[["limit","10"]],
//    "request_headers":[["Authorization","OAuth t"]],"request_body":"","status":200,
//    "response_headers":[["Content-Type","application/json; charset=utf-8"]],"response_body":"{...}"}
//
// The members after "operation" are the exchange record of core/exchange_record.hpp, the one writer the
// cassettes (core/cassette.hpp) use too; a body that is not UTF-8 text is written as
// "request_body_base64"/"response_body_base64" instead. Without the variable nothing is written and a request
// costs one branch.
//
// Tests that drive a generated client through a canned transport write what the client sent with
// write_sent(): the same request members with "sent_by":"client", no "api" (the validator finds the API from
// the operation's name) and no answer, to <folder>/client-<process tag>.jsonl.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <webapi/core/exchange_record.hpp>
#include <webapi/core/request.hpp>

namespace webapi::fakes {

/// Where a process's fakes write their exchange records; see the file's introduction.
class ExchangeLog {
 public:
  /// The log the environment asks for: enabled when WEBAPI_FAKE_EXCHANGES names a folder.
  static ExchangeLog& instance() {
    static ExchangeLog log(std::getenv("WEBAPI_FAKE_EXCHANGES") ? std::getenv("WEBAPI_FAKE_EXCHANGES") : "");
    return log;
  }

  /// A log writing into `folder`; none when it is empty. Fakes use instance().
  explicit ExchangeLog(std::string folder) : folder_(std::move(folder)) {
    // One file per process and API, so concurrent test processes never share one; the tag tells processes
    // apart without a platform call.
    auto now = std::chrono::system_clock::now().time_since_epoch().count();
    auto tag = static_cast<unsigned long long>(now) ^ std::hash<std::thread::id>{}(std::this_thread::get_id()) ^
               reinterpret_cast<std::uintptr_t>(this);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", tag);
    tag_ = hex;
  }

  /// Whether records are written.
  bool enabled() const noexcept { return !folder_.empty(); }

  /// The file `api`'s records go to.
  std::string path_of(std::string_view api) const { return folder_ + "/" + std::string(api) + "-" + tag_ + ".jsonl"; }

  /// Appends the record of one exchange of `api`'s operation `operation`.
  void write(std::string_view api, std::string_view operation, const Request& request, const Response& response) {
    if (!enabled()) return;
    boost::json::object line;
    line["api"] = api;
    line["operation"] = operation;
    exchange_record::put_request(line, request);
    exchange_record::put_response(line, response);
    append(std::string(api), line);
  }

  /// Appends the record of a request a client sent without a fake to answer it (`request.operation` names
  /// the client's method).
  void write_sent(const Request& request) {
    if (!enabled()) return;
    boost::json::object line;
    line["sent_by"] = "client";
    line["operation"] = request.operation;
    exchange_record::put_request(line, request);
    append("client", line);
  }

  ExchangeLog(const ExchangeLog&) = delete;
  ExchangeLog& operator=(const ExchangeLog&) = delete;
  ~ExchangeLog() {
    for (auto& [api, f] : files_)
      if (f) std::fclose(f);
  }

 private:
  void append(const std::string& file_key, const boost::json::object& line) {
    std::string text = boost::json::serialize(line);
    text += '\n';
    std::lock_guard lock(mutex_);
    if (std::FILE* f = file(file_key)) {
      std::fwrite(text.data(), 1, text.size(), f);
      std::fflush(f);
    }
  }

  std::FILE* file(std::string_view api) {
    auto it = files_.find(std::string(api));
    if (it == files_.end()) {
      it = files_.emplace(std::string(api), std::fopen(path_of(api).c_str(), "ab")).first;
    }
    return it->second;
  }

  std::string folder_;
  std::string tag_;
  std::mutex mutex_;
  std::map<std::string, std::FILE*> files_;
};

}  // namespace webapi::fakes
