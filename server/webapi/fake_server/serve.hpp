#pragma once
// serve(transport, port): an HTTP/1.1 server on 127.0.0.1 that hands every request to a webapi::Transport
// (usually a fake) and writes back its Response, so curl, BeastTransport or a program in another language
// can talk to an in-memory fake.
//
//   webapi::fakes::quotes::Fake fake;
//   auto server = webapi::fakes::serve(fake, 0);  // 0: any free port
//   std::cout << server.port();
//
// Connections are served asynchronously on a small io_context (two threads by default); each call into
// the transport runs on a separate pool of handler threads, so a slow fake does not hold up the others.
// Keep-alive, chunked request bodies and "Expect: 100-continue" are handled.
//
// The webapi::Request a transport sees: the path exactly as received (still percent-encoded), the query
// decoded into name/value pairs ('+' read as a space), the headers minus those that only frame the
// message (Host, Content-Length, Transfer-Encoding, Connection, Keep-Alive, TE, Expect), Content-Type
// moved to content_type, base_url "http://" plus the Host header. A transport Error of kind transport
// drops the connection without an answer (as a fake's "drop the connection" fault wants), or resets it
// (RST) for the reset fault; any other Error is answered 502 with the message as JSON. An answer a fake
// marked with a body fault (X-Webapi-Fault, see core/faults.hpp) is cut short or written slowly on the wire.
//
// A fake that offers the control plane (control_plane.hpp: FakeBase's journal, clock, faults and reset(),
// which a compiled fake, <webapi/fakes/core/compiled.hpp>, declares as well) gets it under /__webapi/: those
// requests never reach the fake, and are answered only to a loopback peer that sends the server's control
// token to the listening address from no foreign origin (403 otherwise; control_access.hpp says why each).
//
// Limits, each in ServeOptions: a request header of at most 64 KiB (else 431) and a body of at most 64 MiB
// (else 413); a form body of at most 1000 fields and a multipart body of at most 100 parts (else the fake
// answers 413 without splitting it); a connection has 30 s from being accepted, or from its previous
// answer, to deliver a whole request header (idle keep-alive and slowly sent headers alike are closed
// then), 30 s more for the body, and 30 s to take each answer. Bytes that are not HTTP are answered 400 and the connection closed. When
// accept() fails (out of file descriptors: EMFILE), the server waits `accept_backoff` before accepting
// again instead of spinning, and answers the connections it has meanwhile.

#include <algorithm>
#include <array>
#include <charconv>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/string.hpp>
#include <boost/url/parse.hpp>

#include <webapi/core/exception.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport.hpp>
#include <webapi/core/url.hpp>
#include <webapi/fake_server/control_access.hpp>
#include <webapi/fake_server/control_plane.hpp>
#include <webapi/fakes/core/body_limits.hpp>
#include <webapi/fakes/core/faults.hpp>

