#pragma once
// A small HTTP/1.1 server on 127.0.0.1 for transport tests and benchmarks: one thread per connection,
// plain or TLS, each answer chosen by a handler, with the misbehaviours the tests need (stalls, dropped
// connections, raw bytes) and counts of what it saw. It can also act as a forward proxy (CONNECT tunnels
// and absolute-form requests), plain or, with TLS, as an https:// proxy.

#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/system/system_error.hpp>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include "certs.hpp"

namespace webapi::test {

namespace asio = boost::asio;
namespace ssl = asio::ssl;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using BeastRequest = http::request<http::string_body>;

struct Reply {
  unsigned status = 200;
  std::vector<std::pair<std::string, std::string>> headers{};
  std::string body{};
  std::string raw{};                   ///< written as is instead of a response made of the fields above
  bool close = false;                  ///< close the connection after answering, without saying so
  bool hang = false;                   ///< answer nothing and keep the connection until the server stops
  bool drop = false;                   ///< close the connection at once without answering
  std::chrono::milliseconds delay{0};  ///< wait this long before answering
};

struct Context {
  std::size_t connection = 0;  ///< 1 for the first connection the server accepted
  std::size_t request = 0;     ///< 1 for the first request on this connection
};

using Handler = std::function<Reply(const BeastRequest&, const Context&)>;

inline std::shared_ptr<ssl::context> server_tls_context(const KeyAndCert& kc) {
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_server);
  ctx->use_certificate_chain(asio::buffer(kc.cert_pem));
  ctx->use_private_key(asio::buffer(kc.key_pem), ssl::context::pem);
  return ctx;
}

struct ServerOptions {
  std::shared_ptr<ssl::context> tls{};  ///< serve TLS with this context
  bool stall_handshake = false;         ///< accept TCP, then never take part in the TLS handshake
  bool proxy = false;                   ///< tunnel CONNECT requests to where they ask (over TLS too, with `tls`)
};

/// A blocking TLS stream on a raw SSL object, a Beast SyncReadStream and SyncWriteStream. The proxy over TLS
/// uses it because its tunnel must know whether OpenSSL holds bytes already read from the socket, which
/// asio's ssl::stream keeps in buffers of its own where poll() cannot see them.
class RawTlsStream {
 public:
  explicit RawTlsStream(SSL* ssl) : ssl_(ssl) {}

  bool has_pending() const { return SSL_has_pending(ssl_) == 1; }

  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers, boost::system::error_code& ec) {
    ec = {};
    for (auto it = asio::buffer_sequence_begin(buffers); it != asio::buffer_sequence_end(buffers); ++it) {
      const asio::mutable_buffer b(*it);
      if (b.size() == 0) continue;
      for (;;) {
        ERR_clear_error();
        std::size_t n = 0;
        const int r = SSL_read_ex(ssl_, b.data(), b.size(), &n);
        if (r == 1) return n;
        const int reason = SSL_get_error(ssl_, r);
        if (reason == SSL_ERROR_WANT_READ || reason == SSL_ERROR_WANT_WRITE) continue;  // a record with no data
        if (reason == SSL_ERROR_ZERO_RETURN)
          ec = asio::error::eof;
        else
          ec = asio::error::connection_reset;
        return 0;
      }
    }
    return 0;
  }

  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers, boost::system::error_code& ec) {
    ec = {};
    for (auto it = asio::buffer_sequence_begin(buffers); it != asio::buffer_sequence_end(buffers); ++it) {
      const asio::const_buffer b(*it);
      if (b.size() == 0) continue;
      ERR_clear_error();
      std::size_t n = 0;
      if (SSL_write_ex(ssl_, b.data(), b.size(), &n) == 1) return n;
      ec = asio::error::broken_pipe;
      return 0;
    }
    return 0;
  }

  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers) {
    boost::system::error_code ec;
    const std::size_t n = read_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers) {
    boost::system::error_code ec;
    const std::size_t n = write_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }

 private:
  SSL* ssl_;
};

class LoopbackServer {
 public:
  using Options = ServerOptions;

