// The definitions of BeastTransport's member functions that are not templates: how a request is resolved,
// connected, written and read. <webapi/transport/beast_transport.hpp> includes this file, which makes every
// translation unit compile them; with WEBAPI_SEPARATE_COMPILATION or WEBAPI_TRANSPORT_SEPARATE_COMPILATION
// defined it does not, and one translation unit of the program includes <webapi/transport/src.hpp> instead
// (webapi::transport_compiled is that translation unit, as a library).
#pragma once

#include <webapi/transport/beast_transport.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <string_view>

#include <boost/asio/buffer.hpp>
#include <boost/asio/experimental/channel.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/url/url.hpp>

#include <webapi/core/auth.hpp>
#include <webapi/core/secrets.hpp>
#include <webapi/core/url.hpp>
#include <webapi/transport/detail/body_pump.hpp>
#include <webapi/transport/detail/connect_race.hpp>
#include <webapi/transport/detail/connection.hpp>
#include <webapi/transport/detail/deadline_watch.hpp>
#include <webapi/transport/detail/early_answer.hpp>
#include <webapi/transport/detail/exchange.hpp>
#include <webapi/transport/detail/gzip.hpp>
#include <webapi/transport/detail/read_head.hpp>
#include <webapi/transport/detail/response_parser.hpp>
#include <webapi/transport/detail/socks.hpp>
#include <webapi/transport/detail/target.hpp>
#include <webapi/transport/detail/tls.hpp>

#ifdef WEBAPI_TRANSPORT_SOURCE
#define WEBAPI_TRANSPORT_INLINE
#else
#define WEBAPI_TRANSPORT_INLINE inline
#endif

// GCC warns (-Wsubobject-linkage) that the frame of a coroutine defined in a header holds a lambda, whose type
// has no linkage; the frame never crosses translation units, so the warning says nothing here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsubobject-linkage"
#endif

