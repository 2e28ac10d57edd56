#pragma once
// A throw-away PKI made with the OpenSSL API while the tests run: one CA and leaf certificates it signs.

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace webapi::test {

struct KeyAndCert {
  std::string cert_pem;
  std::string key_pem;
};

class TestPki {
 public:
  /// A new CA named `name`; each TestPki is a different CA, so one does not trust another's leaves.
  explicit TestPki(const std::string& name = "webapi test CA") : key_(new_key()), cert_(X509_new(), X509_free) {
    X509* x = cert_.get();
    fill(x, name, key_.get());
    X509_set_issuer_name(x, X509_get_subject_name(x));
    extend(x, x, NID_basic_constraints, "critical,CA:TRUE");
    extend(x, x, NID_key_usage, "critical,keyCertSign,cRLSign");
    extend(x, x, NID_subject_key_identifier, "hash");
    if (X509_sign(x, key_.get(), EVP_sha256()) == 0) throw std::runtime_error("cannot sign the CA certificate");
  }

  std::string ca_pem() const { return to_pem(cert_.get()); }

  /// A certificate for the subject alternative names `san`, e.g. "DNS:localhost,IP:127.0.0.1", for a server
  /// or, with `usage` "clientAuth", for a client.
  KeyAndCert issue(const std::string& san, const std::string& usage = "serverAuth") const {
    auto key = new_key();
    std::unique_ptr<X509, decltype(&X509_free)> cert(X509_new(), X509_free);
    X509* x = cert.get();
    fill(x, "webapi test server", key.get());
    X509_set_issuer_name(x, X509_get_subject_name(cert_.get()));
    extend(x, cert_.get(), NID_basic_constraints, "critical,CA:FALSE");
    extend(x, cert_.get(), NID_key_usage, "critical,digitalSignature");
    extend(x, cert_.get(), NID_ext_key_usage, usage);
    extend(x, cert_.get(), NID_subject_alt_name, san);
    extend(x, cert_.get(), NID_authority_key_identifier, "keyid:always");
    if (X509_sign(x, key_.get(), EVP_sha256()) == 0) throw std::runtime_error("cannot sign a leaf certificate");
    return {to_pem(x), key_to_pem(key.get())};
  }

 private:
  using Key = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;

  static Key new_key() {
    Key k(EVP_EC_gen("P-256"), EVP_PKEY_free);
    if (!k) throw std::runtime_error("cannot make an EC key");
    return k;
  }

  static void fill(X509* x, const std::string& cn, EVP_PKEY* key) {
    static long serial = 1;
    X509_set_version(x, 2);
    ASN1_INTEGER_set(X509_get_serialNumber(x), serial++);
    X509_gmtime_adj(X509_getm_notBefore(x), -3600);
    X509_gmtime_adj(X509_getm_notAfter(x), 24 * 3600);
    X509_NAME* name = X509_get_subject_name(x);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(cn.c_str()), -1, -1, 0);
    X509_set_pubkey(x, key);
  }

  static void extend(X509* x, X509* issuer, int nid, const std::string& value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, x, nullptr, nullptr, 0);
    X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
    if (!ext) throw std::runtime_error("cannot make extension " + value);
    X509_add_ext(x, ext, -1);
    X509_EXTENSION_free(ext);
  }

  template <class F>
  static std::string bio_text(F&& write) {
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), BIO_free);
    write(bio.get());
    char* data = nullptr;
    long n = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, static_cast<std::size_t>(n));
  }
  static std::string to_pem(X509* x) {
    return bio_text([x](BIO* b) { PEM_write_bio_X509(b, x); });
  }
  static std::string key_to_pem(EVP_PKEY* k) {
    return bio_text([k](BIO* b) { PEM_write_bio_PrivateKey(b, k, nullptr, nullptr, 0, nullptr, nullptr); });
  }

  Key key_;
  std::unique_ptr<X509, decltype(&X509_free)> cert_;
};

}  // namespace webapi::test
