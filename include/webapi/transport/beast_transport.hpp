#pragma once
// BeastTransport: a webapi::Transport that speaks HTTP/1.1 over TCP or TLS with Boost.Beast.
//
//   webapi::BeastTransport http;                       // system roots, no redirects, proxies from the env
//   webapi::quotes::Client quotes{http, {.api_key = key}};
//
// The API is synchronous; one object may be shared by any number of threads, and send_all keeps many
// requests in flight from one thread. Idle keep-alive connections are pooled per scheme, host and port (and
// proxy: HTTP, HTTPS or SOCKS5, see proxy.hpp). Every failure is a transport Error carrying its
// TransportFailure and TransportPhase (failure.hpp); its message starts with the failure's phrase and never
// quotes a header value, a query or a body.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <boost/asio/buffer.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/url/url.hpp>

#include <webapi/core/auth.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/secrets.hpp>
#include <webapi/core/url.hpp>
#include <webapi/core/validate.hpp>
#include <webapi/transport/detail/connection.hpp>
#include <webapi/transport/detail/deadline.hpp>
#include <webapi/transport/detail/early_answer.hpp>
#include <webapi/transport/detail/fibers.hpp>
#include <webapi/transport/detail/gzip.hpp>
#include <webapi/transport/detail/resolve.hpp>
#include <webapi/transport/detail/response_parser.hpp>
#include <webapi/transport/detail/socks.hpp>
#include <webapi/transport/detail/target.hpp>
#include <webapi/transport/detail/tls.hpp>
#include <webapi/transport/failure.hpp>
#include <webapi/transport/options.hpp>
#include <webapi/transport/proxy.hpp>

namespace webapi {

namespace detail {

namespace http = boost::beast::http;

/// Whether a failed read or write means the peer had closed the connection before it saw the request.
inline bool is_closed_by_peer(const boost::system::error_code& ec) {
  namespace error = boost::asio::error;
  return ec == http::error::end_of_stream || ec == error::eof || ec == error::connection_reset ||
         ec == error::connection_aborted || ec == error::broken_pipe || ec == error::not_connected ||
         ec == boost::asio::ssl::error::stream_truncated;
}

/// One hop of a request: the original one, or where a redirect led.
struct Hop {
  Method method = Method::get;
  std::string url;
  std::optional<Headers> headers;  ///< replaces the request's headers once a redirect changed them
  std::string_view body;
  const BodyStream* stream = nullptr;  ///< in place of `body`: sent piece by piece as it is read
  std::string_view content_type;
  bool idempotent = true;

  const Headers& headers_of(const Request& r) const { return headers ? *headers : r.headers; }
};

/// What one request/response exchange on one connection gave.
struct Exchange {
  std::optional<Response> response;
  std::optional<Error> error;
  bool reusable = false;     ///< the connection may go back to the pool
  bool peer_closed = false;  ///< it failed because the peer had closed the connection
  std::size_t bytes_written = 0;
};

}  // namespace detail

/// The HTTP/1.1 transport over TCP or TLS: see the file's introduction. Thread-safe; every failure is a
/// transport Error with its TransportFailure and TransportPhase, and an HTTP status of any kind is a Response.
class BeastTransport {
 public:
  /// Its configuration.
  using Options = BeastTransportOptions;

  /// Default options: system roots, no redirects followed, proxies from the environment.
  BeastTransport() : BeastTransport(Options{}) {}

  /// A Request::body_stream (an upload from disk) is sent as it is read, never held whole.
  static constexpr bool streams_request_bodies = true;

  /// Throws webapi::Exception (invalid_argument) when a configured CA file or PEM cannot be loaded, or when
  /// the User-Agent could not be sent as a header (CR, LF or another control character in it).
  explicit BeastTransport(Options options)
      : options_(checked(std::move(options))),
        proxies_(options_.proxy ? *options_.proxy : ProxyConfig::from_env()),
        tls_context_(detail::make_client_tls_context(options_.tls)) {}

  /// Not copied: it owns a connection pool; share one object between clients and threads instead.
  BeastTransport(const BeastTransport&) = delete;
  /// Not assigned, for the same reason.
  BeastTransport& operator=(const BeastTransport&) = delete;
  /// Closes the pooled connections.
  ~BeastTransport() = default;

  /// The options it was made with.
  const Options& options() const noexcept { return options_; }
  /// The proxy settings in force (the environment's, unless Options::proxy was given).
  const ProxyConfig& proxies() const noexcept { return proxies_; }

