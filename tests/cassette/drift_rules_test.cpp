// verify()'s mapping of the recorded (redacted) credentials and ids onto a fake's, on a small scripted fake
// whose every answer says what it was sent.
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>

#include <boost/json.hpp>

#include <webapi/core/cassette_recorder.hpp>
#include <webapi/core/url.hpp>
#include <webapi/audio/service.hpp>
#include <webapi/fakes/core/clock.hpp>
#include <webapi/fakes/core/drift.hpp>
#include <webapi/webhooks/service.hpp>

#include "support.hpp"

using webapi::Method;
using webapi::Request;
using webapi::Response;
using webapi::Result;

namespace {

/// Issues "token-<n>" from POST /token; answers 200 to a request whose credentials are the ones it knows
/// (form secret "the-secret", header X-Api-Key "the-key", Authorization "Bearer <an issued token>") and 401
/// otherwise; GET /things/{id} answers 404 unless the id is the one it issued with the token.
struct Checking {
  std::string issued;
  int n = 0;
  Result<Response> send(const Request& r) {
    Response a;
    a.headers.set("Content-Type", "application/json");
    if (r.path == "/token") {
      auto form = webapi::url::decode_query(r.body).value();
      bool ok = false;
      for (const auto& f : form) ok = ok || (f.name == "secret" && f.value == "the-secret");
      if (!ok) return Response{.status = 401, .headers = a.headers, .body = "{}"};
      issued = "token-" + std::to_string(++n);
      a.body = R"({"access_token":")" + issued + R"(","id":")" + std::to_string(100 + n) + R"("})";
      return a;
    }
    if (r.headers.get("X-Api-Key").value_or("") != "the-key" ||
        r.headers.get("Authorization").value_or("") != "Bearer " + issued)
      return Response{.status = 401, .headers = a.headers, .body = "{}"};
    if (r.path != "/things/" + std::to_string(100 + n)) return Response{.status = 404, .headers = a.headers, .body = "{}"};
    a.body = R"({"path":")" + r.path + R"("})";
    return a;
  }
};

}  // namespace

BOOST_AUTO_TEST_CASE(recorded_credentials_and_ids_are_mapped_onto_the_fakes) {
  test::TempCassette file("mapping");
  // The service: its own secret and key, tokens and ids of its own.
  struct Service {
    Result<Response> send(const Request& r) {
      Response a;
      a.headers.set("Content-Type", "application/json");
      a.body = r.path == "/token" ? R"({"access_token":"service-token","id":"7"})"
                                  : R"({"path":"/things/7"})";
      return a;
    }
  } service;
  {
    webapi::CassetteRecorder recorder(service, file.path, "any");
    Request token{.method = Method::post, .base_url = "http://s", .path = "/token"};
    token.body = "grant_type=client_credentials&secret=service-secret";
    token.content_type = "application/x-www-form-urlencoded";
    BOOST_REQUIRE(recorder.send(token));
    Request thing{.method = Method::get, .base_url = "http://s", .path = "/things/7"};
    thing.headers.set("X-Api-Key", "service-key");
    thing.headers.set("Authorization", "Bearer service-token");
    BOOST_REQUIRE(recorder.send(thing));
  }
  const auto cassette = webapi::cassette::load(file.path).value();

  // CLIENT_SECRET stands for the form's "secret" (one name ends the other), X-API-KEY for the X-Api-Key header (the
  // same name), the token the fake issued for the Authorization after it, and its id 101 for the service's 7.
  Checking fake;
  auto drifts = webapi::fakes::verify(fake, cassette, {.credentials = {{"X-API-KEY", "the-key"}, {"CLIENT_SECRET", "the-secret"}}});
  std::string lines;
  for (const auto& d : drifts) lines += d.line() + "\n";
  BOOST_TEST(drifts.empty(), lines);
  BOOST_TEST(fake.issued == "token-1");

  // Without the secret the token request is refused: one line, the status.
  Checking refusing;
  drifts = webapi::fakes::verify(refusing, cassette, {.credentials = {{"X-API-KEY", "the-key"}}});
  BOOST_REQUIRE(!drifts.empty());
  BOOST_TEST(drifts[0].line() == "#1 POST /token status: the service answered 200, the fake 401");
}

