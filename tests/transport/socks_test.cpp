// BeastTransport through SOCKS5 proxies: an in-test SOCKS5 server on loopback in front of the in-test HTTP
// servers, and the parsing of socks5:// and socks5h:// proxy URLs.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <webapi/transport.hpp>

#include "client_support.hpp"
#include "loopback_server.hpp"

namespace socks_test {

using namespace std::chrono_literals;

/// What the SOCKS server was told on one connection.
struct Seen {
  std::vector<std::uint8_t> methods;  ///< the authentication methods the client offered
  unsigned atyp = 0;                  ///< 1 IPv4, 3 name, 4 IPv6; 0 when no CONNECT arrived
  std::string host;                   ///< the name, or the address as text
  std::uint16_t port = 0;
  std::string username;
  std::string password;
};

struct SocksOptions {
  std::string username{};           ///< when set, the username/password method is required, with `password`
  std::string password{};           ///< what the client must send with `username`
  std::uint8_t reply = 0;           ///< the reply code to a CONNECT; not 0: refuse without connecting
  std::uint8_t bound_atyp = 3;      ///< the address type of the bound address in a successful reply
  std::string raw_connect_reply{};  ///< sent instead of a reply to a CONNECT, then the connection closes
  bool silent = false;              ///< read the greeting and never answer it
};

/// A SOCKS5 server on 127.0.0.1: one thread per connection with blocking sockets; after the handshake it
/// copies bytes both ways between client and target until either closes. Stopping shuts every socket down.
class SocksServer {
 public:
  explicit SocksServer(SocksOptions options = {}) : options_(std::move(options)) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (listen_fd_ < 0 || ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), len) != 0 ||
        ::listen(listen_fd_, 16) != 0 || ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0)
      throw std::runtime_error("cannot listen on 127.0.0.1 for the SOCKS server");
    port_ = ntohs(a.sin_port);
    accept_thread_ = std::thread([this] { accept_loop(); });
  }
  SocksServer(const SocksServer&) = delete;
  SocksServer& operator=(const SocksServer&) = delete;
  ~SocksServer() { stop(); }

  std::uint16_t port() const { return port_; }
  /// "socks5h://user:pw@127.0.0.1:port" for `scheme` "socks5h" and `userinfo` "user:pw".
  std::string url(std::string_view scheme, std::string_view userinfo = {}) const {
    std::string u(scheme);
    u += "://";
    if (!userinfo.empty()) u += std::string(userinfo) + "@";
    return u + "127.0.0.1:" + std::to_string(port_);
  }
  std::size_t connections() const { return connections_.load(); }
  std::vector<Seen> seen() const {
    std::lock_guard lock(mutex_);
    return seen_;
  }

  void stop() {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
      for (int fd : open_) ::shutdown(fd, SHUT_RDWR);
    }
    ::shutdown(listen_fd_, SHUT_RDWR);
    if (accept_thread_.joinable()) accept_thread_.join();
    ::close(listen_fd_);
    std::vector<std::thread> threads;
    {
      std::lock_guard lock(mutex_);
      threads.swap(threads_);
    }
    for (auto& t : threads) t.join();
  }

 private:
  void accept_loop() {
    for (;;) {
      const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
      std::lock_guard lock(mutex_);
      if (stopping_) {
        if (fd >= 0) ::close(fd);
        return;
      }
      if (fd < 0) continue;
      ++connections_;
      open_.insert(fd);
      threads_.emplace_back([this, fd] {
        serve(fd);
        release(fd);
      });
    }
  }

  /// Registers a socket stop() shuts down; false (the socket closed) when the server is already stopping.
  bool track(int fd) {
    std::lock_guard lock(mutex_);
    if (stopping_) {
      ::close(fd);
      return false;
    }
    open_.insert(fd);
    return true;
  }
  void release(int fd) {
    std::lock_guard lock(mutex_);
    open_.erase(fd);
    ::close(fd);
  }
  void remember(const Seen& s) {
    std::lock_guard lock(mutex_);
    seen_.push_back(s);
  }

  static bool read_exact(int fd, void* into, std::size_t n) {
    auto* p = static_cast<char*>(into);
    while (n > 0) {
      const ssize_t r = ::recv(fd, p, n, 0);
      if (r <= 0) return false;
      p += r;
      n -= static_cast<std::size_t>(r);
    }
    return true;
  }
  static bool write_all(int fd, const void* from, std::size_t n) {
    const auto* p = static_cast<const char*>(from);
    while (n > 0) {
      const ssize_t r = ::send(fd, p, n, MSG_NOSIGNAL);
      if (r <= 0) return false;
      p += r;
      n -= static_cast<std::size_t>(r);
    }
    return true;
  }
  static bool write_all(int fd, const std::vector<std::uint8_t>& bytes) {
    return write_all(fd, bytes.data(), bytes.size());
  }
  static bool write_all(int fd, const std::string& bytes) { return write_all(fd, bytes.data(), bytes.size()); }

  /// A blocking connection to what a CONNECT named, trying every address of a name; -1 when none accepts.
  static int connect_to(const Seen& s) {
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo* found = nullptr;
    if (::getaddrinfo(s.host.c_str(), std::to_string(s.port).c_str(), &hints, &found) != 0) return -1;
    int fd = -1;
    for (addrinfo* ai = found; ai && fd < 0; ai = ai->ai_next) {
      fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
      if (fd >= 0 && ::connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        ::close(fd);
        fd = -1;
      }
    }
    ::freeaddrinfo(found);
    return fd;
  }

  void serve(int client) {
    Seen seen;
    std::uint8_t head[2];
    if (!read_exact(client, head, 2) || head[0] != 5) return;
    seen.methods.resize(head[1]);
    if (!read_exact(client, seen.methods.data(), seen.methods.size())) return;
    if (options_.silent) {
      remember(seen);
      char c;
      while (::recv(client, &c, 1, 0) > 0) {
      }
      return;
    }

    if (!options_.username.empty()) {
      if (std::find(seen.methods.begin(), seen.methods.end(), 2) == seen.methods.end()) {
        remember(seen);
        write_all(client, std::vector<std::uint8_t>{5, 0xFF});
        return;
      }
      std::uint8_t version = 0, length = 0;
      if (!write_all(client, std::vector<std::uint8_t>{5, 2}) || !read_exact(client, &version, 1) ||
          !read_exact(client, &length, 1))
        return;
      seen.username.resize(length);
      if (!read_exact(client, seen.username.data(), length) || !read_exact(client, &length, 1)) return;
      seen.password.resize(length);
      if (!read_exact(client, seen.password.data(), length)) return;
      const bool right = version == 1 && seen.username == options_.username && seen.password == options_.password;
      if (!right) remember(seen);  // before answering: the client may look as soon as it has the answer
      write_all(client, std::vector<std::uint8_t>{1, static_cast<std::uint8_t>(right ? 0 : 1)});
      if (!right) return;
    } else if (!write_all(client, std::vector<std::uint8_t>{5, 0})) {
      return;
    }

    std::uint8_t request[4];
    if (!read_exact(client, request, 4) || request[0] != 5 || request[1] != 1) return;
    seen.atyp = request[3];
    if (seen.atyp == 1 || seen.atyp == 4) {
      const int family = seen.atyp == 1 ? AF_INET : AF_INET6;
      std::uint8_t addr[16];
      char text[INET6_ADDRSTRLEN] = {};
      if (!read_exact(client, addr, seen.atyp == 1 ? 4 : 16)) return;
      ::inet_ntop(family, addr, text, sizeof text);
      seen.host = text;
    } else if (seen.atyp == 3) {
      std::uint8_t length = 0;
      if (!read_exact(client, &length, 1)) return;
      seen.host.resize(length);
      if (!read_exact(client, seen.host.data(), length)) return;
    } else {
      return;
    }
    std::uint8_t port[2];
    if (!read_exact(client, port, 2)) return;
    seen.port = static_cast<std::uint16_t>(port[0] << 8 | port[1]);
    remember(seen);

    if (!options_.raw_connect_reply.empty()) {
      write_all(client, options_.raw_connect_reply);
      return;
    }
    const std::vector<std::uint8_t> refusal{
        5, options_.reply == 0 ? std::uint8_t{5} : options_.reply, 0, 1, 0, 0, 0, 0, 0, 0};
    if (options_.reply != 0) {
      write_all(client, refusal);
      return;
    }
    const int upstream = connect_to(seen);
    if (upstream < 0) {
      write_all(client, refusal);
      return;
    }
    if (!track(upstream)) return;
    // The bound address is made up: the client must read it whole and ignore it.
    std::vector<std::uint8_t> ok{5, 0, 0, options_.bound_atyp};
    if (options_.bound_atyp == 1) ok.insert(ok.end(), {10, 9, 8, 7});
    if (options_.bound_atyp == 4) ok.insert(ok.end(), {0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1});
    if (options_.bound_atyp == 3) {
      const std::string name = "bound.socks.test";
      ok.push_back(static_cast<std::uint8_t>(name.size()));
      ok.insert(ok.end(), name.begin(), name.end());
    }
    ok.insert(ok.end(), {0x9c, 0x40});
    if (write_all(client, ok)) relay(client, upstream);
    release(upstream);
  }

  static void relay(int a, int b) {
    pollfd fds[2] = {{a, POLLIN, 0}, {b, POLLIN, 0}};
    char buf[16384];
    for (;;) {
      if (::poll(fds, 2, -1) <= 0) return;
      for (int i = 0; i < 2; ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const ssize_t n = ::recv(fds[i].fd, buf, sizeof buf, 0);
        if (n <= 0 || !write_all(fds[1 - i].fd, buf, static_cast<std::size_t>(n))) return;
      }
    }
  }

  SocksOptions options_;
  int listen_fd_ = -1;
  std::uint16_t port_ = 0;
  std::thread accept_thread_;
  std::atomic<std::size_t> connections_{0};
  mutable std::mutex mutex_;
  bool stopping_ = false;
  std::set<int> open_;
  std::vector<std::thread> threads_;
  std::vector<Seen> seen_;
};