  /// Sends `request` and returns the response, whatever its status. Thread-safe.
  Result<Response> send(const Request& request) {
    const auto start = detail::Clock::now();
    const detail::Deadline whole{start + options_.timeouts.request, TransportFailure::request_timeout,
                                 options_.timeouts.request};
    auto fail = [&](Error e) -> Result<Response> {
      if (e.operation.empty()) e.operation = request.operation;
      return e;
    };
    if (auto problem = validate(request)) return fail(*std::move(problem));
    if (request.base_url.empty()) return fail(make_error(ErrorKind::invalid_argument, "request has no base_url"));

    detail::Hop hop;
    hop.method = request.method;
    hop.url = url::full_url(request);
    hop.body = request.body;
    hop.stream = request.body_stream.get();
    hop.content_type = request.content_type;
    hop.idempotent = request.is_idempotent();

    for (int redirects = 0;; ++redirects) {
      auto target = redirects == 0 ? detail::request_target(url::trimmed_base(request), hop.url)
                                   : detail::parse_target(hop.url);
      if (!target) return fail(target.error());
      auto result = exchange(*target, hop, request, whole);
      if (!result) return fail(std::move(result).error());
      if (!options_.redirects.follow || !is_redirect(result->status)) return result;
      auto location = result->headers.get("Location");
      if (!location) return result;
      if (redirects >= options_.redirects.max_hops)
        return fail(transport_error(TransportFailure::protocol, TransportPhase::redirect,
                                    "stopped after " + std::to_string(redirects) +
                                        " redirects (RedirectOptions::max_hops)"));
      auto next = next_hop(hop, *target, *location, result->status, request);
      if (!next) return fail(std::move(next).error());
      hop = std::move(*next);
    }
  }

  /// Sends every request of `requests` from the calling thread, up to `concurrency` (at least 1) of them at
  /// once, each over a connection of its own, and returns their results in the same order. Each request goes
  /// as send() sends it: the same pool, limits, timeouts and redirects, and a failure is that request's
  /// result while the others go on. Where send() would wait for its socket, the thread runs the other
  /// requests meanwhile (detail/fibers.hpp), so one thread keeps `concurrency` connections busy, as an
  /// event-driven client does, without a thread per connection.
  ///
  /// Looking up a host name (an IP address needs none) holds up the other requests until it ends; the
  /// connections are then pooled, and PoolOptions::max_idle_per_host of at least `concurrency` keeps them
  /// all for the next call. Thread-safe, like send().
  std::vector<Result<Response>> send_all(std::span<const Request> requests, std::size_t concurrency = 16) {
    std::vector<std::optional<Result<Response>>> results(requests.size());
    std::size_t next = 0;
    auto work = [&] {
      while (next < requests.size()) {
        const std::size_t i = next++;
        results[i].emplace(send(requests[i]));
      }
    };
    if (!requests.empty())
      detail::FiberScheduler().run(std::clamp<std::size_t>(concurrency, 1, requests.size()), work);
    std::vector<Result<Response>> out;
    out.reserve(requests.size());
    for (auto& r : results) out.push_back(std::move(*r));
    return out;
  }

  /// Idle connections currently pooled, over all hosts.
  std::size_t idle_connections() const {
    std::lock_guard lock(pool_mutex_);
    std::size_t n = 0;
    for (const auto& [key, list] : idle_) n += list.size();
    return n;
  }

  /// Closes every idle connection.
  void close_idle() {
    decltype(idle_) doomed;
    std::lock_guard lock(pool_mutex_);
    doomed.swap(idle_);
  }

 private:
  using Connection = detail::Connection;
  using ConnectionPtr = std::unique_ptr<Connection>;

  static Options checked(Options o) {
    if (auto problem = header_problem("User-Agent", o.user_agent))
      throw Exception(make_error(ErrorKind::invalid_argument, "BeastTransportOptions::user_agent: " + *problem));
    return o;
  }

  static bool is_redirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  }

  // ---- redirects --------------------------------------------------------------------------------------

