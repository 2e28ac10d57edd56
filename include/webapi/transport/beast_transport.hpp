#pragma once
// BeastTransport: a webapi::Transport and webapi::AsyncTransport that speaks HTTP/1.1 over TCP or TLS, built
// on Asio (sockets, resolver, timers, asio::ssl::stream through an https:// proxy), OpenSSL behind Asio's
// waits for a target's TLS session over the socket (detail/socket_tls.hpp), and Beast's response parser.
//
//   webapi::BeastTransport http;                       // system roots, no redirects, proxies from the env
//   webapi::quotes::Client quotes{http, {.api_key = key}};
//
//   // In a coroutine on your own io_context:
//   webapi::BeastTransport async_http{io.get_executor(), {}};
//   webapi::Result<webapi::Response> r = co_await async_http.async_send(request, boost::asio::use_awaitable);
//
// Threading. Every request is a C++20 coroutine. Asynchronous sends run on the executor the transport was
// made with, each on one of the transport's strands (whoever runs that io_context runs them, on as many
// threads as call run()) or, when Options::single_threaded_executor says one thread runs it, on the executor
// itself; or, on a transport made without one, on an io_context it owns, which a thread it starts at the
// first asynchronous send runs. A send awaited with boost::asio::use_awaitable, in a coroutine that runs on
// that very executor (a single-threaded one, or the transport's own) and has no cancellation slot, runs
// inside the awaiting coroutine instead of as one of its own: the same steps, a scheduling round trip fewer.
// A blocking send() or send_all() runs its requests on the calling thread, on an io_context it has to itself
// while it is blocked (detail/lane.hpp): callers on many threads do their I/O side by side and never wait
// for one another or for another thread. One object may be shared by any number of threads in every case.
//
// Idle keep-alive connections are pooled per scheme, host and port (and proxy: HTTP, HTTPS or SOCKS5, see
// proxy.hpp), and per io_context their sockets belong to: a blocked caller finds the connections of the
// caller that ran its io_context before it. Every failure is a transport Error carrying its
// TransportFailure and TransportPhase (failure.hpp); its message starts with the failure's phrase and never
// quotes a header value, a query or a body.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/associated_cancellation_slot.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/cancellation_type.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/system/error_code.hpp>

#include <webapi/core/async_transport.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/exception.hpp>
#include <webapi/core/request.hpp>
#include <webapi/core/result.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/core/validate.hpp>
#include <webapi/transport/detail/lane.hpp>
#include <webapi/transport/detail/operation.hpp>
#include <webapi/transport/options.hpp>
#include <webapi/transport/proxy.hpp>

namespace webapi {

namespace detail {
struct Hop;
struct Leg;
struct Connected;
struct Exchange;
struct BodyRace;
class ResponseParser;
class Target;
class Stream;
}  // namespace detail

/// The HTTP/1.1 transport over TCP or TLS: see the file's introduction. Thread-safe; every failure is a
/// transport Error with its TransportFailure and TransportPhase, and an HTTP status of any kind is a Response.
class BeastTransport {
 private:
  // ---- starting an operation --------------------------------------------------------------------------

  /// Starts `op`, which holds its request, and completes with its Result as `token` asks.
  template <class CompletionToken>
  auto start(std::shared_ptr<detail::Operation> op, CompletionToken&& token) {
    return boost::asio::async_initiate<CompletionToken, SendSignature>(
        [this](auto handler, std::shared_ptr<detail::Operation> op) {
          // this->: clang counts an unqualified member call in a generic lambda as no use of the capture.
          this->launch(std::move(handler), std::move(op));
        },
        token, std::move(op));
  }

  template <class Handler>
  void launch(Handler handler, std::shared_ptr<detail::Operation> op) {
    namespace asio = boost::asio;
    auto slot = asio::get_associated_cancellation_slot(handler);
    if (slot.is_connected())
      slot.assign([weak = std::weak_ptr<detail::Operation>(op)](asio::cancellation_type type) {
        if (type == asio::cancellation_type::none) return;
        if (auto o = weak.lock()) asio::post(o->strand(), [o] { o->cancel(); });
      });
    const Request& request = *op->request;
    spawn(std::move(op), std::move(handler), request);
  }