/// Echoes what the target was asked for, so a test sees the request target the transport wrote.
webapi::test::Reply echo_target(const webapi::test::BeastRequest& r, const webapi::test::Context&) {
  return webapi::test::Reply{.body = "target " + std::string(r.target())};
}

/// One CA for the TLS case, and a leaf it signed for localhost.
struct SocksPki {
  webapi::test::TestPki ca{"webapi SOCKS test CA"};
  webapi::test::KeyAndCert leaf = ca.issue("DNS:localhost,IP:127.0.0.1");
};
const SocksPki& socks_pki() {
  static const SocksPki p;
  return p;
}

}  // namespace socks_test

BOOST_AUTO_TEST_SUITE(socks_proxy)

using socks_test::SocksServer;
using webapi::BeastTransport;
using webapi::ErrorKind;
using webapi::ProxyKind;
using webapi::TransportFailure;
using webapi::test::LoopbackServer;
using namespace std::chrono_literals;

BOOST_AUTO_TEST_CASE(http_through_socks5h_sends_the_name_and_origin_form_and_reuses_the_tunnel) {
  LoopbackServer target(socks_test::echo_target);
  SocksServer proxy;
  BeastTransport http(webapi::test::local_options(proxy.url("socks5h")));
  for (int i = 0; i < 2; ++i) {
    auto res = http.send(webapi::test::make_request(target.base_url("localhost"), "/path"));
    BOOST_REQUIRE_MESSAGE(res.has_value(), webapi::test::why(res));
    BOOST_TEST(res->body == "target /path");
  }
  BOOST_TEST(proxy.connections() == 1u);
  BOOST_TEST(target.connections() == 1u);
  auto seen = proxy.seen();
  BOOST_REQUIRE_EQUAL(seen.size(), 1u);
  BOOST_TEST(seen[0].methods == std::vector<std::uint8_t>{0});
  BOOST_TEST(seen[0].atyp == 3u);
  BOOST_TEST(seen[0].host == "localhost");
  BOOST_TEST(seen[0].port == target.port());
  auto requests = target.requests();
  BOOST_REQUIRE_EQUAL(requests.size(), 2u);
  BOOST_TEST(std::string(requests[0].target()) == "/path");
  BOOST_TEST(std::string(requests[0][boost::beast::http::field::host]) == "localhost:" + std::to_string(target.port()));
  BOOST_TEST(requests[0].count(boost::beast::http::field::proxy_authorization) == 0u);
}

