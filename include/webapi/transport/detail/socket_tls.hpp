#pragma once
// A TLS session straight over a connected socket. OpenSSL writes its records to the socket itself, and reads
// them from the bytes Asio's own asynchronous reads of the socket bring into this session's buffer. Beside
// asio::ssl::stream, which passes every record through a pair of memory BIOs and its own engine, a request
// written at once costs no trip through the executor's queue, each byte read is copied once less, and
// OpenSSL's error queue is only cleared when something is in it (docs/benchmarks-transport.md, "TLS straight
// over the socket", measures the difference). The sessions of an https:// proxy, and of a target inside one,
// stay asio::ssl::stream (detail/stream.hpp).
//
// Every wait is Asio's: a read of the socket when OpenSSL wants bytes, socket.async_wait() when it wants
// room to write. Closing the socket ends them as it ends any other operation on it, and OpenSSL then finds
// no descriptor to use. Renegotiation is refused (TLS 1.3 has none), so a write never waits for a read. One
// read and one write may be under way at once, as on a socket.

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <sys/socket.h>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <boost/asio/buffer.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/system/error_code.hpp>

namespace webapi::detail {

class SocketTls {
 public:
  using error_code = boost::system::error_code;
  using socket_type = boost::asio::ip::tcp::socket;

  /// A client session of `ctx` over `socket`, which must outlive it; native_handle() is null when OpenSSL
  /// could not make one.
  SocketTls(socket_type& socket, SSL_CTX* ctx) : socket_(socket), ssl_(SSL_new(ctx)) {
    if (!ssl_) return;
    BIO* bio = BIO_new(bio_method());
    if (!bio) {
      SSL_free(ssl_);
      ssl_ = nullptr;
      return;
    }
    BIO_set_data(bio, this);
    SSL_set_bio(ssl_, bio, bio);
    SSL_set_connect_state(ssl_);
    SSL_set_options(ssl_, SSL_OP_NO_RENEGOTIATION);
    error_code ignored;
    socket_.non_blocking(true, ignored);  // the BIO's send() must never block the thread
  }
  SocketTls(const SocketTls&) = delete;
  SocketTls& operator=(const SocketTls&) = delete;
  ~SocketTls() {
    if (ssl_) SSL_free(ssl_);
  }

  SSL* native_handle() const noexcept { return ssl_; }

  /// Whether bytes read from the socket wait here, unread by the application.
  bool has_buffered() const noexcept { return in_begin_ != in_end_ || (ssl_ && SSL_has_pending(ssl_) == 1); }

  template <class Token>
  auto async_handshake(Token&& token) {
    return boost::asio::async_compose<Token, void(error_code)>(Op<Handshake>{this, {}}, token, socket_);
  }

  /// Reads into the first non-empty buffer of `buffers`: at least one byte, and whatever else is already
  /// here and fits, so a large body needs few calls.
  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    return boost::asio::async_compose<Token, void(error_code, std::size_t)>(Op<Read>{this, {first(buffers)}}, token,
                                                                            socket_);
  }

