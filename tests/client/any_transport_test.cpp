// AnyTransport: one type for every transport, composing with the decorators both ways round.

#include <memory>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include <webapi/core/any_transport.hpp>
#include <webapi/core/recording.hpp>
#include <webapi/quotes/client.hpp>
#include <webapi/transport/logging.hpp>
#include <webapi/transport/retrying.hpp>

namespace {

webapi::Response answer(int status, std::string body = "{}") {
  webapi::Response r;
  r.status = status;
  r.headers.set("Content-Type", "application/json");
  r.body = std::move(body);
  return r;
}

/// Answers with the statuses given, in turn, then 200.
struct Scripted {
  std::vector<int> statuses;
  std::size_t calls = 0;
  webapi::Result<webapi::Response> send(const webapi::Request&) {
    int s = calls < statuses.size() ? statuses[calls] : 200;
    ++calls;
    return answer(s);
  }
};

webapi::Request get(std::string path) {
  webapi::Request r;
  r.base_url = "https://example.test";
  r.path = std::move(path);
  r.operation = "probe";
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(any_transport)

BOOST_AUTO_TEST_CASE(forwards_to_the_transport_it_refers_to) {
  webapi::CannedTransport canned{answer(204)};
  webapi::AnyTransport any{canned};
  auto r = any.send(get("/a"));
  BOOST_REQUIRE(r);
  BOOST_TEST(r->status == 204);
  BOOST_TEST(canned.last()->path == "/a");
}

BOOST_AUTO_TEST_CASE(copies_refer_to_the_same_transport) {
  Scripted s{{503}};
  webapi::AnyTransport a{s};
  webapi::AnyTransport b = a;
  BOOST_TEST(a.send(get("/"))->status == 503);
  BOOST_TEST(b.send(get("/"))->status == 200);
  BOOST_TEST(s.calls == 2u);
}

BOOST_AUTO_TEST_CASE(an_owning_one_keeps_its_transport_alive) {
  webapi::AnyTransport any = webapi::make_any_transport<webapi::CannedTransport>(answer(202));
  webapi::AnyTransport copy = any;
  any = webapi::AnyTransport::owning(std::make_shared<webapi::CannedTransport>(answer(201)));
  BOOST_TEST(copy.send(get("/"))->status == 202);
  BOOST_TEST(any.send(get("/"))->status == 201);
}

BOOST_AUTO_TEST_CASE(decorators_wrap_it_and_it_wraps_decorators) {
  Scripted s{{503, 503}};
  std::vector<std::string> lines;
  // Retrying over an erased transport...
  webapi::AnyTransport inner{s};
  webapi::RetryPolicy policy{.max_attempts = 3, .sleep = [](std::chrono::milliseconds) {}};
  webapi::Retrying retrying{inner, policy};
  // ... erased again, logged, erased once more: every layer is one plain type away.
  webapi::AnyTransport middle{retrying};
  webapi::Logging logged{middle, [&](std::string_view line) { lines.emplace_back(line); }};
  webapi::AnyTransport outer{logged};
  auto r = outer.send(get("/x"));
  BOOST_REQUIRE(r);
  BOOST_TEST(r->status == 200);
  BOOST_TEST(s.calls == 3u);
  BOOST_REQUIRE(lines.size() == 1u);
  BOOST_TEST(lines[0].find("probe GET https://example.test/x -> 200") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(any_client_is_made_from_any_transport) {
  webapi::CannedTransport canned{answer(200, R"({"contents":{"quotes":[{"id":"q1","quote":"Hi."}]}})")};
  webapi::quotes::AnyClient quotes{canned, {.api_key = "k-123456"}};
  auto r = quotes.get_quote({.id = "q1"});
  BOOST_REQUIRE(r);
  BOOST_TEST(r->contents->quotes->at(0).quote == "Hi.");
  BOOST_TEST(canned.last()->path == "/quote");
  // The template over a concrete transport stays as it was.
  webapi::quotes::Client<webapi::CannedTransport> direct{canned, {.api_key = "k-123456"}};
  BOOST_TEST(direct.get_quote({.id = "q1"}).has_value());
  static_assert(std::is_same_v<decltype(webapi::quotes::Client{canned}), webapi::quotes::Client<webapi::CannedTransport>>);
}

BOOST_AUTO_TEST_SUITE_END()