namespace webapi::fakes {

struct ServeOptions {
  std::string address = "127.0.0.1";               ///< where to listen; loopback unless told otherwise
  std::size_t io_threads = 2;                      ///< threads running the connections' I/O
  std::size_t handler_threads = 4;                 ///< threads calling the transport
  std::size_t max_header_bytes = 64 * 1024;        ///< larger request headers are answered 431
  std::size_t max_body_bytes = 64 * 1024 * 1024;   ///< larger request bodies are answered 413
  /// The most fields of a form body and parts of a multipart body the served fake splits; more are
  /// answered 413 before the body is split (core/body_limits.hpp). serve() sets them on a fake built on
  /// FakeBase or compiled.
  std::size_t max_form_fields = BodyLimits{}.max_form_fields;
  std::size_t max_multipart_parts = BodyLimits{}.max_multipart_parts;  ///< see max_form_fields
  /// From a connection's accept or previous answer to a complete request header; then it is closed. Covers
  /// idle keep-alive connections and headers sent a byte at a time alike.
  std::chrono::milliseconds idle_timeout{30'000};
  std::chrono::milliseconds body_timeout{30'000};   ///< from a complete header to a complete body
  std::chrono::milliseconds write_timeout{30'000};  ///< for the client to take an answer
  std::chrono::milliseconds accept_backoff{100};    ///< the pause after a failed accept (EMFILE, ENFILE)
  /// What a control-plane request must carry in X-Webapi-Control (control_access.hpp); empty: a random
  /// token is drawn when the server starts (Server::control_token()).
  std::string control_token{};
};

namespace detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

using Handler = std::function<Result<Response>(const Request&)>;

/// What a request line, headers and body become for a transport; nullopt plus a reason when they
/// cannot be represented (an unknown method, a malformed escape in the query).
struct Converted {
  std::optional<Request> request;
  int status = 0;
  std::string reason;
};

inline Converted to_request(http::request<http::string_body>&& in) {
  Converted out;
  auto method = method_from_string(in.method_string());
  if (!method) {
    out.status = 501;
    out.reason = "method not supported";
    return out;
  }
  Request r;
  r.method = *method;
  std::string_view target = in.target();
  if (target.starts_with("http://") || target.starts_with("https://")) {
    // absolute-form, as a client talking to a proxy sends it
    auto u = boost::urls::parse_absolute_uri(target);
    if (!u) {
      out.status = 400;
      out.reason = "malformed request target";
      return out;
    }
    std::size_t start = target.find('/', target.find("://") + 3);
    target = start == std::string_view::npos ? std::string_view("/") : target.substr(start);
  }
  if (auto hash = target.find('#'); hash != std::string_view::npos) target = target.substr(0, hash);
  std::string_view query;
  if (auto q = target.find('?'); q != std::string_view::npos) {
    query = target.substr(q + 1);
    target = target.substr(0, q);
  }
  r.path = target.empty() ? std::string("/") : std::string(target);
  while (!query.empty()) {
    std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    std::size_t eq = pair.find('=');
    auto name = url::decode(pair.substr(0, eq), true);
    auto value = url::decode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), true);
    if (!name || !value) {
      out.status = 400;
      out.reason = "malformed percent-encoding in the query";
      return out;
    }
    r.query.push_back({std::move(*name), std::move(*value)});
  }
  for (const auto& field : in) {
    std::string_view name = field.name_string();
    if (iequals(name, "Content-Type")) {
      r.content_type = field.value();
      continue;
    }
    if (iequals(name, "Host")) {
      r.base_url = "http://" + std::string(field.value());
      continue;
    }
    if (iequals(name, "Content-Length") || iequals(name, "Transfer-Encoding") || iequals(name, "Connection") ||
        iequals(name, "Keep-Alive") || iequals(name, "TE") || iequals(name, "Expect"))
      continue;
    r.headers.add(name, field.value());
  }
  r.body = std::move(in.body());
  out.request = std::move(r);
  return out;
}

inline http::response<http::string_body> to_beast(Response&& in, http::verb method, unsigned version, bool keep_alive) {
  http::response<http::string_body> out;
  out.version(version);
  out.result(static_cast<unsigned>(in.status));
  std::optional<std::string> declared_length;
  for (const auto& [name, value] : in.headers) {
    if (iequals(name, "Content-Length")) {
      declared_length = value;
      continue;
    }
    if (iequals(name, "Transfer-Encoding") || iequals(name, "Connection") || iequals(name, "Keep-Alive")) continue;
    out.insert(name, value);
  }
  if (!out.count(http::field::server)) out.set(http::field::server, "webapi-fake");
  const bool no_body = in.status / 100 == 1 || in.status == 204 || in.status == 304;
  if (method == http::verb::head) {
    // The length a GET would have had; the body itself is never sent.
    if (!in.body.empty())
      out.content_length(in.body.size());
    else if (declared_length)
      out.set(http::field::content_length, *declared_length);
    else
      out.content_length(0);
  } else if (!no_body) {
    out.body() = std::move(in.body);
    out.content_length(out.body().size());
  }
  out.keep_alive(keep_alive);
  return out;
}

inline http::response<http::string_body> plain_answer(unsigned status, std::string_view message, unsigned version) {
  http::response<http::string_body> res;
  res.version(version);
  res.result(status);
  res.set(http::field::server, "webapi-fake");
  res.set(http::field::content_type, "application/json");
  res.body() = "{\"error\":" + boost::json::serialize(boost::json::string(message)) + "}";
  res.content_length(res.body().size());
  res.keep_alive(false);
  return res;
}

class Session;

/// Everything a running server owns. Destroying it destroys the io_context, whose pending handlers hold
/// the sessions; so every connection is closed by then.
struct ServerState {
  ServerState(Handler h, Handler c, ServeOptions o)
      : handler(std::move(h)),
        control(std::move(c)),
        options(std::move(o)),
        workers(options.handler_threads ? options.handler_threads : 1) {
    if (options.control_token.empty()) options.control_token = random_control_token();
  }