// A cassette that fetched no token (the token came from elsewhere, e.g. a demo's ACCESS_TOKEN): its
// Authorization takes the given access token, not the first credential named like one (a client secret
// listed before it).
BOOST_AUTO_TEST_CASE(an_authorization_without_an_issued_token_takes_the_given_access_token) {
  test::TempCassette file("given_token");
  struct Service {
    Result<Response> send(const Request&) {
      return Response{.status = 200, .headers = {}, .body = {}};
    }
  } service;
  {
    webapi::CassetteRecorder recorder(service, file.path, "any");
    Request r{.method = Method::get, .base_url = "http://s", .path = "/me"};
    r.headers.set("Authorization", "OAuth service-token");
    BOOST_REQUIRE(recorder.send(r));
  }
  const auto cassette = webapi::cassette::load(file.path).value();
  struct Expecting {
    std::string seen;
    Result<Response> send(const Request& r) {
      seen = std::string(r.headers.get("Authorization").value_or(""));
      return Response{.status = seen == "OAuth the-token" ? 200 : 401, .headers = {}, .body = {}};
    }
  } fake;
  auto drifts = webapi::fakes::verify(
      fake, cassette, {.credentials = {{"CLIENT_ID", "app"}, {"CLIENT_SECRET", "the-secret"}, {"ACCESS_TOKEN", "the-token"}}});
  BOOST_TEST(fake.seen == "OAuth the-token");
  BOOST_TEST(drifts.empty());
}

// An id the service answered is rewritten inside a query parameter holding JSON text too (finance's ruleParam
// names a category so), and text with nothing to rewrite is sent as recorded.
BOOST_AUTO_TEST_CASE(ids_inside_a_query_parameters_json_text_are_mapped) {
  test::TempCassette file("json_query");
  struct Service {
    Result<Response> send(const Request& r) {
      Response a;
      a.headers.set("Content-Type", "application/json");
      a.body = r.path == "/things" ? R"({"id":7})" : "{}";
      return a;
    }
  } service;
  {
    webapi::CassetteRecorder recorder(service, file.path, "any");
    BOOST_REQUIRE(recorder.send(Request{.method = Method::post, .base_url = "http://s", .path = "/things"}));
    Request rule{.method = Method::post, .base_url = "http://s", .path = "/rules"};
    rule.query = {{"ruleParam", R"({"rule":{"categoryId":7,"text":"coffee"}})"}, {"note", R"({"n": 1e12})"}};
    BOOST_REQUIRE(recorder.send(rule));
  }
  const auto cassette = webapi::cassette::load(file.path).value();
  struct Fake {
    std::vector<webapi::QueryParam> seen;
    Result<Response> send(const Request& r) {
      Response a;
      a.headers.set("Content-Type", "application/json");
      a.body = r.path == "/things" ? R"({"id":101})" : "{}";
      if (r.path == "/rules") seen = r.query;
      return a;
    }
  } fake;
  auto drifts = webapi::fakes::verify(fake, cassette, {});
  BOOST_TEST(drifts.empty());
  BOOST_REQUIRE_EQUAL(fake.seen.size(), 2u);
  BOOST_TEST(boost::json::parse(fake.seen[0].value) == boost::json::parse(R"({"rule":{"categoryId":101,"text":"coffee"}})"));
  BOOST_TEST(fake.seen[1].value == R"({"n": 1e12})");
}

// A fake with a clock is moved on to where the recording's stood at each request: what the service had done
// by a late poll, the fake has too. A cassette without at_ms replays without moving it.
BOOST_AUTO_TEST_CASE(a_replay_keeps_time_with_the_recording_on_a_fake_with_a_clock) {
  const std::string header = R"({"cassette":1,"api":"any","version":"0","date":"2026-01-01T00:00:00Z"})";
  const std::string line = R"({"operation":"poll","method":"GET","path":"/op","query":[],"request_headers":[],)"
                           R"("request_body":"","status":200,"response_headers":[],"response_body":"")";
  struct Timed {
    webapi::fakes::ManualClock c;
    std::vector<webapi::fakes::ManualClock::time_point> seen;
    webapi::fakes::ManualClock& clock() { return c; }
    Result<Response> send(const Request&) {
      seen.push_back(c.now());
      return Response{.status = 200, .headers = {}, .body = {}};
    }
  };
  Timed timed;
  const auto cassette = webapi::cassette::parse(header + "\n" + line + R"(,"elapsed_ms":1,"at_ms":300})" + "\n" + line +
                                                R"(,"elapsed_ms":1,"at_ms":2800})" + "\n").value();
  BOOST_TEST(webapi::fakes::verify(timed, cassette).empty());
  BOOST_REQUIRE_EQUAL(timed.seen.size(), 2u);
  BOOST_TEST((timed.seen[0] - webapi::fakes::ManualClock::default_start() == std::chrono::milliseconds(300)));
  BOOST_TEST((timed.seen[1] - timed.seen[0] == std::chrono::milliseconds(2500)));

  Timed untimed;
  const auto old = webapi::cassette::parse(header + "\n" + line + R"(,"elapsed_ms":1})" + "\n").value();
  BOOST_TEST(webapi::fakes::verify(untimed, old).empty());
  BOOST_TEST((untimed.seen.at(0) == webapi::fakes::ManualClock::default_start()));
}