BOOST_AUTO_TEST_CASE(https_through_socks5h_verifies_the_target_certificate) {
  LoopbackServer target(webapi::test::always("tunnelled"),
                        {.tls = webapi::test::server_tls_context(socks_test::socks_pki().leaf)});
  SocksServer proxy({.bound_atyp = 4});
  auto options = webapi::test::local_options(proxy.url("socks5h"));
  options.tls.ca_pem = socks_test::socks_pki().ca.ca_pem();
  options.tls.system_roots = false;
  BeastTransport http(options);
  for (int i = 0; i < 2; ++i) {
    auto res = http.send(webapi::test::make_request(target.base_url("localhost"), "/secure"));
    BOOST_REQUIRE_MESSAGE(res.has_value(), webapi::test::why(res));
    BOOST_TEST(res->body == "tunnelled");
  }
  BOOST_TEST(proxy.connections() == 1u);
  auto seen = proxy.seen();
  BOOST_REQUIRE_EQUAL(seen.size(), 1u);
  BOOST_TEST(seen[0].atyp == 3u);
  BOOST_TEST(seen[0].host == "localhost");

  // The certificate is still the target's to prove: without the test CA the tunnel leads to a TLS failure.
  BeastTransport untrusting(webapi::test::local_options(proxy.url("socks5h")));
  auto refused = untrusting.send(webapi::test::make_request(target.base_url("localhost")));
  BOOST_REQUIRE(!refused);
  BOOST_TEST(webapi::transport_failure(refused.error()) == TransportFailure::certificate);
}

