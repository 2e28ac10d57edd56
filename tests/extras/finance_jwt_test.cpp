#include <boost/test/unit_test.hpp>

#include "contains.hpp"

#include <webapi/finance/jwt.hpp>

namespace fin = webapi::finance;
using extras_test::contains;

namespace {

// Key generation takes a while; one pair (and a stranger's) serves every case.
const fin::RsaPrivateKey& key() {
  static const fin::RsaPrivateKey k = fin::RsaPrivateKey::generate().value();
  return k;
}
const fin::RsaPrivateKey& other_key() {
  static const fin::RsaPrivateKey k = fin::RsaPrivateKey::generate().value();
  return k;
}

const auto t0 = std::chrono::system_clock::time_point(std::chrono::seconds(1700000000));

std::string user_token() {
  return fin::sign_jwt(key(), {.issuer = "api-key-1", .subject = "sbMem1", .lifetime = std::chrono::minutes(10)}, t0)
      .value();
}

std::string part(const std::string& token, int i) {
  std::size_t a = 0;
  for (int k = 0; k < i; ++k) a = token.find('.', a) + 1;
  std::size_t b = token.find('.', a);
  return token.substr(a, b == std::string::npos ? std::string::npos : b - a);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(finance_jwt)

BOOST_AUTO_TEST_CASE(sign_then_verify) {
  auto pub = fin::RsaPublicKey::from_pem(key().public_key_pem().value()).value();
  auto token = user_token();
  BOOST_TEST(token.find('=') == std::string::npos);
  BOOST_TEST(token.find('+') == std::string::npos);
  BOOST_TEST(fin::detail::base64url_decode(part(token, 0)).value() == R"({"alg":"RS512","typ":"JWT"})");
  BOOST_TEST(fin::detail::base64url_decode(part(token, 1)).value() ==
             R"({"iss":"api-key-1","iat":1700000000,"exp":1700000600,"sub":"sbMem1"})");
  auto v = fin::verify_jwt(pub, token, {.subject = "sbMem1", .issuer = "api-key-1"}, t0 + std::chrono::minutes(9));
  BOOST_REQUIRE_MESSAGE(v, (v ? "" : v.error().what()));
  BOOST_TEST(v->issuer == "api-key-1");
  BOOST_TEST(v->subject.value_or("") == "sbMem1");
  BOOST_TEST((v->expires_at - v->issued_at == std::chrono::minutes(10)));
}

BOOST_AUTO_TEST_CASE(admin_tokens_carry_no_subject) {
  auto token = fin::sign_jwt(key(), {.issuer = "api-key-1"}, t0).value();
  auto v = fin::verify_jwt(key().public_key(), token, {}, t0);
  BOOST_REQUIRE(v);
  BOOST_TEST(!v->subject);
  auto needs_user = fin::verify_jwt(key().public_key(), token, {.subject = "sbMem1"}, t0);
  BOOST_REQUIRE(!needs_user);
  BOOST_TEST(contains(needs_user.error().message, "names no subject"));
}

BOOST_AUTO_TEST_CASE(tampered_payload_refused) {
  auto token = user_token();
  auto forged = fin::detail::base64url(R"({"iss":"api-key-1","iat":1700000000,"exp":1700000600,"sub":"admin"})");
  std::string tampered = part(token, 0) + '.' + forged + '.' + part(token, 2);
  auto v = fin::verify_jwt(key().public_key(), tampered, {}, t0);
  BOOST_REQUIRE(!v);
  BOOST_TEST(v.error().kind == webapi::ErrorKind::auth);
  BOOST_TEST(contains(v.error().message, "signature does not verify"));
}

BOOST_AUTO_TEST_CASE(wrong_key_refused) {
  auto v = fin::verify_jwt(other_key().public_key(), user_token(), {}, t0);
  BOOST_REQUIRE(!v);
  BOOST_TEST(contains(v.error().message, "signature"));
}

BOOST_AUTO_TEST_CASE(expired_refused) {
  auto v = fin::verify_jwt(key().public_key(), user_token(), {}, t0 + std::chrono::minutes(10));
  BOOST_REQUIRE(!v);
  BOOST_TEST(contains(v.error().message, "expired"));
}

BOOST_AUTO_TEST_CASE(subject_and_issuer_mismatch_refused) {
  auto v = fin::verify_jwt(key().public_key(), user_token(), {.subject = "sbMem2"}, t0);
  BOOST_REQUIRE(!v);
  BOOST_TEST(contains(v.error().message, "subject"));
  auto w = fin::verify_jwt(key().public_key(), user_token(), {.issuer = "api-key-2"}, t0);
  BOOST_REQUIRE(!w);
  BOOST_TEST(contains(w.error().message, "issuer"));
}

BOOST_AUTO_TEST_CASE(other_algorithms_and_shapes_refused) {
  auto token = user_token();
  std::string none = fin::detail::base64url(R"({"alg":"none","typ":"JWT"})") + '.' + part(token, 1) + '.';
  auto v = fin::verify_jwt(key().public_key(), none, {}, t0);
  BOOST_REQUIRE(!v);
  BOOST_TEST(contains(v.error().message, "RS512"));
  BOOST_TEST(!fin::verify_jwt(key().public_key(), "a.b", {}, t0));
  BOOST_TEST(!fin::verify_jwt(key().public_key(), token + "=", {}, t0));
}

BOOST_AUTO_TEST_CASE(private_key_round_trips_through_pkcs8) {
  auto pem = key().private_key_pem().value();
  BOOST_TEST(contains(pem, "-----BEGIN PRIVATE KEY-----"));
  auto loaded = fin::RsaPrivateKey::from_pem(pem);
  BOOST_REQUIRE(loaded);
  BOOST_TEST(loaded->public_key_pem().value() == key().public_key_pem().value());
  auto token = fin::sign_jwt(*loaded, {.issuer = "k"}, t0).value();
  BOOST_TEST(bool(fin::verify_jwt(key().public_key(), token, {}, t0)));
}

BOOST_AUTO_TEST_CASE(unreadable_keys_are_reported_without_their_text) {
  auto pem = key().private_key_pem().value();
  std::string damaged = pem;
  damaged[damaged.size() / 2] = damaged[damaged.size() / 2] == 'A' ? 'B' : 'A';
  damaged.insert(damaged.size() / 3, "!!");
  auto r = fin::RsaPrivateKey::from_pem(damaged);
  BOOST_REQUIRE(!r);
  BOOST_TEST(contains(r.error().message, "private key"));
  // No line of the key's body shows up in the error.
  std::size_t body_start = pem.find('\n') + 1;
  for (std::size_t at = body_start; at + 20 < pem.size(); at = pem.find('\n', at) + 1) {
    BOOST_TEST(!contains(r.error().what(), pem.substr(at, 20)));
    if (pem.find('\n', at) == std::string::npos) break;
  }
  BOOST_TEST(ERR_peek_error() == 0ul);

  auto rsa_traditional = fin::RsaPrivateKey::from_pem("-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----\n");
  BOOST_REQUIRE(!rsa_traditional);
  BOOST_TEST(contains(rsa_traditional.error().message, "PKCS#8"));
  BOOST_TEST(!fin::RsaPublicKey::from_pem("not a key"));
}

BOOST_AUTO_TEST_CASE(keys_other_than_rsa_2048_refused) {
  std::unique_ptr<EVP_PKEY_CTX, fin::detail::PkeyCtxFree> ctx(EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, nullptr));
  EVP_PKEY* raw = nullptr;
  BOOST_REQUIRE(EVP_PKEY_keygen_init(ctx.get()) == 1);
  BOOST_REQUIRE(EVP_PKEY_CTX_set_rsa_keygen_bits(ctx.get(), 1024) == 1);
  BOOST_REQUIRE(EVP_PKEY_keygen(ctx.get(), &raw) == 1);
  fin::detail::PkeyPtr small(raw);
  fin::detail::BioPtr bio(BIO_new(BIO_s_mem()));
  BOOST_REQUIRE(PEM_write_bio_PKCS8PrivateKey(bio.get(), small.get(), nullptr, nullptr, 0, nullptr, nullptr) == 1);
  auto r = fin::RsaPrivateKey::from_pem(fin::detail::drain(bio.get()).value());
  BOOST_REQUIRE(!r);
  BOOST_TEST(contains(r.error().message, "1024 bits"));
}

BOOST_AUTO_TEST_CASE(sign_refuses_empty_claims) {
  BOOST_TEST(!fin::sign_jwt(key(), {.issuer = ""}, t0));
  BOOST_TEST(!fin::sign_jwt(key(), {.issuer = "k", .subject = ""}, t0));
  BOOST_TEST(!fin::sign_jwt(key(), {.issuer = "k", .subject = std::nullopt, .lifetime = std::chrono::seconds(0)}, t0));
}

BOOST_AUTO_TEST_SUITE_END()