  explicit LoopbackServer(Handler handler, Options options = {})
      : handler_(std::move(handler)), options_(std::move(options)), acceptor_(ioc_) {
    tcp::endpoint ep{asio::ip::make_address("127.0.0.1"), 0};
    acceptor_.open(ep.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(ep);
    acceptor_.listen();
    port_ = acceptor_.local_endpoint().port();
    accept_thread_ = std::thread([this] { accept_loop(); });
  }
  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;
  ~LoopbackServer() { stop(); }

  std::uint16_t port() const { return port_; }
  std::string base_url(const std::string& host = "127.0.0.1") const {
    return std::string(options_.tls ? "https://" : "http://") + host + ":" + std::to_string(port_);
  }
  std::size_t connections() const { return connections_.load(); }
  std::vector<BeastRequest> requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }
  std::size_t request_count() const {
    std::lock_guard lock(mutex_);
    return requests_.size();
  }

  void stop() {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
      for (int fd : open_fds_) ::shutdown(fd, SHUT_RDWR);
    }
    cv_.notify_all();
    ::shutdown(acceptor_.native_handle(), SHUT_RDWR);
    if (accept_thread_.joinable()) accept_thread_.join();
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
      tcp::socket socket(ioc_);
      boost::system::error_code ec;
      acceptor_.accept(socket, ec);
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      if (ec) continue;
      const std::size_t n = ++connections_;
      open_fds_.insert(socket.native_handle());
      threads_.emplace_back([this, s = std::move(socket), n]() mutable { serve(std::move(s), n); });
    }
  }

  /// Waits until the server stops or `d` passes; true when stopping.
  bool wait_for_stop(std::optional<std::chrono::milliseconds> d = std::nullopt) {
    std::unique_lock lock(mutex_);
    if (d) return cv_.wait_for(lock, *d, [this] { return stopping_; });
    cv_.wait(lock, [this] { return stopping_; });
    return true;
  }

  void forget(tcp::socket& s) {
    std::lock_guard lock(mutex_);
    open_fds_.erase(s.native_handle());
  }

  void serve(tcp::socket socket, std::size_t connection) {
    tcp::no_delay nd(true);
    boost::system::error_code ec;
    socket.set_option(nd, ec);
    if (options_.tls) {
      if (options_.stall_handshake) {
        wait_for_stop();
        forget(socket);
        return;
      }
      if (options_.proxy) {
        serve_tls_proxy(socket, connection);
      } else {
        ssl::stream<tcp::socket&> stream(socket, *options_.tls);
        stream.handshake(ssl::stream_base::server, ec);
        if (!ec) exchange(stream, socket, connection);
      }
    } else {
      exchange(socket, socket, connection);
    }
    forget(socket);
    socket.close(ec);
  }

  /// An https:// proxy: TLS with the client on raw OpenSSL over the blocking socket, then the usual exchange.
  void serve_tls_proxy(tcp::socket& socket, std::size_t connection) {
    // OpenSSL's socket BIO writes without MSG_NOSIGNAL; a client gone would otherwise raise SIGPIPE.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    std::unique_ptr<SSL, decltype(&SSL_free)> ssl(SSL_new(options_.tls->native_handle()), SSL_free);
    if (!ssl || SSL_set_fd(ssl.get(), socket.native_handle()) != 1) return;
    ERR_clear_error();
    if (SSL_accept(ssl.get()) != 1) return;
    RawTlsStream stream(ssl.get());
    exchange(stream, socket, connection);
  }

  template <class Stream>
  void exchange(Stream& stream, tcp::socket& socket, std::size_t connection) {
    boost::beast::flat_buffer buffer;
    for (std::size_t n = 1;; ++n) {
      BeastRequest req;
      boost::system::error_code ec;
      http::request_parser<http::string_body> parser;
      parser.body_limit(1 << 30);
      http::read(stream, buffer, parser, ec);
      if (ec) return;
      req = parser.release();
      {
        std::lock_guard lock(mutex_);
        requests_.push_back(req);
      }
      if (options_.proxy && req.method() == http::verb::connect) {
        if constexpr (std::is_same_v<Stream, tcp::socket> || std::is_same_v<Stream, RawTlsStream>)
          tunnel(stream, socket.native_handle(), std::string(req.target()));
        return;
      }
      Reply reply = handler_(req, Context{connection, n});
      if (reply.delay.count() > 0 && wait_for_stop(reply.delay)) return;
      if (reply.hang) {
        wait_for_stop();
        return;
      }
      if (reply.drop) return;
      if (!reply.raw.empty()) {
        asio::write(stream, asio::buffer(reply.raw), ec);
      } else {
        http::response<http::string_body> res{static_cast<http::status>(reply.status), req.version()};
        for (auto& [name, value] : reply.headers) res.insert(name, value);
        const bool has_length = res.count(http::field::content_length) || res.count(http::field::transfer_encoding);
        res.body() = reply.body;
        if (!has_length && reply.status != 204 && reply.status != 304 && req.method() != http::verb::head)
          res.content_length(reply.body.size());
        if (req.method() == http::verb::head) {
          if (!has_length) res.content_length(reply.body.size());
          http::response<http::empty_body> head{res.result(), res.version()};
          for (const auto& f : res) head.insert(f.name_string(), f.value());
          http::write(stream, head, ec);
        } else {
          http::write(stream, res, ec);
        }
      }
      if (ec || reply.close || !req.keep_alive()) return;
    }
  }

  static bool has_pending(const tcp::socket&) { return false; }
  static bool has_pending(const RawTlsStream& s) { return s.has_pending(); }

  /// Answers a CONNECT with 200 and copies bytes both ways until either side closes. `client` is the
  /// connection to the client, over socket `client_fd`; bytes it holds already are relayed before waiting.
  template <class Client>
  void tunnel(Client& client, int client_fd, const std::string& where) {
    auto colon = where.rfind(':');
    tcp::socket upstream(ioc_);
    boost::system::error_code ec;
    upstream.connect({asio::ip::make_address(where.substr(0, colon), ec),
                      static_cast<unsigned short>(std::stoi(where.substr(colon + 1)))},
                     ec);
    if (ec) {
      asio::write(client, asio::buffer(std::string("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")), ec);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      open_fds_.insert(upstream.native_handle());
    }
    asio::write(client, asio::buffer(std::string("HTTP/1.1 200 Connection established\r\n\r\n")), ec);
    pollfd fds[2] = {{client_fd, POLLIN, 0}, {upstream.native_handle(), POLLIN, 0}};
    char buf[16384];
    constexpr short ready = POLLIN | POLLHUP | POLLERR;
    while (!ec) {
      const bool pending = has_pending(client);
      if (::poll(fds, 2, pending ? 0 : -1) < 0) break;
      if (pending || (fds[0].revents & ready)) {
        const std::size_t n = client.read_some(asio::buffer(buf), ec);
        if (!ec) asio::write(upstream, asio::buffer(buf, n), ec);
      }
      if (!ec && (fds[1].revents & ready)) {
        const std::size_t n = upstream.read_some(asio::buffer(buf), ec);
        if (!ec) asio::write(client, asio::buffer(buf, n), ec);
      }
    }
    forget(upstream);
  }

  Handler handler_;
  Options options_;
  asio::io_context ioc_;
  tcp::acceptor acceptor_;
  std::uint16_t port_ = 0;
  std::thread accept_thread_;
  std::atomic<std::size_t> connections_{0};
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::set<int> open_fds_;
  std::vector<std::thread> threads_;
  std::vector<BeastRequest> requests_;
};

/// Answers 200 with the request target as the body, so a test sees the target the transport wrote.
inline Reply echo_target(const BeastRequest& r, const Context&) { return Reply{.body = std::string(r.target())}; }

/// Answers every request with 200 and `body`.
inline Handler always(std::string body, std::vector<std::pair<std::string, std::string>> headers = {}) {
  return [body = std::move(body), headers = std::move(headers)](const BeastRequest&, const Context&) {
    return Reply{.status = 200, .headers = headers, .body = body};
  };
}

}  // namespace webapi::test
