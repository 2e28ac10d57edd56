// BeastTransport against servers that misbehave on purpose: every phase's deadline holds, interim answers
// are bounded, a dead address does not sink a host, name lookups cannot pile up, TLS cut short is an error,
// redirects keep secrets where they belong, and a request whose outcome is unknown is never sent twice.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <webapi/transport.hpp>
#include <webapi/transport/detail/early_answer.hpp>

#include "client_support.hpp"
#include "loopback_server.hpp"

using namespace std::chrono_literals;
using webapi::BeastTransport;
using webapi::Method;
using webapi::Request;
using webapi::TransportFailure;
using webapi::TransportPhase;
using webapi::test::BeastRequest;
using webapi::test::Context;
using webapi::test::LoopbackServer;
using webapi::test::Reply;
using webapi::test::local_options;
using webapi::test::make_request;
using webapi::test::why;

namespace {

template <class F>
std::chrono::milliseconds elapsed(F&& f) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
}

/// A server on 127.0.0.1 that reads each request's header and then hands the socket to `act`, which writes
/// whatever it likes for as long as it likes (until the client goes or the server stops).
class RawServer {
 public:
  using Act = std::function<void(int fd, const std::atomic<bool>& stopping)>;

  explicit RawServer(Act act) : act_(std::move(act)) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    BOOST_REQUIRE(::bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    BOOST_REQUIRE(::listen(listener_, 16) == 0);
    socklen_t len = sizeof addr;
    ::getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    accepter_ = std::thread([this] {
      for (;;) {
        const int fd = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0) return;
        if (stopping_) {
          ::close(fd);
          return;
        }
        std::lock_guard lock(mutex_);
        workers_.emplace_back([this, fd] {
          std::string head;
          char c;
          while (head.find("\r\n\r\n") == std::string::npos && ::recv(fd, &c, 1, 0) == 1) head += c;
          act_(fd, stopping_);
          ::close(fd);
        });
      }
    });
  }
  ~RawServer() {
    stopping_ = true;
    ::shutdown(listener_, SHUT_RDWR);
    accepter_.join();
    ::close(listener_);
    std::lock_guard lock(mutex_);
    for (auto& w : workers_) w.join();
  }

  std::string base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }

  /// Sends all of `bytes`; false once the client has gone.
  static bool send_all(int fd, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return true;
  }

 private:
  Act act_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread accepter_;
  std::mutex mutex_;
  std::vector<std::thread> workers_;
};

/// The resident memory of this process, in KiB.
long resident_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.starts_with("VmRSS:")) return std::stol(line.substr(6));
  return -1;
}


struct TlsPki {
  webapi::test::TestPki ca{"webapi hostile test CA"};
  webapi::test::KeyAndCert leaf = ca.issue("DNS:localhost,IP:127.0.0.1");
};
const TlsPki& tls_pki() {
  static const TlsPki p;
  return p;
}

webapi::BeastTransportOptions trusting_options() {
  auto o = local_options();
  o.tls.ca_pem = tls_pki().ca.ca_pem();
  return o;
}

/// A TLS server that writes `raw` and closes the TCP connection without TLS close_notify.
LoopbackServer cutting_server(std::string raw) {
  return LoopbackServer(
      [raw = std::move(raw)](const BeastRequest&, const Context&) { return Reply{.raw = raw, .close = true}; },
      {.tls = webapi::test::server_tls_context(tls_pki().leaf)});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(deadlines_and_limits)

BOOST_AUTO_TEST_CASE(interim_responses_without_end_are_cut_off_not_read_forever) {
  RawServer server([](int fd, const std::atomic<bool>& stopping) {
    while (!stopping && RawServer::send_all(fd, "HTTP/1.1 100 Continue\r\n\r\n")) {
    }
  });
  BeastTransport http(local_options());
  webapi::Result<webapi::Response> res = webapi::make_error(webapi::ErrorKind::auth, "unset");
  auto took = elapsed([&] { res = http.send(make_request(server.base_url())); });
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::protocol, res.error().what());
  BOOST_TEST(res.error().message.find("interim (1xx) responses") != std::string::npos, res.error().message);
  BOOST_TEST((res.error().transport_phase == TransportPhase::receive));
  BOOST_TEST(took < 2000ms);
}

