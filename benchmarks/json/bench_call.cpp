// What one operation costs on the client side, in ns per call:
//   request/build           a typical request built by hand: path segment, query, header, bearer token,
//                           JSON body, validation
//   call/canned transport   a generated client's whole call (build, send, decode a 10-transaction answer)
//                           on a transport that hands back a fixed response
//   call/in-memory fake     a quotes search through the generated client to the in-memory fake and back
//   call/in-memory fake GET a simple GET (one quote by id) through the generated client to the in-memory
//                           fake and back: routing, the operation's rules, the journal, the handler
//   .../AnyTransport        the same two calls through webapi::AnyClient: what type erasure costs (one
//                           indirect call per request is the budget)

#include <benchmark/benchmark.h>

#include <string>

#include <webapi/core/auth.hpp>
#include <webapi/core/json.hpp>
#include <webapi/core/request_builder.hpp>
#include <webapi/fakes/quotes.hpp>
#include <webapi/finance/client.hpp>
#include <webapi/quotes/client.hpp>

#include "alloc_counter.hpp"
#include "payloads.hpp"

namespace {

webapi::finance::UpdateAccountRequest account_update() {
  webapi::finance::UpdateAccountRequest body;
  body.account.account_name = "Household checking";
  body.account.nickname = "bills";
  body.account.memo = "moved to the joint account in March";
  body.account.include_in_net_worth = "true";
  return body;
}

void request_build(benchmark::State& s) {
  const auto body = account_update();
  const webapi::auth::BearerToken token{"eyJhbGciOiJIUzI1NiJ9.c2Vzc2lvbg.c2lnbmF0dXJl"};
  std::size_t allocs = 0;
  for (auto _ : s) {
    std::size_t before = webapi_bench::allocations();
    webapi::RequestBuilder b(webapi::Method::put, "update_account", "https://api.example.test/ysl");
    b.path("/accounts/").segment("accountId", std::int64_t{10045821});
    b.query("include", std::string("fullAccountNumber"));
    b.header("X-Request-Id", std::string("7f1c2a9e-5b1d-4c1e-9a51-3d2f0f6b8e11"));
    b.credential(token, "access_token");
    b.body(webapi::json::encode(body), "application/json");
    auto r = std::move(b).build();
    allocs += webapi_bench::allocations() - before;
    if (!r) s.SkipWithError(r.error().message.c_str());
    benchmark::DoNotOptimize(r);
  }
  s.counters["allocs"] = benchmark::Counter(static_cast<double>(allocs), benchmark::Counter::kAvgIterations);
}
BENCHMARK(request_build)->Name("request/build");

// Answers every request with the same response, so only the client's own work is measured.
struct CannedTransport {
  webapi::Response response;
  webapi::Result<webapi::Response> send(const webapi::Request&) { return response; }
};

void call_canned(benchmark::State& s) {
  auto page = webapi_bench::transaction_list(21, 10);
  CannedTransport transport{webapi::Response{200, {}, page.text}};
  transport.response.headers.set("Content-Type", "application/json");
  webapi::finance::Client client(transport, {.base_url = "https://api.example.test/ysl", .access_token = "tok"});
  std::size_t allocs = 0;
  for (auto _ : s) {
    std::size_t before = webapi_bench::allocations();
    auto r = client.get_transactions({.container = "bank", .top = 10});
    allocs += webapi_bench::allocations() - before;
    if (!r) s.SkipWithError(r.error().message.c_str());
    benchmark::DoNotOptimize(r);
  }
  s.counters["allocs"] = benchmark::Counter(static_cast<double>(allocs), benchmark::Counter::kAvgIterations);
  s.counters["response_bytes"] = static_cast<double>(page.text.size());
}
BENCHMARK(call_canned)->Name("call/canned transport");

void call_canned_any(benchmark::State& s) {
  auto page = webapi_bench::transaction_list(21, 10);
  CannedTransport transport{webapi::Response{200, {}, page.text}};
  transport.response.headers.set("Content-Type", "application/json");
  webapi::finance::AnyClient client(transport, {.base_url = "https://api.example.test/ysl", .access_token = "tok"});
  for (auto _ : s) {
    auto r = client.get_transactions({.container = "bank", .top = 10});
    if (!r) s.SkipWithError(r.error().message.c_str());
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(call_canned_any)->Name("call/canned transport/AnyTransport");

void call_fake(benchmark::State& s) {
  webapi::fakes::quotes::Fake fake;
  auto keys = webapi::fakes::quotes::seed_demo(fake);
  webapi::quotes::Client client(fake, {.api_key = keys.at(0).second});
  std::size_t allocs = 0;
  for (auto _ : s) {
    std::size_t before = webapi_bench::allocations();
    auto r = client.get_quote_search({.category = "life", .minlength = 10});
    allocs += webapi_bench::allocations() - before;
    if (!r) s.SkipWithError(r.error().message.c_str());
    benchmark::DoNotOptimize(r);
  }
  s.counters["allocs"] = benchmark::Counter(static_cast<double>(allocs), benchmark::Counter::kAvgIterations);
}
BENCHMARK(call_fake)->Name("call/in-memory fake");

void call_fake_get(benchmark::State& s) {
  webapi::fakes::quotes::Fake fake;
  auto keys = webapi::fakes::quotes::seed_demo(fake);
  webapi::quotes::Client client(fake, {.api_key = keys.at(0).second});
  auto first = client.get_quote_list({.limit = 1});
  if (!first) return s.SkipWithError(first.error().message.c_str());
  if (first->contents.quotes.empty()) return s.SkipWithError("the demo data has no quote");
  const std::string id = first->contents.quotes.front().id;
  std::size_t allocs = 0;
  for (auto _ : s) {
    std::size_t before = webapi_bench::allocations();
    auto r = client.get_quote({.id = id});
    allocs += webapi_bench::allocations() - before;
    if (!r) s.SkipWithError(r.error().message.c_str());
    benchmark::DoNotOptimize(r);
  }
  s.counters["allocs"] = benchmark::Counter(static_cast<double>(allocs), benchmark::Counter::kAvgIterations);
}
BENCHMARK(call_fake_get)->Name("call/in-memory fake GET");
void call_fake_any(benchmark::State& s) {
  webapi::fakes::quotes::Fake fake;
  auto keys = webapi::fakes::quotes::seed_demo(fake);
  webapi::quotes::AnyClient client(fake, {.api_key = keys.at(0).second});
  for (auto _ : s) {
    auto r = client.get_quote_search({.category = "life", .minlength = 10});
    if (!r) s.SkipWithError(r.error().message.c_str());
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(call_fake_any)->Name("call/in-memory fake/AnyTransport");

}  // namespace