// Names in a path are mapped once each, the longest first: the recorded things/op-12 became the fake's
// things/op-1 and the recorded things/op-1 its things/op-2, and neither is taken for the other.
BOOST_AUTO_TEST_CASE(names_in_a_path_are_mapped_once_each) {
  test::TempCassette file("names");
  struct Service {
    int n = 0;
    Result<Response> send(const Request& r) {
      Response a;
      a.headers.set("Content-Type", "application/json");
      a.body = r.path == "/v1/things" ? (++n == 1 ? R"({"name":"things/op-12"})" : R"({"name":"things/op-1"})") : "{}";
      return a;
    }
  } service;
  {
    webapi::CassetteRecorder recorder(service, file.path, "any");
    for (int i = 0; i < 2; ++i)
      BOOST_REQUIRE(recorder.send(Request{.method = Method::post, .base_url = "http://s", .path = "/v1/things"}));
    BOOST_REQUIRE(recorder.send(Request{.method = Method::get, .base_url = "http://s", .path = "/v1/things/op-12"}));
    BOOST_REQUIRE(recorder.send(Request{.method = Method::post, .base_url = "http://s", .path = "/v1/things/op-1:cancel"}));
    BOOST_REQUIRE(recorder.send(Request{.method = Method::get, .base_url = "http://s", .path = "/v1/op-12/x"}));
  }
  const auto cassette = webapi::cassette::load(file.path).value();
  struct Fake {
    int n = 0;
    std::vector<std::string> paths;
    Result<Response> send(const Request& r) {
      Response a;
      a.headers.set("Content-Type", "application/json");
      a.body = r.path == "/v1/things" ? (++n == 1 ? R"({"name":"things/op-1"})" : R"({"name":"things/op-2"})") : "{}";
      paths.push_back(r.path);
      return a;
    }
  } fake;
  BOOST_TEST(webapi::fakes::verify(fake, cassette).empty());
  BOOST_TEST((fake.paths == std::vector<std::string>{"/v1/things", "/v1/things", "/v1/things/op-1",
                                                     "/v1/things/op-2:cancel", "/v1/op-1/x"}));
}

// The enum facts are by member name across the module: a value outside them is a line only where the fake
// answered otherwise, not where it answered the same (a free-text status sharing an enum's name).
BOOST_AUTO_TEST_CASE(a_value_outside_the_enum_facts_that_the_fake_answered_too_is_no_drift) {
  test::TempCassette file("enum_by_name");
  struct Service {
    Result<Response> send(const Request&) {
      return Response{.status = 200, .headers = {{"Content-Type", "application/json"}}, .body = R"({"status":"OPEN"})"};
    }
  } service;
  {
    webapi::CassetteRecorder recorder(service, file.path, "any");
    BOOST_REQUIRE(recorder.send(Request{.method = Method::get, .base_url = "http://s", .path = "/jobs/1"}));
  }
  const auto cassette = webapi::cassette::load(file.path).value();
  struct Answering {
    std::string status;
    Result<Response> send(const Request&) {
      return Response{.status = 200, .headers = {{"Content-Type", "application/json"}},
                      .body = R"({"status":")" + status + R"("})"};
    }
  };
  const webapi::fakes::EnumFacts facts{{"status", {"COMPLETE", "PENDING"}}};
  Answering same{"OPEN"};
  BOOST_TEST(webapi::fakes::verify(same, cassette, {.enums = facts}).empty());
  Answering other{"COMPLETE"};
  const auto drifts = webapi::fakes::verify(other, cassette, {.enums = facts});
  BOOST_REQUIRE_EQUAL(drifts.size(), 1u);
  BOOST_TEST(drifts[0].line() == R"(#1 GET /jobs/1 $.status: the service answered "OPEN", a value the fake does not know for this enum)");
}

// Which members are enums comes from the module's generated tables, for any fake: each operation's success
// type (service::answer_model) and, at any depth, the models' wire_values.
BOOST_AUTO_TEST_CASE(the_enums_of_every_modules_answers_come_from_its_generated_tables) {
  const auto audio = webapi::fakes::answer_enum_facts<webapi::audio::service>();
  BOOST_REQUIRE(audio.contains("access"));  // Track.access, in the answers of the track lists
  BOOST_TEST((audio.at("access") == std::set<std::string>{"blocked", "playable", "preview"}));
  const auto webhooks = webapi::fakes::answer_enum_facts<webapi::webhooks::service>();
  BOOST_REQUIRE(webhooks.contains("status"));  // a batch answer's status
  BOOST_TEST(webhooks.at("status").contains("COMPLETE"));
  BOOST_TEST(!webhooks.contains("access"));  // another module's enum is not there
}