BOOST_AUTO_TEST_CASE(a_few_interim_responses_are_skipped_and_too_many_refused) {
  auto server_with = [](int interim) {
    return [interim](int fd, const std::atomic<bool>&) {
      std::string bytes;
      for (int i = 0; i < interim; ++i) bytes += "HTTP/1.1 102 Processing\r\nX-Step: " + std::to_string(i) + "\r\n\r\n";
      bytes += "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\n\r\ndone";
      RawServer::send_all(fd, bytes);
    };
  };
  auto options = local_options();
  options.limits.max_interim_responses = 3;
  BeastTransport http(options);
  RawServer few(server_with(3));
  auto ok = http.send(make_request(few.base_url()));
  BOOST_REQUIRE_MESSAGE(ok.has_value(), why(ok));
  BOOST_TEST(ok->body == "done");
  RawServer many(server_with(4));
  auto refused = http.send(make_request(many.base_url()));
  BOOST_REQUIRE(!refused);
  BOOST_TEST(webapi::transport_failure(refused.error()) == TransportFailure::protocol);

  // Their bytes count against the header limit together, not each on its own.
  auto tight = local_options();
  tight.limits.max_header_bytes = 200;
  BeastTransport small(tight);
  RawServer chatty(server_with(8));
  auto over = small.send(make_request(chatty.base_url()));
  BOOST_REQUIRE(!over);
  BOOST_TEST(webapi::transport_failure(over.error()) == TransportFailure::header_too_large, over.error().what());
}

BOOST_AUTO_TEST_CASE(a_status_outside_100_to_599_is_a_protocol_error) {
  // Found by the http_response fuzz target: Beast's parser reads any three digits as a status.
  BeastTransport http(local_options());
  for (const char* status : {"002", "099", "600", "999"}) {
    RawServer server([status](int fd, const std::atomic<bool>&) {
      RawServer::send_all(fd, std::string("HTTP/1.1 ") + status + " Odd\r\nContent-Length: 2\r\n\r\n{}");
    });
    auto res = http.send(make_request(server.base_url()));
    BOOST_REQUIRE_MESSAGE(!res, status);
    BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::protocol, res.error().what());
    BOOST_TEST(res.error().message.find("not an HTTP status") != std::string::npos, res.error().message);
  }
}

