// Keep-alive GETs to one URL for a fixed time from many connections at once, by one of two clients:
//
//   beast      N threads sharing ONE webapi::BeastTransport (its pool sized for N connections)
//   beast-all  T threads (2, as wrk -t2) sharing ONE webapi::BeastTransport, each calling send_all with
//              N/T requests in flight on batches of requests
//   asio       ONE webapi::BeastTransport on an io_context that T threads (2) run, N coroutines each
//              co_awaiting async_send in a loop: the asynchronous API as a server built on Asio uses it
//   asio-each  the same on T io_contexts, each run by one thread, with a BeastTransport and N/T coroutines
//              of its own: a server with an io_context per thread
//   client-each  asio-each with a generated client's call in place of async_send: userinfo's
//              oauth2_userinfo_get (GET /oauth2/v2/userinfo at the URL's origin, which nginx.sh serves), its
//              answer decoded; what a call costs beyond its exchange
//   curl       libcurl's multi interface driving N transfers on one thread, each easy handle re-added when done
//   asio-floor N threads, each with an io_context of its own and one keep-alive socket (plain http:// only),
//              each request a coroutine co_spawned on it that writes the request and reads the answer with
//              Beast's parser while the thread runs the io_context: what any blocking client built on Asio
//              coroutines pays per request, without BeastTransport's pool, deadlines or checks
//   floor-each T io_contexts, each run by one thread, with N/T coroutines that each keep one keep-alive socket
//              (plain http:// only) and write a request and read its answer with Beast's parser in a loop: the
//              least any client built on Asio coroutines and Beast's parser does for N requests in flight on
//              T threads, with no coroutine started per request and no pool, deadline or check
//
//   bench_transport_scaling beast|beast-all|asio|asio-each|client-each|asio-floor|floor-each|curl URL SECONDS
//                           [--connections N] [--threads T] [--ca FILE]
//
// Prints "requests=<ok> errors=<failed> seconds=<elapsed>" on one line; benchmarks/transport_scaling.sh runs
// it beside `wrk -t2 -cN` against the same nginx and compares. The clock runs from the first connection to
// the last response, as wrk's does, so connecting (and the TLS handshakes) is inside the measured time for
// all three. Both clients verify the server's certificate against the CA in --ca (only that CA: no system
// roots) and count a request as done only when it answered 200 with a body.

#include <curl/curl.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <webapi/transport.hpp>
#include <webapi/userinfo.hpp>