BOOST_AUTO_TEST_CASE(socks5_resolves_the_name_here_and_sends_an_ipv4_address) {
  LoopbackServer target(socks_test::echo_target);
  SocksServer proxy({.bound_atyp = 1});
  BeastTransport http(webapi::test::local_options(proxy.url("socks5")));
  auto res = http.send(webapi::test::make_request(target.base_url("localhost"), "/local"));
  BOOST_REQUIRE_MESSAGE(res.has_value(), webapi::test::why(res));
  BOOST_TEST(res->body == "target /local");
  auto seen = proxy.seen();
  BOOST_REQUIRE_EQUAL(seen.size(), 1u);
  BOOST_TEST(seen[0].atyp == 1u);
  BOOST_TEST(seen[0].host == "127.0.0.1");
  BOOST_TEST(seen[0].port == target.port());

  // Options::resolver answers for the target's name as it does for a direct connection.
  SocksServer pinned_proxy({.bound_atyp = 1});
  auto pinning = webapi::test::local_options(pinned_proxy.url("socks5"));
  pinning.resolver = [](const std::string& host) -> std::vector<std::string> {
    if (host == "pinned.test") return {"127.0.0.1"};
    return {};
  };
  BeastTransport pinned(pinning);
  auto via_pin = pinned.send(webapi::test::make_request(
      "http://pinned.test:" + std::to_string(target.port()), "/pinned"));
  BOOST_REQUIRE_MESSAGE(via_pin.has_value(), webapi::test::why(via_pin));
  BOOST_TEST(via_pin->body == "target /pinned");
  BOOST_REQUIRE_EQUAL(pinned_proxy.seen().size(), 1u);
  BOOST_TEST(pinned_proxy.seen()[0].host == "127.0.0.1");

  // An IP literal is sent as an address through socks5h:// too: there is nothing for the proxy to look up.
  SocksServer named;
  BeastTransport literal(webapi::test::local_options(named.url("socks5h")));
  auto direct = literal.send(webapi::test::make_request(target.base_url("127.0.0.1")));
  BOOST_REQUIRE_MESSAGE(direct.has_value(), webapi::test::why(direct));
  BOOST_REQUIRE_EQUAL(named.seen().size(), 1u);
  BOOST_TEST(named.seen()[0].atyp == 1u);
}

