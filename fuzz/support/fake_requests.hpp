#pragma once
// Random requests against an in-memory fake, shaped by its module's operation table so the fuzzer reaches
// the handlers rather than only the router.
//
// Properties: send() never throws; without injected faults it always answers, with a status from 200 to
// 599; a JSON answer is JSON; the fake's state can still be read afterwards.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/parse.hpp>

#include <webapi/core/operation.hpp>
#include <webapi/core/operation_parameter.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/url.hpp>

#include "fuzz.hpp"

namespace webapi_fuzz {

using Credentials = std::vector<std::pair<std::string, std::string>>;

/// A request for one operation of the table: the path template filled with fuzzed values, fuzzed query
/// parameters named after the operation's, a body of a fuzzed kind, and perhaps the demo credential.
inline webapi::Request fake_request(Input& in, std::span<const webapi::Operation> operations,
                                    std::span<const webapi::OperationParameter> parameters) {
  const webapi::Operation& op = operations[in.pick(operations.size())];
  webapi::Request r;
  r.base_url = "http://fake";
  r.operation = "fuzz";
  r.method = in.pick(8) == 0 ? static_cast<webapi::Method>(in.pick(7)) : op.method;
  const bool raw = in.pick(8) == 0;  // sometimes a segment arrives unencoded, as a careless client sends it
  for (std::size_t i = 0; i < op.path.size(); ++i) {
    if (op.path[i] != '{') {
      r.path += op.path[i];
      continue;
    }
    i = op.path.find('}', i);
    std::string value = in.text(24);
    r.path += raw ? value : webapi::url::encode_segment(value.empty() ? "1" : value);
  }
  if (r.path.empty() || r.path.front() != '/') r.path.insert(0, "/");
  for (const auto& p : parameters) {
    if (p.operation != op.name || !in.flag()) continue;
    if (p.in == "query") r.query.push_back({std::string(p.name), in.text(24)});
    else if (p.in == "header") r.headers.set(p.name, in.text(24));
  }
  if (in.pick(4) == 0) r.query.push_back({in.text(8), in.text(8)});
  switch (in.pick(4)) {
    case 0: break;
    case 1: r.content_type = "application/json"; r.body = in.text(200); break;
    case 2: r.content_type = "application/x-www-form-urlencoded"; r.body = in.text(100); break;
    case 3: r.content_type = in.text(40); r.body = in.text(100); break;
  }
  if (!r.content_type.empty()) r.headers.set("Content-Type", r.content_type);
  return r;
}

/// Sends `request` to `fake` and checks what every fake promises whatever it is sent; returns the answer.
template <class Fake>
webapi::Response check_answer(Fake& fake, const webapi::Request& request) {
  webapi::Result<webapi::Response> got = [&] {
    try {
      return fake.send(request);
    } catch (...) {
      fail("a fake's send() threw", request.path);
    }
  }();
  check(got.has_value(), "without injected faults a fake always answers", request.path);
  check(got->status >= 200 && got->status <= 599, "a fake answers a status from 200 to 599", request.path);
  if (got->content_type().starts_with("application/json") && !got->body.empty()) {
    boost::system::error_code ec;
    boost::json::parse(got->body, ec);
    check(!ec, "a JSON answer is JSON", got->body);
  }
  (void)fake.snapshot();
  return *std::move(got);
}

/// The per-request check of a session unless its target asks more: check_answer().
struct AnswerCheck {
  template <class Fake>
  void operator()(Fake& fake, const webapi::Request& request) const {
    (void)check_answer(fake, request);
  }
};

/// One input against a fresh `Fake` seeded by `seed(fake) -> Credentials`: up to four requests shaped by its
/// module's tables, three in four carrying one of those credentials, put on by
/// `authorize(request, credentials, chosen_value)`. The fake is made once per process and reset() before
/// each input (which fuzzes reset() too): making one, with a route per operation, costs more than most
/// inputs do. Each request goes through `check_one(fake, request)`, which sends it and checks the answer
/// (a target with a reference model of its fake passes its own).
template <class Fake, class Seed, class Authorize, class CheckOne = AnswerCheck>
int fake_session_seeded(const std::uint8_t* data, std::size_t size, std::span<const webapi::Operation> operations,
                        std::span<const webapi::OperationParameter> parameters, Seed seed, Authorize authorize,
                        CheckOne check_one = {}) {
  Input in(data, size);
  static Fake fake;
  fake.reset();
  const Credentials credentials = seed(fake);
  for (std::size_t n = 1 + in.pick(4); n > 0 && !in.empty(); --n) {
    webapi::Request request = fake_request(in, operations, parameters);
    if (in.pick(4) != 0) authorize(request, credentials, credentials[in.pick(credentials.size())].second);
    check_one(fake, request);
  }
  // Once per input: showing the whole state costs more than a request.
  check(fake.snapshot_json().is_object(), "a fake's state shows as a JSON object", "after the input's requests");
  return 0;
}

/// The same, with the fake's demo data (`seed_demo`) and the credentials it names.
template <class Fake, class Authorize>
int fake_session(const std::uint8_t* data, std::size_t size, std::span<const webapi::Operation> operations,
                 std::span<const webapi::OperationParameter> parameters, Authorize authorize) {
  return fake_session_seeded<Fake>(data, size, operations, parameters, [](Fake& f) { return seed_demo(f); },
                                   authorize);
}

/// A seed per operation of the table, so every operation is reached from the start (the operation's index
/// takes two bytes in a table of more than 256, as Input::pick reads it).
inline std::vector<std::string> fake_seeds(std::size_t operations) {
  std::vector<std::string> seeds;
  for (std::size_t op = 0; op < operations; ++op) {
    std::string index = operations > 256 ? std::string{static_cast<char>(op >> 8), static_cast<char>(op & 0xff)}
                                         : std::string{static_cast<char>(op)};
    seeds.push_back(std::string{static_cast<char>(1)} + index +
                    std::string{static_cast<char>(1), '1', '\xff', '\xff', '\xff', '\x01', '\x00', '\x01', '\x00'});
  }
  return seeds;
}

}  // namespace webapi_fuzz