  /// Runs `op`, which sends `request`, and hands its Result to `handler` on the handler's executor (by
  /// default the operation's lane's). `op` holds `request` for an asynchronous send; a blocking caller keeps
  /// its own until then.
  template <class Handler>
  void spawn(std::shared_ptr<detail::Operation> op, Handler handler, const Request& request) {
    namespace asio = boost::asio;
    // co_spawn keeps the handler's executor busy and completes there, with the Result named for its operation.
    auto ex = asio::get_associated_executor(handler, op->lane().executor);
    const auto& strand = op->strand();
    auto sending = run(request, op);  // before `op` moves into the handler
    asio::co_spawn(strand, std::move(sending),
                   asio::bind_executor(std::move(ex), [&request, op = std::move(op),
                                                       handler = std::move(handler)](std::exception_ptr e) mutable {
                     asio::get_associated_cancellation_slot(handler).clear();
                     std::move(handler)(finished(op->result, e != nullptr, request));
                   }));
  }

  /// `op` awaited with boost::asio::use_awaitable. In a coroutine that runs on the operation's own executor
  /// and has no cancellation slot, run() is awaited right there; otherwise it is started as start() starts
  /// it, as its own coroutine, which takes it back to the caller's executor and catches its cancellation.
  /// Either way the caller is resumed through its executor's queue, as after any asynchronous operation of
  /// Asio's, even when the request was refused before it waited for anything.
  boost::asio::awaitable<Result<Response>> awaited(std::shared_ptr<detail::Operation> op) {
    namespace asio = boost::asio;
    const auto cancellation = co_await asio::this_coro::cancellation_state;
    if (cancellation.slot().is_connected() || !(co_await asio::this_coro::executor == op->strand()))
      co_return co_await start(std::move(op), asio::use_awaitable);
    bool threw = false;
    try {
      co_await run(*op->request, op);
    } catch (...) {
      threw = true;
    }
    if (!op->waited()) co_await asio::post(asio::use_awaitable);
    co_return finished(op->result, threw, *op->request);
  }

  /// What run() left in `result` for `request`, as the caller gets it: an error named for the request's
  /// operation, and an error for no result (`threw`: run() ended with an exception).
  static Result<Response> finished(std::optional<Result<Response>>& result, bool threw, const Request& request) {
    if (!result)
      return transport_error(TransportFailure::other, TransportPhase::none,
                             threw ? "the request failed unexpectedly" : "no result");
    if (!*result && result->error().operation.empty()) {
      Error named = std::move(*result).error();
      named.operation = request.operation;
      return named;
    }
    return std::move(*result);
  }

 public:
  /// Its configuration.
  using Options = BeastTransportOptions;
  /// Where its requests run.
  using executor_type = boost::asio::any_io_executor;

  /// Default options: system roots, no redirects followed, proxies from the environment.
  BeastTransport() : BeastTransport(Options{}) {}

  /// A Request::body_stream (an upload from disk) is sent as it is read, never held whole.
  static constexpr bool streams_request_bodies = true;

  /// Runs its asynchronous sends on an io_context of its own, which the first async_send starts one thread
  /// to run; send() and send_all() run on the calling thread. Throws webapi::Exception
  /// (invalid_argument) when a configured CA file or PEM cannot be loaded, or when the User-Agent could not
  /// be sent as a header (CR, LF or another control character in it).
  explicit BeastTransport(Options options);

  /// Runs its asynchronous sends on `executor` (e.g. an io_context's, run by the caller's threads); it starts
  /// no thread. send() and send_all() still run on the calling thread, which may be one that runs
  /// `executor`. Throws as the other constructor does.
  BeastTransport(executor_type executor, Options options);

  /// Not copied: it owns a connection pool; share one object between clients and threads instead.
  BeastTransport(const BeastTransport&) = delete;
  /// Not assigned, for the same reason.
  BeastTransport& operator=(const BeastTransport&) = delete;
  /// Closes the pooled connections; with an io_context of its own, stops it and its thread. Every
  /// asynchronous send must have completed by then.
  ~BeastTransport();

  /// The options it was made with.
  const Options& options() const noexcept { return options_; }
  /// The proxy settings in force (the environment's, unless Options::proxy was given).
  const ProxyConfig& proxies() const noexcept { return proxies_; }
  /// Where its requests run: the executor it was given, or that of its own io_context.
  executor_type get_executor() const noexcept { return executor_; }

