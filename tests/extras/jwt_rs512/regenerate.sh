#!/usr/bin/env bash
# Remakes the RS512 known-answer fixtures with OpenSSL's command line, independently of the library:
# a test-only RSA 2048 key pair (and a second public key that must not verify), and compact JWTs whose
# signatures come from `openssl dgst -sha512 -sign` (RSASSA-PKCS1-v1_5, deterministic for a given key and
# input, so the library's sign_jwt must reproduce them byte for byte).
#
#   tests/extras/jwt_rs512/regenerate.sh          keeps the committed keys, re-signs the tokens
#   tests/extras/jwt_rs512/regenerate.sh --keys   also draws new keys
#
# The claims are written exactly as sign_jwt serializes them (iss, iat, exp, sub; no spaces), and the
# tests read the issuer, login name and times below back out of the tokens: change them here only.
# The keys are for these tests alone and protect nothing.
set -euo pipefail
cd "$(dirname "$0")"

issuer="kat-api-key"
subject="ada"
iat=1700000000
exp=$((iat + 900))  # sign_jwt's default lifetime, 15 minutes

if [[ "${1:-}" == "--keys" || ! -f private_key.pem ]]; then
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out private_key.pem 2>/dev/null
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 2>/dev/null |
    openssl pkey -pubout -out other_public_key.pem
fi
openssl pkey -in private_key.pem -pubout -out public_key.pem

b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

# token <name> <claims JSON>: <name>.jwt (the token) and <name>.signature.hex (its raw signature)
token() {
  local input
  input="$(printf '%s' '{"alg":"RS512","typ":"JWT"}' | b64url).$(printf '%s' "$2" | b64url)"
  printf '%s' "$input" | openssl dgst -sha512 -sign private_key.pem -out "$1.signature.bin"
  od -An -v -tx1 "$1.signature.bin" | tr -d ' \n' > "$1.signature.hex"
  printf '%s.%s' "$input" "$(b64url < "$1.signature.bin")" > "$1.jwt"
  rm "$1.signature.bin"
  # The token verifies with OpenSSL too, as a check on this script.
  printf '%s' "$input" | openssl dgst -sha512 -verify public_key.pem \
    -signature <(printf '%s' "$(cut -d. -f3 "$1.jwt")" | tr -- '-_' '+/' |
                 awk '{ while (length($0) % 4) $0 = $0 "="; print }' | openssl base64 -d -A) > /dev/null
}

token user "{\"iss\":\"$issuer\",\"iat\":$iat,\"exp\":$exp,\"sub\":\"$subject\"}"
token admin "{\"iss\":\"$issuer\",\"iat\":$iat,\"exp\":$exp}"
echo "remade: $(ls)"
