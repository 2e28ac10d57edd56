// CassetteRecorder: the cassette's lines and their order, and every credential scrubbed, by the logs' rules
// and the cassette's own (form fields, JSON members at any depth, tokens issued in answers).
#include <boost/test/unit_test.hpp>

#include <deque>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>

#include <webapi/core/async_transport.hpp>
#include <webapi/core/cassette_recorder.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/core/url.hpp>
#include <webapi/version.hpp>

#include "support.hpp"

using webapi::Method;
using webapi::Request;
using webapi::Response;
using webapi::Result;

namespace {

/// Answers from a script, one entry per call, then 200 with an empty body.
struct Scripted {
  std::deque<Result<Response>> script;
  Result<Response> send(const Request&) {
    if (script.empty()) return Response{};
    Result<Response> r = script.front();
    script.pop_front();
    return r;
  }
};

Response json_answer(std::string body, int status = 200) {
  Response r{.status = status, .headers = {}, .body = std::move(body)};
  r.headers.set("Content-Type", "application/json");
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(cassette_recorder)

BOOST_AUTO_TEST_CASE(header_then_one_line_per_exchange_in_a_fixed_member_order) {
  test::TempCassette file("order");
  Scripted inner{{json_answer(R"({"b":1,"a":2})", 201)}};
  {
    webapi::CassetteRecorder recorder(inner, file.path, "quotes", {.date = "2026-01-02T03:04:05Z"});
    Request r{.method = Method::post, .base_url = "http://x", .path = "/quote", .query = {{"q", "a b"}}};
    r.operation = "post_quote";
    r.body = R"({"quote":"x"})";
    r.content_type = "application/json";
    BOOST_TEST(recorder.send(r)->status == 201);
    BOOST_TEST(recorder.size() == 1u);
  }
  const std::string text = test::read_text(file.path);
  const auto lines = test::json_lines(file.path);
  BOOST_REQUIRE(lines.size() == 2u);
  BOOST_TEST(boost::json::serialize(lines[0]) ==
             std::string(R"({"cassette":1,"api":"quotes","version":")") + WEBAPI_VERSION_STRING +
                 R"(","date":"2026-01-02T03:04:05Z"})");
  std::vector<std::string> keys;
  for (const auto& m : lines[1].as_object()) keys.emplace_back(m.key());
  BOOST_TEST((keys == std::vector<std::string>{"operation", "method", "path", "query", "request_headers",
                                               "request_body", "status", "response_headers", "response_body",
                                               "elapsed_ms", "at_ms"}));
  // The exchange record is the one the fakes' logs write: the same members, the same text.
  BOOST_TEST(text.find(R"("query":[["q","a b"]],"request_headers":[["Content-Type","application/json"]])") !=
             std::string::npos);
  BOOST_TEST(text.find(R"("response_body":"{\"b\":1,\"a\":2}")") != std::string::npos);

  auto back = webapi::cassette::load(file.path);
  BOOST_REQUIRE(back.has_value());
  BOOST_TEST(back->header.api == "quotes");
  BOOST_REQUIRE(back->exchanges.size() == 1u);
  BOOST_TEST(back->exchanges[0].operation == "post_quote");
  BOOST_TEST(back->exchanges[0].request.content_type == "application/json");
  BOOST_TEST(back->exchanges[0].response.status == 201);
}

// at_ms says when each request went, counted from the recorder's start, for a replay to keep time with.
BOOST_AUTO_TEST_CASE(each_exchange_says_when_its_request_went) {
  test::TempCassette file("at");
  Scripted inner{{json_answer("{}", 200), json_answer("{}", 200)}};
  {
    webapi::CassetteRecorder recorder(inner, file.path, "quotes");
    const Request r{.method = Method::get, .base_url = "http://x", .path = "/qod"};
    BOOST_REQUIRE(recorder.send(r));
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
    BOOST_REQUIRE(recorder.send(r));
  }
  auto back = webapi::cassette::load(file.path);
  BOOST_REQUIRE(back.has_value());
  BOOST_REQUIRE(back->exchanges.size() == 2u);
  BOOST_REQUIRE(back->exchanges[0].sent_at && back->exchanges[1].sent_at);
  BOOST_TEST(back->exchanges[0].sent_at->count() < 50);
  BOOST_TEST((*back->exchanges[1].sent_at - *back->exchanges[0].sent_at).count() >= 60);
}

BOOST_AUTO_TEST_CASE(the_current_date_by_default) {
  test::TempCassette file("date");
  Scripted inner;
  { webapi::CassetteRecorder recorder(inner, file.path, "audio"); }
  const std::string date(test::json_lines(file.path).at(0).at("date").as_string());
  BOOST_TEST(date.size() == 20u);
  BOOST_TEST(date.back() == 'Z');
  BOOST_TEST(date.substr(0, 2) == "20");
}

BOOST_AUTO_TEST_CASE(no_credential_survives_anywhere_in_any_encoding) {
  test::TempCassette file("secrets");
  const std::vector<std::string> secrets = {"hdr-Secret/1+x", "query key 2", "form&secret=3", "issued-access-4",
                                            "issued refresh 5", "nested-key-6", "cookie-7", "segment-8",
                                            "user-9", "pass word 10"};
  // Set-Cookie, and the issued token echoed in plain text.
  Response echo{.status = 200, .headers = {}, .body = "hello issued-access-4 and issued%20refresh%205"};
  echo.headers.set("Set-Cookie", "sid=cookie-7");
  Scripted inner{{
      // An OAuth token answer, with a token nested deeper and one echoed in a message.
      json_answer(R"({"access_token":"issued-access-4","token_type":"bearer","refresh_token":"issued refresh 5",)"
                  R"("data":[{"apiKey":"nested-key-6","nextPageToken":"page-2"}],"note":"you sent form&secret=3"})"),
      echo,
  }};
  {
    webapi::CassetteRecorder recorder(inner, file.path, "audio");
    Request token{.method = Method::post, .base_url = "http://x", .path = "/oauth2/token"};
    token.operation = "post_oauth2_token";
    token.headers.set("X-Custom-Secret", "hdr-Secret/1+x");
    token.query.push_back({"api_key", "query key 2"});
    token.body = webapi::url::encode_query(std::vector<webapi::QueryParam>{
        {"grant_type", "client_credentials"}, {"client_secret", "form&secret=3"}});
    token.content_type = "application/x-www-form-urlencoded";
    BOOST_REQUIRE(recorder.send(token));

    Request later{.method = Method::delete_, .base_url = "http://x", .path = "/keys/segment-8"};
    later.secret_segments = {"segment-8"};
    later.headers.set("Authorization", "Bearer issued-access-4");
    later.headers.set("Proxy-Authorization",
                      "Basic " + webapi::base64::encode("user-9:pass word 10"));
    BOOST_REQUIRE(recorder.send(later));
  }
  const std::string text = test::read_text(file.path);
  for (const auto& s : secrets) {
    for (const auto& form : {s, webapi::url::encode_query_component(s), webapi::url::encode_segment(s),
                             boost::json::serialize(boost::json::value(s))}) {
      std::string bare = form;
      if (bare.front() == '"') bare = bare.substr(1, bare.size() - 2);
      BOOST_TEST(text.find(bare) == std::string::npos, "'" << s << "' survives as " << bare << " in " << text);
    }
  }
  BOOST_TEST(text.find(webapi::base64::encode("user-9:pass word 10")) == std::string::npos);
  // What is no credential stays, and the kind of credential shows.
  BOOST_TEST(text.find("page-2") != std::string::npos);
  BOOST_TEST(text.find("client_credentials") != std::string::npos);
  BOOST_TEST(text.find(R"(["Authorization","Bearer REDACTED"])") != std::string::npos);
  BOOST_TEST(text.find(R"(["Proxy-Authorization","Basic REDACTED"])") != std::string::npos);
  BOOST_TEST(text.find(R"("path":"/keys/REDACTED")") != std::string::npos);
  BOOST_TEST(text.find(R"(\"access_token\":\"REDACTED\")") != std::string::npos);
  BOOST_TEST(text.find(R"(["api_key","REDACTED"])") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_transport_failure_is_recorded_as_an_error) {
  test::TempCassette file("failure");
  Scripted inner{{webapi::make_error(webapi::ErrorKind::transport, "connection refused")}};
  {
    webapi::CassetteRecorder recorder(inner, file.path, "quotes");
    BOOST_TEST(!recorder.send(Request{.method = Method::get, .base_url = "http://x", .path = "/qod"}));
  }
  const auto lines = test::json_lines(file.path);
  BOOST_REQUIRE(lines.size() == 2u);
  BOOST_TEST(lines[1].at("error").as_string() == "connection refused");
  BOOST_TEST(!lines[1].as_object().contains("status"));
}

BOOST_AUTO_TEST_CASE(concurrent_sends_each_write_one_whole_line) {
  test::TempCassette file("threads");
  struct Echo {
    Result<Response> send(const Request& r) { return json_answer(R"({"path":")" + r.path + R"("})"); }
  } inner;
  {
    webapi::CassetteRecorder recorder(inner, file.path, "quotes");
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
        for (int i = 0; i < 50; ++i)
          (void)recorder.send(Request{.method = Method::get, .base_url = "http://x",
                                .path = "/t" + std::to_string(t) + "/" + std::to_string(i)});
      });
    for (auto& th : threads) th.join();
    BOOST_TEST(recorder.size() == 400u);
  }
  auto back = webapi::cassette::load(file.path);
  BOOST_REQUIRE(back.has_value());
  BOOST_TEST(back->exchanges.size() == 400u);
  for (const auto& e : back->exchanges) BOOST_TEST(e.response.body == R"({"path":")" + e.request.path + R"("})");
}

BOOST_AUTO_TEST_SUITE_END()

// Over an asynchronous transport: the exchange is written when the inner send completes, scrubbed as in the
// blocking form, and the answer reaches the handler unchanged, on the handler's executor.
BOOST_AUTO_TEST_CASE(an_asynchronous_send_is_recorded_too) {
  test::TempCassette file("async");
  webapi::CannedTransport inner(json_answer(R"({"access_token":"tok-secret-1","expires_in":3600})"));
  boost::asio::io_context io;
  std::optional<Result<Response>> got;
  {
    webapi::CassetteRecorder recorder(inner, file.path, "finance");
    Request r{.method = Method::post, .base_url = "http://x", .path = "/auth/token"};
    r.operation = "generate_access_token";
    r.body = "clientId=app&secret=form-secret-2";
    r.content_type = "application/x-www-form-urlencoded";
    recorder.async_send(r, boost::asio::bind_executor(io, [&](Result<Response> result) { got = std::move(result); }));
    BOOST_TEST(!got.has_value());  // never inside the call
    io.run();
    BOOST_REQUIRE(got.has_value());
    BOOST_TEST(recorder.size() == 1u);
  }
  BOOST_REQUIRE(got->has_value());
  BOOST_TEST((*got)->body.find("tok-secret-1") != std::string::npos);  // the caller's answer is not scrubbed
  const std::string text = test::read_text(file.path);
  BOOST_TEST(test::json_lines(file.path).size() == 2u);
  BOOST_TEST(text.find("generate_access_token") != std::string::npos);
  BOOST_TEST(text.find("tok-secret-1") == std::string::npos);
  BOOST_TEST(text.find("form-secret-2") == std::string::npos);
}