  /// Writes up to one record of `buffers`.
  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    return boost::asio::async_compose<Token, void(error_code, std::size_t)>(Op<Write>{this, {linearise(buffers, 0)}},
                                                                            token, socket_);
  }

  /// Writes at once, without waiting, what the socket takes of `buffers`, and returns how much that was; the
  /// rest, passed to async_write_some, continues where this stopped. `ec` is a failure, never "would block".
  template <class ConstBuffers>
  std::size_t write_now(const ConstBuffers& buffers, error_code& ec) {
    ec = {};
    std::size_t done = 0;
    for (;;) {
      const boost::asio::const_buffer b = linearise(buffers, done);
      if (b.size() == 0) return done;
      std::size_t n = 0;
      clear_errors();
      const int r = SSL_write_ex(ssl_, b.data(), b.size(), &n);
      if (r == 1) {
        done += n;
        continue;
      }
      const int reason = SSL_get_error(ssl_, r);
      if (reason != SSL_ERROR_WANT_WRITE && reason != SSL_ERROR_WANT_READ) ec = failure(reason);
      return done;
    }
  }

 private:
  static constexpr std::size_t input_capacity = 64 * 1024;
  static constexpr std::size_t max_record = 16 * 1024;

  // ---- the three OpenSSL calls an operation repeats until it succeeds or fails for good -----------------

  struct Handshake {
    int operator()(SSL* ssl, std::size_t&) const { return SSL_connect(ssl); }
  };
  struct Read {
    boost::asio::mutable_buffer into;
    int operator()(SSL* ssl, std::size_t& got) const {
      auto* p = static_cast<char*>(into.data());
      const int r = SSL_read_ex(ssl, p, into.size(), &got);
      // More records may already be here: take them too rather than come back for each.
      for (std::size_t more = 0; r == 1 && got < into.size() && SSL_has_pending(ssl) == 1; got += more) {
        clear_errors();
        if (SSL_read_ex(ssl, p + got, into.size() - got, &more) != 1) break;
      }
      return r;
    }
  };
  struct Write {
    boost::asio::const_buffer from;
    int operator()(SSL* ssl, std::size_t& put) const { return SSL_write_ex(ssl, from.data(), from.size(), &put); }
  };

  /// One operation: calls `call` until it succeeds or fails for good, reading the socket when OpenSSL wants
  /// bytes and waiting for room when it wants to write. Completes with (error, bytes) or (error).
  template <class Call>
  struct Op {
    SocketTls* tls;
    Call call;
    enum class Waiting { nothing, bytes, room, result } waiting = Waiting::nothing;
    bool waited = false;
    error_code result_ec{};
    std::size_t result_n = 0;

    template <class Self>
    void operator()(Self& self, error_code ec = {}, std::size_t n = 0) {
      const Waiting was = std::exchange(waiting, Waiting::nothing);
      if (was == Waiting::result) return deliver(self);
      if (was == Waiting::bytes) {
        tls->reading_ = false;
        if (ec == boost::asio::error::eof) ec = tls->end_of_stream();
        if (!ec) tls->in_end_ = n;
      }
      if (ec) return finish(self, ec, 0);
      if (was == Waiting::nothing && empty()) return finish(self, {}, 0);
      // A read with nothing here goes to the socket at once: OpenSSL would only ask for bytes.
      if (was == Waiting::nothing && std::is_same_v<Call, Read> && !tls->has_buffered() && !tls->peer_closed())
        return read_socket(self);
      std::size_t done = 0;
      clear_errors();
      const int r = call(tls->ssl_, done);
      if (r == 1) return finish(self, {}, done);
      switch (const int reason = SSL_get_error(tls->ssl_, r)) {
        case SSL_ERROR_WANT_READ:
          // Only a renegotiation, which the session refuses, would make a write read; the socket's one
          // reader is the read beside it.
          if (tls->reading_) return finish(self, boost::asio::error::in_progress, 0);
          return read_socket(self);
        case SSL_ERROR_WANT_WRITE:
          waiting = Waiting::room;
          waited = true;
          return tls->socket_.async_wait(socket_type::wait_write, std::move(self));
        default:
          return finish(self, tls->failure(reason), 0);
      }
    }

    bool empty() const {
      if constexpr (std::is_same_v<Call, Handshake>)
        return false;
      else if constexpr (std::is_same_v<Call, Read>)
        return call.into.size() == 0;
      else
        return call.from.size() == 0;
    }

    template <class Self>
    void read_socket(Self& self) {
      // OpenSSL asks for bytes only once it has taken every one here, so the buffer starts over empty.
      tls->in_begin_ = tls->in_end_ = 0;
      if (!tls->input_) tls->input_ = std::make_unique<char[]>(input_capacity);
      waiting = Waiting::bytes;
      waited = true;
      tls->reading_ = true;
      tls->socket_.async_read_some(boost::asio::buffer(tls->input_.get(), input_capacity), std::move(self));
    }

    template <class Self>
    void finish(Self& self, error_code ec, std::size_t n) {
      result_ec = ec;
      result_n = n;
      if (waited) return deliver(self);
      // Still inside the initiating function: Asio never calls a completion handler from there.
      waiting = Waiting::result;
      boost::asio::post(tls->socket_.get_executor(), std::move(self));
    }

    template <class Self>
    void deliver(Self& self) {
      if constexpr (std::is_same_v<Call, Handshake>)
        self.complete(result_ec);
      else
        self.complete(result_ec, result_n);
    }
  };

  // ---- buffers ----------------------------------------------------------------------------------------

  template <class MutableBuffers>
  static boost::asio::mutable_buffer first(const MutableBuffers& buffers) {
    for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers); ++it)
      if (boost::asio::mutable_buffer b(*it); b.size() != 0) return b;
    return {};
  }

  /// Up to one record of `buffers` past their first `skip` bytes, as one buffer: that part of a buffer when it
  /// holds a record's worth, else a copy of the leading pieces (a request head comes as several). The same
  /// bytes come out for the same `skip`, as OpenSSL asks of a write it has to repeat.
  template <class ConstBuffers>
  boost::asio::const_buffer linearise(const ConstBuffers& buffers, std::size_t skip) {
    auto it = boost::asio::buffer_sequence_begin(buffers);
    const auto end = boost::asio::buffer_sequence_end(buffers);
    boost::asio::const_buffer b;
    for (; it != end; ++it) {
      b = boost::asio::const_buffer(*it);
      if (b.size() > skip) break;
      skip -= b.size();
    }
    if (it == end) return {};
    b += skip;
    if (b.size() >= max_record) return b;
    output_.clear();
    for (;;) {
      output_.append(static_cast<const char*>(b.data()), std::min(b.size(), max_record - output_.size()));
      if (++it == end || output_.size() == max_record) break;
      b = boost::asio::const_buffer(*it);
    }
    return boost::asio::buffer(output_);
  }

  // ---- errors -----------------------------------------------------------------------------------------

  /// Empties this thread's OpenSSL error queue, as SSL_get_error() needs before each call it explains. Looking
  /// first costs a fraction of clearing every slot, and the queue is nearly always empty.
  static void clear_errors() noexcept {
    if (ERR_peek_error() != 0) ERR_clear_error();
  }

  /// Whether the peer's close_notify has come: a read then ends at once, without the socket.
  bool peer_closed() const { return (SSL_get_shutdown(ssl_) & SSL_RECEIVED_SHUTDOWN) != 0; }

  /// The socket ended: a clean end after the peer's close_notify, else a truncated stream, as
  /// asio::ssl::stream reports them.
  error_code end_of_stream() const {
    return peer_closed() ? error_code(boost::asio::error::eof) : error_code(boost::asio::ssl::error::stream_truncated);
  }

  /// What an OpenSSL call's failure `reason` (SSL_get_error) means, with the error it queued or the errno
  /// its send() left; never an empty error_code, which a caller would take for success.
  error_code failure(int reason) const {
    const int saved_errno = errno;
    const unsigned long queued = ERR_get_error();
    if (reason == SSL_ERROR_ZERO_RETURN) return boost::asio::error::eof;  // close_notify: a clean end
    if (reason == SSL_ERROR_SYSCALL && queued == 0 && saved_errno != 0)
      return {saved_errno, boost::system::system_category()};
    if (queued != 0) {
#ifdef SSL_R_UNEXPECTED_EOF_WHILE_READING
      if (ERR_GET_REASON(queued) == SSL_R_UNEXPECTED_EOF_WHILE_READING)
        return boost::asio::ssl::error::stream_truncated;
#endif
      return {static_cast<int>(queued), boost::asio::error::get_ssl_category()};
    }
    return boost::system::errc::make_error_code(boost::system::errc::protocol_error);
  }

  // ---- the BIO: writes go to the socket, reads come from the input buffer ------------------------------

  static BIO_METHOD* bio_method() {
    static BIO_METHOD* const method = [] {
      BIO_METHOD* m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "webapi socket TLS");
      BIO_meth_set_write_ex(m, [](BIO* b, const char* data, std::size_t n, std::size_t* written) -> int {
        BIO_clear_retry_flags(b);
        auto* tls = static_cast<SocketTls*>(BIO_get_data(b));
        for (;;) {
          // MSG_NOSIGNAL: a peer that closed never raises SIGPIPE. A closed socket's descriptor is -1.
          const ssize_t r = ::send(tls->socket_.native_handle(), data, n, MSG_NOSIGNAL);
          if (r >= 0) {
            *written = static_cast<std::size_t>(r);
            return 1;
          }
          if (errno == EINTR) continue;
          if (errno == EAGAIN || errno == EWOULDBLOCK) BIO_set_retry_write(b);
          return 0;
        }
      });
      BIO_meth_set_read_ex(m, [](BIO* b, char* data, std::size_t n, std::size_t* got) -> int {
        BIO_clear_retry_flags(b);
        auto* tls = static_cast<SocketTls*>(BIO_get_data(b));
        if (tls->in_begin_ == tls->in_end_) {
          BIO_set_retry_read(b);
          return 0;
        }
        *got = std::min(n, tls->in_end_ - tls->in_begin_);
        std::memcpy(data, tls->input_.get() + tls->in_begin_, *got);
        tls->in_begin_ += *got;
        return 1;
      });
      BIO_meth_set_ctrl(m, [](BIO*, int cmd, long, void*) -> long { return cmd == BIO_CTRL_FLUSH ? 1 : 0; });
      BIO_meth_set_create(m, [](BIO* b) -> int {
        BIO_set_init(b, 1);
        return 1;
      });
      return m;
    }();
    return method;
  }

  socket_type& socket_;
  SSL* ssl_;
  std::unique_ptr<char[]> input_;  ///< bytes read from the socket; made at the first read
  std::size_t in_begin_ = 0;       ///< where OpenSSL's next read starts
  std::size_t in_end_ = 0;
  bool reading_ = false;  ///< an operation waits for the socket's bytes
  std::string output_;    ///< the pieces of a record to write, gathered
};

}  // namespace webapi::detail