  /// Sends `request` and completes with the response, whatever its status, or the transport Error; the same
  /// Result send() returns. `token` is any Asio completion token (a callback taking the Result,
  /// boost::asio::use_awaitable, use_future, deferred). It completes on the handler's associated executor
  /// (by default this transport's). A cancellation emitted on the handler's cancellation slot stops the
  /// request: its connection is closed, not pooled, and it completes with a transport Error of kind
  /// TransportFailure::cancelled whose phase says how far it had got (nothing_was_sent() tells whether the
  /// request may have reached the server). Any thread may call it.
  template <class CompletionToken>
  auto async_send(Request request, CompletionToken&& token) {
    start_runner();
    // One allocation holds the operation and the request it sends.
    auto op = std::make_shared<detail::Operation>(request_executor(shared_), shared_);
    op->request.emplace(std::move(request));
    if constexpr (std::is_same_v<std::decay_t<CompletionToken>, boost::asio::use_awaitable_t<>>)
      if (strands_.empty()) return awaited(std::move(op));
    return start(std::move(op), std::forward<CompletionToken>(token));
  }

  /// Sends `request` and returns the response, whatever its status. Thread-safe: the request runs as
  /// async_send runs it, on an io_context the calling thread runs until it is done (see above), so it may be
  /// called from any thread, a completion handler's included.
  Result<Response> send(const Request& request);

  /// Sends every request of `requests`, up to `concurrency` (at least 1) of them at once, each over a
  /// connection of its own, and returns their results in the same order. Each request goes as send() sends
  /// it: the same pool, limits, timeouts and redirects, and a failure is that request's result while the
  /// others go on. The requests are coroutines on the calling thread's io_context, as send()'s: one thread
  /// keeps `concurrency` connections busy. PoolOptions::max_idle_per_host of at least `concurrency` keeps
  /// the connections for the next call. Thread-safe, like send().
  std::vector<Result<Response>> send_all(std::span<const Request> requests, std::size_t concurrency = 16);

  /// Idle connections currently pooled, over all hosts.
  std::size_t idle_connections() const;

  /// Closes every idle connection.
  void close_idle();

 private:
  using Connection = detail::Connection;
  using ConnectionPtr = std::unique_ptr<Connection>;
  template <class T>
  using awaitable = boost::asio::awaitable<T>;

  /// Where a request's steps run: on an io_context that one thread runs (a blocked caller's, or the
  /// transport's own), the io_context itself; on an executor the transport was given, which any number of
  /// threads may run, one of the transport's strands, taken in turn (strands_), unless the options say one
  /// thread runs it.
  boost::asio::any_io_executor request_executor(detail::Lane& lane) const {
    if (strands_.empty() || &lane != &shared_) return lane.executor;
    return strands_[next_strand_.fetch_add(1, std::memory_order_relaxed) % strands_.size()];
  }

  /// The strands of the asynchronous sends on an executor the transport was given: made once rather than
  /// one per request (two allocations, and a strand's set-up and tear-down each time). Requests that share
  /// one take turns only for the moments their handlers run. A strand over an io_context's executor is made
  /// over that type, not over the type-erased one: it fits in an any_io_executor without an allocation, and
  /// each of its handlers reaches the io_context through one layer of erasure instead of two.
  static std::vector<boost::asio::any_io_executor> make_strands(const executor_type& executor) {
    constexpr std::size_t count = 64;
    std::vector<boost::asio::any_io_executor> strands;
    strands.reserve(count);
    const auto* io = executor.target<boost::asio::io_context::executor_type>();
    for (std::size_t i = 0; i < count; ++i)
      strands.emplace_back(io ? boost::asio::any_io_executor(boost::asio::make_strand(*io))
                              : boost::asio::any_io_executor(boost::asio::make_strand(executor)));
    return strands;
  }

  /// The transport's own io_context needs a thread to run its asynchronous sends: started the first time
  /// one is asked for.
  void start_runner() {
    if (own_) std::call_once(runner_started_, [this] { runner_ = std::thread([io = own_.get()] { io->run(); }); });
  }

  /// How long each address has to itself before the next one is tried beside it (RFC 8305).
  static constexpr std::chrono::milliseconds connection_attempt_delay{250};
  /// A body at least this large is written while the answer is watched for; a smaller one fits the socket
  /// buffers, so its write never waits for the server.
  static constexpr std::size_t watched_body_size = 64 * 1024;

  static Options checked(Options o) {
    if (auto problem = header_problem("User-Agent", o.user_agent))
      throw Exception(make_error(ErrorKind::invalid_argument, "BeastTransportOptions::user_agent: " + *problem));
    return o;
  }

  static bool is_redirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  }

  /// Sends `request` and follows its redirects, each hop on a pooled connection or a new one, and on a new
  /// one again when a pooled one turned out closed, and leaves what it came to in `op`'s result.
  awaitable<void> run(const Request& request, std::shared_ptr<detail::Operation> op);

