#pragma once
// The finance service's "API key and signed token" mechanism: an RSA 2048 key pair whose public half is
// registered with generate_api_key(), and short-lived JWTs (RS512) signed with the private half, sent as
// "Authorization: Bearer <token>". Also the verifying side, for a server or fake holding the public key.
//
//   auto key = webapi::finance::RsaPrivateKey::generate().value();       // or ::from_pem(pkcs8_pem)
//   std::string public_pem = key.public_key_pem().value();               // for generate_api_key()
//   auto token = webapi::finance::sign_jwt(key, {.issuer = api_key, .subject = "user-login"}).value();
//
// Needs OpenSSL (libcrypto, EVP API): link OpenSSL::Crypto. The module's umbrella header does not include
// this one. No error or log text ever carries key material: a key that cannot be read is reported as such,
// never echoed.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json.hpp>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

#include <webapi/core/base64.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>

namespace webapi::finance {

/// The key size the service requires of registered public keys.
inline constexpr int jwt_key_bits = 2048;

namespace detail {

struct PkeyFree {
  void operator()(EVP_PKEY* k) const noexcept { EVP_PKEY_free(k); }
};
struct BioFree {
  void operator()(BIO* b) const noexcept { BIO_free(b); }
};
struct MdCtxFree {
  void operator()(EVP_MD_CTX* c) const noexcept { EVP_MD_CTX_free(c); }
};
struct PkeyCtxFree {
  void operator()(EVP_PKEY_CTX* c) const noexcept { EVP_PKEY_CTX_free(c); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, PkeyFree>;
using BioPtr = std::unique_ptr<BIO, BioFree>;

// OpenSSL's queued errors can quote what it was parsing; they are dropped, never passed on.
inline webapi::Error jwt_error(webapi::ErrorKind kind, std::string message) {
  ERR_clear_error();
  return webapi::make_error(kind, std::move(message));
}

inline std::string base64url(std::string_view bytes) {
  std::string s = webapi::base64::encode(bytes);
  while (!s.empty() && s.back() == '=') s.pop_back();
  for (char& c : s) c = c == '+' ? '-' : c == '/' ? '_' : c;
  return s;
}

inline std::optional<std::string> base64url_decode(std::string_view text) {
  std::string s(text);
  for (char& c : s) {
    if (c == '+' || c == '/' || c == '=') return std::nullopt;  // not the URL alphabet, or padded
    c = c == '-' ? '+' : c == '_' ? '/' : c;
  }
  return webapi::base64::decode(s);
}

inline std::optional<std::string> drain(BIO* bio) {
  char* data = nullptr;
  long n = BIO_get_mem_data(bio, &data);
  if (n <= 0 || !data) return std::nullopt;
  return std::string(data, static_cast<std::size_t>(n));
}

inline webapi::Result<PkeyPtr> check_rsa(PkeyPtr key, std::string_view what) {
  if (!key) return jwt_error(webapi::ErrorKind::invalid_argument, std::string(what) + ": not a readable PEM key");
  if (EVP_PKEY_base_id(key.get()) != EVP_PKEY_RSA)
    return jwt_error(webapi::ErrorKind::invalid_argument, std::string(what) + ": not an RSA key");
  if (EVP_PKEY_bits(key.get()) != jwt_key_bits)
    return jwt_error(webapi::ErrorKind::invalid_argument, std::string(what) + ": RSA key of " +
                                                              std::to_string(EVP_PKEY_bits(key.get())) +
                                                              " bits, the service takes 2048");
  return key;
}

}  // namespace detail

/// An RSA 2048 public key: what the service checks tokens against.
class RsaPublicKey {
 public:
  /// Reads a SubjectPublicKeyInfo PEM ("-----BEGIN PUBLIC KEY-----").
  static webapi::Result<RsaPublicKey> from_pem(std::string_view pem) {
    detail::BioPtr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    if (!bio) return detail::jwt_error(webapi::ErrorKind::invalid_argument, "public key: out of memory");
    auto key = detail::check_rsa(detail::PkeyPtr(PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr)),
                                 "public key");
    if (!key) return std::move(key).error();
    return RsaPublicKey(std::move(*key));
  }

  /// The key as SubjectPublicKeyInfo PEM, the form generate_api_key() registers.
  webapi::Result<std::string> pem() const {
    detail::BioPtr bio(BIO_new(BIO_s_mem()));
    if (!bio || PEM_write_bio_PUBKEY(bio.get(), key_.get()) != 1)
      return detail::jwt_error(webapi::ErrorKind::invalid_argument, "public key: could not be written as PEM");
    auto text = detail::drain(bio.get());
    if (!text) return detail::jwt_error(webapi::ErrorKind::invalid_argument, "public key: could not be written");
    return std::move(*text);
  }

  EVP_PKEY* native() const noexcept { return key_.get(); }