namespace webapi {

namespace detail {

WEBAPI_TRANSPORT_INLINE BlockingLane::BlockingLane()
    : lane{io.get_executor(), {}, std::make_shared<DeadlineWatch>(io.get_executor())} {}

WEBAPI_TRANSPORT_INLINE auto BlockingLanes::take() -> Held {
  std::lock_guard lock(mutex_);
  if (free_.empty()) {
    all_.push_back(std::make_unique<BlockingLane>());
    return Held(*this, all_.back().get());
  }
  BlockingLane* lane = free_.back();
  free_.pop_back();
  return Held(*this, lane);
}

WEBAPI_TRANSPORT_INLINE void BlockingLanes::give_back(BlockingLane* lane, bool keep) {
  if (!keep) return;
  std::lock_guard lock(mutex_);
  free_.push_back(lane);
}

}  // namespace detail

WEBAPI_TRANSPORT_INLINE BeastTransport::BeastTransport(Options options)
    : options_(checked(std::move(options))),
      proxies_(options_.proxy ? *options_.proxy : ProxyConfig::from_env()),
      tls_context_(detail::make_client_tls_context(options_.tls)),
      own_(std::make_unique<boost::asio::io_context>()),
      executor_(own_->get_executor()),
      work_(boost::asio::make_work_guard(*own_)),
      shared_{executor_, {}, std::make_shared<detail::DeadlineWatch>(executor_)} {}

WEBAPI_TRANSPORT_INLINE BeastTransport::BeastTransport(executor_type executor, Options options)
    : options_(checked(std::move(options))),
      proxies_(options_.proxy ? *options_.proxy : ProxyConfig::from_env()),
      tls_context_(detail::make_client_tls_context(options_.tls)),
      executor_(std::move(executor)),
      shared_{executor_, {}, std::make_shared<detail::DeadlineWatch>(executor_)},
      strands_(options_.single_threaded_executor ? decltype(strands_){} : make_strands(executor_)) {}

WEBAPI_TRANSPORT_INLINE BeastTransport::~BeastTransport() {
  work_.reset();
  if (own_) own_->stop();
  if (runner_.joinable()) runner_.join();
  close_idle();  // before the io_contexts their sockets belong to
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::idle_connections() const -> std::size_t {
  std::lock_guard lock(pool_mutex_);
  std::size_t n = 0;
  for (const auto& [key, count] : idle_count_) n += count;
  return n;
}

WEBAPI_TRANSPORT_INLINE void BeastTransport::close_idle() {
  std::vector<ConnectionPtr> doomed;  // closed once the lock is released
  std::lock_guard lock(pool_mutex_);
  auto empty = [&](detail::Lane& lane) {
    for (auto& [key, slot] : lane.idle) {
      std::move(slot.connections.begin(), slot.connections.end(), std::back_inserter(doomed));
      slot.connections.clear();
    }
  };
  empty(shared_);
  lanes_.for_each(empty);  // the pool's lock, then the lanes'
  for (auto& [key, count] : idle_count_) count = 0;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::handshake_error(SSL* ssl, const boost::system::error_code& ec,
                                                             const std::string& peer) -> Error {
  const bool rejected = ssl && SSL_get_verify_result(ssl) != X509_V_OK;
  return transport_error(rejected ? TransportFailure::certificate : TransportFailure::tls,
                         TransportPhase::tls_handshake,
                         "handshake with " + peer + " failed: " + detail::describe_tls_failure(ssl, ec));
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::send(const Request& request) -> Result<Response> {
  auto lane = lanes_.take();
  std::optional<Result<Response>> result;
  // The only operation on the lane: this thread keeps its deadlines, waiting no longer than the one in force.
  // Once one has passed, every wait of the operation ends at once, and the io_context is run until it has.
  auto op = std::make_shared<detail::Operation>(request_executor(lane.lane()), lane.lane());
  op->keep_deadlines_by_caller();
  auto keep_result = [&](Result<Response>&& r) { result.emplace(std::move(r)); };
  spawn(op, keep_result, request);
  bool expired = false;
  lane.run_until([&] { return result.has_value(); },
                 [&](boost::asio::io_context& io) {
                   const auto at = op->deadline().at;
                   if (expired || at == detail::Clock::time_point::max()) {
                     io.run_one();
                   } else if (io.run_one_until(at) == 0) {
                     op->expire();
                     expired = true;
                   }
                 });
  return std::move(*result);
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::send_all(std::span<const Request> requests, std::size_t concurrency)
    -> std::vector<Result<Response>> {
  namespace asio = boost::asio;
  if (requests.empty()) return {};
  std::vector<std::optional<Result<Response>>> results(requests.size());
  auto lane = lanes_.take();
  std::size_t workers = std::clamp<std::size_t>(concurrency, 1, requests.size());
  std::size_t next = 0;  // touched on this thread only, as everything on `lane`
  // Each worker runs its requests' coroutines itself, on the lane's io_context, where each request runs.
  for (std::size_t worker = 0, n = workers; worker < n; ++worker)
    asio::co_spawn(
        lane.io(),
        [&]() -> asio::awaitable<void> {
          while (next < requests.size()) {
            const std::size_t i = next++;
            auto op = std::make_shared<detail::Operation>(lane.lane().executor, lane.lane());
            bool threw = false;
            try {
              co_await run(requests[i], op);
            } catch (...) {
              threw = true;
            }
            results[i].emplace(finished(op->result, threw, requests[i]));
          }
        },
        [&](std::exception_ptr) { --workers; });
  lane.run_until([&] { return workers == 0; });
  std::vector<Result<Response>> out;
  out.reserve(requests.size());
  for (auto& r : results) out.push_back(std::move(*r));
  return out;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::run(const Request& request, std::shared_ptr<detail::Operation> held)
    -> awaitable<void> {
  // As in round_trip(), what is done between two waits is in functions of its own, which keeps the frame
  // small: errors come back by pointer.
  detail::Operation& op = *held;
  struct Finish {  // on the operation's executor, whichever way the coroutine ends
    detail::Operation& op;
    ~Finish() { op.finish(); }
  } finish{op};
  op.phase = TransportPhase::resolve;
  const detail::Deadline whole{detail::Clock::now() + options_.timeouts.request, TransportFailure::request_timeout,
                               options_.timeouts.request};
  op.arm(whole);
  detail::Hop hop;  // its url is made only for a redirect, which is resolved against it
  detail::Leg leg;
  if (auto e = first_hop(request, hop)) co_return op.conclude(std::move(*e));

  for (int redirects = 0;; ++redirects) {
    if (auto e = plan_leg(request, hop, redirects, leg)) co_return op.conclude(std::move(*e));
    // One exchange, on a pooled connection or a new one.
    detail::Exchange x;
    for (int attempt = 0;; ++attempt) {
      ConnectionPtr conn = attempt == 0 ? take_idle(leg.key(), op.lane()) : nullptr;
      const bool reused = conn != nullptr;
      if (!conn) {
        auto fresh = co_await connect(leg.target, leg.proxy(), leg.key(), whole, op);
        if (fresh.error) co_return op.conclude(std::move(*fresh.error));
        conn = std::move(fresh.connection);
      }
      op.arm(whole);
      x = {};
      co_await round_trip(*conn, leg.target, leg.proxy(), hop, request, op, x);
      if (x.response) {
        if (x.reusable) put_idle(std::move(conn), op.lane());
        break;
      }
      // A pooled connection the server closed between requests: sent again on a new one when the request
      // is idempotent or none of it left. Otherwise the server may have acted on it before closing, and
      // only the caller can tell whether to send it again.
      if (!reused || !x.peer_closed || op.interrupted() || (!hop.idempotent && x.bytes_written != 0))
        co_return op.conclude(std::move(*x.error));
    }
    bool follow = false;
    if (auto e = follow_redirect(hop, leg.target, *x.response, request, redirects, follow))
      co_return op.conclude(std::move(*e));
    if (!follow) co_return op.conclude(std::move(*x.response));
    op.phase = TransportPhase::resolve;
  }
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::first_hop(const Request& request, detail::Hop& hop) const
    -> std::unique_ptr<Error> {
  if (auto problem = validate(request)) return std::make_unique<Error>(std::move(*problem));
  if (request.base_url.empty())
    return std::make_unique<Error>(make_error(ErrorKind::invalid_argument, "request has no base_url"));
  hop.method = request.method;
  hop.body = request.body;
  hop.stream = request.body_stream.get();
  hop.content_type = request.content_type;
  hop.idempotent = request.is_idempotent();
  return nullptr;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::plan_leg(const Request& request, const detail::Hop& hop, int redirects,
                                                      detail::Leg& leg) const -> std::unique_ptr<Error> {
  auto target = redirects == 0 ? detail::request_target(url::trimmed_base(request), url::target(request))
                               : detail::parse_target(hop.url);
  if (!target) return std::make_unique<Error>(std::move(target).error());
  auto proxy = proxy_for(*target);
  if (!proxy) return std::make_unique<Error>(std::move(proxy).error());
  leg.target = std::move(*target);
  leg.through.reset();
  if (const auto& p = *proxy)  // the pool's key through a proxy; without one, the origin
    leg.through = std::make_unique<const detail::Leg::Through>(detail::Leg::Through{
        p, leg.target.origin() + " via " + std::string(to_string(p->kind)) + "://" + detail::host_port(p->host, p->port)});
  return nullptr;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::follow_redirect(detail::Hop& hop, const detail::Target& target,
                                                             const Response& response, const Request& request,
                                                             int redirects, bool& follow) const
    -> std::unique_ptr<Error> {
  if (!options_.redirects.follow || !is_redirect(response.status)) return nullptr;
  auto location = response.headers.get("Location");
  if (!location) return nullptr;
  if (redirects >= options_.redirects.max_hops)
    return std::make_unique<Error>(transport_error(
        TransportFailure::protocol, TransportPhase::redirect,
        "stopped after " + std::to_string(redirects) + " redirects (RedirectOptions::max_hops)"));
  if (redirects == 0) hop.url = url::full_url(request);
  auto next = next_hop(hop, target, *location, response.status, request);
  if (!next) return std::make_unique<Error>(std::move(next).error());
  hop = std::move(*next);
  follow = true;
  return nullptr;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::next_hop(const detail::Hop& from, const detail::Target& from_target,
                                                      std::string_view location, int status,
                                                      const Request& request) const -> Result<detail::Hop> {
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
  if (from_target.tls() && !to_target->tls())
    return transport_error(
        TransportFailure::protocol, phase,
        "refused a redirect from " + from_target.origin() + " to plain http:// (" + to_target->origin() + ")");
  const bool cross_origin = to_target->origin() != from_target.origin();
  // A 307 or 308 keeps the method and body; a body may hold a secret meant for its origin alone.
  if (cross_origin && (status == 307 || status == 308) && (!from.body.empty() || from.stream))
    return transport_error(TransportFailure::protocol, phase,
                           "refused a " + std::to_string(status) + " redirect from " + from_target.origin() + " to " +
                               to_target->origin() + ": it would send the request body to another origin");

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

WEBAPI_TRANSPORT_INLINE auto BeastTransport::proxy_for(const detail::Target& t) const
    -> Result<std::optional<ProxyEndpoint>> {
  std::string_view url = proxies_.proxy_for(t.scheme(), t.host());
  if (url.empty()) return std::optional<ProxyEndpoint>{};
  auto p = parse_proxy_url(url);
  if (!p) return transport_error(TransportFailure::proxy, TransportPhase::connect, p.error().message);
  return std::optional<ProxyEndpoint>(std::move(*p));
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::take_idle(const std::string& key, detail::Lane& lane) -> ConnectionPtr {
  for (;;) {
    ConnectionPtr c;
    {
      std::lock_guard lock(pool_mutex_);
      auto it = lane.idle.find(key);
      if (it == lane.idle.end() || it->second.connections.empty()) return nullptr;
      auto& slot = it->second;
      c = std::move(slot.connections.back());
      slot.connections.pop_back();
      --*slot.count;
    }
    if (detail::Clock::now() - c->idle_since > options_.pool.max_idle_time) continue;
    if (c->unusable_while_idle()) continue;
    return c;
  }
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::put_idle(ConnectionPtr c, detail::Lane& lane) -> void {
  if (options_.pool.max_idle_per_host == 0) return;
  c->idle_since = detail::Clock::now();
  ConnectionPtr evicted;  // closed once the lock is released
  std::lock_guard lock(pool_mutex_);
  if (!c->slot) {
    detail::IdleSlot& slot = lane.idle[c->key];
    if (!slot.count) slot.count = &idle_count_[c->key];
    c->slot = &slot;
  }
  auto& list = c->slot->connections;
  auto& count = *c->slot->count;
  if (count >= options_.pool.max_idle_per_host) {
    // Full for this host: the lane's oldest connection makes room, or, when the others wait in other lanes
    // (whose io_contexts this thread does not run), this one is closed.
    if (list.empty()) {
      evicted = std::move(c);
      return;
    }
    evicted = std::move(list.front());
    list.pop_front();
    --count;
  }
  list.push_back(std::move(c));
  ++count;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::lookup(const std::string& host, std::uint16_t port, detail::Operation& op)
    -> awaitable<Lookup> {
  using boost::asio::ip::tcp;
  Lookup out;
  if (auto ip = detail::ip_literal(host)) {
    out.endpoints.emplace_back(*ip, port);
    co_return out;
  }
  if (options_.resolver) {
    for (const auto& text : options_.resolver(host)) {
      boost::system::error_code ec;
      auto address = boost::asio::ip::make_address(text, ec);
      if (ec) {
        out.ec = boost::asio::error::host_not_found;
        out.endpoints.clear();
        co_return out;
      }
      out.endpoints.emplace_back(address, port);
    }
    co_return out;
  }
  tcp::resolver resolver(op.lane().executor);
  auto waiting = op.waiting([&resolver] { resolver.cancel(); });
  auto [ec, results] = co_await resolver.async_resolve(host, std::to_string(port), tcp::resolver::numeric_service,
                                                       detail::nothrow_awaitable);
  out.ec = ec;
  if (!ec)
    for (const auto& e : results) out.endpoints.push_back(e.endpoint());
  co_return out;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::connect(const detail::Target& target,
                                                     const std::optional<ProxyEndpoint>& proxy, const std::string& key,
                                                     const detail::Deadline& whole, detail::Operation& op)
    -> awaitable<detail::Connected> {
  auto cd = detail::phase_deadline(options_.timeouts.connect, TransportFailure::connect_timeout, whole);
  op.arm(cd);
  const std::string& host = proxy ? proxy->host : target.host();
  const std::uint16_t port = proxy ? proxy->port : target.port();
  const std::string peer = (proxy ? "proxy " : "") + detail::host_port(host, port);

  op.phase = TransportPhase::resolve;
  auto found = co_await lookup(host, port, op);
  if (op.interrupted()) co_return op.interruption(TransportPhase::resolve, "no address for", peer);
  if (found.ec || found.endpoints.empty())
    co_return transport_error(
        TransportFailure::resolve, TransportPhase::resolve,
        "cannot resolve " + peer + " (" + (found.ec ? found.ec.message() : std::string("no address")) + ")");

  op.phase = TransportPhase::connect;
  ConnectionPtr conn;
  {
    auto race = std::make_shared<detail::ConnectRace>(op.lane().executor, op.strand(), std::move(found.endpoints),
                                                      connection_attempt_delay);
    auto waiting = op.waiting([race] { race->cancel(); });
    auto [ec, socket] = co_await detail::async_connect_racing(race, detail::nothrow_awaitable);
    if (ec || op.interrupted()) {
      if (op.interrupted()) co_return op.interruption(TransportPhase::connect, "no connection to", peer);
      co_return transport_error(TransportFailure::connect, TransportPhase::connect,
                                "cannot connect to " + peer + " (" + ec.message() + ")");
    }
    conn = std::make_unique<Connection>(key, std::move(socket));
  }
  auto waiting = op.waiting([c = conn.get()] { c->stream.close(); });
  if (proxy && proxy->is_tls()) {
    const auto started = detail::Clock::now();
    if (auto e =
            co_await handshake(conn->stream, conn->stream.start_proxy_tls(*tls_context_), proxy->host, peer, whole, op))
      co_return *std::move(e);
    // The handshake had a timeout of its own: it does not eat into the connect one, which the CONNECT
    // exchange below still falls under.
    cd = detail::earliest({cd.at + (detail::Clock::now() - started), cd.failure, cd.budget}, whole);
    op.arm(cd);
    op.phase = TransportPhase::connect;
  }
  // A SOCKS proxy tunnels every target; an HTTP(S) proxy tunnels https:// ones and is sent http:// requests.
  if (proxy && proxy->is_socks()) {
    if (auto e = co_await socks5(*conn, *proxy, target, op)) co_return *std::move(e);
  } else if (proxy && target.tls()) {
    if (auto e = co_await tunnel(*conn, target, *proxy, op)) co_return *std::move(e);
  }
  if (target.tls())
    if (auto e = co_await handshake(conn->stream, conn->stream.start_tls(*tls_context_), target.host(),
                                    target.host_port(), whole, op))
      co_return *std::move(e);
  co_return std::move(conn);
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::handshake(detail::Stream& stream, SSL* ssl, const std::string& host,
                                                       const std::string& peer, const detail::Deadline& whole,
                                                       detail::Operation& op) -> awaitable<std::optional<Error>> {
  if (!ssl || !detail::configure_client_ssl(ssl, host, !options_.tls.insecure_skip_verify))
    co_return transport_error(TransportFailure::tls, TransportPhase::tls_handshake, "cannot set up TLS for " + peer);
  op.arm(detail::phase_deadline(options_.timeouts.tls_handshake, TransportFailure::tls_handshake_timeout, whole));
  op.phase = TransportPhase::tls_handshake;
  auto [ec] = co_await stream.async_handshake(detail::nothrow_awaitable);
  if (ec || op.interrupted()) {
    if (op.interrupted()) co_return op.interruption(TransportPhase::tls_handshake, "no TLS session with", peer);
    co_return handshake_error(ssl, ec, peer);
  }
  co_return std::nullopt;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::tunnel(Connection& conn, const detail::Target& target,
                                                    const ProxyEndpoint& proxy, detail::Operation& op)
    -> awaitable<std::optional<Error>> {
  namespace http = detail::http;
  const std::string where = target.host_port();
  std::string head =
      "CONNECT " + where + " HTTP/1.1\r\nHost: " + where + "\r\nUser-Agent: " + options_.user_agent + "\r\n";
  if (!proxy.authorization.empty()) head += "Proxy-Authorization: " + proxy.authorization + "\r\n";
  head += "\r\n";
  constexpr auto phase = TransportPhase::connect;
  auto [ec, n] = co_await boost::asio::async_write(conn.stream, boost::asio::buffer(head), detail::nothrow_awaitable);
  if (op.interrupted()) co_return op.interruption(phase, "no tunnel through the proxy to", where);
  if (ec)
    co_return transport_error(TransportFailure::proxy, phase,
                              "cannot send CONNECT for " + where + " (" + ec.message() + ")");
  http::response_parser<http::empty_body> parser;
  parser.skip(true);  // a 2xx answer to CONNECT has no body; the tunnel starts right after the header
  parser.header_limit(static_cast<std::uint32_t>(options_.limits.max_header_bytes));
  auto [rec, used] = co_await http::async_read_header(conn.stream, conn.buffer, parser, detail::nothrow_awaitable);
  if (op.interrupted()) co_return op.interruption(phase, "no tunnel through the proxy to", where);
  if (rec)
    co_return transport_error(TransportFailure::proxy, phase,
                              "no answer to CONNECT for " + where + " (" + rec.message() + ")");
  const unsigned status = parser.get().result_int();
  if (status / 100 != 2)
    co_return transport_error(TransportFailure::proxy, phase,
                              "proxy refused CONNECT to " + where + " with status " + std::to_string(status));
  if (conn.buffer.size() != 0)
    co_return transport_error(TransportFailure::proxy, phase,
                              "proxy sent data before the tunnel to " + where + " was used");
  co_return std::nullopt;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::socks5(Connection& conn, const ProxyEndpoint& proxy,
                                                    const detail::Target& target, detail::Operation& op)
    -> awaitable<std::optional<Error>> {
  namespace asio = boost::asio;
  const std::string proxy_at = detail::host_port(proxy.host, proxy.port);
  const std::string via = "SOCKS5 proxy " + proxy_at;
  const std::string where = target.host_port();
  const bool with_password = !proxy.username.empty() || !proxy.password.empty();
  if (proxy.username.size() > 255 || proxy.password.size() > 255)
    co_return make_error(ErrorKind::invalid_argument,
                         "the user name or password for " + via + " is longer than the 255 bytes SOCKS5 allows");

  // The CONNECT request, made first: a name too long or one that does not resolve costs no exchange.
  std::optional<asio::ip::address> address = detail::ip_literal(target.host());
  if (!address && proxy.kind == ProxyKind::socks5) {
    op.phase = TransportPhase::resolve;
    auto found = co_await lookup(target.host(), target.port(), op);
    if (op.interrupted()) co_return op.interruption(TransportPhase::resolve, "no address for", where);
    if (found.ec || found.endpoints.empty())
      co_return transport_error(TransportFailure::resolve, TransportPhase::resolve,
                                "cannot resolve " + where + " for " + via + " (" +
                                    (found.ec ? found.ec.message() : std::string("no address")) + ")");
    address = detail::socks5_pick_address(found.endpoints);
    op.phase = TransportPhase::connect;
  }
  auto request = detail::socks5_connect_request(target, address);
  if (!request) co_return request.error();

  boost::system::error_code ec;
  auto broken = [&](std::string_view during) -> Error {
    if (op.interrupted()) return op.interruption(TransportPhase::connect, "no tunnel through " + via + " to", where);
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
                           via + " broke off during " + std::string(during) + " (" + ec.message() + ")");
  };
  auto send = [&](const std::vector<std::uint8_t>& bytes) -> awaitable<bool> {
    auto [e, n] = co_await asio::async_write(conn.stream, asio::buffer(bytes), detail::nothrow_awaitable);
    ec = e;
    co_return !ec && !op.interrupted();
  };
  auto receive = [&](std::uint8_t* into, std::size_t n) -> awaitable<bool> {
    auto [e, got] = co_await boost::asio::async_read(conn.stream, asio::buffer(into, n), detail::nothrow_awaitable);
    ec = e;
    co_return !ec && !op.interrupted();
  };

  std::array<std::uint8_t, 2> chosen{};
  if (!co_await send(detail::socks5_greeting(with_password)) || !co_await receive(chosen.data(), chosen.size()))
    co_return broken("the greeting");
  if (auto e = detail::socks5_check_choice(chosen, with_password, proxy_at, via)) co_return e;
  if (chosen[1] == 0x02) {
    std::array<std::uint8_t, 2> verdict{};
    if (!co_await send(detail::socks5_credentials(proxy)) || !co_await receive(verdict.data(), verdict.size()))
      co_return broken("authentication");
    if (auto e = detail::socks5_check_verdict(verdict, via)) co_return e;
  }
  // CONNECT, and the reply: version, code, a reserved byte (not checked), then the address the proxy bound.
  const std::string connecting = "the request to connect to " + where;
  std::array<std::uint8_t, 4> reply{};
  if (!co_await send(*request) || !co_await receive(reply.data(), reply.size())) co_return broken(connecting);
  auto bound = detail::socks5_check_reply(reply, via, where);
  if (!bound) co_return bound.error();
  std::size_t rest = *bound;
  if (rest == 0) {  // a name: its length comes first
    std::uint8_t length = 0;
    if (!co_await receive(&length, 1)) co_return broken(connecting);
    if (length == 0)
      co_return transport_error(TransportFailure::proxy, TransportPhase::connect,
                                via + " answered " + connecting + " with an empty host name");
    rest = std::size_t{length} + 2;
  }
  std::array<std::uint8_t, 255 + 2> discard{};
  if (!co_await receive(discard.data(), rest)) co_return broken(connecting);
  co_return std::nullopt;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::write_head(std::string& head, const detail::Target& target,
                                                        const std::optional<ProxyEndpoint>& proxy,
                                                        const detail::Hop& hop, const Request& request) const
    -> bool {
  // An HTTP(S) proxy is sent an http:// request with the absolute URL; through a tunnel it goes as to the host.
  const bool absolute_form = proxy && !proxy->is_socks() && !target.tls();
  const bool proxy_authorization = absolute_form && !proxy->authorization.empty();
  using namespace std::string_view_literals;  // appended without a strlen() each
  // Each field's line is ended by what follows it (the next field's "\r\n" + name, or the empty line), so
  // that each literal is one append.
  head.clear();
  head += to_string(hop.method);
  head += ' ';
  if (absolute_form) {
    head += target.scheme();
    head += "://"sv;
    head += target.authority();
  }
  head += target.target;
  head += " HTTP/1.1\r\nHost: "sv;
  head += target.authority();
  bool has_agent = false, has_encoding = false;
  for (const auto& [name, value] : hop.headers_of(request)) {
    // The fields the transport writes itself, told apart by their length first.
    switch (name.size()) {
      case 4:  // Host
      case 14:  // Content-Length
      case 17:  // Transfer-Encoding
        if (iequals(name, "Host") || iequals(name, "Content-Length") || iequals(name, "Transfer-Encoding")) continue;
        break;
      case 12:  // Content-Type
        if (!hop.content_type.empty() && iequals(name, "Content-Type")) continue;
        break;
      case 19:  // Proxy-Authorization
        if (proxy_authorization && iequals(name, "Proxy-Authorization")) continue;
        break;
      case 10:
        has_agent = has_agent || iequals(name, "User-Agent");
        break;
      case 15:
        has_encoding = has_encoding || iequals(name, "Accept-Encoding");
        break;
      default:
        break;
    }
    head += "\r\n"sv;
    head += name;
    head += ": "sv;
    head += value;
  }
  if (!has_agent) {
    head += "\r\nUser-Agent: "sv;
    head += options_.user_agent;
  }
  const bool decode = options_.accept_gzip && !has_encoding;
  if (decode) head += "\r\nAccept-Encoding: gzip"sv;
  if (!hop.content_type.empty()) {
    head += "\r\nContent-Type: "sv;
    head += hop.content_type;
  }
  if (proxy_authorization) {
    head += "\r\nProxy-Authorization: "sv;
    head += proxy->authorization;
  }
  if (hop.stream || !hop.body.empty() || hop.method == Method::post || hop.method == Method::put ||
      hop.method == Method::patch) {
    head += "\r\nContent-Length: "sv;
    head += std::to_string(hop.stream ? hop.stream->size : hop.body.size());
  }
  head += "\r\n\r\n"sv;
  return decode;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::round_trip(Connection& conn, const detail::Target& target,
                                                        const std::optional<ProxyEndpoint>& proxy,
                                                        const detail::Hop& hop, const Request& request,
                                                        detail::Operation& op, detail::Exchange& x)
    -> awaitable<void> {
  // The state of the exchange is the connection's, and what is done between two waits is in functions of
  // their own, whose locals (an Error is large) stay out of this coroutine's frame: a small frame is
  // recycled rather than allocated anew for every request.
  namespace asio = boost::asio;
  detail::BodyRace& race = conn.race;
  race = {};
  struct Ended {  // the pump of a streamed body stops however the exchange ends
    detail::BodyRace& race;
    ~Ended() { race.pump.reset(); }
  } ended{race};
  auto waiting = op.waiting([&conn] {
    conn.stream.close();
    if (conn.race.pump) conn.race.pump->stop();
  });

  // ---- the request: its head written here, fields in this order, then the body
  const bool decode = write_head(conn.request_head, target, proxy, hop, request);
  op.phase = TransportPhase::send;
  if (hop.stream || hop.body.size() >= watched_body_size) {
    co_await send_watched(conn, hop, request, op);
  } else {
    // The rest of what the socket did not take at once (through TLS: everything) is written as it drains.
    const std::array<asio::const_buffer, 2> whole{asio::buffer(conn.request_head),
                                                  asio::buffer(hop.body.data(), hop.body.size())};
    race.written = conn.stream.write_now(whole, race.write_ec);
    if (!race.write_ec && race.written < asio::buffer_size(whole)) {
      auto [ec, more] =
          co_await asio::async_write(conn.stream, detail::after(whole, race.written), detail::nothrow_awaitable);
      race.write_ec = ec;
      race.written += more;
    }
    race.write_complete = !race.write_ec;
  }
  if (settle_send(conn, request, target, op, x)) co_return;

  // ---- the response; interim 1xx answers are skipped, within a count and the header limit together
  auto& parser = conn.parser;
  if (race.read_ec) {
    // The connection ended while the request was written, with no final answer: nothing more will come,
    // and the socket is not read again.
    parser.emplace();
    co_return receive_failed(x, op, target, read_error(race.read_ec, *parser, target.host_port(), x.peer_closed));
  }
  std::size_t header_budget = options_.limits.max_header_bytes;
  for (int interim = 0;; ++interim) {
    start_parser(parser.emplace(), hop, header_budget);
    detail::HeadReader reader(*parser);
    auto done = reader.parse(conn.buffer);
    while (!done) {
      auto [ec, got] = co_await conn.stream.async_read_some(reader.room(conn.buffer), detail::nothrow_awaitable);
      done = reader.read(conn.buffer, ec, got);
    }
    const Head head = judge_head(*done, *parser, interim, header_budget, target, op, x);
    if (head == Head::failed) co_return;
    if (head == Head::final) break;
  }

  if (!parser->is_done()) {
    if (auto length = parser->content_length(); length && !parser->chunked()) {
      // A body of known length is read straight into the response's string: no parser pass and no copy
      // through the read buffer. The parser has already held the length against Limits::max_body_bytes.
      if (*length > options_.limits.max_body_bytes)
        co_return receive_failed(
            x, op, target, read_error(detail::http::error::body_limit, *parser, target.host_port(), x.peer_closed));
      std::string& body = parser->get().body;
      const auto n = static_cast<std::size_t>(*length);
      std::size_t have = parser->take_buffered_body(conn.buffer, n);
      while (have < n) {
        if (have == body.size()) body.resize(std::min(n, body.size() * 2));
        auto [ec, got] = co_await conn.stream.async_read_some(asio::buffer(body.data() + have, body.size() - have),
                                                              detail::nothrow_awaitable);
        have += got;
        if (!ec && op.interrupted()) ec = asio::error::timed_out;
        if (ec) co_return receive_failed(x, op, target, body_cut_short(target, have, n, ec));
      }
    } else {
      // Chunked, or delimited by the end of the connection: the parser reads the rest. Chunk data is
      // consumed as it arrives, so what waits unparsed in the buffer is a chunk header or the trailer
      // fields, which Beast would read without end: the buffer is held to Limits::max_header_bytes more
      // than one read while they do.
      const std::size_t unlimited = conn.buffer.max_size();
      conn.buffer.max_size(conn.buffer.size() + options_.limits.max_header_bytes + 64 * 1024);
      auto [ec, got] = co_await detail::http::async_read(conn.stream, conn.buffer, *parser, detail::nothrow_awaitable);
      conn.buffer.max_size(unlimited);
      if (ec == detail::http::error::buffer_overflow) ec = detail::http::error::header_limit;
      if (ec) co_return receive_failed(x, op, target, read_error(ec, *parser, target.host_port(), x.peer_closed));
    }
  }
  finish_exchange(x, conn, *parser, decode, target, op);
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::send_watched(Connection& conn, const detail::Hop& hop,
                                                          const Request& request, detail::Operation& op)
    -> awaitable<void> {
  // Written while the answer is read: a server that answers before it took the whole body stops the
  // writing, and its answer is what the caller gets (detail/early_answer.hpp). The reader runs beside the
  // writer on the same strand; the writer waits for it before going on.
  namespace asio = boost::asio;
  asio::experimental::channel<void(boost::system::error_code)> watched(op.strand(), 1);
  asio::co_spawn(op.strand(), watch_for_answer(conn, conn.race),
                 [&watched](std::exception_ptr) { watched.try_send(boost::system::error_code{}); });
  co_await write_request(conn, conn.request_head, hop, request, conn.race);
  co_await watched.async_receive(detail::nothrow_awaitable);
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::settle_send(const Connection& conn, const Request& request,
                                                         const detail::Target& target, detail::Operation& op,
                                                         detail::Exchange& x) const -> bool {
  const detail::BodyRace& race = conn.race;
  x.bytes_written = race.written;
  const bool answered_early = race.answered && !race.write_complete;
  if (race.problem && !race.write_ec && !answered_early) {
    // The server was promised more bytes than it will get: this connection cannot be used again.
    x.error = std::make_unique<Error>(make_error(ErrorKind::invalid_argument, *race.problem, request.operation));
    return true;
  }
  if (!race.write_ec && !answered_early) {
    op.phase = TransportPhase::receive;
    return false;
  }
  // A server that answered before taking the whole request, and may have closed the connection since: the
  // answer is read, and the send error stands only if no complete response is there.
  x.peer_closed = detail::is_closed_by_peer(race.write_ec);
  // Part of the request may have reached the server: its outcome is unknown unless none of it left.
  const auto f =
      x.bytes_written == 0 ? TransportFailure::connection_lost : TransportFailure::connection_lost_after_send;
  const std::string where = target.host_port();
  Error e = transport_error(f, TransportPhase::send,
                            answered_early ? "the response from " + where + " came before the whole request was sent"
                                           : "sending to " + where + " failed (" + race.write_ec.message() + ")");
  const bool may_have_answered =
      x.bytes_written > 0 && !op.interrupted() && (answered_early || x.peer_closed || conn.buffer.size() != 0);
  if (!may_have_answered) {
    exchange_failed(x, op, target, std::move(e));
    return true;
  }
  x.send_error = std::make_unique<Error>(std::move(e));
  return false;
}

WEBAPI_TRANSPORT_INLINE void BeastTransport::start_parser(detail::ResponseParser& parser, const detail::Hop& hop,
                                                          std::size_t header_budget) const {
  parser.header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(header_budget, UINT32_MAX)));
  parser.trailer_limit(options_.limits.max_header_bytes);
  parser.body_limit(options_.limits.max_body_bytes);
  if (hop.method == Method::head) parser.skip(true);
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::judge_head(const detail::HeadReader::Done& done,
                                                        const detail::ResponseParser& parser, int interim,
                                                        std::size_t& header_budget, const detail::Target& target,
                                                        detail::Operation& op, detail::Exchange& x) const -> Head {
  auto fail = [&](Error e) {
    receive_failed(x, op, target, std::move(e));
    return Head::failed;
  };
  const auto& [ec, used] = done;
  if (ec) return fail(read_error(ec, parser, target.host_port(), x.peer_closed));
  const int status = parser.get().status;
  // Beast takes any three digits; RFC 9110 status codes run from 100 to 599.
  if (status < 100 || status > 599)
    return fail(transport_error(TransportFailure::protocol, TransportPhase::receive,
                                "the response from " + target.host_port() + " has status " + std::to_string(status) +
                                    ", which is not an HTTP status (100 to 599)"));
  if (status >= 200 || status == 101) return Head::final;
  if (interim >= options_.limits.max_interim_responses)
    return fail(transport_error(TransportFailure::protocol, TransportPhase::receive,
                                "more than " + std::to_string(options_.limits.max_interim_responses) +
                                    " interim (1xx) responses from " + target.host_port() +
                                    " (Limits::max_interim_responses)"));
  header_budget -= std::min(header_budget, used);
  if (header_budget == 0)
    return fail(read_error(detail::http::error::header_limit, parser, target.host_port(), x.peer_closed));
  return Head::interim;
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::body_cut_short(const detail::Target& target, std::size_t have,
                                                            std::size_t n, const boost::system::error_code& ec)
    -> Error {
  namespace asio = boost::asio;
  const bool truncated = ec == asio::error::eof || ec == asio::ssl::error::stream_truncated;
  return transport_error(TransportFailure::connection_lost_after_send, TransportPhase::receive,
                         "the response body from " + target.host_port() + " ended after " + std::to_string(have) +
                             " of its " + std::to_string(n) + " bytes" +
                             (truncated ? std::string() : " (" + ec.message() + ")"));
}

WEBAPI_TRANSPORT_INLINE void BeastTransport::exchange_failed(detail::Exchange& x, detail::Operation& op,
                                                             const detail::Target& target, Error e) {
  // The timeout or the cancellation when that was what ended the wait.
  const auto phase = e.transport_phase == TransportPhase::none ? TransportPhase::receive : e.transport_phase;
  x.error = std::make_unique<Error>(
      op.interrupted() ? op.interruption(phase, "no complete response from", target.host_port()) : std::move(e));
  x.reusable = false;
}

WEBAPI_TRANSPORT_INLINE void BeastTransport::receive_failed(detail::Exchange& x, detail::Operation& op,
                                                            const detail::Target& target, Error e) {
  // Any failure reading an answer to a request not wholly sent is the send's failure.
  if (x.send_error) e = std::move(*x.send_error);
  exchange_failed(x, op, target, std::move(e));
}

WEBAPI_TRANSPORT_INLINE void BeastTransport::finish_exchange(detail::Exchange& x, const Connection& conn,
                                                             detail::ResponseParser& parser, bool decode,
                                                             const detail::Target& target,
                                                             detail::Operation& op) const {
  if (op.interrupted())
    return exchange_failed(x, op, target, transport_error(TransportFailure::request_timeout, "deadline passed"));
  // After 101 Switching Protocols the connection speaks another protocol: it never goes back to the pool.
  // Nor does one whose request was cut short by an early answer: the server is left mid-body.
  x.reusable = parser.keep_alive() && conn.buffer.size() == 0 && parser.get().status != 101 && !x.send_error;
  Response response = parser.release();
  if (decode && !response.body.empty()) {
    if (auto coding = response.headers.get("Content-Encoding")) {
      std::string_view c = ascii::trim_ows(*coding);
      if (iequals(c, "gzip") || iequals(c, "x-gzip") || iequals(c, "deflate")) {
        std::string plain;
        if (auto problem = detail::inflate_body(response.body, options_.limits.max_body_bytes, plain)) {
          // Decoding stops with more than the limit decoded exactly when the limit was what ended it.
          const bool too_large = plain.size() > options_.limits.max_body_bytes;
          x.error = std::make_unique<Error>(
              transport_error(too_large ? TransportFailure::body_too_large : TransportFailure::protocol,
                              TransportPhase::receive, "response body from " + target.host_port() + ": " + *problem));
          x.reusable = false;
          return;
        }
        response.body = std::move(plain);
        response.headers.erase("Content-Encoding");
        response.headers.set("Content-Length", std::to_string(response.body.size()));
      }
    }
  }
  x.response = std::move(response);
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::write_request(Connection& conn, const std::string& head,
                                                           const detail::Hop& hop, const Request& request,
                                                           detail::BodyRace& race) -> awaitable<void> {
  namespace asio = boost::asio;
  auto finish = [&](boost::system::error_code ec) {
    race.write_ec = race.answered && ec == asio::error::operation_aborted ? boost::system::error_code{} : ec;
    race.writing = false;
    if (race.problem) conn.stream.close();  // the reader stops too: nothing will come
  };
  if (auto ec = co_await write_watched(conn, asio::buffer(head), race); ec || race.answered) co_return finish(ec);
  if (!hop.stream) {
    auto ec = co_await write_watched(conn, asio::buffer(hop.body.data(), hop.body.size()), race);
    race.write_complete = !ec && !race.answered;
    co_return finish(ec);
  }
  // The stream is held to the size it announced in Content-Length: a byte more would start a second,
  // smuggled request on the connection, a byte less would leave the server waiting.
  race.pump = std::make_unique<detail::BodyPump>(conn.stream.get_executor());
  race.pump->start(request.body_stream);
  for (;;) {
    auto [rec, piece] = co_await race.pump->channel().async_receive(detail::nothrow_awaitable);
    if (rec == asio::error::eof) break;
    if (rec || race.answered) {
      race.pump->stop();
      co_return finish(race.answered ? boost::system::error_code{} : asio::error::operation_aborted);
    }
    auto wec = co_await write_watched(conn, asio::buffer(piece), race);
    if (wec || race.answered) {
      race.pump->stop();
      co_return finish(wec);
    }
  }
  const auto outcome = race.pump->outcome();
  const std::uint64_t announced = hop.stream->size;
  if (!outcome.problem.empty())
    race.problem = outcome.problem;
  else if (outcome.over || outcome.handed != announced)
    race.problem = "the request body stream announced " + std::to_string(announced) + " bytes but handed over " +
                   (outcome.over ? "more" : std::to_string(outcome.handed)) + "; the request was not completed";
  race.write_complete = !race.problem;
  co_return finish({});
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::write_watched(Connection& conn, boost::asio::const_buffer b,
                                                           detail::BodyRace& race)
    -> awaitable<boost::system::error_code> {
  while (b.size() != 0 && !race.answered) {
    auto [ec, n] = co_await conn.stream.async_write_some(b, detail::nothrow_awaitable);
    race.written += n;
    b += n;
    if (ec) co_return ec;
  }
  co_return boost::system::error_code{};
}

WEBAPI_TRANSPORT_INLINE auto BeastTransport::watch_for_answer(Connection& conn, detail::BodyRace& race)
    -> awaitable<void> {
  const std::size_t limit = options_.limits.max_header_bytes;
  for (;;) {
    auto [ec, n] =
        co_await conn.stream.async_read_some(conn.buffer.prepare(Connection::read_capacity), detail::nothrow_awaitable);
    conn.buffer.commit(n);
    if (ec) {
      race.read_ec = ec;
      co_return;
    }
    const auto data = conn.buffer.data();
    if (detail::holds_final_answer(std::string_view(static_cast<const char*>(data.data()), data.size()), limit)) {
      race.answered = true;
      if (race.writing) {
        conn.stream.cancel();
        if (race.pump) race.pump->stop();
      }
      co_return;
    }
  }
}

template <class Parser>
WEBAPI_TRANSPORT_INLINE auto BeastTransport::read_error(const boost::system::error_code& ec, const Parser& parser,
                                                        const std::string& where, bool& peer_closed) const -> Error {
  namespace http = detail::http;
  constexpr auto phase = TransportPhase::receive;
  if (ec == http::error::body_limit)
    return transport_error(TransportFailure::body_too_large, phase,
                           "response body from " + where + " exceeds the limit of " +
                               std::to_string(options_.limits.max_body_bytes) + " bytes (Limits::max_body_bytes)");
  if (ec == http::error::header_limit)
    return transport_error(TransportFailure::header_too_large, phase,
                           "response header from " + where + " exceeds the limit of " +
                               std::to_string(options_.limits.max_header_bytes) + " bytes (Limits::max_header_bytes)");
  if (!parser.got_some() && detail::is_closed_by_peer(ec)) {
    peer_closed = true;
    return transport_error(TransportFailure::connection_lost_after_send, phase,
                           "connection to " + where + " closed before a response arrived (" + ec.message() + ")");
  }
  if (ec == boost::asio::ssl::error::stream_truncated)
    return transport_error(TransportFailure::connection_lost_after_send, phase,
                           "the response from " + where + " was cut short: TLS ended without close_notify");
  if (ec.category() == http::make_error_code(http::error::bad_version).category() && ec != http::error::partial_message)
    return transport_error(TransportFailure::protocol, phase,
                           "invalid response from " + where + " (" + ec.message() + ")");
  return transport_error(TransportFailure::connection_lost_after_send, phase,
                         "reading the response from " + where + " failed (" + ec.message() + ")");
}

}  // namespace webapi

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#undef WEBAPI_TRANSPORT_INLINE
