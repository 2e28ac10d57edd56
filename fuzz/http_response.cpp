// Fuzz target: the transport's handling of whatever a server answers.
//
// A loopback server answers every request with the fuzzer's bytes and closes. BeastTransport reads them
// through its real socket path: status line, header fields, chunked and gzip bodies, limits.
// Properties: send() returns, within its deadline; an answer it accepts has a status of three digits and a
// body within the limit; an answer it refuses is a transport Error that says what was wrong.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <webapi/transport.hpp>

#include "support/fuzz.hpp"

namespace fuzz_http_response {

using webapi_fuzz::check;

constexpr std::size_t body_limit = 64 * 1024;

class Answerer {
 public:
  Answerer() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(fd_, 16) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0)
      webapi_fuzz::fail("the loopback server could not start");
    port_ = ntohs(a.sin_port);
    std::thread([this] { serve(); }).detach();
  }
  void set_answer(std::string bytes) {
    std::lock_guard lock(mutex_);
    answer_ = std::move(bytes);
  }
  unsigned short port() const noexcept { return port_; }

 private:
  void serve() {
    for (;;) {
      int c = ::accept(fd_, nullptr, nullptr);
      if (c < 0) continue;
      std::string request;
      char buf[4096];
      while (request.find("\r\n\r\n") == std::string::npos && request.size() < 65536) {
        ssize_t n = ::recv(c, buf, sizeof buf, 0);
        if (n <= 0) break;
        request.append(buf, static_cast<std::size_t>(n));
      }
      std::string answer;
      {
        std::lock_guard lock(mutex_);
        answer = answer_;
      }
      for (std::size_t sent = 0; sent < answer.size();) {
        ssize_t n = ::send(c, answer.data() + sent, answer.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
      }
      ::shutdown(c, SHUT_WR);
      ::close(c);
    }
  }

  int fd_ = -1;
  unsigned short port_ = 0;
  std::mutex mutex_;
  std::string answer_;
};

webapi::BeastTransportOptions options() {
  webapi::BeastTransportOptions o;
  o.timeouts.connect = std::chrono::milliseconds(1000);
  o.timeouts.request = std::chrono::milliseconds(1000);
  o.limits.max_header_bytes = 8 * 1024;
  o.limits.max_body_bytes = body_limit;
  o.pool.max_idle_per_host = 0;  // every answer on a fresh connection
  o.proxy = webapi::ProxyConfig{};
  return o;
}


int one(const std::uint8_t* data, std::size_t size) {
  static Answerer server;
  static webapi::BeastTransport transport(options());
  server.set_answer(std::string(reinterpret_cast<const char*>(data), size));

  webapi::Request request;
  request.base_url = "http://127.0.0.1:" + std::to_string(server.port());
  request.path = "/fuzz";
  request.operation = "fuzz_response";
  const auto started = std::chrono::steady_clock::now();
  auto got = transport.send(request);
  const auto took = std::chrono::steady_clock::now() - started;
  check(took < std::chrono::seconds(5), "send() returns within its deadline");
  if (got) {
    check(got->status >= 100 && got->status <= 999, "an accepted status has three digits");
    check(got->body.size() <= body_limit, "an accepted body is within the limit");
  } else {
    check(got.error().kind == webapi::ErrorKind::transport, "a refused answer is a transport error");
    check(!got.error().message.empty(), "a refused answer says what was wrong");
  }
  return 0;
}

std::vector<std::string> seeds() {
  return {
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
      "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\nabcd\r\n0\r\n\r\n",
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort",
      "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil the end",
      std::string("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 21\r\n\r\n") +
          std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x4b\x04\x00\x43\xbe\xb7\xe8\x01\x00\x00\x00", 21),
      "HTTP/1.1 301 Moved\r\nLocation: http://127.0.0.1:1/\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.0 200 OK\r\n\r\n",
      "garbage\r\n\r\n",
  };
}

}  // namespace fuzz_http_response

WEBAPI_FUZZ_TARGET(fuzz_http_response)
