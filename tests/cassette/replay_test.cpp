// CassetteReplay: requests matched by method, path, query and body, in order or in any order, volatile
// fields ignored, and a request nothing matches refused with the closest exchange and how it differs.
#include <boost/test/unit_test.hpp>

#include <string>

#include <webapi/core/cassette_recorder.hpp>
#include <webapi/core/cassette_replay.hpp>

#include "support.hpp"

using webapi::Method;
using webapi::Request;
using webapi::Response;
using webapi::Result;

namespace {

/// Answers "<method> <path> #<n>", n counting the calls.
struct Counter {
  int n = 0;
  Result<Response> send(const Request& r) {
    return Response{.status = 200, .headers = {}, .body = std::string(to_string(r.method)) + " " + r.path + " #" +
                                                         std::to_string(++n)};
  }
};

Request get(std::string path, std::vector<webapi::QueryParam> query = {}) {
  Request r{.method = Method::get, .base_url = "http://x", .path = std::move(path), .query = std::move(query)};
  r.headers.set("X-Api-Key", "key-of-the-recording");
  return r;
}
Request post_json(std::string path, std::string body) {
  Request r{.method = Method::post, .base_url = "http://x", .path = std::move(path)};
  r.body = std::move(body);
  r.content_type = "application/json";
  return r;
}

/// Records the requests through a Counter into `path`.
void record(const std::string& path, const std::vector<Request>& requests) {
  Counter counter;
  webapi::CassetteRecorder recorder(counter, path, "quotes");
  for (const auto& r : requests) BOOST_REQUIRE(recorder.send(r));
}

webapi::CassetteReplay replay(const std::string& path, webapi::ReplayOptions o = {}) {
  auto r = webapi::CassetteReplay::open(path, std::move(o));
  BOOST_REQUIRE_MESSAGE(r.has_value(), (r ? "" : r.error().what()));
  return std::move(*r);
}

std::string body_of(Result<Response> r) {
  BOOST_REQUIRE_MESSAGE(r.has_value(), (r ? "" : r.error().what()));
  return r->body;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(cassette_replay)

BOOST_AUTO_TEST_CASE(any_order_answers_each_recorded_exchange_whatever_the_credential) {
  test::TempCassette file("any-order");
  record(file.path, {get("/a", {{"x", "1"}, {"y", "2"}}), get("/b"), post_json("/c", R"({"p":1,"q":[1,2]})")});
  auto r = replay(file.path);
  BOOST_TEST(r.remaining() == 3u);
  Request c = post_json("/c", R"({ "q": [1, 2], "p": 1 })");  // the same JSON, spelt otherwise
  BOOST_TEST(body_of(r.send(c)) == "POST /c #3");
  Request b = get("/b");
  b.headers.set("X-Api-Key", "another-key");  // a credential compares as REDACTED, whatever its value
  BOOST_TEST(body_of(r.send(b)) == "GET /b #2");
  BOOST_TEST(body_of(r.send(get("/a", {{"y", "2"}, {"x", "1"}}))) == "GET /a #1");
  BOOST_TEST(r.remaining() == 0u);
  // Asked again, the last exchange that matches answers again.
  BOOST_TEST(body_of(r.send(get("/b"))) == "GET /b #2");
}

BOOST_AUTO_TEST_CASE(in_order_refuses_a_request_out_of_turn) {
  test::TempCassette file("in-order");
  record(file.path, {get("/a"), get("/b")});
  auto r = replay(file.path, {.in_order = true});
  auto early = r.send(get("/b"));
  BOOST_REQUIRE(!early);
  BOOST_TEST(early.error().kind == webapi::ErrorKind::invalid_argument);
  BOOST_TEST(early.error().message.find("exchange #1") != std::string::npos, early.error().message);
  BOOST_TEST(early.error().message.find("path: expected /a, got /b") != std::string::npos, early.error().message);
  BOOST_TEST(body_of(r.send(get("/a"))) == "GET /a #1");
  BOOST_TEST(body_of(r.send(get("/b"))) == "GET /b #2");
  auto after = r.send(get("/b"));
  BOOST_REQUIRE(!after);
  BOOST_TEST(after.error().message.find("every recorded exchange was answered") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(volatile_fields_named_are_ignored_and_others_are_not) {
  test::TempCassette file("volatile");
  Request a = get("/a", {{"ts", "100"}, {"q", "x"}});
  a.headers.set("X-Trace", "t1");
  record(file.path, {a, post_json("/c", R"({"n":1,"meta":{"requestId":"r-1"}})")});
  auto r = replay(file.path, {.ignore = {"ts", "requestId", "X-Trace"}, .match_headers = {"X-Trace"}});
  Request a2 = get("/a", {{"ts", "999"}, {"q", "x"}});
  a2.headers.set("X-Trace", "t2");
  BOOST_TEST(body_of(r.send(a2)) == "GET /a #1");
  BOOST_TEST(body_of(r.send(post_json("/c", R"({"n":1,"meta":{"requestId":"r-2"}})"))) == "POST /c #2");

  auto strict = replay(file.path, {.match_headers = {"X-Trace"}});
  auto refused = strict.send(a2);
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().message.find("query parameter 'ts': expected '100', got '999'") != std::string::npos,
             refused.error().message);
  BOOST_TEST(refused.error().message.find("header 'x-trace': expected 't1', got 't2'") != std::string::npos,
             refused.error().message);
}

BOOST_AUTO_TEST_CASE(an_unmatched_request_names_the_closest_exchange_and_the_field) {
  test::TempCassette file("closest");
  record(file.path, {get("/a"), post_json("/c", R"({"n":1,"list":[{"k":"v"}]})"), get("/d", {{"limit", "10"}})});
  auto r = replay(file.path);

  auto body = r.send(post_json("/c", R"({"n":1,"list":[{"k":"w"}]})"));
  BOOST_REQUIRE(!body);
  BOOST_TEST(body.error().message.find("closest is exchange #2") != std::string::npos, body.error().message);
  BOOST_TEST(body.error().message.find(R"(body member $.list[0].k: expected "v", got "w")") != std::string::npos,
             body.error().message);

  auto query = r.send(get("/d", {{"limit", "20"}}));
  BOOST_REQUIRE(!query);
  BOOST_TEST(query.error().message.find("closest is exchange #3") != std::string::npos, query.error().message);
  BOOST_TEST(query.error().message.find("query parameter 'limit': expected '10', got '20'") != std::string::npos,
             query.error().message);

  // A credential that differs is no difference; one sent where none was recorded shows only as REDACTED.
  Request keyed = get("/d", {{"limit", "10"}, {"api_key", "never-shown-1"}});
  auto keyed_answer = r.send(keyed);
  BOOST_REQUIRE(!keyed_answer);
  BOOST_TEST(keyed_answer.error().message.find("query parameter 'api_key': expected absent, got 'REDACTED'") !=
                 std::string::npos,
             keyed_answer.error().message);
  BOOST_TEST(keyed_answer.error().message.find("never-shown-1") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_recorded_transport_failure_replays_as_one) {
  test::TempCassette file("failure");
  struct Refusing {
    Result<Response> send(const Request&) {
      return webapi::make_error(webapi::ErrorKind::transport, "connection refused");
    }
  } refusing;
  {
    webapi::CassetteRecorder recorder(refusing, file.path, "quotes");
    BOOST_TEST(!recorder.send(get("/a")));
  }
  auto r = replay(file.path);
  auto answer = r.send(get("/a"));
  BOOST_REQUIRE(!answer);
  BOOST_TEST(answer.error().kind == webapi::ErrorKind::transport);
  BOOST_TEST(answer.error().message.find("connection refused") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_file_that_is_no_cassette_is_an_error) {
  test::TempCassette file("bad");
  test::write_text(file.path, "{\"method\":\"GET\"}\n");
  auto r = webapi::CassetteReplay::open(file.path);
  BOOST_REQUIRE(!r);
  BOOST_TEST(r.error().message.find("no cassette header") != std::string::npos);
  BOOST_TEST(!webapi::CassetteReplay::open(file.path + ".missing"));
}

BOOST_AUTO_TEST_SUITE_END()