  Result<detail::Hop> next_hop(const detail::Hop& from, const detail::Target& from_target, std::string_view location,
                               int status, const Request& request) const {
    auto base = boost::urls::parse_absolute_uri(from.url);
    auto ref = boost::urls::parse_uri_reference(location);
    constexpr auto phase = TransportPhase::redirect;
    if (!base || !ref)
      return transport_error(TransportFailure::protocol, phase,
                             "redirect Location from " + from_target.origin() + " is not a valid URL");
    boost::urls::url resolved;
    if (auto r = boost::urls::resolve(*base, *ref, resolved); !r)
      return transport_error(TransportFailure::protocol, phase,
                             "redirect Location from " + from_target.origin() + " cannot be resolved");
    resolved.remove_fragment();
    auto to_target = detail::parse_target(resolved.buffer());
    if (!to_target)
      return transport_error(TransportFailure::protocol, phase,
                             "redirect from " + from_target.origin() + " leads to an unsupported URL");
    // What was sent over TLS is never sent again in clear, whatever the server asks.
    if (from_target.tls && !to_target->tls)
      return transport_error(TransportFailure::protocol, phase,
                             "refused a redirect from " + from_target.origin() + " to plain http:// (" +
                                 to_target->origin() + ")");
    const bool cross_origin = to_target->origin() != from_target.origin();
    // A 307 or 308 keeps the method and body; a body may hold a secret meant for its origin alone.
    if (cross_origin && (status == 307 || status == 308) && (!from.body.empty() || from.stream))
      return transport_error(TransportFailure::protocol, phase,
                             "refused a " + std::to_string(status) + " redirect from " + from_target.origin() +
                                 " to " + to_target->origin() + ": it would send the request body to another origin");

    detail::Hop next;
    next.method = from.method;
    next.body = from.body;
    next.stream = from.stream;
    next.content_type = from.content_type;
    next.headers = from.headers;
    // As browsers and curl do: 303 turns anything but HEAD into GET; 301 and 302 turn POST into GET.
    if ((status == 303 && from.method != Method::head) ||
        ((status == 301 || status == 302) && from.method == Method::post)) {
      next.method = Method::get;
      next.body = {};
      next.stream = nullptr;
      next.content_type = {};
    }
    next.idempotent = request.idempotent.value_or(webapi::is_idempotent(next.method));

    if (cross_origin) {
      // Every field and query parameter that logs would redact (core/secrets.hpp, is_credential_name) stays
      // with the origin it was meant for.
      Headers h = from.headers_of(request);
      erase_credentials(h, request);
      next.headers = std::move(h);
      std::vector<std::string> doomed;
      for (const auto& param : resolved.params())
        if (is_credential_name(request, param.key)) doomed.push_back(param.key);
      for (const auto& name : doomed) resolved.params().erase(name);
    }
    next.url = resolved.buffer();
    return next;
  }

  // ---- proxies ----------------------------------------------------------------------------------------

  /// The proxy for `t`, nullopt for a direct connection, or an error when the configured proxy URL is bad.
  Result<std::optional<ProxyEndpoint>> proxy_for(const detail::Target& t) const {
    std::string_view url = proxies_.proxy_for(t.scheme(), t.host);
    if (url.empty()) return std::optional<ProxyEndpoint>{};
    auto p = parse_proxy_url(url);
    if (!p) return transport_error(TransportFailure::proxy, TransportPhase::connect, p.error().message);
    return std::optional<ProxyEndpoint>(std::move(*p));
  }

  // ---- the pool ---------------------------------------------------------------------------------------

  ConnectionPtr take_idle(const std::string& key) {
    for (;;) {
      ConnectionPtr c;
      {
        std::lock_guard lock(pool_mutex_);
        auto it = idle_.find(key);
        if (it == idle_.end() || it->second.empty()) return nullptr;
        c = std::move(it->second.back());
        it->second.pop_back();
      }
      if (detail::Clock::now() - c->idle_since > options_.pool.max_idle_time) continue;
      if (c->unusable_while_idle()) continue;
      return c;
    }
  }

  void put_idle(ConnectionPtr c) {
    if (options_.pool.max_idle_per_host == 0) return;
    c->idle_since = detail::Clock::now();
    ConnectionPtr evicted;
    std::lock_guard lock(pool_mutex_);
    auto& list = idle_[c->key];
    list.push_back(std::move(c));
    if (list.size() > options_.pool.max_idle_per_host) {
      evicted = std::move(list.front());
      list.pop_front();
    }
  }

  // ---- one exchange, re-sent once when a pooled connection turned out closed -----------------------------

