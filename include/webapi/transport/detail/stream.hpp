#pragma once
// A TCP connection read and written synchronously, plain or through OpenSSL, every wait bounded by a
// deadline. It is a Beast SyncReadStream and SyncWriteStream.
//
// The socket is non-blocking and a call that would block waits in poll() until the deadline, so a request
// costs no event loop, no timer and no hand-off between threads. Under BeastTransport::send_all that wait
// lets the thread's other requests go on meanwhile (fibers.hpp). OpenSSL reads the socket itself (a small
// BIO that sends with MSG_NOSIGNAL, so a closed peer never raises SIGPIPE) and reads ahead into one
// 64 KiB buffer: a large body arrives in a few system calls and each byte is copied once out of the
// kernel, where a memory BIO pair would copy it twice more.
//
// Through an https:// proxy there are two TLS sessions: one with the proxy over the socket, and, for an
// https:// target, one with the target whose BIO is an SSL filter over the first (TLS in TLS). Reads,
// writes and handshakes go to the topmost session; a wait for the socket is still right, because the lower
// session only ever wants more when the socket has nothing for it or no room.

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/system/error_code.hpp>
#include <boost/system/system_error.hpp>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <webapi/transport/detail/fibers.hpp>

namespace webapi::detail {

using Clock = std::chrono::steady_clock;

inline int bio_socket(BIO* b) { return static_cast<int>(reinterpret_cast<std::intptr_t>(BIO_get_data(b))); }

/// The BIO through which OpenSSL reads and writes a non-blocking socket; its data is the descriptor.
inline BIO_METHOD* socket_bio_method() {
  static BIO_METHOD* const method = [] {
    BIO_METHOD* m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "webapi socket");
    BIO_meth_set_write_ex(m, [](BIO* b, const char* data, std::size_t n, std::size_t* written) -> int {
      BIO_clear_retry_flags(b);
      for (;;) {
        const ssize_t r = ::send(bio_socket(b), data, n, MSG_NOSIGNAL);
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
      for (;;) {
        const ssize_t r = ::recv(bio_socket(b), data, n, 0);
        if (r > 0) {
          *got = static_cast<std::size_t>(r);
          return 1;
        }
        if (r < 0 && errno == EINTR) continue;
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) BIO_set_retry_read(b);
        if (r == 0) {
          // End of stream: OpenSSL asks BIO_eof() to tell a peer that vanished without close_notify from
          // an error, and reports it as SSL_R_UNEXPECTED_EOF_WHILE_READING.
          errno = 0;
          BIO_set_flags(b, BIO_FLAGS_IN_EOF);
        }
        return 0;
      }
    });
    BIO_meth_set_ctrl(m, [](BIO* b, int cmd, long, void*) -> long {
      switch (cmd) {
        case BIO_CTRL_FLUSH: return 1;
        case BIO_CTRL_EOF: return BIO_test_flags(b, BIO_FLAGS_IN_EOF) != 0 ? 1 : 0;
        default: return 0;  // nothing buffered here (PENDING, WPENDING), nothing else to set
      }
    });
    BIO_meth_set_create(m, [](BIO* b) -> int {
      BIO_set_init(b, 1);
      return 1;
    });
    return m;
  }();
  return method;
}

/// Empties this thread's OpenSSL error queue, as SSL_get_error() needs before each call it explains. Looking
/// first costs a fraction of clearing the queue's every slot, and the queue is nearly always empty.
inline void clear_tls_errors() noexcept {
  if (ERR_peek_error() != 0) ERR_clear_error();
}