 private:
  friend class RsaPrivateKey;
  explicit RsaPublicKey(detail::PkeyPtr key) : key_(std::move(key)) {}
  std::shared_ptr<EVP_PKEY> key_;
};

/// An RSA 2048 private key that signs tokens. Move-only; its text leaves it only through private_key_pem().
class RsaPrivateKey {
 public:
  /// A fresh 2048-bit key pair.
  static webapi::Result<RsaPrivateKey> generate() {
    std::unique_ptr<EVP_PKEY_CTX, detail::PkeyCtxFree> ctx(EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, nullptr));
    EVP_PKEY* raw = nullptr;
    if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 ||
        EVP_PKEY_CTX_set_rsa_keygen_bits(ctx.get(), jwt_key_bits) != 1 || EVP_PKEY_keygen(ctx.get(), &raw) != 1)
      return detail::jwt_error(webapi::ErrorKind::invalid_argument, "private key: RSA key generation failed");
    return RsaPrivateKey(detail::PkeyPtr(raw));
  }

  /// Reads an unencrypted PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----") holding an RSA 2048 key.
  static webapi::Result<RsaPrivateKey> from_pem(std::string_view pem) {
    if (pem.find("-----BEGIN PRIVATE KEY-----") == std::string_view::npos)
      return detail::jwt_error(webapi::ErrorKind::invalid_argument,
                               "private key: expected an unencrypted PKCS#8 PEM (BEGIN PRIVATE KEY)");
    detail::BioPtr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    if (!bio) return detail::jwt_error(webapi::ErrorKind::invalid_argument, "private key: out of memory");
    // A null password callback with no default would prompt on a terminal for an encrypted key; an empty
    // password makes such a key fail to load instead.
    char empty[] = "";
    auto key = detail::check_rsa(detail::PkeyPtr(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, empty)),
                                 "private key");
    if (!key) return std::move(key).error();
    return RsaPrivateKey(std::move(*key));
  }

  RsaPrivateKey(RsaPrivateKey&&) noexcept = default;
  RsaPrivateKey& operator=(RsaPrivateKey&&) noexcept = default;
  RsaPrivateKey(const RsaPrivateKey&) = delete;
  RsaPrivateKey& operator=(const RsaPrivateKey&) = delete;

  /// The public half.
  RsaPublicKey public_key() const {
    EVP_PKEY_up_ref(key_.get());
    return RsaPublicKey(detail::PkeyPtr(key_.get()));
  }

  /// The public half as SubjectPublicKeyInfo PEM, for generate_api_key().
  webapi::Result<std::string> public_key_pem() const { return public_key().pem(); }

  /// The key as unencrypted PKCS#8 PEM, to store it as a secret. Treat the text as a credential.
  webapi::Result<std::string> private_key_pem() const {
    detail::BioPtr bio(BIO_new(BIO_s_mem()));
    if (!bio || PEM_write_bio_PKCS8PrivateKey(bio.get(), key_.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1)
      return detail::jwt_error(webapi::ErrorKind::invalid_argument, "private key: could not be written as PEM");
    auto text = detail::drain(bio.get());
    if (!text) return detail::jwt_error(webapi::ErrorKind::invalid_argument, "private key: could not be written");
    return std::move(*text);
  }

  EVP_PKEY* native() const noexcept { return key_.get(); }

 private:
  explicit RsaPrivateKey(detail::PkeyPtr key) : key_(std::move(key)) {}
  detail::PkeyPtr key_;
};

/// What a token says: `issuer` is the API key (apiKeyId), `subject` the user's login name for calls made
/// as a user (none for calls made as the cobrand or admin).
struct JwtClaims {
  std::string issuer{};
  std::optional<std::string> subject{};
  std::chrono::seconds lifetime = std::chrono::minutes(15);  ///< exp - iat when signing
};

/// The claims of a verified token.
struct VerifiedJwt {
  std::string issuer{};
  std::optional<std::string> subject{};
  std::chrono::system_clock::time_point issued_at{};
  std::chrono::system_clock::time_point expires_at{};
};