namespace {

using Clock = std::chrono::steady_clock;

struct Config {
  std::string client;
  std::string url;
  double seconds = 0;
  int connections = 16;
  int threads = 2;     ///< beast-all only
  std::string ca_pem;  ///< empty: no custom CA (a plain http:// URL)
};

struct Outcome {
  long long requests = 0;
  long long errors = 0;
  double seconds = 0;
  std::string first_error;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "bench_transport_scaling: " << problem << "\n"
            << "usage: bench_transport_scaling beast|beast-all|asio|asio-each|client-each|asio-floor|floor-each|curl"
               " URL SECONDS"
               " [--connections N] [--threads T] [--ca FILE]\n";
  std::exit(2);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) usage("cannot read the CA file " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Config parse(int argc, char** argv) {
  if (argc < 4) usage("missing arguments");
  Config c;
  c.client = argv[1];
  c.url = argv[2];
  c.seconds = std::atof(argv[3]);
  if (c.client != "beast" && c.client != "beast-all" && c.client != "asio" && c.client != "asio-each" &&
      c.client != "client-each" && c.client != "asio-floor" && c.client != "floor-each" && c.client != "curl")
    usage("the client is beast, beast-all, asio, asio-each, client-each, asio-floor, floor-each or curl, not " +
          c.client);
  if (c.seconds <= 0) usage("SECONDS must be a positive number");
  for (int i = 4; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) usage(flag + " needs a value");
    if (flag == "--connections")
      c.connections = std::atoi(argv[++i]);
    else if (flag == "--threads")
      c.threads = std::atoi(argv[++i]);
    else if (flag == "--ca")
      c.ca_pem = read_file(argv[++i]);
    else
      usage("unknown option " + flag);
  }
  if (c.connections < 1 || c.connections > 1024) usage("--connections must be between 1 and 1024");
  if (c.threads < 1 || c.threads > c.connections) usage("--threads must be between 1 and --connections");
  return c;
}

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// ---- BeastTransport: N threads, one transport ----------------------------------------------------------

webapi::BeastTransportOptions transport_options(const Config& c) {
  webapi::BeastTransportOptions o;
  o.proxy = webapi::ProxyConfig{};  // straight to loopback, whatever the environment's proxies
  o.tls.system_roots = false;
  o.tls.ca_pem = c.ca_pem;
  // One idle connection per request in flight: with fewer, each send() beyond them would open a connection
  // and the pool would close one on return.
  o.pool.max_idle_per_host = static_cast<std::size_t>(c.connections);
  return o;
}

webapi::Request request_for(const std::string& url) {
  const auto slash = url.find('/', url.find("://") + 3);
  webapi::Request request;
  request.base_url = url.substr(0, slash);
  request.path = slash == std::string::npos ? "/" : url.substr(slash);
  return request;
}

/// What the workers of one run counted, added up as each of them ends, from any thread.
class Tally {
 public:
  void add(long long ok, long long failed, const std::string& error) {
    std::lock_guard lock(mutex_);
    out_.requests += ok;
    out_.errors += failed;
    if (out_.first_error.empty()) out_.first_error = error;
  }
  /// The whole run's, timed from `start`.
  Outcome outcome(Clock::time_point start) {
    out_.seconds = since(start);
    return out_;
  }

 private:
  std::mutex mutex_;
  Outcome out_;
};

/// Runs `threads` threads, each calling `body(ok, failed, error)` until told to stop, for c.seconds.
template <class Body>
Outcome run_threads(const Config& c, int threads, Body body) {
  Tally tally;
  std::atomic<bool> stop{false};
  const auto start = Clock::now();
  std::vector<std::thread> running;
  for (int t = 0; t < threads; ++t)
    running.emplace_back([&] {
      long long ok = 0, failed = 0;
      std::string error;
      while (!stop.load(std::memory_order_relaxed)) body(ok, failed, error);
      tally.add(ok, failed, error);
    });
  std::this_thread::sleep_for(std::chrono::duration<double>(c.seconds));
  stop = true;
  for (auto& t : running) t.join();
  return tally.outcome(start);
}

/// Sets `stop` once c.seconds have passed and runs `ios` on c.threads threads (thread t runs the t-th,
/// modulo their number) until each is stopped or out of work.
void run_io_contexts(const Config& c, std::vector<std::unique_ptr<boost::asio::io_context>>& ios,
                     std::atomic<bool>& stop) {
  boost::asio::steady_timer timer(
      *ios[0], std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(c.seconds)));
  timer.async_wait([&](boost::system::error_code) { stop = true; });
  std::vector<std::thread> running;
  for (int t = 0; t < c.threads; ++t)
    running.emplace_back([&, t] { ios[static_cast<std::size_t>(t) % ios.size()]->run(); });
  for (auto& t : running) t.join();
}

void count(const webapi::Result<webapi::Response>& res, long long& ok, long long& failed, std::string& error) {
  if (res && res->status == 200 && !res->body.empty()) {
    ++ok;
    return;
  }
  if (failed++ == 0) error = res ? "status " + std::to_string(res->status) : res.error().message;
}

void count(const webapi::Result<webapi::userinfo::Userinfo>& res, long long& ok, long long& failed,
           std::string& error) {
  if (res && res->email) {
    ++ok;
    return;
  }
  if (failed++ == 0) error = res ? "no email in the answer" : res.error().message;
}

Outcome run_beast(const Config& c) {
  webapi::BeastTransport http(transport_options(c));
  const webapi::Request request = request_for(c.url);
  return run_threads(c, c.connections, [&](long long& ok, long long& failed, std::string& error) {
    count(http.send(request), ok, failed, error);
  });
}