  /// The first hop of `request`, or what is wrong with the request.
  std::unique_ptr<Error> first_hop(const Request& request, detail::Hop& hop) const;

  /// Where `hop` goes (`redirects` made so far): its target, proxy and pool key.
  std::unique_ptr<Error> plan_leg(const Request& request, const detail::Hop& hop, int redirects,
                                  detail::Leg& leg) const;

  /// Makes `hop` the next one when `response` is a redirect to follow (`follow` is then set), or says why it
  /// cannot be followed.
  std::unique_ptr<Error> follow_redirect(detail::Hop& hop, const detail::Target& target, const Response& response,
                                         const Request& request, int redirects, bool& follow) const;

  // ---- redirects --------------------------------------------------------------------------------------

  Result<detail::Hop> next_hop(const detail::Hop& from, const detail::Target& from_target, std::string_view location,
                               int status, const Request& request) const;

  // ---- proxies ----------------------------------------------------------------------------------------

  /// The proxy for `t`, nullopt for a direct connection, or an error when the configured proxy URL is bad.
  Result<std::optional<ProxyEndpoint>> proxy_for(const detail::Target& t) const;

  // ---- the pool ---------------------------------------------------------------------------------------

  /// An idle connection of `lane`'s to `key`, still usable, or null.
  ConnectionPtr take_idle(const std::string& key, detail::Lane& lane);

  /// Pools `c` in `lane`, within PoolOptions::max_idle_per_host over all lanes.
  void put_idle(ConnectionPtr c, detail::Lane& lane);

  // ---- connecting -------------------------------------------------------------------------------------

  /// The addresses of a host, or why there are none.
  struct Lookup {
    std::vector<boost::asio::ip::tcp::endpoint> endpoints;
    boost::system::error_code ec;
  };

  /// Looks `host` up: an IP address needs no lookup; Options::resolver, when set, is called here, on the
  /// executor; else Asio's resolver, which the deadline in force cancels.
  awaitable<Lookup> lookup(const std::string& host, std::uint16_t port, detail::Operation& op);

  awaitable<detail::Connected> connect(const detail::Target& target, const std::optional<ProxyEndpoint>& proxy,
                                       const std::string& key, const detail::Deadline& whole, detail::Operation& op);

  /// The TLS handshake of the topmost session of `stream`, whose SSL object is `ssl`, with `host` (SNI, and
  /// the name its certificate must carry unless TlsOptions::insecure_skip_verify), within the TLS handshake
  /// timeout.
  awaitable<std::optional<Error>> handshake(detail::Stream& stream, SSL* ssl, const std::string& host,
                                            const std::string& peer, const detail::Deadline& whole,
                                            detail::Operation& op);

  /// A failed handshake: `certificate` when the peer's certificate was what failed, else `tls`.
  static Error handshake_error(SSL* ssl, const boost::system::error_code& ec, const std::string& peer);

  /// Asks the proxy for a tunnel to the target with CONNECT, within the connect deadline in force.
  awaitable<std::optional<Error>> tunnel(Connection& conn, const detail::Target& target, const ProxyEndpoint& proxy,
                                         detail::Operation& op);

  /// Asks the SOCKS5 proxy `proxy` for a tunnel to `target` (detail/socks.hpp makes and judges the messages),
  /// within the connect deadline in force. A socks5:// proxy is given the address the target's name resolves
  /// to here, a socks5h:// proxy the name itself; an IP literal is sent as an address either way. None of the
  /// errors quotes the credentials.
  awaitable<std::optional<Error>> socks5(Connection& conn, const ProxyEndpoint& proxy, const detail::Target& target,
                                         detail::Operation& op);

  // ---- one request and its response on one connection -------------------------------------------------

  /// Sends `hop` on `conn` and reads the response into `x`. What happens between two waits is done by the
  /// functions below, whose locals stay out of its coroutine frame.
  awaitable<void> round_trip(Connection& conn, const detail::Target& target, const std::optional<ProxyEndpoint>& proxy,
                             const detail::Hop& hop, const Request& request, detail::Operation& op,
                             detail::Exchange& x);

  /// Makes the request head in `head`; true when a gzip answer is asked for, and is to be decoded.
  bool write_head(std::string& head, const detail::Target& target, const std::optional<ProxyEndpoint>& proxy,
                  const detail::Hop& hop, const Request& request) const;

