#pragma once
// The control plane of a served fake: what curl or a test in another language uses to drive a fake that
// webapi-fake-server (or serve()) runs, under the reserved prefix /__webapi/ that no API uses.
//
//   POST   /__webapi/reset       back to a fresh fake (state, journal, faults, clock)          204
//   POST   /__webapi/seed/demo   reset, then the demo data set; answers its credentials        200
//   GET    /__webapi/journal     the requests received: method, path, operation, status, ...   200
//   DELETE /__webapi/journal     forgets them                                                  204
//   GET    /__webapi/snapshot    the fake's state as JSON                                      200
//   GET    /__webapi/clock       {"now": "...Z", "frozen": bool}                               200
//   PUT    /__webapi/clock       {"freeze": bool, "set": "...Z", "advance_seconds": n}         200
//   GET    /__webapi/faults      the fault rules not yet used up                               200
//   POST   /__webapi/faults      a rule, or an array of rules (see fault_from_json)            201
//   DELETE /__webapi/faults      clears them                                                   204
//
// The server hands a request here before the fake sees it, and only from a loopback peer (serve.hpp), so
// no route of a fake can shadow these and no API path reaches them. Answers are JSON; a bad body is 400
// naming the member at fault. The journal answer carries no headers, query or body: they hold credentials.

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <webapi/core/method.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/faults.hpp>
#include <webapi/fakes/core/journal.hpp>
#include <webapi/fakes/core/responses.hpp>

namespace webapi::fakes {

/// The path prefix the control plane owns.
inline constexpr std::string_view control_prefix = "/__webapi/";

/// Whether `path` (as received, still encoded) belongs to the control plane.
inline bool is_control_path(std::string_view path) noexcept {
  return path.starts_with(control_prefix) || path == "/__webapi";
}

/// What a fake needs for the control plane: FakeBase's journal, clock and faults, and reset(), which a
/// compiled fake (<webapi/fakes/core/compiled.hpp>) declares too.
template <class F>
concept ControllableFake = requires(F& f, const F& cf, Fault fault) {
  f.reset();
  cf.journal();
  f.clock().now();
  f.add_fault(fault);
  f.clear_faults();
  f.clear_journal();
  cf.faults();
};

/// A fake with a demo data set: a compiled fake's member seed_demo() (<webapi/fakes/core/compiled.hpp>), or
/// `seed_demo(Fake&)` in the fake's namespace (found by argument-dependent lookup).
template <class F>
concept HasDemoSeed = requires(F& f) {
  { f.seed_demo() } -> std::convertible_to<std::vector<std::pair<std::string, std::string>>>;
} || requires(F& f) {
  { seed_demo(f) } -> std::convertible_to<std::vector<std::pair<std::string, std::string>>>;
};

/// Adds the demo data set to `fake` and returns its credentials (NAME, value), in the order it gives them.
template <HasDemoSeed F>
std::vector<std::pair<std::string, std::string>> demo_credentials(F& fake) {
  if constexpr (requires { fake.seed_demo(); }) return fake.seed_demo();
  else return seed_demo(fake);
}

/// A fake that shows its state as JSON: FakeBase's snapshot_json() where its namespace offers
/// state_to_json(), and every compiled fake's.
template <class F>
concept HasStateJson = requires(const F& f) { f.snapshot_json(); };

namespace control {

/// Parses "YYYY-MM-DDTHH:MM:SS[.fraction]Z".
inline std::optional<ManualClock::time_point> parse_timestamp(std::string_view s) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, used = 0;
  std::string text(s);
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &sec, &used) != 6)
    return std::nullopt;
  std::string_view rest = s.substr(static_cast<std::size_t>(used));
  long long nanos = 0;
  if (rest.starts_with('.')) {
    rest.remove_prefix(1);
    int digits = 0;
    while (!rest.empty() && rest.front() >= '0' && rest.front() <= '9') {
      if (digits < 9) nanos = nanos * 10 + (rest.front() - '0'), ++digits;
      rest.remove_prefix(1);
    }
    if (digits == 0) return std::nullopt;
    for (; digits < 9; ++digits) nanos *= 10;
  }
  if (rest != "Z") return std::nullopt;
  std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(static_cast<unsigned>(mo)),
                                  std::chrono::day(static_cast<unsigned>(d))};
  if (!ymd.ok() || h > 23 || mi > 59 || sec > 60) return std::nullopt;
  auto t = std::chrono::sys_days(ymd) + std::chrono::hours(h) + std::chrono::minutes(mi) +
           std::chrono::seconds(sec) + std::chrono::nanoseconds(nanos);
  return std::chrono::time_point_cast<ManualClock::duration>(t);
}

