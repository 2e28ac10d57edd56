#pragma once
// The client TLS context (TLS 1.2 and up, system roots, optional extra CAs) and per-connection checks
// (SNI and host-name or IP verification).

#include <memory>
#include <string>
#include <string_view>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/system/error_code.hpp>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <webapi/core/error.hpp>
#include <webapi/core/exception.hpp>
#include <webapi/transport/options.hpp>

namespace webapi::detail {

/// Builds the one SSL_CTX every connection of a transport shares; throws webapi::Exception
/// (invalid_argument) when a configured CA cannot be loaded.
inline std::shared_ptr<boost::asio::ssl::context> make_client_tls_context(const TlsOptions& o) {
  namespace ssl = boost::asio::ssl;
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_client);
  SSL_CTX* native = ctx->native_handle();
  SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
  ctx->set_options(ssl::context::default_workarounds | ssl::context::no_compression);
  // Stream writes up to one record from a buffer that may move between retries, and reads ahead: records
  // already in the socket are taken in one recv() into a 64 KiB buffer.
  SSL_CTX_set_mode(native, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
  SSL_CTX_set_read_ahead(native, 1);
  SSL_CTX_set_default_read_buffer_len(native, 64 * 1024);
  auto fail = [](std::string what, const boost::system::error_code& ec) {
    throw Exception(make_error(ErrorKind::invalid_argument, what + ": " + ec.message()));
  };
  boost::system::error_code ec;
  if (o.insecure_skip_verify) {
    ctx->set_verify_mode(ssl::verify_none);
    return ctx;
  }
  ctx->set_verify_mode(ssl::verify_peer);
  if (o.system_roots) {
    ctx->set_default_verify_paths(ec);
    if (ec) fail("cannot load the system's trusted certificates", ec);
  }
  if (!o.ca_file.empty()) {
    ctx->load_verify_file(o.ca_file, ec);
    if (ec) fail("cannot load CA file '" + o.ca_file + "'", ec);
  }
  if (!o.ca_pem.empty()) {
    ctx->add_certificate_authority(boost::asio::buffer(o.ca_pem), ec);
    if (ec) fail("cannot load the in-memory CA certificates", ec);
  }
  return ctx;
}

/// Sets SNI and the name (or address) the peer's certificate must carry on a fresh SSL object.
inline bool configure_client_ssl(SSL* ssl, const std::string& host, bool verify) {
  boost::system::error_code ec;
  (void)boost::asio::ip::make_address(host, ec);
  const bool is_ip = !ec;
  // RFC 6066: SNI carries DNS names only.
  if (!is_ip && SSL_set_tlsext_host_name(ssl, host.c_str()) != 1) return false;
  if (!verify) return true;
  X509_VERIFY_PARAM* param = SSL_get0_param(ssl);
  X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
  if (is_ip) return X509_VERIFY_PARAM_set1_ip_asc(param, host.c_str()) == 1;
  return X509_VERIFY_PARAM_set1_host(param, host.c_str(), host.size()) == 1;
}

/// Why a handshake failed, in words: the certificate check's verdict when there was one.
inline std::string describe_tls_failure(SSL* ssl, const boost::system::error_code& ec) {
  std::string s = ec.message();
  if (ssl) {
    long verdict = SSL_get_verify_result(ssl);
    if (verdict != X509_V_OK) {
      s = "certificate verify failed: ";
      s += X509_verify_cert_error_string(verdict);
    }
  }
  return s;
}

}  // namespace webapi::detail