  Handler handler;
  Handler control;  ///< answers /__webapi/; empty: those paths go to `handler` like any other
  ServeOptions options;
  asio::io_context ioc{static_cast<int>(options.io_threads ? options.io_threads : 1)};
  tcp::acceptor acceptor{ioc};
  asio::steady_timer accept_timer{ioc};
  std::atomic<std::size_t> accept_failures{0};
  asio::thread_pool workers;
  std::vector<std::thread> io_threads;
  std::atomic<std::size_t> connections{0};
  std::atomic<std::size_t> requests{0};
  std::atomic<bool> stopping{false};
  std::uint16_t port = 0;  ///< the port listened on, once bound

  void accept();
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, ServerState* server) : stream_(std::move(socket)), server_(server) {}

  void start() {
    beast::error_code ec;
    auto peer = stream_.socket().remote_endpoint(ec).address();
    if (!ec && peer.is_v6() && peer.to_v6().is_v4_mapped())
      peer = asio::ip::make_address_v4(asio::ip::v4_mapped, peer.to_v6());
    loopback_peer_ = !ec && peer.is_loopback();
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_header(); });
  }

 private:
  void read_header() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(server_->options.max_header_bytes));
    parser_->body_limit(server_->options.max_body_bytes);
    stream_.expires_after(server_->options.idle_timeout);
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
  }

  void on_header(beast::error_code ec) {
    if (ec == http::error::body_limit) return refuse_body();  // a declared Content-Length over the limit
    if (ec == http::error::header_limit)
      return answer(plain_answer(431, "request header exceeds the limit of " +
                                          std::to_string(server_->options.max_header_bytes) + " bytes", 11));
    if (is_malformed(ec)) return answer(plain_answer(400, "malformed request: " + ec.message(), 11));
    if (ec) return close();
    auto& req = parser_->get();
    if (iequals(req[http::field::expect], "100-continue")) {
      auto cont = std::make_shared<http::response<http::empty_body>>(http::status::continue_, req.version());
      http::async_write(stream_, *cont, [self = shared_from_this(), cont](beast::error_code e, std::size_t) {
        if (e) return self->close();
        self->read_body();
      });
      return;
    }
    read_body();
  }

  /// A parse error (not a closed or timed-out connection, nor a message cut short by one).
  static bool is_malformed(beast::error_code ec) {
    return ec.category() == http::make_error_code(http::error::bad_method).category() &&
           ec != http::error::end_of_stream && ec != http::error::partial_message && ec != http::error::need_more &&
           ec != http::error::need_buffer;
  }

  void read_body() {
    stream_.expires_after(server_->options.body_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void refuse_body() {
    answer(plain_answer(
        413, "request body exceeds the limit of " + std::to_string(server_->options.max_body_bytes) + " bytes",
        parser_->get().version()));
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::body_limit) return refuse_body();
    if (is_malformed(ec)) return answer(plain_answer(400, "malformed request body: " + ec.message(), 11));
    if (ec) return close();
    stream_.expires_never();
    auto req = parser_->release();
    const http::verb method = req.method();
    const unsigned version = req.version();
    const bool keep_alive = req.keep_alive();
    Converted converted = to_request(std::move(req));
    if (!converted.request)
      return answer(plain_answer(static_cast<unsigned>(converted.status), converted.reason, version));
    ++server_->requests;
    const bool control = server_->control && is_control_path(converted.request->path);
    if (control && !loopback_peer_)
      return answer(plain_answer(403, "the control plane answers loopback clients only", version));
    if (control) {
      const Request& r = *converted.request;
      std::string_view host = std::string_view(r.base_url).substr(r.base_url.starts_with("http://") ? 7 : 0);
      if (auto why = control_refusal(r, host, server_->options.control_token, server_->options.address, server_->port))
        return answer(plain_answer(403, *why, version));
    }
    // The transport may block (a fake with latency injected), so it runs on the handler pool.
    asio::post(server_->workers, [self = shared_from_this(), request = std::move(*converted.request), method, version,
                                  keep_alive, control]() mutable {
      Result<Response> result = [&]() -> Result<Response> {
        try {
          answer_faults_on_the_wire = true;
          return control ? self->server_->control(request) : self->server_->handler(request);
        } catch (const std::exception& e) {
          return make_error(ErrorKind::not_implemented, std::string("the transport threw: ") + e.what());
        }
      }();
      asio::post(self->stream_.get_executor(),
                 [self, result = std::move(result), method, version, keep_alive]() mutable {
                   if (!result) {
                     if (result.error().kind != ErrorKind::transport)
                       return self->answer(plain_answer(502, result.error().what(), version));
                     if (result.error().message == reset_message) return self->reset();
                     return self->close();
                   }
                   std::string fault(result->headers.get(fault_header).value_or(""));
                   if (!fault.empty()) result->headers.erase(fault_header);
                   auto res = to_beast(std::move(*result), method, version, keep_alive);
                   if (fault.starts_with("truncated")) return self->answer_truncated(std::move(res), fault);
                   if (fault.starts_with("slow")) return self->answer_slowly(std::move(res), fault);
                   self->answer(std::move(res));
                 });
    });
  }

  /// The number after `name=` in a fault header value such as "truncated; length=120".
  static std::size_t fault_number(std::string_view value, std::string_view name) {
    std::size_t n = 0;
    auto at = value.find(name);
    if (at == std::string_view::npos) return 0;
    value.remove_prefix(at + name.size());
    std::from_chars(value.data(), value.data() + value.size(), n);
    return n;
  }

  /// The status line and fields of `res`, as they go on the wire.
  static std::string head_bytes(const http::response<http::string_body>& res) {
    std::string out = "HTTP/1.1 " + std::to_string(res.result_int()) + " " + std::string(res.reason()) + "\r\n";
    for (const auto& f : res) out.append(f.name_string()).append(": ").append(f.value()).append("\r\n");
    return out + "\r\n";
  }

  /// Announces the body's full length, sends what the fake left of it, and closes: the client sees the
  /// connection end mid-body.
  void answer_truncated(http::response<http::string_body>&& res, std::string_view fault) {
    const std::size_t full = std::max(fault_number(fault, "length="), res.body().size() + 1);
    res.set(http::field::content_length, std::to_string(full));
    res.set(http::field::connection, "close");
    auto bytes = std::make_shared<std::string>(head_bytes(res) + res.body());
    stream_.expires_after(server_->options.write_timeout);
    asio::async_write(stream_, asio::buffer(*bytes),
                      [self = shared_from_this(), bytes](beast::error_code, std::size_t) { self->close(); });
  }

  /// Sends the head at once and the body in ten pieces spread over the fault's delay.
  void answer_slowly(http::response<http::string_body>&& res, std::string_view fault) {
    const auto total = std::chrono::milliseconds(fault_number(fault, "ms="));
    const bool keep_alive = res.keep_alive() && !server_->stopping;
    auto head = std::make_shared<std::string>(head_bytes(res));
    auto body = std::make_shared<std::string>(std::move(res.body()));
    stream_.expires_after(server_->options.write_timeout);
    asio::async_write(stream_, asio::buffer(*head),
                      [self = shared_from_this(), head, body, total, keep_alive](beast::error_code ec, std::size_t) {
                        if (ec) return self->close();
                        self->trickle(body, 0, total / 10, keep_alive);
                      });
  }

  void trickle(std::shared_ptr<std::string> body, std::size_t sent, std::chrono::milliseconds pause, bool keep_alive) {
    if (sent >= body->size()) {
      if (!keep_alive) return linger();
      return read_header();
    }
    auto timer = std::make_shared<asio::steady_timer>(stream_.get_executor(), pause);
    timer->async_wait([self = shared_from_this(), timer, body, sent, pause, keep_alive](beast::error_code) {
      const std::size_t piece = std::max<std::size_t>(1, (body->size() + 9) / 10);
      const std::size_t n = std::min(piece, body->size() - sent);
      self->stream_.expires_after(self->server_->options.write_timeout);
      asio::async_write(self->stream_, asio::buffer(body->data() + sent, n),
                        [self, body, sent, n, pause, keep_alive](beast::error_code ec, std::size_t) {
                          if (ec) return self->close();
                          self->trickle(body, sent + n, pause, keep_alive);
                        });
    });
  }

  /// Resets the connection (RST): what a crashed or hostile peer does.
  void reset() {
    beast::error_code ignored;
    stream_.socket().set_option(asio::socket_base::linger(true, 0), ignored);
    stream_.close();
  }

  void answer(http::response<http::string_body>&& res) {
    auto shared = std::make_shared<http::response<http::string_body>>(std::move(res));
    const bool keep_alive = shared->keep_alive() && !server_->stopping;
    stream_.expires_after(server_->options.write_timeout);
    http::async_write(stream_, *shared,
                      [self = shared_from_this(), shared, keep_alive](beast::error_code ec, std::size_t) {
                        if (ec) return self->close();
                        if (!keep_alive) return self->linger();
                        self->read_header();
                      });
  }

  /// Closes at once: an answer cut short, or no answer at all.
  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.close();
  }

  /// Closes after a last answer. Closing with unread request bytes pending (a body refused with 413) would
  /// reset the connection and could destroy the answer before the client reads it, so the sending side is
  /// shut first and whatever the client still sends is read and dropped, for a second at most.
  void linger() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(std::chrono::seconds(1));
    drain();
  }

  void drain() {
    stream_.async_read_some(asio::buffer(drain_buffer_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return self->stream_.close();
                              self->drain();
                            });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::array<char, 4096> drain_buffer_{};
  std::optional<http::request_parser<http::string_body>> parser_;
  ServerState* server_;  // outlives every session: it owns the io_context whose handlers hold them
  bool loopback_peer_ = false;
};

