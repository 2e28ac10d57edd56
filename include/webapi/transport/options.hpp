#pragma once
// The options of BeastTransport, each a small aggregate filled with designated initializers:
//
//   webapi::BeastTransport http{{.timeouts = {.request = 5s}, .redirects = {.follow = true}}};

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <webapi/transport/proxy.hpp>

namespace webapi {

/// How the server's certificate is checked. By default it must chain to a system root and name the host.
struct TlsOptions {
  bool system_roots = true;           ///< trust the roots of the system's CA store
  std::string ca_file{};              ///< a PEM file of further trusted roots, e.g. a company CA
  std::string ca_pem{};               ///< further trusted roots, PEM text held in memory
  bool insecure_skip_verify = false;  ///< accept any certificate for any host; for local experiments only

  /// A client certificate, for servers that ask for one (mutual TLS): a PEM chain, leaf first, and its
  /// private key, each from a file or held in memory. A certificate needs its key and the two must match;
  /// the transport's constructor says which is missing or wrong, never quoting the key.
  std::string client_cert_file{};
  /// a PEM file of the private key of `client_cert_file`
  std::string client_key_file{};
  /// the client certificate chain as PEM text held in memory
  std::string client_cert_pem{};
  /// its private key as PEM text held in memory
  std::string client_key_pem{};
  std::string client_key_password{};  ///< for an encrypted key; the transport never prompts for one
};

/// Each timeout bounds one phase; an error names the one that fired.
struct Timeouts {
  std::chrono::milliseconds connect{10'000};        ///< name resolution and TCP connect, per connection
  std::chrono::milliseconds tls_handshake{10'000};  ///< the TLS handshake, per connection
  std::chrono::milliseconds request{60'000};        ///< the whole send(), connecting and redirects included
};

/// Bounds on what a response may make the transport hold in memory.
struct Limits {
  /// Status line and header fields together; the trailer fields after a chunked body, which are dropped,
  /// are held to as much again.
  std::size_t max_header_bytes = 64 * 1024;
  std::size_t max_body_bytes = 64 * 1024 * 1024;  ///< the body, after gzip decoding
  /// Interim (1xx) responses before the final one; together they may hold max_header_bytes at most.
  int max_interim_responses = 8;
};

/// Redirects are handed to the caller unless `follow` is set (a 302 often is the answer a caller wants).
/// A followed redirect to another scheme, host or port never carries credentials: Authorization, Cookie,
/// Proxy-Authorization and every header and query parameter named in Request::secrets are dropped.
struct RedirectOptions {
  /// follow 301, 302, 303, 307 and 308 answers that carry a Location
  bool follow = false;
  /// the most redirects followed for one send(); one more is a transport Error (protocol, phase redirect)
  int max_hops = 5;
};

/// Idle keep-alive connections, kept per scheme, host, port (and proxy).
struct PoolOptions {
  std::size_t max_idle_per_host = 8;                ///< beyond this, a returned connection is closed
  std::chrono::milliseconds max_idle_time{60'000};  ///< an idle connection older than this is not reused
};

/// Everything BeastTransport can be configured with; every member has a working default.
struct BeastTransportOptions {
  /// certificate checks and client certificates
  TlsOptions tls{};
  /// how long each phase may take
  Timeouts timeouts{};
  /// how large an answer may be
  Limits limits{};
  /// whether redirects are followed
  RedirectOptions redirects{};
  /// how idle connections are kept for reuse
  PoolOptions pool{};
  /// nullopt: read HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (either case) when the transport is
  /// made. ProxyConfig{} connects directly whatever the environment says.
  std::optional<ProxyConfig> proxy{};
  /// Looks a host name up instead of the system (Asio's resolver): the IP addresses to try, in order; none
  /// when the name is unknown. It is called where the request runs (the transport's executor, or the thread
  /// blocked in send()) and blocks it while it runs, beyond the reach of any timeout: answer from memory,
  /// never wait on the network. Empty: the system resolver.
  std::function<std::vector<std::string>(const std::string& host)> resolver{};
  std::string user_agent = "webapi/0.1";  ///< sent unless the request sets its own User-Agent
  /// Set when one thread alone runs the executor given to BeastTransport(executor, options), as in the design
  /// with an io_context per thread: asynchronous sends then run on that executor directly, without a strand
  /// each (a strand costs about a tenth of a plain request's instructions). Never set it for an executor
  /// several threads run: the steps of one send could run at once. Ignored by a transport that owns its
  /// io_context.
  bool single_threaded_executor = false;
  bool accept_gzip =
      true;  ///< ask for gzip and decode it; off, or a caller's own Accept-Encoding, passes bodies through
};

}  // namespace webapi
