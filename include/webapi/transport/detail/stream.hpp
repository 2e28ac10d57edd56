#pragma once
// The byte stream of one connection, built from Asio's parts: a TCP socket and over it up to two TLS
// sessions. A target's session straight over the socket is a SocketTls (detail/socket_tls.hpp): OpenSSL
// writes to the socket and reads what Asio's reads of it bring in. Through an https:// proxy both the
// proxy's session and the target's inside it (TLS in TLS) are asio::ssl::stream. Reads and writes go to the
// topmost layer. It is an Asio AsyncReadStream and AsyncWriteStream, so asio::async_write and Beast's
// http::async_read take it as they take a socket.
//
// Closing the socket ends every operation waiting on any layer: that is how a deadline or a cancellation
// stops a request, whatever it was waiting for.

#include <cstddef>
#include <memory>
#include <utility>

#include <openssl/bio.h>
#include <openssl/ssl.h>
#include <boost/asio/any_completion_handler.hpp>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/system/error_code.hpp>

#include <webapi/transport/detail/socket_tls.hpp>

namespace webapi::detail {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

/// What a TLS session sits on: the socket, or the proxy's TLS session over the socket. Holds pointers into
/// the Stream that owns both.
template <class Tls>
class LowerLayer {
 public:
  using executor_type = asio::any_io_executor;
  using lowest_layer_type = tcp::socket::lowest_layer_type;

  LowerLayer(tcp::socket* socket, Tls* proxy_tls) : socket_(socket), proxy_tls_(proxy_tls) {}

  executor_type get_executor() noexcept { return socket_->get_executor(); }
  lowest_layer_type& lowest_layer() noexcept { return *socket_; }
  const lowest_layer_type& lowest_layer() const noexcept { return *socket_; }

  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    return asio::async_initiate<Token, void(error_code, std::size_t)>(
        [this](auto handler, const MutableBuffers& b) {
          if (proxy_tls_)
            proxy_tls_->async_read_some(b, Erased(std::move(handler)));
          else
            socket_->async_read_some(b, std::move(handler));
        },
        token, buffers);
  }

  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    return asio::async_initiate<Token, void(error_code, std::size_t)>(
        [this](auto handler, const ConstBuffers& b) {
          if (proxy_tls_)
            proxy_tls_->async_write_some(b, Erased(std::move(handler)));
          else
            socket_->async_write_some(b, std::move(handler));
        },
        token, buffers);
  }

 private:
  // The proxy's session is handed a handler of one type whatever the target's session passes down: its
  // operations call this layer back, and each handler type would otherwise make a new one without end.
  using Erased = asio::any_completion_handler<void(error_code, std::size_t)>;

  tcp::socket* socket_;
  Tls* proxy_tls_;
};

/// A TLS session over a LowerLayer.
struct TlsSession : asio::ssl::stream<LowerLayer<TlsSession>> {
  using asio::ssl::stream<LowerLayer<TlsSession>>::stream;
};

class Stream {
 public:
  using executor_type = asio::any_io_executor;

  explicit Stream(tcp::socket socket) : socket_(std::move(socket)) {}
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  executor_type get_executor() noexcept { return socket_.get_executor(); }
  tcp::socket& socket() noexcept { return socket_; }
  bool is_open() const noexcept { return socket_.is_open(); }
  /// Whether reads and writes go through TLS.
  bool is_tls() const noexcept { return socket_tls_ || tls_ || proxy_tls_; }
  /// Whether bytes read from the socket wait in a TLS session, unread: records (close_notify included) that
  /// came in the same read as the last answer's, or plaintext a read has not taken yet.
  bool has_buffered() const noexcept {
    if (socket_tls_) return socket_tls_->has_buffered();
    return holds_bytes(tls_.get()) || holds_bytes(proxy_tls_.get());
  }

  /// Closes the socket: every operation waiting on the stream ends with an error.
  void close() noexcept {
    error_code ignored;
    socket_.close(ignored);
  }
  /// Ends the operations waiting on the socket, leaving it open.
  void cancel() noexcept {
    error_code ignored;
    socket_.cancel(ignored);
  }