  Result<Response> exchange(const detail::Target& target, const detail::Hop& hop, const Request& request,
                            const detail::Deadline& whole) {
    auto proxy = proxy_for(target);
    if (!proxy) return proxy.error();
    std::string key = target.origin();
    if (*proxy)
      key += " via " + std::string(to_string((*proxy)->kind)) + "://" +
             detail::Target{false, (*proxy)->host, (*proxy)->port, {}, {}}.host_port();

    for (int attempt = 0;; ++attempt) {
      ConnectionPtr conn = attempt == 0 ? take_idle(key) : nullptr;
      const bool reused = conn != nullptr;
      if (!conn) {
        auto fresh = connect(target, *proxy, key, whole);
        if (!fresh) return std::move(fresh).error();
        conn = std::move(*fresh);
      }
      detail::Exchange x = round_trip(*conn, target, *proxy, hop, request, whole);
      if (x.response) {
        if (x.reusable) put_idle(std::move(conn));
        return std::move(*x.response);
      }
      // A pooled connection the server closed between requests: safe to send again on a new one when the
      // request is idempotent or none of it left. Otherwise the server may have acted on it before closing,
      // and only the caller can tell whether to send it again.
      if (reused && x.peer_closed && (hop.idempotent || x.bytes_written == 0)) continue;
      return std::move(*x.error);
    }
  }

  Result<ConnectionPtr> connect(const detail::Target& target, const std::optional<ProxyEndpoint>& proxy,
                                const std::string& key, const detail::Deadline& whole) {
    auto conn = std::make_unique<Connection>(key);
    auto cd = detail::phase_deadline(options_.timeouts.connect, TransportFailure::connect_timeout, whole);
    const std::string& host = proxy ? proxy->host : target.host;
    const std::uint16_t port = proxy ? proxy->port : target.port;
    const std::string peer = (proxy ? "proxy " : "") + detail::Target{false, host, port, {}, {}}.host_port();

    auto resolved = resolve(host, port, cd.at);
    if (resolved.timed_out) return detail::timeout_error(cd, TransportPhase::resolve, "no address for", peer);
    if (resolved.saturated)
      return transport_error(TransportFailure::resolve, TransportPhase::resolve,
                             "cannot resolve " + peer + ": " + std::to_string(detail::max_lookup_threads) +
                                 " earlier name lookups are still running");
    if (resolved.ec || resolved.endpoints.empty())
      return transport_error(
          TransportFailure::resolve, TransportPhase::resolve,
          "cannot resolve " + peer + " (" + (resolved.ec ? resolved.ec.message() : std::string("no address")) + ")");

    conn->stream.set_deadline(cd.at);
    if (auto ec = conn->stream.connect(resolved.endpoints)) {
      if (conn->stream.expired()) return detail::timeout_error(cd, TransportPhase::connect, "no connection to", peer);
      return transport_error(TransportFailure::connect, TransportPhase::connect,
                             "cannot connect to " + peer + " (" + ec.message() + ")");
    }
    if (proxy && proxy->is_tls()) {
      const auto started = detail::Clock::now();
      if (auto e = proxy_handshake(*conn, *proxy, peer, whole)) return *std::move(e);
      // The handshake had a timeout of its own: it does not eat into the connect one, which the CONNECT
      // exchange below still falls under.
      cd = detail::earliest({cd.at + (detail::Clock::now() - started), cd.failure, cd.budget}, whole);
      conn->stream.set_deadline(cd.at);
    }
    // A SOCKS proxy tunnels every target; an HTTP(S) proxy tunnels https:// ones and is sent http:// requests.
    if (proxy && proxy->is_socks()) {
      auto lookup = [this](const std::string& name, std::uint16_t p, detail::Clock::time_point until) {
        return resolve(name, p, until);
      };
      if (auto e = detail::socks5_connect(conn->stream, *proxy, target, cd, lookup)) return *std::move(e);
    } else if (proxy && target.tls) {
      if (auto e = tunnel(*conn, target, *proxy, cd)) return *std::move(e);
    }
    if (target.tls) {
      SSL* ssl = conn->stream.start_tls(tls_context_->native_handle());
      if (!ssl || !detail::configure_client_ssl(ssl, target.host, !options_.tls.insecure_skip_verify))
        return transport_error(TransportFailure::tls, TransportPhase::tls_handshake,
                               "cannot set up TLS for " + target.host_port());
      const auto hd =
          detail::phase_deadline(options_.timeouts.tls_handshake, TransportFailure::tls_handshake_timeout, whole);
      conn->stream.set_deadline(hd.at);
      if (auto ec = conn->stream.handshake()) {
        if (conn->stream.expired())
          return detail::timeout_error(hd, TransportPhase::tls_handshake, "no TLS session with", target.host_port());
        return handshake_error(ssl, ec, target.host_port());
      }
    }
    return conn;
  }