/// "YYYY-MM-DDTHH:MM:SS.mmmZ".
inline std::string format_timestamp(ManualClock::time_point t) {
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count() % 1000;
  if (ms < 0) ms += 1000;
  std::string s = timestamp_string(t);
  char buf[8];
  std::snprintf(buf, sizeof buf, ".%03lldZ", static_cast<long long>(ms));
  s.pop_back();
  return s + buf;
}

inline boost::json::object fault_to_json(const Fault& f) {
  boost::json::object o{{"kind", fault_kind_name(f.kind)}, {"times", f.times}};
  if (f.kind == Fault::status) {
    o["status"] = f.code;
    o["message"] = f.message;
  }
  if (f.kind == Fault::latency || f.kind == Fault::slow_body) o["delay_ms"] = f.delay.count();
  if (!f.operation.empty()) o["operation"] = f.operation;
  if (f.method) o["method"] = to_string(*f.method);
  if (!f.path.empty()) o["path"] = f.path;
  return o;
}

/// A rule from {"kind": "status"|"drop"|"reset"|"latency"|"truncated_body"|"malformed_body"|"slow_body",
/// "times": n (1), "status": code (500), "message": text, "delay_ms": n, "operation": name, "method": "GET",
/// "path": "/encoded/path"}; a Failure (400) names the member at fault.
inline Fault fault_from_json(const boost::json::value& v, std::string_view where) {
  const std::string at(where);
  if (!v.is_object()) bad_request(at + ": a fault rule must be a JSON object");
  const auto& o = v.get_object();
  Fault f;
  auto member_string = [&](std::string_view name) -> std::optional<std::string> {
    auto* m = o.if_contains(name);
    if (!m) return std::nullopt;
    if (!m->is_string()) bad_request(at + "." + std::string(name) + " must be a string");
    return std::string(m->get_string());
  };
  auto member_count = [&](std::string_view name, long long max) -> std::optional<long long> {
    auto* m = o.if_contains(name);
    if (!m) return std::nullopt;
    if (!m->is_int64() && !m->is_uint64())
      bad_request(at + "." + std::string(name) + " must be a whole number");
    auto n = m->to_number<long long>();
    if (n < 0 || n > max)
      bad_request(at + "." + std::string(name) + " must be from 0 to " + std::to_string(max));
    return n;
  };
  for (const auto& member : o) {
    static constexpr std::string_view known[] = {"kind", "times", "status", "message", "delay_ms",
                                                 "operation", "method", "path"};
    if (std::find(std::begin(known), std::end(known), std::string_view(member.key())) == std::end(known))
      bad_request(at + ": unknown member '" + std::string(member.key()) +
                  "' (known: kind, times, status, message, delay_ms, operation, method, path)");
  }
  auto kind = member_string("kind");
  if (!kind) bad_request(at + ".kind is required");
  auto k = fault_kind_from_name(*kind);
  if (!k)
    bad_request(at + ".kind '" + *kind +
                "' is not one of status, drop, reset, latency, truncated_body, malformed_body, slow_body");
  f.kind = *k;
  if (auto n = member_count("times", 1'000'000)) f.times = static_cast<std::size_t>(*n);
  if (f.times == 0) bad_request(at + ".times must be at least 1");
  if (auto n = member_count("status", 599)) {
    if (*n < 100) bad_request(at + ".status must be from 100 to 599");
    f.code = static_cast<int>(*n);
  }
  if (auto m = member_string("message")) f.message = *m;
  if (auto n = member_count("delay_ms", 600'000)) f.delay = std::chrono::milliseconds(*n);
  if ((f.kind == Fault::latency || f.kind == Fault::slow_body) && f.delay.count() == 0)
    bad_request(at + ".delay_ms is required for kind " + *kind);
  if (auto m = member_string("operation")) f.operation = *m;
  if (auto m = member_string("method")) {
    auto method = method_from_string(*m);
    if (!method) bad_request(at + ".method '" + *m + "' is not an HTTP method");
    f.method = *method;
  }
  if (auto m = member_string("path")) {
    if (!m->starts_with('/')) bad_request(at + ".path must start with '/'");
    f.path = *m;
  }
  return f;
}

inline boost::json::value parse_body(const Request& r, std::string_view what) {
  if (r.body.empty()) bad_request(std::string(what) + ": the body must be a JSON document");
  boost::system::error_code ec;
  auto v = boost::json::parse(r.body, ec);
  if (ec) bad_request(std::string(what) + ": the body is not valid JSON (" + ec.message() + ")");
  return v;
}

/// (The fake is not const: a compiled fake's clock() is only offered to change.)
template <class F>
boost::json::object clock_json(F& fake) {
  return {{"now", format_timestamp(fake.clock().now())}, {"frozen", fake.clock().frozen()}};
}

template <class F>
boost::json::object journal_json(const F& fake) {
  const Journal journal = fake.journal();
  boost::json::array entries;
  entries.reserve(journal.size());
  for (const auto& e : journal.entries()) {
    entries.push_back(boost::json::object{{"method", to_string(e.request.method)},
                                          {"path", e.request.path},
                                          {"operation", e.operation},
                                          {"status", e.status},
                                          {"injected", e.injected},
                                          {"at", format_timestamp(e.at)},
                                          {"body_size", e.body_size}});
  }
  return {{"entries", std::move(entries)}, {"dropped", journal.dropped()}};
}

template <class F>
Response handle_clock_put(F& fake, const Request& r) {
  auto v = parse_body(r, "PUT /__webapi/clock");
  if (!v.is_object()) bad_request("PUT /__webapi/clock: the body must be a JSON object");
  const auto& o = v.get_object();
  for (const auto& m : o)
    if (m.key() != "freeze" && m.key() != "set" && m.key() != "advance_seconds")
      bad_request("PUT /__webapi/clock: unknown member '" + std::string(m.key()) +
                  "' (known: freeze, set, advance_seconds)");
  std::optional<bool> freeze;
  std::optional<ManualClock::time_point> set;
  std::optional<double> advance;
  if (auto* m = o.if_contains("freeze")) {
    if (!m->is_bool()) bad_request("PUT /__webapi/clock: freeze must be true or false");
    freeze = m->get_bool();
  }
  if (auto* m = o.if_contains("set")) {
    if (!m->is_string()) bad_request("PUT /__webapi/clock: set must be a timestamp string");
    set = parse_timestamp(m->get_string());
    if (!set)
      bad_request("PUT /__webapi/clock: set '" + std::string(m->get_string()) +
                  "' is not a UTC timestamp like 2024-01-01T00:00:00Z");
  }
  if (auto* m = o.if_contains("advance_seconds")) {
    if (!m->is_number()) bad_request("PUT /__webapi/clock: advance_seconds must be a number");
    advance = m->to_number<double>();
    if (*advance > 1e11 || *advance < -1e11) bad_request("PUT /__webapi/clock: advance_seconds is out of range");
  }
  // Freeze first, so a frozen clock is set exactly; then set, then advance.
  if (freeze && *freeze) fake.clock().freeze();
  if (set) fake.clock().set(*set);
  if (advance)
    fake.clock().advance(std::chrono::duration_cast<ManualClock::duration>(std::chrono::duration<double>(*advance)));
  if (freeze && !*freeze) fake.clock().follow_real_time();
  return json_response(clock_json(fake));
}

template <class F>
Response handle_faults_post(F& fake, const Request& r) {
  auto v = parse_body(r, "POST /__webapi/faults");
  std::vector<Fault> rules;
  if (v.is_array()) {
    std::size_t i = 0;
    for (const auto& item : v.get_array())
      rules.push_back(fault_from_json(item, "POST /__webapi/faults: [" + std::to_string(i++) + "]"));
  } else {
    rules.push_back(fault_from_json(v, "POST /__webapi/faults: the rule"));
  }
  for (auto& f : rules) fake.add_fault(std::move(f));
  boost::json::array pending;
  for (const auto& f : fake.faults()) pending.push_back(fault_to_json(f));
  return json_response(201, boost::json::object{{"faults", std::move(pending)}});
}

inline Response no_content() {
  Response r;
  r.status = 204;
  return r;
}

}  // namespace control

/// Answers one control-plane request for `fake`; `request.path` is a control path (is_control_path).
template <ControllableFake F>
Response control_plane(F& fake, const Request& request) {
  using namespace control;
  const std::string_view path = request.path;
  const Method m = request.method;
  auto wrong_method = [&](std::string_view allowed) {
    Response r = error_response(405, std::string(to_string(m)) + " is not allowed on " + std::string(path) +
                                         "; allowed: " + std::string(allowed));
    r.headers.set("Allow", allowed);
    return r;
  };
  try {
    if (path == "/__webapi/reset") {
      if (m != Method::post) return wrong_method("POST");
      fake.reset();
      return no_content();
    }
    if (path == "/__webapi/seed/demo") {
      if (m != Method::post) return wrong_method("POST");
      if constexpr (HasDemoSeed<F>) {
        fake.reset();
        boost::json::object credentials;
        for (const auto& [name, value] : demo_credentials(fake)) credentials[name] = value;
        return json_response(boost::json::object{{"credentials", std::move(credentials)}});
      } else {
        return error_response(404, "this fake has no demo data set");
      }
    }
    if (path == "/__webapi/journal") {
      if (m == Method::get) return json_response(journal_json(fake));
      if (m == Method::delete_) {
        fake.clear_journal();
        return no_content();
      }
      return wrong_method("GET, DELETE");
    }
    if (path == "/__webapi/snapshot") {
      if (m != Method::get) return wrong_method("GET");
      if constexpr (HasStateJson<F>) {
        return json_response(boost::json::object{{"clock", clock_json(fake)}, {"state", fake.snapshot_json()}});
      } else {
        return error_response(501, "this fake cannot show its state as JSON");
      }
    }
    if (path == "/__webapi/clock") {
      if (m == Method::get) return json_response(clock_json(fake));
      if (m == Method::put) return handle_clock_put(fake, request);
      return wrong_method("GET, PUT");
    }
    if (path == "/__webapi/faults") {
      if (m == Method::get) {
        boost::json::array pending;
        for (const auto& f : fake.faults()) pending.push_back(fault_to_json(f));
        return json_response(boost::json::object{{"faults", std::move(pending)}});
      }
      if (m == Method::post) return handle_faults_post(fake, request);
      if (m == Method::delete_) {
        fake.clear_faults();
        return no_content();
      }
      return wrong_method("GET, POST, DELETE");
    }
    return error_response(404, "no control endpoint " + std::string(path) +
                                   "; known: /__webapi/reset, /__webapi/seed/demo, /__webapi/journal, "
                                   "/__webapi/snapshot, /__webapi/clock, /__webapi/faults");
  } catch (const Failure& f) {
    return error_response(f.status(), f.message(), f.extra());
  }
}

}  // namespace webapi::fakes