inline void accept_loop(ServerState* state) {
  state->acceptor.async_accept(asio::make_strand(state->ioc), [state](beast::error_code ec, tcp::socket socket) {
    if (ec) {
      if (ec == asio::error::operation_aborted || !state->acceptor.is_open()) return;
      // Out of file descriptors (EMFILE, ENFILE) or memory: accepting again at once fails again at once and
      // spins, so pause; the connections already open go on being served and may free some.
      ++state->accept_failures;
      state->accept_timer.expires_after(state->options.accept_backoff);
      state->accept_timer.async_wait([state](beast::error_code e) {
        if (!e) accept_loop(state);
      });
      return;
    } else {
      ++state->connections;
      beast::error_code ignored;
      socket.set_option(tcp::no_delay(true), ignored);
      std::make_shared<Session>(std::move(socket), state)->start();
    }
    accept_loop(state);
  });
}

}  // namespace detail

/// A running server. Moving it moves the server; destroying it (or stop()) stops it.
class Server {
 public:
  /// Serves `handler`; `control`, when given, answers the control plane (/__webapi/) to loopback peers.
  Server(detail::Handler handler, std::uint16_t port, ServeOptions options = {}, detail::Handler control = {}) {
    namespace asio = boost::asio;
    auto state = std::make_unique<detail::ServerState>(std::move(handler), std::move(control), std::move(options));
    boost::system::error_code ec;
    auto address = asio::ip::make_address(state->options.address, ec);
    if (ec)
      throw Exception(make_error(ErrorKind::invalid_argument,
                                 "cannot listen on '" + state->options.address + "': not an IP address"));
    detail::tcp::endpoint endpoint{address, port};
    state->acceptor.open(endpoint.protocol(), ec);
    if (!ec) state->acceptor.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) state->acceptor.bind(endpoint, ec);
    if (!ec) state->acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
      throw Exception(make_error(ErrorKind::transport, "cannot listen on " + state->options.address + ":" +
                                                           std::to_string(port) + " (" + ec.message() + ")"));
    port_ = state->port = state->acceptor.local_endpoint().port();
    detail::accept_loop(state.get());
    const std::size_t threads = state->options.io_threads ? state->options.io_threads : 1;
    for (std::size_t i = 0; i < threads; ++i) state->io_threads.emplace_back([s = state.get()] { s->ioc.run(); });
    state_ = std::move(state);
  }

  Server(Server&&) noexcept = default;
  Server& operator=(Server&& other) noexcept {
    if (this != &other) {
      stop();
      state_ = std::move(other.state_);
      port_ = other.port_;
    }
    return *this;
  }
  ~Server() { stop(); }

  /// The port listened on (the one the system picked when 0 was asked for).
  std::uint16_t port() const noexcept { return port_; }
  /// "http://127.0.0.1:<port>", ready for a client's base_url.
  std::string base_url() const {
    std::string host = state_ ? state_->options.address : std::string("127.0.0.1");
    if (host.find(':') != std::string::npos) host = "[" + host + "]";
    return "http://" + host + ":" + std::to_string(port_);
  }
  bool running() const noexcept { return state_ != nullptr; }
  /// What a control-plane request must carry in X-Webapi-Control (ServeOptions::control_token, or the
  /// token drawn at start).
  const std::string& control_token() const noexcept {
    static const std::string none;
    return state_ ? state_->options.control_token : none;
  }
  /// Connections accepted and requests handed to the transport so far.
  std::size_t connections() const noexcept { return state_ ? state_->connections.load() : 0; }
  std::size_t requests() const noexcept { return state_ ? state_->requests.load() : 0; }
  /// Accepts that failed (e.g. out of file descriptors), each followed by a pause of accept_backoff.
  std::size_t accept_failures() const noexcept { return state_ ? state_->accept_failures.load() : 0; }

  /// Stops listening, drops every connection and waits for calls into the transport to return.
  /// Idempotent; afterwards the transport is no longer referenced.
  void stop() {
    if (!state_) return;
    std::unique_ptr<detail::ServerState> state = std::move(state_);
    state->stopping = true;
    state->ioc.stop();
    for (auto& t : state->io_threads)
      if (t.joinable()) t.join();
    // Calls into the transport finish; what they post back is never run.
    state->workers.join();
    boost::system::error_code ignored;
    state->acceptor.close(ignored);
  }

 private:
  std::unique_ptr<detail::ServerState> state_;
  std::uint16_t port_ = 0;
};

/// Serves `transport` over HTTP/1.1 until the returned Server is stopped or destroyed. `transport` must
/// outlive the server; calls into it come from several threads at once. A fake built on FakeBase, or compiled
/// (Compiled<Fake>), also gets the control plane under /__webapi/ (control_plane.hpp), and the options' body
/// limits.
template <Transport T>
Server serve(T& transport, std::uint16_t port = 0, ServeOptions options = {}) {
  if constexpr (requires { transport.set_body_limits(BodyLimits{}); })
    transport.set_body_limits({.max_form_fields = options.max_form_fields,
                               .max_multipart_parts = options.max_multipart_parts});
  detail::Handler control;
  if constexpr (ControllableFake<T>)
    control = [&transport](const Request& r) -> Result<Response> { return control_plane(transport, r); };
  return Server([&transport](const Request& r) { return transport.send(r); }, port, std::move(options),
                std::move(control));
}

}  // namespace webapi::fakes
