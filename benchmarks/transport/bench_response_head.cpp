// The response head read two ways, on the same bytes: by the transport's common-head reader
// (detail/common_head.hpp) and by Beast's parser, each into a webapi::Response as the transport reads it.
// Two heads: nginx's answer to a static file (8 fields) and an API's answer with more fields and longer
// values (17 fields). Run: build/bench/benchmarks/transport/bench_response_head
#include <benchmark/benchmark.h>

#include <cstddef>
#include <string>

#include <boost/asio/buffer.hpp>

#include <webapi/transport/detail/common_head.hpp>
#include <webapi/transport/detail/response_parser.hpp>

namespace {

const std::string nginx_head =
    "HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nDate: Sat, 28 Nov 2026 20:13:11 GMT\r\n"
    "Content-Type: application/json\r\nContent-Length: 119\r\nLast-Modified: Sat, 28 Nov 2026 20:13:11 GMT\r\n"
    "Connection: keep-alive\r\nETag: \"6569a4f7-77\"\r\nAccept-Ranges: bytes\r\n\r\n";

const std::string api_head =
    "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\nVary: Origin\r\nVary: X-Origin\r\n"
    "Vary: Referer\r\nDate: Sat, 28 Nov 2026 20:13:11 GMT\r\nServer: ESF\r\nCache-Control: private\r\n"
    "X-XSS-Protection: 0\r\nX-Frame-Options: SAMEORIGIN\r\nX-Content-Type-Options: nosniff\r\n"
    "Alt-Svc: h3=\":443\"; ma=2592000,h3-29=\":443\"; ma=2592000\r\nAccept-Ranges: none\r\n"
    "X-RateLimit-Remaining: 4999\r\nX-Request-Id: 8f2c1c0e-5b7a-4a53-9d7e-2f0c3b1a9e44\r\n"
    "Strict-Transport-Security: max-age=31536000; includeSubDomains\r\nContent-Length: 2048\r\n"
    "Connection: keep-alive\r\n\r\n";

const std::string& head_of(const benchmark::State& state) { return state.range(0) == 0 ? nginx_head : api_head; }

void common_head(benchmark::State& state) {
  const std::string& head = head_of(state);
  for (auto _ : state) {
    webapi::detail::ResponseParser parser;
    parser.header_limit(8192);
    std::size_t used = 0;
    const auto outcome = parser.put_common(head, used);
    if (outcome != webapi::detail::CommonHead::Outcome::taken) state.SkipWithError("the head was not taken");
    benchmark::DoNotOptimize(parser.get());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * head.size()));
}

void beast_parser(benchmark::State& state) {
  const std::string& head = head_of(state);
  for (auto _ : state) {
    webapi::detail::ResponseParser parser;
    parser.header_limit(8192);
    boost::system::error_code ec;
    parser.put(boost::asio::buffer(head), ec);
    if (ec || !parser.is_header_done()) state.SkipWithError("Beast's parser refused the head");
    benchmark::DoNotOptimize(parser.get());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * head.size()));
}

}  // namespace

BENCHMARK(common_head)->Arg(0)->Arg(1)->ArgName("api");
BENCHMARK(beast_parser)->Arg(0)->Arg(1)->ArgName("api");
BENCHMARK_MAIN();