/// What an OpenSSL call's failure means, from SSL_get_error's `reason`, the first queued error `queued`, the
/// errno it left and whether the session under it (an https:// proxy's) had ended cleanly. Every outcome
/// that is not a success is an error: none maps to an empty error_code, which a caller would take for a
/// read of 0 bytes.
inline boost::system::error_code tls_failure(int reason, unsigned long queued, int saved_errno,
                                             bool lower_session_closed) {
  namespace asio = boost::asio;
  if (reason == SSL_ERROR_ZERO_RETURN) return asio::error::eof;  // close_notify: a clean end
  if (reason == SSL_ERROR_SYSCALL && queued == 0) {
    // The end of the session without close_notify; errno tells nothing when it was the session under this
    // one that ended, cleanly.
    if (saved_errno != 0 && !lower_session_closed) return {saved_errno, boost::system::system_category()};
    return asio::ssl::error::stream_truncated;
  }
#ifdef SSL_R_UNEXPECTED_EOF_WHILE_READING
  if (queued != 0 && ERR_GET_REASON(queued) == SSL_R_UNEXPECTED_EOF_WHILE_READING)
    return asio::ssl::error::stream_truncated;
#endif
  if (queued != 0) return {static_cast<int>(queued), asio::error::get_ssl_category()};
  return boost::system::errc::make_error_code(boost::system::errc::protocol_error);
}

class Stream {
 public:
  using error_code = boost::system::error_code;
  using endpoint = boost::asio::ip::tcp::endpoint;

  Stream() = default;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() { close(); }

  /// Every later call that has to wait gives up at `t`; expired() then tells why it failed.
  void set_deadline(Clock::time_point t) noexcept {
    deadline_ = t;
    expired_ = false;
  }
  bool expired() const noexcept { return expired_; }

  bool is_open() const noexcept { return fd_ >= 0; }
  int native_handle() const noexcept { return fd_; }
  /// Bytes OpenSSL has read from the socket but not yet handed out, in either TLS session.
  bool has_buffered() const noexcept {
    return !read_ahead_.empty() || (ssl_ && SSL_has_pending(ssl_) == 1) ||
           (proxy_ssl_ && SSL_has_pending(proxy_ssl_) == 1);
  }
  /// Whether reads and writes go through TLS.
  bool is_tls() const noexcept { return top() != nullptr; }

  /// While on, a plain-TCP write that has to wait for the peer to take bytes also watches for bytes from the
  /// peer. What arrives is read ahead, kept for the next read_some, and the write returns
  /// boost::asio::error::interrupted, so the writer can tell whether the peer answered before taking the
  /// whole request (RFC 9112 section 9.5: a client watches for an error response while it sends a body).
  /// Over TLS it does nothing: a TLS write may not be left half done for a read.
  void watch_input_while_writing(bool on) noexcept { watch_input_ = on; }
  /// The bytes read ahead by a watched write and not yet handed out.
  std::string_view read_ahead() const noexcept { return read_ahead_; }

