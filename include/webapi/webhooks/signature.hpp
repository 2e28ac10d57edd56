#pragma once
// Signatures of webhook deliveries (version 3), for apps that receive them and for anything that delivers
// them the same way.
//
// A delivery carries two headers:
//   X-HubSpot-Request-Timestamp  milliseconds since the Unix epoch when it was sent
//   X-HubSpot-Signature-v3       base64(HMAC-SHA256(client secret, method + uri + body + timestamp))
// where `uri` is the full URI the request was sent to (scheme, host, path and query), with the
// percent-escapes %3A %2F %3F %40 %21 %24 %27 %28 %29 %2A %2C %3B decoded. A receiver refuses a timestamp
// older than five minutes. Layout as published in "Validating requests" of the service's developer
// documentation (https://developers.hubspot.com/docs/api/webhooks/validating-requests).
//
//   auto ok = webapi::webhooks::verify_v3(app_secret, "POST", "https://example.com/hook", body, headers);
//   if (!ok) return reply(401, ok.error().message);
//
// Needs OpenSSL (libcrypto): link OpenSSL::Crypto. The module's umbrella header does not include this one.

#include <cctype>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <webapi/core/base64.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/headers.hpp>
#include <webapi/core/result.hpp>

namespace webapi::webhooks {

inline constexpr std::string_view signature_v3_header = "X-HubSpot-Signature-v3";
inline constexpr std::string_view request_timestamp_header = "X-HubSpot-Request-Timestamp";

/// How far a delivery's timestamp may lie from the receiver's clock.
struct SignatureWindow {
  std::chrono::milliseconds max_age = std::chrono::minutes(5);     ///< older is a replay or a stale delivery
  std::chrono::milliseconds max_ahead = std::chrono::minutes(1);   ///< clock skew tolerated into the future
};

/// The two headers of a signed delivery.
struct SignatureV3 {
  std::string signature;  ///< value of X-HubSpot-Signature-v3
  std::string timestamp;  ///< value of X-HubSpot-Request-Timestamp

  /// Sets both headers on `headers`.
  void apply_to(webapi::Headers& headers) const {
    headers.set(signature_v3_header, signature);
    headers.set(request_timestamp_header, timestamp);
  }
};

namespace detail {

// The service decodes these escapes before signing, so a receiver must too, or a URI that differs only in
// how it was escaped would not match.
inline std::string decode_signed_uri(std::string_view uri) {
  static constexpr struct {
    std::string_view escape;
    char c;
  } decoded[] = {{"3A", ':'}, {"2F", '/'}, {"3F", '?'}, {"40", '@'}, {"21", '!'}, {"24", '$'},
                 {"27", '\''}, {"28", '('}, {"29", ')'}, {"2A", '*'}, {"2C", ','}, {"3B", ';'}};
  std::string out;
  out.reserve(uri.size());
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size()) {
      char hex[2] = {static_cast<char>(std::toupper(static_cast<unsigned char>(uri[i + 1]))),
                     static_cast<char>(std::toupper(static_cast<unsigned char>(uri[i + 2])))};
      bool matched = false;
      for (const auto& d : decoded)
        if (d.escape == std::string_view(hex, 2)) {
          out += d.c;
          i += 2;
          matched = true;
          break;
        }
      if (matched) continue;
    }
    out += uri[i];
  }
  return out;
}

inline webapi::Error signature_error(std::string message) {
  return webapi::make_error(webapi::ErrorKind::auth, "webhook signature: " + std::move(message));
}

inline std::int64_t to_millis(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

}  // namespace detail

/// The base64 v3 signature of one delivery; `timestamp` is the header's text, exactly as sent. Empty when
/// `client_secret` is.
inline std::string signature_v3(std::string_view client_secret, std::string_view method, std::string_view uri,
                                std::string_view body, std::string_view timestamp) {
  std::string message;
  std::string decoded_uri = detail::decode_signed_uri(uri);
  message.reserve(method.size() + decoded_uri.size() + body.size() + timestamp.size());
  message.append(method).append(decoded_uri).append(body).append(timestamp);
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int mac_len = 0;
  if (client_secret.empty() ||
      !HMAC(EVP_sha256(), client_secret.data(), static_cast<int>(client_secret.size()),
            reinterpret_cast<const unsigned char*>(message.data()), message.size(), mac, &mac_len))
    return {};  // no secret, no signature: verify_v3() refuses an empty one
  return webapi::base64::encode(std::string_view(reinterpret_cast<const char*>(mac), mac_len));
}

/// The headers a delivery of `body` by `method` to `uri` carries when sent at `now`.
inline SignatureV3 sign_v3(std::string_view client_secret, std::string_view method, std::string_view uri,
                           std::string_view body,
                           std::chrono::system_clock::time_point now = std::chrono::system_clock::now()) {
  std::string timestamp = std::to_string(detail::to_millis(now));
  return {signature_v3(client_secret, method, uri, body, timestamp), timestamp};
}

/// Whether a delivery is genuine: its signature matches (compared in constant time) and its timestamp lies
/// within `window` of `now`. The error says which check failed; it never carries the secret or the
/// expected signature.
inline webapi::Result<void> verify_v3(std::string_view client_secret, std::string_view method,
                                      std::string_view uri, std::string_view body, std::string_view signature,
                                      std::string_view timestamp,
                                      std::chrono::system_clock::time_point now = std::chrono::system_clock::now(),
                                      SignatureWindow window = {}) {
  if (client_secret.empty()) return detail::signature_error("the app's client secret is empty");
  if (signature.empty()) return detail::signature_error(std::string(signature_v3_header) + " is missing");
  if (timestamp.empty()) return detail::signature_error(std::string(request_timestamp_header) + " is missing");
  std::int64_t sent = 0;
  if (timestamp.size() > 15) return detail::signature_error(std::string(request_timestamp_header) + " is out of range");
  for (char c : timestamp) {
    if (c < '0' || c > '9')
      return detail::signature_error(std::string(request_timestamp_header) + " is not milliseconds since the epoch");
    sent = sent * 10 + (c - '0');
  }
  std::int64_t age = detail::to_millis(now) - sent;
  if (age > window.max_age.count())
    return detail::signature_error("the delivery is " + std::to_string(age / 1000) + " s old, more than the " +
                                   std::to_string(window.max_age.count() / 1000) + " s allowed");
  if (-age > window.max_ahead.count())
    return detail::signature_error("the delivery's timestamp lies " + std::to_string(-age / 1000) +
                                   " s in the future");
  std::string expected = signature_v3(client_secret, method, uri, body, timestamp);
  if (expected.size() != signature.size() || CRYPTO_memcmp(expected.data(), signature.data(), expected.size()) != 0)
    return detail::signature_error(std::string(signature_v3_header) +
                                   " does not match the method, URI, body and timestamp received");
  return {};
}

/// verify_v3() with the signature and timestamp read from the delivery's headers.
inline webapi::Result<void> verify_v3(std::string_view client_secret, std::string_view method,
                                      std::string_view uri, std::string_view body, const webapi::Headers& headers,
                                      std::chrono::system_clock::time_point now = std::chrono::system_clock::now(),
                                      SignatureWindow window = {}) {
  return verify_v3(client_secret, method, uri, body, headers.get(signature_v3_header).value_or(""),
                   headers.get(request_timestamp_header).value_or(""), now, window);
}

}  // namespace webapi::webhooks
