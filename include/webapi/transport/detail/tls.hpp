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
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <webapi/core/error.hpp>
#include <webapi/core/exception.hpp>
#include <webapi/transport/options.hpp>

namespace webapi::detail {

[[noreturn]] inline void tls_setup_failed(const std::string& what, const boost::system::error_code& ec = {}) {
  throw Exception(make_error(ErrorKind::invalid_argument, ec ? what + ": " + ec.message() : what));
}

/// Loads TlsOptions' client certificate and key, if any, and checks that they belong together.
inline void load_client_certificate(boost::asio::ssl::context& ctx, const TlsOptions& o) {
  namespace ssl = boost::asio::ssl;
  const bool has_cert = !o.client_cert_file.empty() || !o.client_cert_pem.empty();
  const bool has_key = !o.client_key_file.empty() || !o.client_key_pem.empty();
  if (!has_cert && !has_key) return;
  if (!o.client_cert_file.empty() && !o.client_cert_pem.empty())
    tls_setup_failed("TlsOptions: set client_cert_file or client_cert_pem, not both");
  if (!o.client_key_file.empty() && !o.client_key_pem.empty())
    tls_setup_failed("TlsOptions: set client_key_file or client_key_pem, not both");
  if (!has_key) tls_setup_failed("TlsOptions: a client certificate is set but no client key");
  if (!has_cert) tls_setup_failed("TlsOptions: a client key is set but no client certificate");
  // OpenSSL's default for an encrypted key is to ask on the terminal; a library must not.
  ctx.set_password_callback(
      [password = o.client_key_password](std::size_t, ssl::context::password_purpose) { return password; });
  boost::system::error_code ec;
  if (!o.client_cert_file.empty()) {
    ctx.use_certificate_chain_file(o.client_cert_file, ec);
    if (ec) tls_setup_failed("cannot load client certificate file '" + o.client_cert_file + "'", ec);
  } else {
    ctx.use_certificate_chain(boost::asio::buffer(o.client_cert_pem), ec);
    if (ec) tls_setup_failed("cannot load the in-memory client certificate", ec);
  }
  if (!o.client_key_file.empty())
    ctx.use_private_key_file(o.client_key_file, ssl::context::pem, ec);
  else
    ctx.use_private_key(boost::asio::buffer(o.client_key_pem), ssl::context::pem, ec);
  // OpenSSL holds the key against the certificate as it loads it.
  const bool mismatch = ec && ec.category() == boost::asio::error::get_ssl_category() &&
                        ERR_GET_LIB(static_cast<unsigned long>(ec.value())) == ERR_LIB_X509 &&
                        ERR_GET_REASON(static_cast<unsigned long>(ec.value())) == X509_R_KEY_VALUES_MISMATCH;
  if (mismatch || (!ec && SSL_CTX_check_private_key(ctx.native_handle()) != 1))
    tls_setup_failed("TlsOptions: the client key does not match the client certificate");
  if (ec && !o.client_key_file.empty()) tls_setup_failed("cannot load client key file '" + o.client_key_file + "'", ec);
  if (ec) tls_setup_failed("cannot load the in-memory client key", ec);
}

/// Has OpenSSL work out now what it otherwise works out, and keeps, when a trusted certificate is first used
/// to verify a peer: its extensions, such as the key identifier matched against a peer's issuer. The first
/// handshakes of several threads would otherwise fill these in at once; OpenSSL orders that with atomics of
/// its own, which ThreadSanitizer cannot see in an uninstrumented libcrypto, and reports as a data race in
/// the application. Called as the context is made, before it is shared, it comes before any handshake.
inline void fill_extension_caches(X509_STORE* store) {
  STACK_OF(X509_OBJECT)* objects = X509_STORE_get0_objects(store);
  for (int i = 0; i < sk_X509_OBJECT_num(objects); ++i)
    if (X509* cert = X509_OBJECT_get0_X509(sk_X509_OBJECT_value(objects, i))) (void)X509_get_extension_flags(cert);
}

/// Builds the one SSL_CTX every connection of a transport shares; throws webapi::Exception
/// (invalid_argument) when a configured CA or client certificate cannot be loaded.
inline std::shared_ptr<boost::asio::ssl::context> make_client_tls_context(const TlsOptions& o) {
  namespace ssl = boost::asio::ssl;
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_client);
  SSL_CTX* native = ctx->native_handle();
  SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
  ctx->set_options(ssl::context::default_workarounds | ssl::context::no_compression);
  // Both kinds of session write from buffers that may move between retries; read-ahead lets OpenSSL take
  // every record already in the session's buffer at once.
  SSL_CTX_set_mode(native, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
  SSL_CTX_set_read_ahead(native, 1);
  SSL_CTX_set_default_read_buffer_len(native, 64 * 1024);
  boost::system::error_code ec;
  load_client_certificate(*ctx, o);
  if (o.insecure_skip_verify) {
    ctx->set_verify_mode(ssl::verify_none);
    return ctx;
  }
  ctx->set_verify_mode(ssl::verify_peer);
  if (o.system_roots) {
    ctx->set_default_verify_paths(ec);
    if (ec) tls_setup_failed("cannot load the system's trusted certificates", ec);
  }
  if (!o.ca_file.empty()) {
    ctx->load_verify_file(o.ca_file, ec);
    if (ec) tls_setup_failed("cannot load CA file '" + o.ca_file + "'", ec);
  }
  if (!o.ca_pem.empty()) {
    ctx->add_certificate_authority(boost::asio::buffer(o.ca_pem), ec);
    if (ec) tls_setup_failed("cannot load the in-memory CA certificates", ec);
  }
  fill_extension_caches(SSL_CTX_get_cert_store(native));
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