  /// Sends a body too large to fit the socket's buffers, or a streamed one, while the answer is watched for.
  awaitable<void> send_watched(Connection& conn, const detail::Hop& hop, const Request& request, detail::Operation& op);

  /// Judges how the sending went: true when `x` is the outcome (the send failed and no answer can have
  /// come); otherwise the response is read, and a send error is kept in x.send_error meanwhile.
  bool settle_send(const Connection& conn, const Request& request, const detail::Target& target, detail::Operation& op,
                   detail::Exchange& x) const;

  /// Sets the limits of a parser for the next head (interim answers share `header_budget`).
  void start_parser(detail::ResponseParser& parser, const detail::Hop& hop, std::size_t header_budget) const;

  /// What a head that was read is: the end of the exchange (`x` then says why), an interim (1xx) answer
  /// to skip, or the final answer.
  enum class Head { failed, interim, final };
  /// Judges a head that was read (`done`: the error, and the bytes used). Counts an interim answer's bytes
  /// against `header_budget`.
  Head judge_head(const std::tuple<boost::system::error_code, std::size_t>& done, const detail::ResponseParser& parser,
                  int interim, std::size_t& header_budget, const detail::Target& target, detail::Operation& op,
                  detail::Exchange& x) const;

  /// A body of known length that ended after `have` of its `n` bytes.
  static Error body_cut_short(const detail::Target& target, std::size_t have, std::size_t n,
                              const boost::system::error_code& ec);

  /// `x` failed with `e`, or with the timeout or cancellation that ended the wait; the connection is not
  /// pooled.
  static void exchange_failed(detail::Exchange& x, detail::Operation& op, const detail::Target& target, Error e);

  /// Reading the response failed with `e`; a send that failed before stands instead.
  static void receive_failed(detail::Exchange& x, detail::Operation& op, const detail::Target& target, Error e);

  /// The response read whole, into `x`: decoded when asked for, and whether the connection may be pooled.
  void finish_exchange(detail::Exchange& x, const Connection& conn, detail::ResponseParser& parser, bool decode,
                       const detail::Target& target, detail::Operation& op) const;

  /// Writes the request head and its body (whole, or piece by piece from its stream, held to the size it
  /// announced) and records how it went in `race`; stops early when the reader saw an answer.
  awaitable<void> write_request(Connection& conn, const std::string& head, const detail::Hop& hop,
                                const Request& request, detail::BodyRace& race);

  /// Writes `b` a piece at a time, stopping once the reader saw an answer: the reader cancels a write that
  /// waits for the socket, and one that had just finished is not followed by another.
  awaitable<boost::system::error_code> write_watched(Connection& conn, boost::asio::const_buffer b,
                                                     detail::BodyRace& race);

  /// Reads what the server sends while the request is written, until it holds a final answer (then the
  /// writer is stopped) or the connection fails; what it read stays in the connection's buffer for the
  /// response reader.
  awaitable<void> watch_for_answer(Connection& conn, detail::BodyRace& race);

  /// The Error for a failed read of (part of) a response. The whole request had been sent by then, so a
  /// broken connection leaves its outcome unknown.
  template <class Parser>
  Error read_error(const boost::system::error_code& ec, const Parser& parser, const std::string& where,
                   bool& peer_closed) const;

  Options options_;
  ProxyConfig proxies_;
  std::shared_ptr<boost::asio::ssl::context> tls_context_;
  std::unique_ptr<boost::asio::io_context> own_;  ///< null when made with an executor
  executor_type executor_;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_;
  std::once_flag runner_started_;
  std::thread runner_;  ///< runs own_ from the first async_send on
  /// Guards every lane's idle connections and idle_count_.
  mutable std::mutex pool_mutex_;
  /// Idle connections per pool key, over all lanes; never erased from (lanes' slots point to the counts).
  std::unordered_map<std::string, std::size_t> idle_count_;
  detail::Lane shared_;  ///< where async_send runs: executor_
  /// on a given executor that several threads may run only (make_strands())
  std::vector<boost::asio::any_io_executor> strands_;
  mutable std::atomic<std::size_t> next_strand_{0};
  detail::BlockingLanes lanes_;  ///< where send() and send_all() run
};

}  // namespace webapi

// Header-only unless the program compiles the definitions once (see impl/beast_transport.ipp).
#if !defined(WEBAPI_SEPARATE_COMPILATION) && !defined(WEBAPI_TRANSPORT_SEPARATE_COMPILATION)
#include <webapi/transport/impl/beast_transport.ipp>
#endif
