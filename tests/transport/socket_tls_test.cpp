// detail::SocketTls, a target's TLS session straight over the socket, against a peer that is OpenSSL itself
// on a blocking socket: what it adds to what a socket promises. Every record at hand comes in one read; a
// read with its bytes already here completes after the call that started it; close_notify and a cut
// connection are told apart as asio::ssl::stream tells them, and bytes that are not a record are a TLS
// error; a close_notify that came with the answer marks the connection unusable although the socket holds
// nothing; a small request leaves at once; a large one crosses intact however often the socket is full; a
// TLS 1.2 server's request to renegotiate is refused; a closed socket ends its waits. Through an https://
// proxy (asio::ssl::stream), records or plaintext left in the session mark the connection unusable too.
#include <boost/test/unit_test.hpp>

#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <sys/socket.h>
#include <boost/asio/buffer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/write.hpp>

#include <webapi/transport/detail/connection.hpp>
#include <webapi/transport/detail/socket_tls.hpp>
#include <webapi/transport/detail/tls.hpp>

#include "certs.hpp"
#include "loopback_server.hpp"

namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;
using webapi::detail::Connection;

const webapi::test::TestPki& ca() {
  static const webapi::test::TestPki pki{"socket TLS test CA"};
  return pki;
}

/// The bytes a TLS 1.3 record of `plaintext` bytes takes on the wire: a 5-byte header, the bytes, their
/// content type and a 16-byte tag. A close_notify alert is a record of 2.
constexpr std::size_t record(std::size_t plaintext) { return 5 + plaintext + 17; }

/// A connection after its handshake: the client's session over one end, a blocking OpenSSL session over
/// the other, driven by the test. The client's session is a SocketTls, or with Session::proxy the
/// asio::ssl::stream that carries the session with an https:// proxy.
struct Connected {
  enum class Session { target, proxy };

  asio::io_context io;
  std::shared_ptr<asio::ssl::context> server_ctx =
      webapi::test::server_tls_context(ca().issue("DNS:localhost,IP:127.0.0.1"));
  std::shared_ptr<asio::ssl::context> client_ctx =
      webapi::detail::make_client_tls_context({.system_roots = false, .ca_pem = ca().ca_pem()});
  tcp::acceptor acceptor{io, {asio::ip::address_v4::loopback(), 0}};
  tcp::socket peer_socket{io};
  SSL* peer = SSL_new(server_ctx->native_handle());
  Connection conn{"k", tcp::socket(io)};

  /// `max_version`: the highest TLS version the peer speaks, e.g. TLS1_2_VERSION; 0 for OpenSSL's highest.
  explicit Connected(int max_version = 0, Session session = Session::target) {
    SSL_set_num_tickets(peer, 0);  // nothing in the client's socket but what a test writes
    if (max_version != 0) SSL_set_max_proto_version(peer, max_version);
    conn.stream.socket().connect(acceptor.local_endpoint());
    acceptor.accept(peer_socket);
    SSL_set_fd(peer, peer_socket.native_handle());
    SSL* ssl =
        session == Session::proxy ? conn.stream.start_proxy_tls(*client_ctx) : conn.stream.start_tls(*client_ctx);
    BOOST_REQUIRE(webapi::detail::configure_client_ssl(ssl, "127.0.0.1", true));
    std::thread accepting([this] { SSL_accept(peer); });
    error_code ec = asio::error::would_block;
    conn.stream.async_handshake([&](error_code e) { ec = e; });
    io.run();
    io.restart();
    accepting.join();
    BOOST_REQUIRE_MESSAGE(!ec, "handshake: " << ec.message());
  }
  ~Connected() { SSL_free(peer); }

  void peer_writes(const std::string& s) const {
    BOOST_REQUIRE_EQUAL(SSL_write(peer, s.data(), int(s.size())), int(s.size()));
  }