// ---- BeastTransport::send_all: T threads, one transport, N/T requests in flight on each -----------------

Outcome run_beast_all(const Config& c) {
  webapi::BeastTransport http(transport_options(c));
  // Batches long enough that the last few requests of each, in flight on fewer connections, weigh little.
  const std::vector<webapi::Request> batch(256, request_for(c.url));
  const auto in_flight = static_cast<std::size_t>(c.connections / c.threads);
  return run_threads(c, c.threads, [&](long long& ok, long long& failed, std::string& error) {
    for (const auto& res : http.send_all(batch, in_flight)) count(res, ok, failed, error);
  });
}

// ---- BeastTransport::async_send: N coroutines on an io_context run by T threads, or on T io_contexts ---------

/// `shared`: one io_context and transport that T threads run; otherwise T io_contexts, each run by one thread
/// with a transport of its own (Options::single_threaded_executor) and N/T of the coroutines, as wrk's
/// threads each own their connections. `call`: each coroutine awaits a generated client's call over its
/// transport rather than async_send.
Outcome run_asio(const Config& c, bool shared, bool call = false) {
  namespace asio = boost::asio;
  const int contexts = shared ? 1 : c.threads;
  std::vector<std::unique_ptr<asio::io_context>> ios;
  std::vector<std::unique_ptr<webapi::BeastTransport>> transports;
  for (int i = 0; i < contexts; ++i) {
    ios.push_back(std::make_unique<asio::io_context>(shared ? c.threads : 1));
    auto options = transport_options(c);
    options.pool.max_idle_per_host = static_cast<std::size_t>(c.connections / contexts);
    options.single_threaded_executor = !shared;
    transports.push_back(std::make_unique<webapi::BeastTransport>(ios.back()->get_executor(), options));
  }
  const webapi::Request request = request_for(c.url);
  std::vector<std::unique_ptr<webapi::userinfo::Client<webapi::BeastTransport>>> clients;
  for (auto& t : transports)
    clients.push_back(std::make_unique<webapi::userinfo::Client<webapi::BeastTransport>>(
        *t, webapi::userinfo::Config{.base_url = request.base_url, .access_token = "bench-token"}));
  Tally tally;
  std::atomic<bool> stop{false};
  const auto start = Clock::now();
  std::vector<int> running_coroutines(static_cast<std::size_t>(contexts));  // the last one on an io_context
  std::mutex done_mutex;  // stops it (pooled connections may keep work on it)
  for (int i = 0; i < c.connections; ++i) {
    const auto k = static_cast<std::size_t>(i % contexts);
    ++running_coroutines[k];
    asio::co_spawn(
        *ios[k],
        [&, k]() -> asio::awaitable<void> {
          long long ok = 0, failed = 0;
          std::string error;
          while (!stop.load(std::memory_order_relaxed)) {
            if (call)
              count(co_await clients[k]->async_oauth2_userinfo_get(asio::use_awaitable), ok, failed, error);
            else
              count(co_await transports[k]->async_send(request, asio::use_awaitable), ok, failed, error);
          }
          tally.add(ok, failed, error);
        },
        [&, k](std::exception_ptr) {
          std::lock_guard lock(done_mutex);
          if (--running_coroutines[k] == 0) ios[k]->stop();
        });
  }
  run_io_contexts(c, ios, stop);
  return tally.outcome(start);
}

// ---- Asio's floors: the same requests written and read by Asio and Beast alone, plain http:// only ---------

/// Where the floors connect, and the request they send each time (as BeastTransport's, less its fields).
struct FloorTarget {
  std::string host, port, head;
};

FloorTarget floor_target(const Config& c) {
  const webapi::Request target = request_for(c.url);
  if (target.base_url.rfind("http://", 0) != 0) usage(c.client + " takes a plain http:// URL");
  const std::string authority = target.base_url.substr(7);
  const auto colon = authority.rfind(':');
  return {authority.substr(0, colon), colon == std::string::npos ? "80" : authority.substr(colon + 1),
          "GET " + target.path + " HTTP/1.1\r\nHost: " + authority + "\r\nUser-Agent: bench\r\n\r\n"};
}