BOOST_AUTO_TEST_CASE(a_body_stream_is_held_to_the_size_it_announced) {
  std::atomic<int> requests{0};
  RawServer server([&](int fd, const std::atomic<bool>&) {
    ++requests;
    // Whatever follows the head is read for a moment, then answered; a smuggled request would show here.
    timeval tv{0, 200'000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char buf[512];
    std::string rest;
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) rest.append(buf, static_cast<std::size_t>(n));
    if (rest.find("GET /smuggled") != std::string::npos) ++requests;
    RawServer::send_all(fd, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
  });
  BeastTransport http(local_options());
  auto upload = [&](std::uint64_t announced, std::string handed) {
    Request r = make_request(server.base_url(), "/upload", Method::post);
    auto stream = std::make_shared<webapi::BodyStream>();
    stream->size = announced;
    stream->write = [handed](const webapi::BodyStream::Sink& sink) -> std::string {
      sink(handed);
      return {};
    };
    r.body_stream = stream;
    return http.send(r);
  };
  auto more = upload(5, "hello\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n");
  BOOST_REQUIRE(!more);
  BOOST_TEST(more.error().kind == webapi::ErrorKind::invalid_argument);
  BOOST_TEST(more.error().message.find("announced 5 bytes but handed over more") != std::string::npos, more.error().message);
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  auto fewer = upload(10, "abc");
  BOOST_REQUIRE(!fewer);
  BOOST_TEST(fewer.error().message.find("announced 10 bytes but handed over 3") != std::string::npos, fewer.error().message);
  BOOST_TEST((std::chrono::steady_clock::now() - start < 2s));  // refused at once, not after a timeout
  BOOST_TEST(requests.load() <= 2);  // no smuggled request reached the server
}

BOOST_AUTO_TEST_CASE(a_connection_switched_to_another_protocol_is_not_reused) {
  std::atomic<int> connections{0};
  std::atomic<std::size_t> after_upgrade{0};  // bytes the client wrote into the upgraded stream
  RawServer server([&](int fd, const std::atomic<bool>& stopping) {
    if (connections++ == 0) {
      if (!RawServer::send_all(fd, "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: x\r\n\r\n")) return;
      timeval tv{0, 100'000};
      ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      char buf[512];
      while (!stopping) {
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n == 0) return;
        if (n > 0) after_upgrade += static_cast<std::size_t>(n);
      }
      return;
    }
    RawServer::send_all(fd, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
  });
  BeastTransport http(local_options());
  auto switched = http.send(make_request(server.base_url()));
  BOOST_REQUIRE_MESSAGE(switched.has_value(), (switched ? "" : switched.error().what()));
  BOOST_TEST(switched->status == 101);
  auto next = http.send(make_request(server.base_url()));
  BOOST_REQUIRE_MESSAGE(next.has_value(), (next ? "" : next.error().what()));
  BOOST_TEST(next->body == "ok");
  BOOST_TEST(connections.load() == 2);
  BOOST_TEST(after_upgrade.load() == 0u);
}

BOOST_AUTO_TEST_CASE(trailers_are_bounded_and_never_taken_for_header_fields) {
  // A server that streams trailer lines after the last chunk: without a bound the client grows without end.
  RawServer endless([](int fd, const std::atomic<bool>& stopping) {
    if (!RawServer::send_all(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n")) return;
    const std::string line = "X-Pad: " + std::string(1000, 'p') + "\r\n";
    while (!stopping && RawServer::send_all(fd, line)) {
    }
  });
  auto options = local_options();
  options.limits.max_header_bytes = 16 * 1024;
  BeastTransport http(options);
  auto res = http.send(make_request(endless.base_url()));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::header_too_large, res.error().what());

  // A Location sent only as a trailer of a 302 is no redirect: the caller gets the 302 as it came.
  RawServer trailing([](int fd, const std::atomic<bool>&) {
    RawServer::send_all(fd,
                        "HTTP/1.1 302 Found\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n"
                        "2\r\nno\r\n0\r\nLocation: http://127.0.0.1:1/elsewhere\r\nX-Trailer: t\r\n\r\n");
  });
  auto found = BeastTransport(local_options()).send(make_request(trailing.base_url()));
  BOOST_REQUIRE_MESSAGE(found.has_value(), (found ? "" : found.error().what()));
  BOOST_TEST(found->status == 302);
  BOOST_TEST(found->body == "no");
  BOOST_TEST(!found->headers.contains("Location"));
  BOOST_TEST(!found->headers.contains("X-Trailer"));
}

BOOST_AUTO_TEST_CASE(the_request_timeout_holds_while_bytes_keep_arriving) {
  // One-byte chunks, each behind 4 KB of chunk extension, sent as fast as the socket takes them: a read
  // never has to wait, so only a deadline checked on every read ends it.
  RawServer server([](int fd, const std::atomic<bool>& stopping) {
    if (!RawServer::send_all(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")) return;
    const std::string chunk = "1;x=" + std::string(4096, 'e') + "\r\na\r\n";
    std::string burst;
    for (int i = 0; i < 16; ++i) burst += chunk;
    while (!stopping && RawServer::send_all(fd, burst)) {
    }
  });
  auto options = local_options();
  options.timeouts.request = 400ms;
  BeastTransport http(options);
  webapi::Result<webapi::Response> res = webapi::make_error(webapi::ErrorKind::auth, "unset");
  auto took = elapsed([&] { res = http.send(make_request(server.base_url())); });
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::request_timeout, res.error().what());
  BOOST_TEST((res.error().transport_phase == TransportPhase::receive));
  BOOST_TEST(!webapi::nothing_was_sent(res.error()));
  BOOST_TEST(took < 1500ms);
}

BOOST_AUTO_TEST_CASE(an_announced_length_allocates_nothing_until_bytes_arrive) {
  // 48 MiB announced (under the 64 MiB limit), 10 bytes sent, then silence until the request timeout.
  RawServer server([](int fd, const std::atomic<bool>& stopping) {
    RawServer::send_all(fd, "HTTP/1.1 200 OK\r\nContent-Length: 50331648\r\n\r\n0123456789");
    for (int i = 0; i < 200 && !stopping; ++i) std::this_thread::sleep_for(10ms);
  });
  auto options = local_options();
  options.timeouts.request = 800ms;
  BeastTransport http(options);
  const long before = resident_kib();
  long peak = before;
  std::atomic<bool> done{false};
  std::thread sampler([&] {
    while (!done) {
      peak = std::max(peak, resident_kib());
      std::this_thread::sleep_for(20ms);
    }
  });
  auto res = http.send(make_request(server.base_url()));
  done = true;
  sampler.join();
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::request_timeout, res.error().what());
  BOOST_TEST(peak - before < 16 * 1024, "resident memory grew by " << (peak - before) << " KiB");
}

BOOST_AUTO_TEST_CASE(a_body_shorter_than_its_length_is_an_error_not_a_short_success) {
  RawServer server([](int fd, const std::atomic<bool>&) {
    RawServer::send_all(fd, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this");
  });
  BeastTransport http(local_options());
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connection_lost_after_send);
  BOOST_TEST(res.error().message.find("ended after 9 of its 100 bytes") != std::string::npos, res.error().message);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(addresses_and_lookups)

BOOST_AUTO_TEST_CASE(a_dead_first_address_does_not_sink_the_host) {
  LoopbackServer server(webapi::test::always("alive"));
  // 127.0.0.2 on the server's port: a listener whose accept queue is full, so a SYN there goes unanswered.
  const int dead = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(server.port());
  ::inet_pton(AF_INET, "127.0.0.2", &addr.sin_addr);
  BOOST_REQUIRE(::bind(dead, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  BOOST_REQUIRE(::listen(dead, 0) == 0);
  std::vector<int> fillers;
  for (int i = 0; i < 3; ++i) {
    const int f = ::socket(AF_INET, SOCK_STREAM, 0);
    ::fcntl(f, F_SETFL, O_NONBLOCK);
    (void)::connect(f, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    fillers.push_back(f);
  }
  std::this_thread::sleep_for(50ms);

  auto options = local_options();
  options.timeouts.connect = 3s;
  options.resolver = [](const std::string& host) -> std::vector<std::string> {
    if (host == "dead-first.test") return {"127.0.0.2", "127.0.0.1"};
    return {};
  };
  BeastTransport http(options);
  webapi::Result<webapi::Response> res = webapi::make_error(webapi::ErrorKind::auth, "unset");
  auto took = elapsed(
      [&] { res = http.send(make_request("http://dead-first.test:" + std::to_string(server.port()))); });
  BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
  BOOST_TEST(res->body == "alive");
  BOOST_TEST(took < 1500ms);

  auto unknown = http.send(make_request("http://nowhere.test:" + std::to_string(server.port())));
  BOOST_REQUIRE(!unknown);
  BOOST_TEST(webapi::transport_failure(unknown.error()) == TransportFailure::resolve);
  BOOST_TEST((unknown.error().transport_phase == TransportPhase::resolve));
  BOOST_TEST(webapi::nothing_was_sent(unknown.error()));

  for (int f : fillers) ::close(f);
  ::close(dead);
}

BOOST_AUTO_TEST_CASE(a_resolver_that_gives_no_usable_address_is_a_resolve_error) {
  // Options::resolver runs on the transport's executor; what it returns is all the transport tries.
  auto options = local_options();
  options.resolver = [](const std::string& host) -> std::vector<std::string> {
    if (host == "empty.test") return {};
    return {"127.0.0.1", "not an address"};
  };
  BeastTransport http(options);
  for (const char* host : {"empty.test", "garbled.test"}) {
    auto res = http.send(make_request(std::string("http://") + host + ":1"));
    BOOST_REQUIRE(!res);
    BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::resolve, res.error().what());
    BOOST_TEST((res.error().transport_phase == TransportPhase::resolve));
    BOOST_TEST(res.error().message.find(host) != std::string::npos, res.error().message);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(outcome_unknown)

BOOST_AUTO_TEST_CASE(a_request_read_by_a_server_that_then_hangs_up_is_resent_only_when_idempotent) {
  // Every connection answers its first request, then reads the next one and closes without answering: the
  // pooled connection looks alive, the request is written, and the server may have acted on it.
  LoopbackServer server([](const BeastRequest& r, const Context& c) {
    if (c.request >= 2) return Reply{.drop = true};
    return Reply{.body = "first on " + std::string(r.target())};
  });
  BeastTransport http(local_options());
  BOOST_REQUIRE(http.send(make_request(server.base_url(), "/warm")));

  Request toggle = make_request(server.base_url(), "/like");  // a GET that changes state
  toggle.idempotent = false;
  auto res = http.send(toggle);
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connection_lost_after_send);
  BOOST_TEST((res.error().transport_phase == TransportPhase::receive));
  BOOST_TEST(!webapi::nothing_was_sent(res.error()));
  BOOST_TEST(res.error().message.find("outcome unknown") != std::string::npos, res.error().message);
  BOOST_TEST(server.request_count() == 2u);  // the toggle reached the server exactly once

  // Retrying does not send it again either.
  BOOST_REQUIRE(http.send(make_request(server.base_url(), "/warm")));
  webapi::Retrying retrying{http, {.max_attempts = 4, .sleep = [](auto) {}}};
  auto again = retrying.send(toggle);
  BOOST_REQUIRE(!again);
  BOOST_TEST(webapi::transport_failure(again.error()) == TransportFailure::connection_lost_after_send);
  BOOST_TEST(server.request_count() == 4u);

  // The same GET left idempotent is sent once more, on a new connection.
  BOOST_REQUIRE(http.send(make_request(server.base_url(), "/warm")));
  auto read = http.send(make_request(server.base_url(), "/read"));
  BOOST_REQUIRE_MESSAGE(read.has_value(), why(read));
  BOOST_TEST(read->body == "first on /read");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(early_answers)

namespace {

/// A body several times what the socket buffers of both ends hold, so the client is still writing when the
/// server answers.
const std::string& large_body() {
  static const std::string body(8 * 1024 * 1024, 'x');
  return body;
}

const std::string too_large =
    "HTTP/1.1 413 Content Too Large\r\nContent-Type: text/plain\r\nContent-Length: 8\r\nConnection: close\r\n\r\ntoo much";

Request upload(const std::string& base, bool streamed) {
  Request r = make_request(base, "/upload", Method::post);
  r.content_type = "application/octet-stream";
  if (!streamed) {
    r.body = large_body();
    return r;
  }
  auto stream = std::make_shared<webapi::BodyStream>();
  stream->size = large_body().size();
  stream->write = [](const webapi::BodyStream::Sink& sink) -> std::string {
    std::string_view all = large_body();
    for (std::size_t at = 0; at < all.size(); at += 64 * 1024)
      if (!sink(all.substr(at, 64 * 1024))) break;
    return {};
  };
  r.body_stream = stream;
  return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_413_sent_before_the_body_was_read_then_closing_is_the_answer) {
  // The server reads the head only, answers and closes with the body unread (so the kernel resets the
  // connection): the client's write fails, and the answer that came first is what it returns.
  RawServer server([](int fd, const std::atomic<bool>&) { RawServer::send_all(fd, too_large); });
  BeastTransport http(local_options());
  for (bool streamed : {false, true}) {
    auto res = http.send(upload(server.base_url(), streamed));
    BOOST_REQUIRE_MESSAGE(res.has_value(), (streamed ? "streamed: " : "whole: ") << why(res));
    BOOST_TEST(res->status == 413);
    BOOST_TEST(res->body == "too much");
    BOOST_TEST(http.idle_connections() == 0u);  // a connection left mid-body is never pooled
  }
}

BOOST_AUTO_TEST_CASE(an_answer_that_arrives_while_the_body_is_written_stops_the_writing) {
  // Here the server answers and then neither reads nor closes for a while: the client sees the answer
  // while it waits for room to write, stops sending the body, and returns at once.
  RawServer server([](int fd, const std::atomic<bool>& stopping) {
    RawServer::send_all(fd, "HTTP/1.1 401 Unauthorized\r\nContent-Length: 4\r\n\r\nnope");
    for (int i = 0; i < 40 && !stopping; ++i) std::this_thread::sleep_for(50ms);
  });
  BeastTransport http(local_options());
  for (bool streamed : {false, true}) {
    webapi::Result<webapi::Response> res = webapi::make_error(webapi::ErrorKind::auth, "unset");
    auto took = elapsed([&] { res = http.send(upload(server.base_url(), streamed)); });
    BOOST_REQUIRE_MESSAGE(res.has_value(), (streamed ? "streamed: " : "whole: ") << why(res));
    BOOST_TEST(res->status == 401);
    BOOST_TEST(res->body == "nope");
    BOOST_TEST(took < 1500ms);  // not after the server gave up waiting
    BOOST_TEST(http.idle_connections() == 0u);
  }
}

BOOST_AUTO_TEST_CASE(an_interim_answer_while_the_body_is_written_does_not_stop_it) {
  // A 100 Continue sent before the server reads the body is no answer: the whole body still goes. (A guard
  // for the watching: without it the body went whole anyway.)
  RawServer server([](int fd, const std::atomic<bool>&) {
    if (!RawServer::send_all(fd, "HTTP/1.1 100 Continue\r\n\r\n")) return;
    std::this_thread::sleep_for(100ms);  // the client fills the socket buffers meanwhile
    std::size_t got = 0;
    char buf[64 * 1024];
    for (ssize_t n; got < large_body().size() && (n = ::recv(fd, buf, sizeof buf, 0)) > 0;)
      got += static_cast<std::size_t>(n);
    const std::string body = std::to_string(got);
    RawServer::send_all(fd, "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: " + std::to_string(body.size()) +
                                "\r\n\r\n" + body);
  });
  BeastTransport http(local_options());
  for (bool streamed : {false, true}) {
    auto res = http.send(upload(server.base_url(), streamed));
    BOOST_REQUIRE_MESSAGE(res.has_value(), why(res));
    BOOST_TEST(res->status == 200);
    BOOST_TEST(res->body == std::to_string(large_body().size()));
  }
}

BOOST_AUTO_TEST_CASE(a_server_that_closes_without_an_answer_is_still_a_lost_connection) {
  // No answer to fall back on: the send's failure stands, its outcome unknown.
  RawServer server([](int, const std::atomic<bool>&) {});
  BeastTransport http(local_options());
  auto res = http.send(upload(server.base_url(), false));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connection_lost_after_send, res.error().what());
  BOOST_TEST((res.error().transport_phase == TransportPhase::send));
}

BOOST_AUTO_TEST_CASE(what_counts_as_a_final_answer) {
  using webapi::detail::holds_final_answer;
  BOOST_TEST(!holds_final_answer("", 1000));
  BOOST_TEST(!holds_final_answer("HTTP/1.1 1", 1000));                        // not yet told apart
  BOOST_TEST(!holds_final_answer("HTTP/1.1 100 Continue\r\n", 1000));          // a 1xx still arriving
  BOOST_TEST(!holds_final_answer("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.", 1000));
  BOOST_TEST(holds_final_answer("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 413", 1000));
  BOOST_TEST(holds_final_answer("HTTP/1.1 4", 1000));
  BOOST_TEST(holds_final_answer("garbage", 1000));                             // the reader judges it
  BOOST_TEST(holds_final_answer("HTTP/1.1 102 Processing\r\n", 8));            // past the limit
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(tls_cut_short)

BOOST_AUTO_TEST_CASE(a_body_that_ends_with_the_connection_needs_close_notify) {
  auto server = cutting_server("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nthe first half of a body");
  BeastTransport http(trusting_options());
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connection_lost_after_send,
             res.error().what());
  BOOST_TEST(res.error().message.find("close_notify") != std::string::npos, res.error().message);
}

BOOST_AUTO_TEST_CASE(a_tls_body_shorter_than_its_length_is_an_error) {
  auto server = cutting_server("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nshort");
  BeastTransport http(trusting_options());
  auto res = http.send(make_request(server.base_url()));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connection_lost_after_send,
             res.error().what());
  BOOST_TEST(res.error().message.find("ended after 5 of its 50 bytes") != std::string::npos, res.error().message);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(hostile_redirects)

BOOST_AUTO_TEST_CASE(a_redirect_from_https_to_http_is_refused) {
  LoopbackServer plain(webapi::test::always("in clear"));
  const std::string down = plain.base_url() + "/landing";
  LoopbackServer secure([&](const BeastRequest&, const Context&) {
    return Reply{.status = 302, .headers = {{"Location", down}}};
  }, {.tls = webapi::test::server_tls_context(tls_pki().leaf)});
  auto options = trusting_options();
  options.redirects.follow = true;
  BeastTransport http(options);
  auto res = http.send(make_request(secure.base_url(), "/start"));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::protocol);
  BOOST_TEST((res.error().transport_phase == TransportPhase::redirect));
  BOOST_TEST(res.error().message.find("plain http://") != std::string::npos, res.error().message);
  BOOST_TEST(plain.request_count() == 0u);
}

BOOST_AUTO_TEST_CASE(a_307_or_308_never_carries_a_body_to_another_origin) {
  LoopbackServer other(webapi::test::always("other origin"));
  const std::string away = "http://localhost:" + std::to_string(other.port()) + "/token";
  LoopbackServer origin([&](const BeastRequest& r, const Context&) {
    if (r.target() == "/307") return Reply{.status = 307, .headers = {{"Location", away}}};
    if (r.target() == "/308") return Reply{.status = 308, .headers = {{"Location", away}}};
    if (r.target() == "/near") return Reply{.status = 307, .headers = {{"Location", "/here"}}};
    return Reply{.body = "kept " + r.body()};
  });
  auto options = local_options();
  options.redirects.follow = true;
  BeastTransport http(options);
  for (const std::string path : {"/307", "/308"}) {
    Request post = make_request(origin.base_url(), path, Method::post);
    post.body = "client_secret=s3cr3t";
    post.content_type = "application/x-www-form-urlencoded";
    auto res = http.send(post);
    BOOST_REQUIRE(!res);
    BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::protocol);
    BOOST_TEST(res.error().message.find("request body to another origin") != std::string::npos, res.error().message);
    BOOST_TEST(res.error().what().find("s3cr3t") == std::string::npos);
  }
  BOOST_TEST(other.request_count() == 0u);

  // Within its origin the body goes along, as RFC 9110 says for 307 and 308.
  Request post = make_request(origin.base_url(), "/near", Method::post);
  post.body = "a=1";
  auto near = http.send(post);
  BOOST_REQUIRE_MESSAGE(near.has_value(), why(near));
  BOOST_TEST(near->body == "kept a=1");
}

BOOST_AUTO_TEST_SUITE_END()