  /// Makes the connection to an https:// proxy TLS, checked like any TLS peer's (trust roots, TlsOptions, a
  /// certificate for the proxy's host), within the TLS handshake timeout.
  std::optional<Error> proxy_handshake(Connection& conn, const ProxyEndpoint& proxy, const std::string& peer,
                                       const detail::Deadline& whole) {
    SSL* ssl = conn.stream.start_proxy_tls(tls_context_->native_handle());
    if (!ssl || !detail::configure_client_ssl(ssl, proxy.host, !options_.tls.insecure_skip_verify))
      return transport_error(TransportFailure::tls, TransportPhase::tls_handshake, "cannot set up TLS for " + peer);
    const auto hd =
        detail::phase_deadline(options_.timeouts.tls_handshake, TransportFailure::tls_handshake_timeout, whole);
    conn.stream.set_deadline(hd.at);
    if (auto ec = conn.stream.handshake()) {
      if (conn.stream.expired())
        return detail::timeout_error(hd, TransportPhase::tls_handshake, "no TLS session with", peer);
      return handshake_error(ssl, ec, peer);
    }
    return std::nullopt;
  }

  /// A failed handshake: `certificate` when the peer's certificate was what failed, else `tls`.
  static Error handshake_error(SSL* ssl, const boost::system::error_code& ec, const std::string& peer) {
    const bool rejected = ssl && SSL_get_verify_result(ssl) != X509_V_OK;
    return transport_error(rejected ? TransportFailure::certificate : TransportFailure::tls,
                           TransportPhase::tls_handshake,
                           "handshake with " + peer + " failed: " + detail::describe_tls_failure(ssl, ec));
  }

  /// The addresses of `host`: from Options::resolver when set, else from the system.
  detail::Resolved resolve(const std::string& host, std::uint16_t port, detail::Clock::time_point deadline) const {
    if (!options_.resolver) return detail::resolve(host, port, deadline);
    auto lookup = [resolver = options_.resolver](const std::string& name, std::uint16_t p) {
      detail::Resolved r;
      for (const auto& text : resolver(name)) {
        boost::system::error_code ec;
        auto address = boost::asio::ip::make_address(text, ec);
        if (ec) {
          r.ec = boost::asio::error::host_not_found;
          r.endpoints.clear();
          return r;
        }
        r.endpoints.emplace_back(address, p);
      }
      return r;
    };
    return detail::resolve(host, port, deadline, lookup, resolver_id_);
  }

  /// Asks the proxy for a tunnel to the target with CONNECT, within the connect deadline already set.
  std::optional<Error> tunnel(Connection& conn, const detail::Target& target, const ProxyEndpoint& proxy,
                              const detail::Deadline& cd) {
    namespace http = detail::http;
    const std::string where = target.host_port();
    http::request<http::empty_body> req{http::verb::connect, where, 11};
    req.set(http::field::host, where);
    req.set(http::field::user_agent, options_.user_agent);
    if (!proxy.authorization.empty()) req.set(http::field::proxy_authorization, proxy.authorization);
    boost::system::error_code ec;
    http::write(conn.stream, req, ec);
    constexpr auto phase = TransportPhase::connect;
    if (conn.stream.expired()) return detail::timeout_error(cd, phase, "no tunnel through the proxy to", where);
    if (ec)
      return transport_error(TransportFailure::proxy, phase,
                             "cannot send CONNECT for " + where + " (" + ec.message() + ")");
    http::response_parser<http::empty_body> parser;
    parser.skip(true);  // a 2xx answer to CONNECT has no body; the tunnel starts right after the header
    parser.header_limit(static_cast<std::uint32_t>(options_.limits.max_header_bytes));
    http::read_header(conn.stream, conn.buffer, parser, ec);
    if (conn.stream.expired()) return detail::timeout_error(cd, phase, "no tunnel through the proxy to", where);
    if (ec)
      return transport_error(TransportFailure::proxy, phase,
                             "no answer to CONNECT for " + where + " (" + ec.message() + ")");
    const unsigned status = parser.get().result_int();
    if (status / 100 != 2)
      return transport_error(TransportFailure::proxy, phase,
                             "proxy refused CONNECT to " + where + " with status " + std::to_string(status));
    if (conn.buffer.size() != 0)
      return transport_error(TransportFailure::proxy, phase,
                             "proxy sent data before the tunnel to " + where + " was used");
    return std::nullopt;
  }