/// N threads, each blocking on a coroutine per request on an io_context of its own.
Outcome run_asio_floor(const Config& c) {
  namespace asio = boost::asio;
  namespace http = boost::beast::http;
  using tcp = asio::ip::tcp;
  const auto [host, port, head] = floor_target(c);
  return run_threads(c, c.connections, [&](long long& ok, long long& failed, std::string& error) {
    // One io_context and connection per thread, kept across calls.
    thread_local asio::io_context io(1);
    thread_local tcp::socket socket(io);
    thread_local boost::beast::flat_buffer buffer;
    if (!socket.is_open()) {
      asio::connect(socket, tcp::resolver(io).resolve(host, port));
      socket.set_option(tcp::no_delay(true));
      socket.non_blocking(true);
      buffer.reserve(64 * 1024);
    }
    std::optional<unsigned> status;
    io.restart();  // the last request left it out of work, which stops it
    asio::co_spawn(
        io,
        [&]() -> asio::awaitable<unsigned> {
          boost::system::error_code ec;
          std::size_t n = socket.write_some(asio::buffer(head), ec);  // at once, as BeastTransport does
          if (ec == asio::error::would_block) n = 0, ec = {};
          if (!ec && n < head.size()) co_await asio::async_write(socket, asio::buffer(head) + n, asio::use_awaitable);
          http::response<http::string_body> response;
          co_await http::async_read(socket, buffer, response, asio::use_awaitable);
          co_return response.body().empty() ? 0u : response.result_int();
        },
        [&](std::exception_ptr e, unsigned s) { status = e ? 0u : s; });
    while (!status) io.run_one();
    if (*status == 200) {
      ++ok;
    } else {
      if (failed++ == 0) error = "status " + std::to_string(*status);
      socket.close();
      buffer.clear();
    }
  });
}

/// T io_contexts, each run by one thread, with N/T coroutines that each keep one connection and loop.
Outcome run_floor_each(const Config& c) {
  namespace asio = boost::asio;
  namespace http = boost::beast::http;
  using tcp = asio::ip::tcp;
  const FloorTarget target = floor_target(c);
  std::vector<std::unique_ptr<asio::io_context>> ios;
  for (int i = 0; i < c.threads; ++i) ios.push_back(std::make_unique<asio::io_context>(1));
  Tally tally;
  std::atomic<bool> stop{false};
  const auto start = Clock::now();
  for (int i = 0; i < c.connections; ++i)
    asio::co_spawn(
        *ios[static_cast<std::size_t>(i % c.threads)],
        [&]() -> asio::awaitable<void> {
          long long ok = 0, failed = 0;
          std::string error;
          try {
            const auto executor = co_await asio::this_coro::executor;
            tcp::socket socket(executor);
            auto endpoints =
                co_await tcp::resolver(executor).async_resolve(target.host, target.port, asio::use_awaitable);
            co_await asio::async_connect(socket, endpoints, asio::use_awaitable);
            socket.set_option(tcp::no_delay(true));
            socket.non_blocking(true);
            boost::beast::flat_buffer buffer;
            buffer.reserve(64 * 1024);
            while (!stop.load(std::memory_order_relaxed)) {
              // As the floor above: written at once, the rest as the socket drains; read by Beast's parser.
              boost::system::error_code ec;
              std::size_t n = socket.write_some(asio::buffer(target.head), ec);
              if (ec == asio::error::would_block) n = 0, ec = {};
              if (ec) throw boost::system::system_error(ec);
              if (n < target.head.size())
                co_await asio::async_write(socket, asio::buffer(target.head) + n, asio::use_awaitable);
              http::response<http::string_body> response;
              co_await http::async_read(socket, buffer, response, asio::use_awaitable);
              if (response.result_int() == 200 && !response.body().empty())
                ++ok;
              else if (failed++ == 0)
                error = "status " + std::to_string(response.result_int());
            }
          } catch (const std::exception& e) {
            if (failed++ == 0) error = e.what();
          }
          tally.add(ok, failed, error);
        },
        asio::detached);
  run_io_contexts(c, ios, stop);
  return tally.outcome(start);
}