/// A compact JWT (header {"alg":"RS512","typ":"JWT"}, claims iss, iat, exp and sub where given) signed with
/// `key` at `now`.
inline webapi::Result<std::string> sign_jwt(const RsaPrivateKey& key, const JwtClaims& claims,
                                            std::chrono::system_clock::time_point now = std::chrono::system_clock::now()) {
  if (claims.issuer.empty())
    return detail::jwt_error(webapi::ErrorKind::invalid_argument, "jwt: issuer (the API key) is empty");
  if (claims.subject && claims.subject->empty())
    return detail::jwt_error(webapi::ErrorKind::invalid_argument, "jwt: subject (the login name) is empty");
  if (claims.lifetime.count() <= 0)
    return detail::jwt_error(webapi::ErrorKind::invalid_argument, "jwt: lifetime must be positive");
  auto iat = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  boost::json::object payload;
  payload["iss"] = claims.issuer;
  payload["iat"] = iat;
  payload["exp"] = iat + claims.lifetime.count();
  if (claims.subject) payload["sub"] = *claims.subject;
  std::string input = detail::base64url(R"({"alg":"RS512","typ":"JWT"})") + '.' +
                      detail::base64url(boost::json::serialize(payload));

  std::unique_ptr<EVP_MD_CTX, detail::MdCtxFree> ctx(EVP_MD_CTX_new());
  std::size_t len = 0;
  if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha512(), nullptr, key.native()) != 1 ||
      EVP_DigestSign(ctx.get(), nullptr, &len, reinterpret_cast<const unsigned char*>(input.data()), input.size()) != 1)
    return detail::jwt_error(webapi::ErrorKind::invalid_argument, "jwt: signing failed");
  std::string signature(len, '\0');
  if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(signature.data()), &len,
                     reinterpret_cast<const unsigned char*>(input.data()), input.size()) != 1)
    return detail::jwt_error(webapi::ErrorKind::invalid_argument, "jwt: signing failed");
  signature.resize(len);
  return input + '.' + detail::base64url(signature);
}

/// What verify_jwt() requires beyond a valid signature and an unexpired token.
struct JwtExpectations {
  std::optional<std::string> subject{};  ///< the login name the token must name; none: not checked
  std::optional<std::string> issuer{};   ///< the API key the token must name; none: not checked
};

/// The claims of `token` when its signature verifies with `key` (RS512 only), it has not expired at `now`,
/// and it matches `expect`; else an auth error saying which check failed.
inline webapi::Result<VerifiedJwt> verify_jwt(const RsaPublicKey& key, std::string_view token,
                                              const JwtExpectations& expect = {},
                                              std::chrono::system_clock::time_point now = std::chrono::system_clock::now()) {
  auto fail = [](std::string m) { return detail::jwt_error(webapi::ErrorKind::auth, "jwt: " + std::move(m)); };
  std::size_t dot1 = token.find('.');
  std::size_t dot2 = dot1 == token.npos ? token.npos : token.find('.', dot1 + 1);
  if (dot2 == token.npos || token.find('.', dot2 + 1) != token.npos)
    return fail("not a compact token of three dot-separated parts");
  std::string_view signed_part = token.substr(0, dot2);
  auto header = detail::base64url_decode(token.substr(0, dot1));
  auto payload = detail::base64url_decode(token.substr(dot1 + 1, dot2 - dot1 - 1));
  auto signature = detail::base64url_decode(token.substr(dot2 + 1));
  if (!header || !payload || !signature) return fail("a part is not unpadded base64url");

  boost::system::error_code ec;
  auto header_json = boost::json::parse(*header, ec);
  const auto* alg = !ec && header_json.is_object() ? header_json.as_object().if_contains("alg") : nullptr;
  if (!alg || !alg->is_string() || alg->as_string() != "RS512") return fail("header alg must be RS512");

  std::unique_ptr<EVP_MD_CTX, detail::MdCtxFree> ctx(EVP_MD_CTX_new());
  if (!ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, EVP_sha512(), nullptr, key.native()) != 1 ||
      EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char*>(signature->data()), signature->size(),
                       reinterpret_cast<const unsigned char*>(signed_part.data()), signed_part.size()) != 1)
    return fail("signature does not verify with the registered public key");

  auto claims_json = boost::json::parse(*payload, ec);
  if (ec || !claims_json.is_object()) return fail("claims are not a JSON object");
  const auto& claims = claims_json.as_object();
  const auto* iss = claims.if_contains("iss");
  const auto* iat = claims.if_contains("iat");
  const auto* exp = claims.if_contains("exp");
  const auto* sub = claims.if_contains("sub");
  if (!iss || !iss->is_string()) return fail("claim iss is missing or not a string");
  if (!iat || !iat->is_int64()) return fail("claim iat is missing or not an integer");
  if (!exp || !exp->is_int64()) return fail("claim exp is missing or not an integer");
  if (sub && !sub->is_string()) return fail("claim sub is not a string");

  VerifiedJwt out;
  out.issuer = std::string(iss->as_string());
  if (sub) out.subject = std::string(sub->as_string());
  out.issued_at = std::chrono::system_clock::time_point(std::chrono::seconds(iat->as_int64()));
  out.expires_at = std::chrono::system_clock::time_point(std::chrono::seconds(exp->as_int64()));
  if (now >= out.expires_at) return fail("token has expired");
  if (expect.issuer && out.issuer != *expect.issuer) return fail("issuer is not the expected API key");
  if (expect.subject && out.subject != *expect.subject)
    return fail(out.subject ? "subject is not the expected login name" : "token names no subject, one is required");
  return out;
}

}  // namespace webapi::finance