  detail::Exchange round_trip(Connection& conn, const detail::Target& target, const std::optional<ProxyEndpoint>& proxy,
                              const detail::Hop& hop, const Request& request, const detail::Deadline& whole) {
    namespace http = detail::http;
    detail::Exchange x;
    auto where = [&target] { return target.host_port(); };  // for errors only
    conn.stream.set_deadline(whole.at);
    // Every failure below: the request timeout when it was the deadline that ended the wait.
    auto failed = [&](Error e) {
      const auto phase = e.transport_phase == TransportPhase::none ? TransportPhase::receive : e.transport_phase;
      x.error = conn.stream.expired() ? detail::timeout_error(whole, phase, "no complete response from", where())
                                      : std::move(e);
      return std::move(x);
    };

    // ---- the request: its head written here, fields in this order, then the body
    // An HTTP(S) proxy is sent an http:// request with the absolute URL; through a tunnel it goes as to the host.
    const bool absolute_form = proxy && !proxy->is_socks() && !target.tls;
    const bool proxy_authorization = absolute_form && !proxy->authorization.empty();
    std::string& head = conn.request_head;
    head.clear();
    head += to_string(hop.method);
    head += ' ';
    if (absolute_form) {
      head += target.scheme();
      head += "://";
      head += target.authority;
    }
    head += target.target;
    head += " HTTP/1.1\r\n";
    auto field = [&head](std::string_view name, std::string_view value) {
      head += name;
      head += ": ";
      head += value;
      head += "\r\n";
    };
    field("Host", target.authority);
    bool has_agent = false, has_encoding = false;
    for (const auto& [name, value] : hop.headers_of(request)) {
      if (iequals(name, "Host") || iequals(name, "Content-Length") || iequals(name, "Transfer-Encoding") ||
          (iequals(name, "Content-Type") && !hop.content_type.empty()) ||
          (iequals(name, "Proxy-Authorization") && proxy_authorization))
        continue;
      if (iequals(name, "User-Agent")) has_agent = true;
      if (iequals(name, "Accept-Encoding")) has_encoding = true;
      field(name, value);
    }
    if (!has_agent) field("User-Agent", options_.user_agent);
    const bool decode = options_.accept_gzip && !has_encoding;
    if (decode) field("Accept-Encoding", "gzip");
    if (!hop.content_type.empty()) field("Content-Type", hop.content_type);
    if (proxy_authorization) field("Proxy-Authorization", proxy->authorization);
    if (hop.stream)
      field("Content-Length", std::to_string(hop.stream->size));
    else if (!hop.body.empty() || hop.method == Method::post || hop.method == Method::put || hop.method == Method::patch)
      field("Content-Length", std::to_string(hop.body.size()));
    head += "\r\n";

    boost::system::error_code ec;
    // Written watching for an answer that comes before the server took it all (detail/early_answer.hpp).
    const std::size_t answer_limit = options_.limits.max_header_bytes;
    if (hop.stream) {
      // The head, then the body as the stream hands it over: a file upload is never held whole.
      x.bytes_written = detail::write_unless_answered(conn.stream, boost::asio::buffer(head), ec, answer_limit);
      // The stream is held to the size it announced in Content-Length: a byte more would start a second,
      // smuggled request on the connection, a byte less would leave the server waiting.
      const std::uint64_t announced = hop.stream->size;
      std::uint64_t handed = 0;
      std::string problem;
      if (!ec)
        problem = hop.stream->write([&](std::string_view piece) {
          handed += piece.size();
          if (handed > announced) return false;
          x.bytes_written += detail::write_unless_answered(
              conn.stream, boost::asio::buffer(piece.data(), piece.size()), ec, answer_limit);
          return !ec;
        });
      if (!ec && handed != announced)
        problem = "the request body stream announced " + std::to_string(announced) + " bytes but handed over " +
                  (handed > announced ? "more" : std::to_string(handed)) + "; the request was not completed";
      if (!problem.empty() && !ec) {
        // The server was promised more bytes than it will get: this connection cannot be used again.
        x.error = make_error(ErrorKind::invalid_argument, problem, request.operation);
        return x;
      }
    } else {
      const std::array<boost::asio::const_buffer, 2> whole_request{boost::asio::buffer(head),
                                                                   boost::asio::buffer(hop.body.data(), hop.body.size())};
      x.bytes_written = detail::write_unless_answered(conn.stream, whole_request, ec, answer_limit);
    }
    // A server that answered before taking the whole request, and may have closed the connection since: the
    // answer is read below, and the send error stands only if no complete response is there.
    std::optional<Error> send_error;
    if (ec) {
      x.peer_closed = detail::is_closed_by_peer(ec);
      // Part of the request may have reached the server: its outcome is unknown unless none of it left.
      const auto f =
          x.bytes_written == 0 ? TransportFailure::connection_lost : TransportFailure::connection_lost_after_send;
      Error e = transport_error(f, TransportPhase::send,
                                ec == boost::asio::error::interrupted
                                    ? "the response from " + where() + " came before the whole request was sent"
                                    : "sending to " + where() + " failed (" + ec.message() + ")");
      const bool may_have_answered = x.bytes_written > 0 && !conn.stream.expired() && !conn.stream.is_tls() &&
                                     (x.peer_closed || ec == boost::asio::error::interrupted);
      if (!may_have_answered) return failed(std::move(e));
      send_error = std::move(e);
      ec = {};
    }
    // Any failure reading an answer to a request not wholly sent is the send's failure.
    auto read_failed = [&](Error e) { return failed(send_error ? *send_error : std::move(e)); };

    // ---- the response; interim 1xx answers are skipped, within a count and the header limit together
    std::optional<detail::ResponseParser> parser;
    std::size_t header_budget = options_.limits.max_header_bytes;
    for (int interim = 0;; ++interim) {
      parser.emplace();
      parser->header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(header_budget, UINT32_MAX)));
      parser->trailer_limit(options_.limits.max_header_bytes);
      parser->body_limit(options_.limits.max_body_bytes);
      if (hop.method == Method::head) parser->skip(true);
      const std::size_t used = http::read_header(conn.stream, conn.buffer, *parser, ec);
      if (ec) return read_failed(read_error(ec, *parser, where(), x.peer_closed));
      const int status = parser->get().status;
      // Beast takes any three digits; RFC 9110 status codes run from 100 to 599.
      if (status < 100 || status > 599)
        return read_failed(transport_error(TransportFailure::protocol, TransportPhase::receive,
                                      "the response from " + where() + " has status " + std::to_string(status) +
                                          ", which is not an HTTP status (100 to 599)"));
      if (status >= 200 || status == 101) break;
      if (interim >= options_.limits.max_interim_responses)
        return read_failed(transport_error(TransportFailure::protocol, TransportPhase::receive,
                                      "more than " + std::to_string(options_.limits.max_interim_responses) +
                                          " interim (1xx) responses from " + where() +
                                          " (Limits::max_interim_responses)"));
      header_budget -= std::min(header_budget, used);
      if (header_budget == 0) return read_failed(read_error(http::error::header_limit, *parser, where(), x.peer_closed));
    }

    if (!parser->is_done()) {
      if (auto length = parser->content_length(); length && !parser->chunked()) {
        // A body of known length is read straight into the response's string: no parser pass and no copy
        // through the read buffer. The parser has already held the length against Limits::max_body_bytes.
        std::string& body = parser->get().body;
        if (*length > options_.limits.max_body_bytes)
          return read_failed(read_error(http::error::body_limit, *parser, where(), x.peer_closed));
        const auto n = static_cast<std::size_t>(*length);
        std::size_t have = std::min(conn.buffer.size(), n);
        // The string grows with what arrives, never ahead of it by more than it holds already (or the first
        // MiB, which most bodies fit in whole, so they are read without a copy): an announced length alone
        // makes no large allocation.
        body.resize(std::min(n, std::max(have, detail::ResponseParser::first_body_allocation)));
        boost::asio::buffer_copy(boost::asio::buffer(body.data(), have), conn.buffer.data());
        conn.buffer.consume(have);
        while (have < n) {
          if (have == body.size()) body.resize(std::min(n, body.size() * 2));
          have += conn.stream.read_some(boost::asio::buffer(body.data() + have, body.size() - have), ec);
          if (ec) {
            const bool truncated = ec == boost::asio::error::eof || ec == boost::asio::ssl::error::stream_truncated;
            return read_failed(transport_error(TransportFailure::connection_lost_after_send, TransportPhase::receive,
                                          "the response body from " + where() + " ended after " + std::to_string(have) +
                                              " of its " + std::to_string(n) + " bytes" +
                                              (truncated ? std::string() : " (" + ec.message() + ")")));
          }
        }
      } else {
        // Chunked, or delimited by the end of the connection: the parser reads the rest. Chunk data is
        // consumed as it arrives, so what waits unparsed in the buffer is a chunk header or the trailer
        // fields, which Beast would read without end: the buffer is held to Limits::max_header_bytes more
        // than one read while they do.
        const std::size_t unlimited = conn.buffer.max_size();
        conn.buffer.max_size(conn.buffer.size() + options_.limits.max_header_bytes + 64 * 1024);
        http::read(conn.stream, conn.buffer, *parser, ec);
        conn.buffer.max_size(unlimited);
        if (ec == http::error::buffer_overflow) ec = http::error::header_limit;
        if (ec) return read_failed(read_error(ec, *parser, where(), x.peer_closed));
      }
    }

    // After 101 Switching Protocols the connection speaks another protocol: it never goes back to the pool.
    // Nor does one whose request was cut short by an early answer: the server is left mid-body.
    x.reusable = parser->keep_alive() && conn.buffer.size() == 0 && parser->get().status != 101 && !send_error;
    Response response = parser->release();

    if (decode && !response.body.empty()) {
      if (auto coding = response.headers.get("Content-Encoding")) {
        std::string_view c = detail::trim(*coding);
        if (iequals(c, "gzip") || iequals(c, "x-gzip") || iequals(c, "deflate")) {
          std::string plain;
          if (auto problem = detail::inflate_body(response.body, options_.limits.max_body_bytes, plain)) {
            // Decoding stops with more than the limit decoded exactly when the limit was what ended it.
            const bool too_large = plain.size() > options_.limits.max_body_bytes;
            x.error = transport_error(too_large ? TransportFailure::body_too_large : TransportFailure::protocol,
                                      TransportPhase::receive, "response body from " + where() + ": " + *problem);
            x.reusable = false;
            return x;
          }
          response.body = std::move(plain);
          response.headers.erase("Content-Encoding");
          response.headers.set("Content-Length", std::to_string(response.body.size()));
        }
      }
    }
    x.response = std::move(response);
    return x;
  }

  /// The Error for a failed read of (part of) a response. The whole request had been sent by then, so a
  /// broken connection leaves its outcome unknown.
  template <class Parser>
  Error read_error(const boost::system::error_code& ec, const Parser& parser, const std::string& where,
                   bool& peer_closed) const {
    namespace http = detail::http;
    constexpr auto phase = TransportPhase::receive;
    if (ec == http::error::body_limit)
      return transport_error(TransportFailure::body_too_large, phase,
                             "response body from " + where + " exceeds the limit of " +
                                 std::to_string(options_.limits.max_body_bytes) + " bytes (Limits::max_body_bytes)");
    if (ec == http::error::header_limit)
      return transport_error(TransportFailure::header_too_large, phase,
                             "response header from " + where + " exceeds the limit of " +
                                 std::to_string(options_.limits.max_header_bytes) +
                                 " bytes (Limits::max_header_bytes)");
    if (!parser.got_some() && detail::is_closed_by_peer(ec)) {
      peer_closed = true;
      return transport_error(TransportFailure::connection_lost_after_send, phase,
                             "connection to " + where + " closed before a response arrived (" + ec.message() + ")");
    }
    if (ec == boost::asio::ssl::error::stream_truncated)
      return transport_error(TransportFailure::connection_lost_after_send, phase,
                             "the response from " + where + " was cut short: TLS ended without close_notify");
    if (ec.category() == http::make_error_code(http::error::bad_version).category() &&
        ec != http::error::partial_message)
      return transport_error(TransportFailure::protocol, phase,
                             "invalid response from " + where + " (" + ec.message() + ")");
    return transport_error(TransportFailure::connection_lost_after_send, phase,
                           "reading the response from " + where + " failed (" + ec.message() + ")");
  }

  Options options_;
  /// Tells this transport's Options::resolver apart from any other's among lookups still running, even from
  /// one of a transport that lived at the same address before.
  std::uint64_t resolver_id_ = [] {
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1);
  }();
  ProxyConfig proxies_;
  std::shared_ptr<boost::asio::ssl::context> tls_context_;
  mutable std::mutex pool_mutex_;
  std::unordered_map<std::string, std::deque<ConnectionPtr>> idle_;
};

}  // namespace webapi