  void close() noexcept {
    // The target's session first: its BIO holds a reference to the socket BIO of the proxy's session.
    if (ssl_) SSL_free(ssl_);
    ssl_ = nullptr;
    if (proxy_ssl_) SSL_free(proxy_ssl_);
    proxy_ssl_ = nullptr;
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  /// Connects to one of `endpoints`, with Nagle's algorithm off. As RFC 8305 (Happy Eyeballs) says: the
  /// addresses are tried in turn, alternating families, each given `stagger` before the next one starts
  /// alongside it; the first to connect wins, and a dead address costs `stagger`, not the whole deadline.
  error_code connect(const std::vector<endpoint>& endpoints,
                     std::chrono::milliseconds stagger = std::chrono::milliseconds(250)) {
    close();
    const std::vector<endpoint> order = interleave_families(endpoints);
    error_code ec = boost::asio::error::host_not_found;
    std::vector<pollfd> pending;
    auto give_up = [&](error_code why) {
      for (const auto& p : pending) ::close(p.fd);
      return why;
    };
    std::size_t next = 0;
    Clock::time_point next_start = Clock::now();
    int winner = -1;
    while (winner < 0) {
      while (next < order.size() && (pending.empty() || Clock::now() >= next_start)) {
        const endpoint& ep = order[next++];
        const int fd = ::socket(ep.protocol().family(), SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, IPPROTO_TCP);
        if (fd < 0) {
          ec = last_error();
          continue;
        }
        if (::connect(fd, ep.data(), static_cast<socklen_t>(ep.size())) == 0) {
          winner = fd;
          break;
        }
        if (errno != EINPROGRESS && errno != EINTR) {
          ec = last_error();
          ::close(fd);
          continue;
        }
        pending.push_back(pollfd{fd, POLLOUT, 0});
        next_start = Clock::now() + stagger;
      }
      if (winner >= 0) break;
      if (pending.empty()) return ec;

      const auto now = Clock::now();
      if (now >= deadline_) {
        expired_ = true;
        return give_up(boost::asio::error::timed_out);
      }
      const auto until = next < order.size() ? std::min(deadline_, next_start) : deadline_;
      const auto left = std::max<long long>(0, std::chrono::ceil<std::chrono::milliseconds>(until - now).count());
      const int n = wait_ready(pending.data(), pending.size(), static_cast<int>(std::min<long long>(left, INT_MAX)));
      if (n < 0 && errno != EINTR) return give_up(last_error());
      if (n <= 0) continue;
      for (std::size_t i = 0; i < pending.size();) {
        if (pending[i].revents == 0) {
          ++i;
          continue;
        }
        int err = 0;
        socklen_t len = sizeof err;
        ::getsockopt(pending[i].fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err == 0 && winner < 0) {
          winner = pending[i].fd;
        } else {
          if (err != 0) ec = error_code(err, boost::system::system_category());
          ::close(pending[i].fd);
        }
        pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i));
      }
      // An address that failed at once lets the next one start now rather than after the stagger.
      if (pending.empty()) next_start = Clock::now();
    }
    give_up({});
    fd_ = winner;
    const int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return {};
  }

  /// `endpoints` reordered to alternate address families, starting with the first's (RFC 8305, 4).
  static std::vector<endpoint> interleave_families(const std::vector<endpoint>& endpoints) {
    if (endpoints.empty()) return {};
    std::vector<endpoint> first_family, other;
    const bool v6 = endpoints.front().address().is_v6();
    for (const auto& ep : endpoints) (ep.address().is_v6() == v6 ? first_family : other).push_back(ep);
    std::vector<endpoint> out;
    out.reserve(endpoints.size());
    for (std::size_t i = 0; i < std::max(first_family.size(), other.size()); ++i) {
      if (i < first_family.size()) out.push_back(first_family[i]);
      if (i < other.size()) out.push_back(other[i]);
    }
    return out;
  }

  /// Puts an SSL object of `ctx` for the proxy over the connected socket; null when OpenSSL could not make
  /// one. handshake() then talks to the proxy, and start_tls() puts the target's session inside this one.
  SSL* start_proxy_tls(SSL_CTX* ctx) {
    proxy_ssl_ = SSL_new(ctx);
    if (!proxy_ssl_) return nullptr;
    BIO* bio = socket_bio();
    if (!bio) return nullptr;
    SSL_set_bio(proxy_ssl_, bio, bio);
    return proxy_ssl_;
  }

  /// Puts an SSL object of `ctx` for the target over the connected socket, or over the proxy's session when
  /// there is one; null when OpenSSL could not make one.
  SSL* start_tls(SSL_CTX* ctx) {
    ssl_ = SSL_new(ctx);
    if (!ssl_) return nullptr;
    BIO* bio = nullptr;
    if (proxy_ssl_) {
      // BIO_NOCLOSE: the filter does not own the proxy's session; close() frees that one itself.
      bio = BIO_new(BIO_f_ssl());
      if (bio && BIO_set_ssl(bio, proxy_ssl_, BIO_NOCLOSE) != 1) {
        BIO_free(bio);
        bio = nullptr;
      }
    } else {
      bio = socket_bio();
    }
    if (!bio) return nullptr;
    SSL_set_bio(ssl_, bio, bio);
    return ssl_;
  }

  /// Runs the handshake of the topmost session: the proxy's after start_proxy_tls(), the target's after
  /// start_tls().
  error_code handshake() {
    error_code ec;
    for (;;) {
      if (past_deadline(ec)) return ec;
      clear_tls_errors();
      const int r = SSL_connect(top());
      if (r == 1) return {};
      if (!retry(r, ec)) return ec;
    }
  }

  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers, error_code& ec) {
    ec = {};
    const boost::asio::mutable_buffer b = first(buffers);
    if (b.size() == 0) return 0;
    // A peer that always has another byte ready never makes us wait, so the deadline is checked here too.
    if (past_deadline(ec)) return 0;
    // Right after a write the answer has not come yet, unless it is already here: wait first rather than
    // try the empty socket.
    if (std::exchange(just_wrote_, false) && !has_buffered() && !wait(POLLIN, ec)) return 0;
    if (!read_ahead_.empty()) {
      const std::size_t n = std::min(b.size(), read_ahead_.size());
      std::memcpy(b.data(), read_ahead_.data(), n);
      read_ahead_.erase(0, n);
      return n;
    }
    for (;;) {
      if (SSL* ssl = top()) {
        clear_tls_errors();
        std::size_t n = 0;
        const int r = SSL_read_ex(ssl, b.data(), b.size(), &n);
        if (r == 1) return n;
        if (!retry(r, ec)) return 0;
        continue;
      }
      const ssize_t n = ::recv(fd_, b.data(), b.size(), 0);
      if (n > 0) return static_cast<std::size_t>(n);
      if (n == 0) {
        ec = boost::asio::error::eof;
        return 0;
      }
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) {
        ec = last_error();
        return 0;
      }
      if (!wait(POLLIN, ec)) return 0;
    }
  }

  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers, error_code& ec) {
    ec = {};
    if (past_deadline(ec)) return 0;
    just_wrote_ = true;
    if (top()) return write_tls(linearise(buffers), ec);
    iovec iov[max_iov];
    std::size_t count = 0;
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         it != boost::asio::buffer_sequence_end(buffers) && count < max_iov; ++it) {
      const boost::asio::const_buffer b(*it);
      if (b.size() == 0) continue;
      iov[count++] = iovec{const_cast<void*>(b.data()), b.size()};
    }
    if (count == 0) return 0;
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = count;
    for (;;) {
      const ssize_t n = ::sendmsg(fd_, &msg, MSG_NOSIGNAL);
      if (n >= 0) return static_cast<std::size_t>(n);
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) {
        ec = last_error();
        return 0;
      }
      if (!wait_to_write(ec)) return 0;
    }
  }

  // The throwing forms Beast's stream concepts ask for.
  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers) {
    error_code ec;
    const std::size_t n = read_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers) {
    error_code ec;
    const std::size_t n = write_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }

 private:
  static constexpr std::size_t max_iov = 64;
  static constexpr std::size_t max_record = 16 * 1024;

  static error_code last_error() { return error_code(errno, boost::system::system_category()); }

  /// The session reads and writes go through: the target's, else the proxy's, else none (plain TCP).
  SSL* top() const noexcept { return ssl_ ? ssl_ : proxy_ssl_; }

  BIO* socket_bio() const {
    BIO* bio = BIO_new(socket_bio_method());
    if (bio) BIO_set_data(bio, reinterpret_cast<void*>(static_cast<std::intptr_t>(fd_)));
    return bio;
  }

  template <class MutableBuffers>
  static boost::asio::mutable_buffer first(const MutableBuffers& buffers) {
    for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers); ++it)
      if (boost::asio::mutable_buffer b(*it); b.size() != 0) return b;
    return {};
  }

  /// Up to one TLS record of `buffers` as one buffer: the first buffer itself when it is that large, else a
  /// copy of the leading buffers (a request's header comes as many small pieces).
  template <class ConstBuffers>
  boost::asio::const_buffer linearise(const ConstBuffers& buffers) {
    auto it = boost::asio::buffer_sequence_begin(buffers);
    const auto end = boost::asio::buffer_sequence_end(buffers);
    while (it != end && boost::asio::const_buffer(*it).size() == 0) ++it;
    if (it == end) return {};
    if (boost::asio::const_buffer b(*it); b.size() >= max_record) return b;
    staging_.clear();
    for (; it != end && staging_.size() < max_record; ++it) {
      const boost::asio::const_buffer b(*it);
      const std::size_t take = std::min(b.size(), max_record - staging_.size());
      staging_.append(static_cast<const char*>(b.data()), take);
    }
    return boost::asio::buffer(staging_);
  }

  std::size_t write_tls(boost::asio::const_buffer b, error_code& ec) {
    if (b.size() == 0) return 0;
    for (;;) {
      clear_tls_errors();
      std::size_t n = 0;
      const int r = SSL_write_ex(top(), b.data(), b.size(), &n);
      if (r == 1) return n;
      if (!retry(r, ec)) return 0;
    }
  }

  /// After an OpenSSL call returned `r`: waits when it wants the socket (true: call it again), else sets
  /// `ec` to what went wrong (false).
  bool retry(int r, error_code& ec) {
    const int reason = SSL_get_error(top(), r);
    if (reason == SSL_ERROR_WANT_READ) return wait(POLLIN, ec);
    if (reason == SSL_ERROR_WANT_WRITE) return wait(POLLOUT, ec);
    if (reason == SSL_ERROR_ZERO_RETURN) {
      ec = boost::asio::error::eof;
      return false;
    }
    const int saved_errno = errno;
    const unsigned long queued = ERR_get_error();
    const bool proxy_closed = ssl_ && proxy_ssl_ && (SSL_get_shutdown(proxy_ssl_) & SSL_RECEIVED_SHUTDOWN) != 0;
    ec = tls_failure(reason, queued, saved_errno, proxy_closed);
    return false;
  }

  bool past_deadline(error_code& ec) {
    if (Clock::now() < deadline_) return false;
    expired_ = true;
    ec = boost::asio::error::timed_out;
    return true;
  }

  /// Waits until the socket is ready for `events`; false, with `ec` set, when the deadline passed first or
  /// poll() failed.
  bool wait(short events, error_code& ec) {
    for (;;) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
      if (left <= 0) {
        expired_ = true;
        ec = boost::asio::error::timed_out;
        return false;
      }
      pollfd p{fd_, events, 0};
      const int n = wait_ready(&p, 1, static_cast<int>(std::min<long long>(left, INT_MAX)));
      if (n > 0) return true;  // ready, or an error the next call reports
      if (n < 0 && errno != EINTR) {
        ec = last_error();
        return false;
      }
    }
  }

  /// For a plain-TCP write with no room: waits for room or, when watching for input, for bytes from the
  /// peer, which are read ahead (interrupted) or tell that it closed (eof, or the error recv gave).
  bool wait_to_write(error_code& ec) {
    if (!watch_input_) return wait(POLLOUT, ec);
    if (!wait(POLLOUT | POLLIN, ec)) return false;
    char piece[16 * 1024];
    for (;;) {
      const ssize_t n = ::recv(fd_, piece, sizeof piece, MSG_DONTWAIT);
      if (n > 0) {
        read_ahead_.append(piece, static_cast<std::size_t>(n));
        ec = boost::asio::error::interrupted;
        return false;
      }
      if (n == 0) {
        ec = boost::asio::error::eof;
        return false;
      }
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return true;  // it was room to write
      ec = last_error();
      return false;
    }
  }

  int fd_ = -1;
  SSL* ssl_ = nullptr;        ///< the target's session
  SSL* proxy_ssl_ = nullptr;  ///< the https:// proxy's session, under ssl_ when both are set
  Clock::time_point deadline_ = Clock::time_point::max();
  bool expired_ = false;
  bool just_wrote_ = false;  ///< the last call was a write: the next read waits before it tries
  bool watch_input_ = false;  ///< see watch_input_while_writing
  std::string read_ahead_;    ///< bytes a watched write read from the peer, handed out by read_some first
  std::string staging_;
};

}  // namespace webapi::detail