BOOST_AUTO_TEST_CASE(username_and_password_are_sent_and_a_rejection_never_quotes_them) {
  LoopbackServer target(socks_test::echo_target);
  SocksServer proxy({.username = "alice", .password = "s3cret-pw"});

  BeastTransport right(webapi::test::local_options(proxy.url("socks5h", "alice:s3cret-pw")));
  auto res = right.send(webapi::test::make_request(target.base_url("localhost"), "/in"));
  BOOST_REQUIRE_MESSAGE(res.has_value(), webapi::test::why(res));
  BOOST_TEST(res->body == "target /in");
  BOOST_REQUIRE_EQUAL(proxy.seen().size(), 1u);
  BOOST_TEST(proxy.seen()[0].methods == (std::vector<std::uint8_t>{0, 2}));
  BOOST_TEST(proxy.seen()[0].username == "alice");
  BOOST_TEST(proxy.seen()[0].password == "s3cret-pw");

  BeastTransport wrong(webapi::test::local_options(proxy.url("socks5h", "alice:wrong-pw-123")));
  auto rejected = wrong.send(webapi::test::make_request(target.base_url("localhost")));
  BOOST_REQUIRE(!rejected);
  BOOST_TEST(webapi::transport_failure(rejected.error()) == TransportFailure::proxy);
  const std::string text = rejected.error().what();
  BOOST_TEST(text.find("rejected the username and password") != std::string::npos, text);
  BOOST_TEST(text.find("wrong-pw-123") == std::string::npos, text);
  BOOST_TEST(text.find("alice:") == std::string::npos, text);
  BOOST_TEST(proxy.seen().back().password == "wrong-pw-123");

  // Without credentials the proxy accepts none of the methods offered.
  BeastTransport anonymous(webapi::test::local_options(proxy.url("socks5h")));
  auto turned_away = anonymous.send(webapi::test::make_request(target.base_url("localhost")));
  BOOST_REQUIRE(!turned_away);
  BOOST_TEST(webapi::transport_failure(turned_away.error()) == TransportFailure::proxy);
  BOOST_TEST(turned_away.error().message.find("accepts none of the authentication methods") != std::string::npos,
             turned_away.error().message);
  BOOST_TEST(target.request_count() == 1u);
}

BOOST_AUTO_TEST_CASE(a_refusing_reply_names_the_target_and_the_reply) {
  SocksServer proxy({.reply = 5});
  BeastTransport http(webapi::test::local_options(proxy.url("socks5h")));
  auto res = http.send(webapi::test::make_request("http://api.example.invalid:8080", "/x"));
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::proxy);
  const std::string& m = res.error().message;
  BOOST_TEST(m.find("SOCKS5 proxy 127.0.0.1:" + std::to_string(proxy.port())) != std::string::npos, m);
  BOOST_TEST(m.find("api.example.invalid:8080") != std::string::npos, m);
  BOOST_TEST(m.find("connection refused (reply 5)") != std::string::npos, m);
  BOOST_REQUIRE_EQUAL(proxy.seen().size(), 1u);
  BOOST_TEST(proxy.seen()[0].host == "api.example.invalid");  // socks5h: the name is the proxy's to resolve
}

BOOST_AUTO_TEST_CASE(malformed_replies_are_proxy_errors) {
  const std::map<std::string, std::string> replies{
      {std::string("\x04\x00\x00\x01\x00\x00\x00\x00\x00\x00", 10), "with version 4, not 5"},
      {std::string("\x05\x00\x00\x09\x00\x00\x00\x00\x00\x00", 10), "address type 9"},
      {std::string("\x05\x00\x00\x03\x00\x00\x00", 7), "empty host name"},
      {std::string("\x05\x00\x00\x04\x00\x00", 6), "broke off"},  // a bound address cut short
  };
  for (const auto& [raw, expected] : replies) {
    SocksServer proxy({.raw_connect_reply = raw});
    BeastTransport http(webapi::test::local_options(proxy.url("socks5h")));
    auto res = http.send(webapi::test::make_request("http://api.example.invalid"));
    BOOST_REQUIRE(!res);
    BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::proxy);
    BOOST_TEST(res.error().message.find(expected) != std::string::npos, res.error().message);
  }
}

