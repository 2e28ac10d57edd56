// Requests per second through BeastTransport and through libcurl (one easy handle reused per thread),
// against the same loopback server: sequential keep-alive GETs over one connection, a small JSON body and
// a 280 KB one, plain and TLS; and 8 threads at once.
//
// Both clients verify the server's certificate (a CA made at start-up) and keep their connections alive.

#include <benchmark/benchmark.h>
#include <curl/curl.h>

#include <memory>
#include <mutex>
#include <string>

#include <webapi/transport.hpp>

#include "loopback_server.hpp"

namespace {

enum class Size { small, large };

const std::string& body(Size s) {
  static const std::string small =
      R"({"id":"q-1","quote":"Well done is better than well said.","author":"Benjamin Franklin","tags":["inspire","work"],"length":35})";
  static const std::string large = [] {
    // About 280 KB of JSON: a page of records with nested users, made the same way every run.
    std::string out = "{\"collection\":[";
    for (int i = 0; out.size() < 280 * 1024; ++i) {
      if (i) out += ',';
      out += "{\"id\":" + std::to_string(100000 + i) + ",\"title\":\"Track number " + std::to_string(i) +
             "\",\"duration\":" + std::to_string(180000 + i * 7) +
             ",\"genre\":\"electronic\",\"user\":{\"id\":" + std::to_string(i % 97) + ",\"username\":\"artist_" +
             std::to_string(i % 97) + "\",\"avatar_url\":\"https://example.com/a/" + std::to_string(i % 97) +
             ".jpg\"},\"playback_count\":" + std::to_string(i * 31) + "}";
    }
    return out + "],\"next_href\":null}";
  }();
  return s == Size::small ? small : large;
}

struct Servers {
  webapi::test::TestPki ca{"bench CA"};
  webapi::test::KeyAndCert leaf = ca.issue("DNS:localhost,IP:127.0.0.1");
  webapi::test::LoopbackServer plain{handler()};
  webapi::test::LoopbackServer tls{handler(), {.tls = webapi::test::server_tls_context(leaf)}};

  static webapi::test::Handler handler() {
    return [](const webapi::test::BeastRequest& r, const webapi::test::Context&) {
      return webapi::test::Reply{.headers = {{"Content-Type", "application/json"}},
                                 .body = body(r.target() == "/large" ? Size::large : Size::small)};
    };
  }
  std::string url(bool secure, Size s) const {
    return (secure ? tls : plain).base_url() + (s == Size::large ? "/large" : "/small");
  }
};

Servers& servers() {
  static Servers s;
  return s;
}

std::unique_ptr<webapi::BeastTransport> make_transport() {
  webapi::BeastTransportOptions o;
  o.proxy = webapi::ProxyConfig{};
  o.tls.ca_pem = servers().ca.ca_pem();
  o.tls.system_roots = false;
  return std::make_unique<webapi::BeastTransport>(o);
}

webapi::Request request(bool secure, Size s) {
  std::string url = servers().url(secure, s);
  auto slash = url.find('/', url.find("://") + 3);
  webapi::Request r;
  r.base_url = url.substr(0, slash);
  r.path = url.substr(slash);
  return r;
}

void beast_sequential(benchmark::State& state, bool secure, Size size) {
  auto http = make_transport();  // its own transport: one connection, reused for every iteration
  const webapi::Request r = request(secure, size);
  if (!http->send(r)) state.SkipWithError("warm-up request failed");
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto res = http->send(r);
    if (!res || res->body.size() != body(size).size()) {
      state.SkipWithError(res ? "short body" : res.error().message.c_str());
      break;
    }
    bytes += res->body.size();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

void beast_shared(benchmark::State& state, bool secure, Size size) {
  static webapi::BeastTransport* shared[2] = {make_transport().release(), make_transport().release()};
  webapi::BeastTransport& http = *shared[secure ? 1 : 0];
  const webapi::Request r = request(secure, size);
  for (auto _ : state) {
    auto res = http.send(r);
    if (!res || res->body.size() != body(size).size()) {
      state.SkipWithError(res ? "short body" : "request failed");
      break;
    }
  }
  state.SetItemsProcessed(state.iterations());
}

size_t append(char* data, size_t size, size_t n, void* out) {
  static_cast<std::string*>(out)->append(data, size * n);
  return size * n;
}

/// An easy handle set up once and reused, so libcurl keeps its connection (and TLS session) alive.
struct Curl {
  CURL* h = curl_easy_init();
  std::string out;
  Curl(bool secure, Size size) {
    static const std::string ca = servers().ca.ca_pem();
    curl_easy_setopt(h, CURLOPT_URL, servers().url(secure, size).c_str());
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, append);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &out);
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_PROXY, "");
    curl_easy_setopt(h, CURLOPT_USERAGENT, "bench");
    curl_blob blob{const_cast<char*>(ca.data()), ca.size(), CURL_BLOB_COPY};
    curl_easy_setopt(h, CURLOPT_CAINFO_BLOB, &blob);
  }
  ~Curl() { curl_easy_cleanup(h); }
  bool get() {
    out.clear();
    return curl_easy_perform(h) == CURLE_OK;
  }
};

void curl_sequential(benchmark::State& state, bool secure, Size size) {
  Curl c(secure, size);
  if (!c.get()) state.SkipWithError("warm-up request failed");
  std::size_t bytes = 0;
  for (auto _ : state) {
    if (!c.get() || c.out.size() != body(size).size()) {
      state.SkipWithError("curl request failed");
      break;
    }
    bytes += c.out.size();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

void curl_per_thread(benchmark::State& state, bool secure, Size size) {
  // An easy handle must not be used by two threads at once: each thread reuses its own.
  Curl c(secure, size);
  for (auto _ : state) {
    if (!c.get() || c.out.size() != body(size).size()) {
      state.SkipWithError("curl request failed");
      break;
    }
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK_CAPTURE(beast_sequential, small_plain, false, Size::small)->UseRealTime();
BENCHMARK_CAPTURE(curl_sequential, small_plain, false, Size::small)->UseRealTime();
BENCHMARK_CAPTURE(beast_sequential, large_plain, false, Size::large)->UseRealTime();
BENCHMARK_CAPTURE(curl_sequential, large_plain, false, Size::large)->UseRealTime();
BENCHMARK_CAPTURE(beast_sequential, small_tls, true, Size::small)->UseRealTime();
BENCHMARK_CAPTURE(curl_sequential, small_tls, true, Size::small)->UseRealTime();
BENCHMARK_CAPTURE(beast_sequential, large_tls, true, Size::large)->UseRealTime();
BENCHMARK_CAPTURE(curl_sequential, large_tls, true, Size::large)->UseRealTime();
BENCHMARK_CAPTURE(beast_shared, small_plain, false, Size::small)->Threads(8)->UseRealTime();
BENCHMARK_CAPTURE(curl_per_thread, small_plain, false, Size::small)->Threads(8)->UseRealTime();
BENCHMARK_CAPTURE(beast_shared, small_tls, true, Size::small)->Threads(8)->UseRealTime();
BENCHMARK_CAPTURE(curl_per_thread, small_tls, true, Size::small)->Threads(8)->UseRealTime();

int main(int argc, char** argv) {
  curl_global_init(CURL_GLOBAL_DEFAULT);
  servers();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  curl_global_cleanup();
  return 0;
}
