#pragma once
// PKCE (RFC 7636) as the authorization server checks it. The S256 challenge is the client's own
// (webapi::audio::pkce::challenge_s256, OpenSSL's SHA-256), so client and fake cannot disagree on it.

#include <string_view>

#include <webapi/audio/oauth.hpp>

namespace webapi::fakes::audio {

using webapi::audio::pkce::challenge_s256;

/// A verifier RFC 7636 allows: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~].
inline bool is_code_verifier(std::string_view v) {
  if (v.size() < 43 || v.size() > 128) return false;
  for (char c : v)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
          c == '_' || c == '~'))
      return false;
  return true;
}

}  // namespace webapi::fakes::audio