BOOST_AUTO_TEST_CASE(a_proxy_that_never_answers_is_the_connect_timeout) {
  SocksServer proxy({.silent = true});
  auto options = webapi::test::local_options(proxy.url("socks5h"));
  options.timeouts.connect = 300ms;
  BeastTransport http(options);
  const auto t0 = std::chrono::steady_clock::now();
  auto res = http.send(webapi::test::make_request("https://api.example.invalid"));
  const auto took = std::chrono::steady_clock::now() - t0;
  BOOST_REQUIRE(!res);
  BOOST_TEST(webapi::transport_failure(res.error()) == TransportFailure::connect_timeout);
  BOOST_TEST(res.error().message.find("within 300 ms") != std::string::npos, res.error().message);
  BOOST_TEST(took >= 250ms);
  BOOST_TEST(took < 2s);
}

BOOST_AUTO_TEST_CASE(a_host_name_too_long_for_socks5_is_refused_before_anything_is_sent) {
  SocksServer proxy;
  BeastTransport http(webapi::test::local_options(proxy.url("socks5h")));
  auto res = http.send(webapi::test::make_request("http://" + std::string(250, 'a') + ".example"));
  BOOST_REQUIRE(!res);
  BOOST_TEST(res.error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(res.error().message.find("255") != std::string::npos, res.error().message);
  BOOST_TEST(proxy.seen().empty());
}

BOOST_AUTO_TEST_CASE(socks_proxy_urls_and_the_environment) {
  auto h = webapi::parse_proxy_url("socks5h://proxy.corp");
  BOOST_REQUIRE(h);
  BOOST_TEST(h->kind == ProxyKind::socks5h);
  BOOST_TEST(h->host == "proxy.corp");
  BOOST_TEST(h->port == 1080);
  BOOST_TEST(h->username.empty());

  auto s = webapi::parse_proxy_url("SOCKS5://us%40er:p%3Aw@10.1.2.3:9050");
  BOOST_REQUIRE(s);
  BOOST_TEST(s->kind == ProxyKind::socks5);
  BOOST_TEST(s->port == 9050);
  BOOST_TEST(s->username == "us@er");
  BOOST_TEST(s->password == "p:w");
  BOOST_TEST(s->authorization.empty());  // the Basic header is for http:// proxies only

  auto plain = webapi::parse_proxy_url("http://u:p@proxy.corp:3128");
  BOOST_REQUIRE(plain);
  BOOST_TEST(plain->kind == ProxyKind::http);
  BOOST_TEST(plain->username.empty());
  BOOST_TEST(!plain->authorization.empty());

  for (const std::string scheme : {"socks4", "socks4a", "ftp"}) {
    auto refused = webapi::parse_proxy_url(scheme + "://u:hidden-pw@h:1");
    BOOST_REQUIRE(!refused);
    BOOST_TEST(refused.error().kind == ErrorKind::invalid_argument);
    BOOST_TEST(refused.error().message.find("'" + scheme + "'") != std::string::npos, refused.error().message);
    BOOST_TEST(refused.error().message.find("hidden-pw") == std::string::npos);
  }
  auto long_password = webapi::parse_proxy_url("socks5://u:" + std::string(256, 'x') + "@h");
  BOOST_REQUIRE(!long_password);
  BOOST_TEST(long_password.error().kind == ErrorKind::invalid_argument);
  BOOST_TEST(long_password.error().message.find("xxxx") == std::string::npos);

  std::map<std::string, std::string> env{{"ALL_PROXY", "socks5h://127.0.0.1:1080"}, {"NO_PROXY", "localhost"}};
  auto lookup = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  auto c = webapi::ProxyConfig::from_env(lookup);
  for (std::string_view scheme : {"http", "https"}) {
    auto url = c.proxy_for(scheme, "api.example.com");
    BOOST_TEST(url == "socks5h://127.0.0.1:1080");
    auto p = webapi::parse_proxy_url(url);
    BOOST_REQUIRE(p);
    BOOST_TEST(p->kind == ProxyKind::socks5h);
  }
  BOOST_TEST(c.proxy_for("https", "localhost").empty());
}

BOOST_AUTO_TEST_SUITE_END()
