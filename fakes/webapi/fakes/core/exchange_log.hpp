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
// A body that is not UTF-8 text is written as "request_body_base64"/"response_body_base64" instead. Without
// the variable nothing is written and a request costs one branch.
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

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <webapi/core/base64.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/request.hpp>
#include <webapi/fakes/core/utf8.hpp>

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
    put_request(line, request);
    line["status"] = response.status;
    line["response_headers"] = fields(response.headers);
    put_body(line, "response_body", response.body);
    append(std::string(api), line);
  }

  /// Appends the record of a request a client sent without a fake to answer it (`request.operation` names
  /// the client's method).
  void write_sent(const Request& request) {
    if (!enabled()) return;
    boost::json::object line;
    line["sent_by"] = "client";
    line["operation"] = request.operation;
    put_request(line, request);
    append("client", line);
  }

  ExchangeLog(const ExchangeLog&) = delete;
  ExchangeLog& operator=(const ExchangeLog&) = delete;
  ~ExchangeLog() {
    for (auto& [api, f] : files_)
      if (f) std::fclose(f);
  }

 private:
  static void put_request(boost::json::object& line, const Request& request) {
    line["method"] = to_string(request.method);
    line["path"] = request.path;
    boost::json::array query;
    for (const auto& q : request.query) query.push_back(boost::json::array{q.name, q.value});
    line["query"] = std::move(query);
    Headers sent = request.headers;
    if (!request.content_type.empty() && !sent.contains("Content-Type")) sent.set("Content-Type", request.content_type);
    line["request_headers"] = fields(sent);
    put_body(line, "request_body", request.body);
  }

  void append(const std::string& file_key, const boost::json::object& line) {
    std::string text = boost::json::serialize(line);
    text += '\n';
    std::lock_guard lock(mutex_);
    if (std::FILE* f = file(file_key)) {
      std::fwrite(text.data(), 1, text.size(), f);
      std::fflush(f);
    }
  }

  static boost::json::array fields(const Headers& headers) {
    boost::json::array out;
    for (const auto& [name, value] : headers) out.push_back(boost::json::array{name, value});
    return out;
  }

  static void put_body(boost::json::object& line, std::string_view key, const std::string& body) {
    if (valid_utf8(body) == body)
      line[key] = body;
    else
      line[std::string(key) + "_base64"] = webapi::base64::encode(body);
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