// ---- libcurl: one multi handle, N transfers ------------------------------------------------------------

std::size_t discard(char*, std::size_t size, std::size_t n, void* received) {
  *static_cast<std::size_t*>(received) += size * n;
  return size * n;
}

struct Transfer {
  CURL* easy = nullptr;
  std::size_t received = 0;
};

Outcome run_curl(const Config& c) {
  curl_global_init(CURL_GLOBAL_DEFAULT);
  CURLM* multi = curl_multi_init();
  curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, static_cast<long>(c.connections));
  std::vector<Transfer> transfers(static_cast<std::size_t>(c.connections));
  for (auto& t : transfers) {
    t.easy = curl_easy_init();
    curl_easy_setopt(t.easy, CURLOPT_URL, c.url.c_str());
    curl_easy_setopt(t.easy, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(t.easy, CURLOPT_WRITEDATA, &t.received);
    curl_easy_setopt(t.easy, CURLOPT_PRIVATE, &t);
    curl_easy_setopt(t.easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(t.easy, CURLOPT_PROXY, "");
    curl_easy_setopt(t.easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1);
    curl_easy_setopt(t.easy, CURLOPT_USERAGENT, "bench");
    if (!c.ca_pem.empty()) {
      curl_blob blob{const_cast<char*>(c.ca_pem.data()), c.ca_pem.size(), CURL_BLOB_COPY};
      curl_easy_setopt(t.easy, CURLOPT_CAINFO_BLOB, &blob);
    }
  }

  Outcome out;
  const auto start = Clock::now();
  const auto end = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(c.seconds));
  for (auto& t : transfers) curl_multi_add_handle(multi, t.easy);
  std::size_t active = transfers.size();
  while (active > 0) {
    int running = 0;
    curl_multi_perform(multi, &running);
    int queued = 0;
    while (CURLMsg* m = curl_multi_info_read(multi, &queued)) {
      if (m->msg != CURLMSG_DONE) continue;
      Transfer* t = nullptr;
      curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, &t);
      long status = 0;
      curl_easy_getinfo(m->easy_handle, CURLINFO_RESPONSE_CODE, &status);
      const CURLcode result = m->data.result;
      if (result == CURLE_OK && status == 200 && t->received > 0) {
        ++out.requests;
      } else if (out.errors++ == 0) {
        out.first_error = result != CURLE_OK ? curl_easy_strerror(result) : "status " + std::to_string(status);
      }
      // Removed and added again: the easy handle starts its next transfer on the connection it leaves in
      // the multi handle's cache.
      curl_multi_remove_handle(multi, t->easy);
      t->received = 0;
      if (Clock::now() < end)
        curl_multi_add_handle(multi, t->easy);
      else
        --active;
    }
    if (active > 0) curl_multi_poll(multi, nullptr, 0, 100, nullptr);
  }
  out.seconds = since(start);
  for (auto& t : transfers) curl_easy_cleanup(t.easy);
  curl_multi_cleanup(multi);
  curl_global_cleanup();
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const Config config = parse(argc, argv);
  const Outcome o = config.client == "beast"         ? run_beast(config)
                    : config.client == "beast-all"   ? run_beast_all(config)
                    : config.client == "asio"        ? run_asio(config, true)
                    : config.client == "asio-each"   ? run_asio(config, false)
                    : config.client == "client-each" ? run_asio(config, false, true)
                    : config.client == "asio-floor"  ? run_asio_floor(config)
                    : config.client == "floor-each"  ? run_floor_each(config)
                                                     : run_curl(config);
  std::printf("requests=%lld errors=%lld seconds=%.3f\n", o.requests, o.errors, o.seconds);
  if (o.errors > 0) std::fprintf(stderr, "first error: %s\n", o.first_error.c_str());
  return o.requests > 0 ? 0 : 1;
}
