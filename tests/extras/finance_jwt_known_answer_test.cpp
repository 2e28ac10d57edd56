// RS512 checked against OpenSSL's command line, not against the library itself: the key, the tokens and
// their signatures in jwt_rs512/ were made by `openssl genpkey` and `openssl dgst -sha512 -sign`
// (jwt_rs512/regenerate.sh). PKCS#1 v1.5 signatures are deterministic, so sign_jwt over the same claims
// with the same key must give the same bytes.

#include <boost/test/unit_test.hpp>

#include "contains.hpp"
#include "jwt_rs512/read.hpp"

#include <webapi/finance/jwt.hpp>

namespace fin = webapi::finance;
namespace kat = jwt_fixtures;
using extras_test::contains;

namespace {

fin::RsaPrivateKey fixture_key() { return fin::RsaPrivateKey::from_pem(kat::read("private_key.pem")).value(); }
fin::RsaPublicKey fixture_public_key() { return fin::RsaPublicKey::from_pem(kat::read("public_key.pem")).value(); }

std::string signature_part(const std::string& token) { return token.substr(token.rfind('.') + 1); }

// `token` with bit `bit` of byte `at` of its decoded part `index` (0 header, 1 claims, 2 signature) flipped.
std::string flip_bit(const std::string& token, int index, std::size_t at, int bit) {
  std::size_t dot1 = token.find('.'), dot2 = token.rfind('.');
  std::string parts[3] = {token.substr(0, dot1), token.substr(dot1 + 1, dot2 - dot1 - 1), token.substr(dot2 + 1)};
  std::string bytes = fin::detail::base64url_decode(parts[index]).value();
  bytes.at(at) = static_cast<char>(bytes.at(at) ^ (1 << bit));
  parts[index] = fin::detail::base64url(bytes);
  return parts[0] + '.' + parts[1] + '.' + parts[2];
}

}  // namespace

BOOST_AUTO_TEST_SUITE(finance_jwt_known_answers)

BOOST_AUTO_TEST_CASE(the_fixture_public_key_is_the_private_keys_half) {
  BOOST_TEST(fixture_key().public_key_pem().value() == kat::read("public_key.pem"));
}

BOOST_AUTO_TEST_CASE(sign_jwt_gives_openssls_bytes_for_a_user_token) {
  auto token = fin::sign_jwt(fixture_key(), {.issuer = kat::issuer, .subject = kat::subject}, kat::issued_at);
  BOOST_REQUIRE(token);
  BOOST_TEST(*token == kat::read("user.jwt"));
  BOOST_TEST(fin::detail::base64url_decode(signature_part(*token)).value() ==
             kat::from_hex(kat::read("user.signature.hex")));
}

BOOST_AUTO_TEST_CASE(sign_jwt_gives_openssls_bytes_for_an_admin_token) {
  auto token = fin::sign_jwt(fixture_key(), {.issuer = kat::issuer}, kat::issued_at);
  BOOST_REQUIRE(token);
  BOOST_TEST(*token == kat::read("admin.jwt"));
  BOOST_TEST(fin::detail::base64url_decode(signature_part(*token)).value() ==
             kat::from_hex(kat::read("admin.signature.hex")));
}

BOOST_AUTO_TEST_CASE(verify_jwt_accepts_the_openssl_token_and_reads_its_claims) {
  auto v = fin::verify_jwt(fixture_public_key(), kat::read("user.jwt"), {.subject = kat::subject, .issuer = kat::issuer},
                           kat::issued_at + std::chrono::minutes(1));
  BOOST_REQUIRE_MESSAGE(v, (v ? "" : v.error().what()));
  BOOST_TEST(v->issuer == kat::issuer);
  BOOST_TEST(v->subject.value_or("") == kat::subject);
  BOOST_TEST((v->issued_at == kat::issued_at));
  BOOST_TEST((v->expires_at == kat::expires_at));
  auto admin = fin::verify_jwt(fixture_public_key(), kat::read("admin.jwt"), {}, kat::issued_at);
  BOOST_REQUIRE(admin);
  BOOST_TEST(!admin->subject);
}

BOOST_AUTO_TEST_CASE(verify_jwt_refuses_one_flipped_bit_in_the_signature_or_the_claims) {
  const std::string token = kat::read("user.jwt");
  const auto at = kat::issued_at + std::chrono::minutes(1);
  BOOST_REQUIRE(fin::verify_jwt(fixture_public_key(), token, {}, at));
  for (auto [part, byte, bit] : {std::tuple{2, 0, 7}, {2, 128, 0}, {2, 255, 3}, {1, 10, 0}, {1, 50, 1}}) {
    std::string flipped = flip_bit(token, part, static_cast<std::size_t>(byte), bit);
    BOOST_REQUIRE(flipped != token);
    auto v = fin::verify_jwt(fixture_public_key(), flipped, {}, at);
    BOOST_REQUIRE_MESSAGE(!v, "part " << part << " byte " << byte << " bit " << bit << " still verifies");
    BOOST_TEST(v.error().kind == webapi::ErrorKind::auth);
    BOOST_TEST(contains(v.error().message, "signature does not verify"));
  }
}

BOOST_AUTO_TEST_CASE(verify_jwt_refuses_the_openssl_token_with_another_key) {
  auto other = fin::RsaPublicKey::from_pem(kat::read("other_public_key.pem"));
  BOOST_REQUIRE(other);
  auto v = fin::verify_jwt(*other, kat::read("user.jwt"), {}, kat::issued_at);
  BOOST_REQUIRE(!v);
  BOOST_TEST(contains(v.error().message, "signature does not verify"));
}

BOOST_AUTO_TEST_SUITE_END()