  /// Writes at once, without waiting, what the socket takes of `buffers`, and returns how much that was
  /// (through an https:// proxy: nothing, and the caller writes it all asynchronously). A small request
  /// fits the socket's send buffer, so it leaves without a trip through the executor's queue. `ec` is the
  /// write's failure, never "would block".
  template <class ConstBuffers>
  std::size_t write_now(const ConstBuffers& buffers, error_code& ec) {
    ec = {};
    if (socket_tls_) return socket_tls_->write_now(buffers, ec);
    if (is_tls()) return 0;
    if (!socket_.non_blocking()) socket_.non_blocking(true, ec);
    if (ec) return 0;
    const std::size_t n = socket_.write_some(buffers, ec);
    if (ec == asio::error::would_block || ec == asio::error::try_again) ec = {};
    return n;
  }

  /// Puts a TLS session with the proxy over the socket, and returns its SSL object; the next
  /// async_handshake() is the proxy's.
  SSL* start_proxy_tls(asio::ssl::context& ctx) {
    proxy_tls_ = std::make_unique<TlsSession>(LowerLayer<TlsSession>(&socket_, nullptr), ctx);
    return proxy_tls_->native_handle();
  }
  /// Puts the target's TLS session over the socket, or over the proxy's session when there is one, and
  /// returns its SSL object (null when OpenSSL could not make one).
  SSL* start_tls(asio::ssl::context& ctx) {
    if (proxy_tls_) {
      tls_ = std::make_unique<TlsSession>(LowerLayer<TlsSession>(&socket_, proxy_tls_.get()), ctx);
      return tls_->native_handle();
    }
    socket_tls_ = std::make_unique<SocketTls>(socket_, ctx.native_handle());
    return socket_tls_->native_handle();
  }

  /// The client handshake of the topmost TLS session.
  template <class Token>
  auto async_handshake(Token&& token) {
    return asio::async_initiate<Token, void(error_code)>(
        [this](auto handler) {
          if (socket_tls_)
            socket_tls_->async_handshake(std::move(handler));
          else
            top()->async_handshake(asio::ssl::stream_base::client, std::move(handler));
        },
        token);
  }

  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    return asio::async_initiate<Token, void(error_code, std::size_t)>(
        [this](auto handler, const MutableBuffers& b) {
          if (socket_tls_)
            socket_tls_->async_read_some(b, std::move(handler));
          else if (TlsSession* t = top())
            t->async_read_some(b, std::move(handler));
          else
            socket_.async_read_some(b, std::move(handler));
        },
        token, buffers);
  }

  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    return asio::async_initiate<Token, void(error_code, std::size_t)>(
        [this](auto handler, const ConstBuffers& b) {
          if (socket_tls_)
            socket_tls_->async_write_some(b, std::move(handler));
          else if (TlsSession* t = top())
            t->async_write_some(b, std::move(handler));
          else
            socket_.async_write_some(b, std::move(handler));
        },
        token, buffers);
  }

 private:
  TlsSession* top() const noexcept { return tls_ ? tls_.get() : proxy_tls_.get(); }

  /// Whether an asio::ssl::stream holds bytes: plaintext or records in OpenSSL's buffers, or bytes Asio has
  /// handed to the session's input BIO that OpenSSL has not read yet. (Asio hands a read's bytes to that BIO
  /// whole. OpenSSL 3 takes all of them into its own buffers as it reads a record, so the proxy_session tests
  /// see them through SSL_has_pending(); nothing promises that, so the BIO is asked too.)
  static bool holds_bytes(TlsSession* session) noexcept {
    if (!session) return false;
    SSL* ssl = session->native_handle();
    return SSL_has_pending(ssl) == 1 || BIO_ctrl_pending(SSL_get_rbio(ssl)) != 0;
  }

  tcp::socket socket_;
  // The target's session is declared last so that it goes first: it reads and writes through the proxy's.
  std::unique_ptr<TlsSession> proxy_tls_;
  std::unique_ptr<TlsSession> tls_;
  std::unique_ptr<SocketTls> socket_tls_;
};

}  // namespace webapi::detail