  /// Waits until at least `n` bytes are in the client's socket.
  void until_client_holds(std::size_t n) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (conn.stream.socket().available() < n) {
      BOOST_REQUIRE(std::chrono::steady_clock::now() < give_up);
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  struct Read {
    error_code ec = asio::error::would_block;
    std::string bytes;
  };
  /// Reads once into a buffer of `capacity` bytes, running the io_context until the read completes.
  Read read(std::size_t capacity) {
    Read r;
    auto buf = std::make_shared<std::string>(capacity, '\0');
    conn.stream.async_read_some(asio::buffer(*buf), [&r, buf](error_code ec, std::size_t n) {
      r.ec = ec;
      r.bytes = buf->substr(0, n);
    });
    io.run();
    io.restart();
    return r;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(socket_tls)

BOOST_AUTO_TEST_CASE(every_record_already_here_comes_in_one_read) {
  Connected c;
  std::string expected;
  for (char letter = 'a'; letter < 'f'; ++letter) {
    c.peer_writes(std::string(1000, letter));  // a record each
    expected += std::string(1000, letter);
  }
  c.until_client_holds(5 * record(1000));
  auto r = c.read(64 * 1024);
  BOOST_TEST(!r.ec);
  BOOST_TEST(r.bytes.size() == expected.size());
  BOOST_TEST((r.bytes == expected));
}

BOOST_AUTO_TEST_CASE(a_read_of_bytes_already_here_completes_after_the_call_that_started_it) {
  Connected c;
  c.peer_writes("hello world");
  BOOST_TEST(c.read(5).bytes == "hello");
  // " world" is in the session now: nothing to wait for, yet the handler must not run inside the call.
  bool called = false;
  std::array<char, 64> buf{};
  std::size_t got = 0;
  c.conn.stream.async_read_some(asio::buffer(buf), [&](error_code ec, std::size_t n) {
    BOOST_TEST(!ec);
    called = true;
    got = n;
  });
  BOOST_TEST(!called);
  c.io.run();
  BOOST_TEST(called);
  BOOST_TEST(std::string(buf.data(), got) == " world");
}

BOOST_AUTO_TEST_CASE(close_notify_is_a_clean_end) {
  Connected c;
  SSL_shutdown(c.peer);
  BOOST_TEST(c.read(64).ec == asio::error::eof);
}

BOOST_AUTO_TEST_CASE(a_connection_cut_without_close_notify_is_a_truncated_stream) {
  Connected c;
  c.peer_writes("partial");
  c.peer_socket.close();
  auto first = c.read(64);
  BOOST_TEST(first.bytes == "partial");
  BOOST_TEST(c.read(64).ec == asio::ssl::error::stream_truncated);
}

BOOST_AUTO_TEST_CASE(bytes_that_are_not_a_tls_record_are_a_tls_error) {
  Connected c;
  const std::string garbage = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";  // written past the session
  asio::write(c.peer_socket, asio::buffer(garbage));
  auto r = c.read(64);
  BOOST_TEST(r.bytes.empty());
  BOOST_TEST((r.ec.category() == asio::error::get_ssl_category()));
  BOOST_TEST(!r.ec.message().empty());
}

BOOST_AUTO_TEST_CASE(a_close_notify_that_came_with_the_answer_makes_the_connection_unusable) {
  Connected c;
  c.peer_writes("abc");
  SSL_shutdown(c.peer);
  c.until_client_holds(record(3) + record(2));  // the record, and the close_notify after it
  BOOST_TEST(c.read(3).bytes == "abc");
  BOOST_TEST(c.conn.stream.socket().available() == 0u);  // the socket alone would say nothing came
  BOOST_TEST(c.conn.unusable_while_idle());
}

BOOST_AUTO_TEST_CASE(a_small_request_leaves_at_once_without_the_io_context) {
  Connected c;
  const std::string head = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  const std::string end = "\r\n";
  const std::array<asio::const_buffer, 2> request{asio::buffer(head), asio::buffer(end)};
  error_code ec;
  BOOST_TEST(c.conn.stream.write_now(request, ec) == head.size() + end.size());
  BOOST_TEST(!ec);
  std::string got(head.size() + end.size(), '\0');
  BOOST_TEST(SSL_read(c.peer, got.data(), int(got.size())) == int(got.size()));  // one record: both pieces
  BOOST_TEST(got == head + end);
}

BOOST_AUTO_TEST_CASE(a_large_write_crosses_intact_however_often_the_socket_is_full) {
  Connected c;
  // Three pieces of a few megabytes, more than the socket buffers hold: writes stop for room many times,
  // and each retry must offer OpenSSL the same bytes again.
  std::vector<std::string> pieces{std::string(1'500'000, 'x'), std::string(10, 'y'), std::string(2'500'017, 'z')};
  for (std::size_t i = 0; i < pieces[0].size(); i += 997) pieces[0][i] = char('a' + i % 26);
  const std::array<asio::const_buffer, 3> body{asio::buffer(pieces[0]), asio::buffer(pieces[1]),
                                               asio::buffer(pieces[2])};
  std::string received;
  std::thread reading([&] {
    std::vector<char> chunk(64 * 1024);
    while (received.size() < pieces[0].size() + pieces[1].size() + pieces[2].size()) {
      const int n = SSL_read(c.peer, chunk.data(), int(chunk.size()));
      if (n <= 0) break;
      received.append(chunk.data(), std::size_t(n));
    }
  });
  error_code ec = asio::error::would_block;
  std::size_t written = 0;
  asio::async_write(c.conn.stream, body, [&](error_code e, std::size_t n) {
    ec = e;
    written = n;
  });
  c.io.run();
  reading.join();
  BOOST_TEST(!ec);
  BOOST_TEST(written == received.size());
  BOOST_TEST((received == pieces[0] + pieces[1] + pieces[2]));
}

BOOST_AUTO_TEST_CASE(a_tls12_server_asking_to_renegotiate_is_refused) {
  Connected c(TLS1_2_VERSION);
  BOOST_REQUIRE_EQUAL(SSL_version(c.peer), TLS1_2_VERSION);
  // A client that went along would start a handshake the peer's read below takes part in, then leave that
  // read waiting for data: the receive timeout ends it.
  const timeval two_seconds{2, 0};
  setsockopt(c.peer_socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &two_seconds, sizeof two_seconds);
  unsigned long why = 0;
  std::thread asking([&] {
    SSL_renegotiate(c.peer);
    SSL_do_handshake(c.peer);  // sends HelloRequest
    char byte = 0;
    if (SSL_read(c.peer, &byte, 1) <= 0) why = ERR_peek_error();  // the client's answer to it
    ::shutdown(c.peer_socket.native_handle(), SHUT_RDWR);         // ends the client's read below
  });
  auto r = c.read(64);  // reads the HelloRequest and answers it
  asking.join();
  BOOST_TEST(r.ec.failed());
  BOOST_TEST(ERR_GET_REASON(why) == SSL_R_NO_RENEGOTIATION);
}

BOOST_AUTO_TEST_CASE(closing_the_socket_ends_a_waiting_read_and_fails_a_later_write) {
  Connected c;
  error_code ec = asio::error::would_block;
  std::array<char, 16> buf{};
  c.conn.stream.async_read_some(asio::buffer(buf), [&](error_code e, std::size_t) { ec = e; });
  asio::post(c.io, [&] { c.conn.stream.close(); });
  c.io.run();
  BOOST_TEST(ec == asio::error::operation_aborted);
  error_code wec;
  BOOST_TEST(c.conn.stream.write_now(asio::buffer("more", 4), wec) == 0u);
  BOOST_TEST(wec.failed());
}

BOOST_AUTO_TEST_SUITE_END()

// Through an https:// proxy the session is an asio::ssl::stream, which reads whatever the socket holds: a
// record that came with the answer waits in OpenSSL's input, where the socket's readiness cannot show it,
// and a pooled connection reused then would read it as the next request's answer.
BOOST_AUTO_TEST_SUITE(proxy_session)

using Session = Connected::Session;

// After the answer ("abc"), in the same read: a record (a stale 408), or the peer's close_notify.
BOOST_AUTO_TEST_CASE(a_record_that_came_with_the_answer_makes_the_connection_unusable) {
  const std::string stale = "HTTP/1.1 408 Request Timeout\r\n\r\n";
  for (bool close_notify : {false, true}) {
    BOOST_TEST_CONTEXT((close_notify ? "close_notify" : "a stale 408")) {
      Connected c{0, Session::proxy};
      c.peer_writes("abc");
      if (close_notify)
        SSL_shutdown(c.peer);
      else
        c.peer_writes(stale);
      c.until_client_holds(record(3) + record(close_notify ? 2 : stale.size()));
      BOOST_TEST(c.read(3).bytes == "abc");
      BOOST_TEST(c.conn.stream.socket().available() == 0u);
      BOOST_TEST(c.conn.unusable_while_idle());
    }
  }
}

BOOST_AUTO_TEST_CASE(plaintext_a_read_left_makes_the_connection_unusable) {
  Connected c{0, Session::proxy};
  c.peer_writes("abcdef");
  c.until_client_holds(record(6));
  BOOST_TEST(c.read(3).bytes == "abc");
  BOOST_TEST(c.conn.unusable_while_idle());
}

BOOST_AUTO_TEST_CASE(a_connection_whose_answer_was_read_whole_stays_usable) {
  Connected c{0, Session::proxy};
  c.peer_writes("abc");
  c.until_client_holds(record(3));
  BOOST_TEST(c.read(64).bytes == "abc");
  BOOST_TEST(!c.conn.unusable_while_idle());
}

BOOST_AUTO_TEST_SUITE_END()
