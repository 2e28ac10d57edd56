#pragma once
// The RS512 known-answer fixtures (made by regenerate.sh beside this file with OpenSSL's command line):
// file text, the signature's bytes from hex, and the claims the tokens were made with.

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#ifndef WEBAPI_JWT_FIXTURES
#error "define WEBAPI_JWT_FIXTURES as the path of tests/extras/jwt_rs512"
#endif

namespace jwt_fixtures {

/// The contents of fixture `name`; throws when it cannot be read, so a missing file fails the test.
inline std::string read(const std::string& name) {
  std::ifstream in(std::string(WEBAPI_JWT_FIXTURES) + "/" + name, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read JWT fixture " + name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Bytes from lowercase hex, as `od -tx1` wrote them.
inline std::string from_hex(const std::string& hex) {
  auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(nibble(hex[i]) << 4 | nibble(hex[i + 1]));
  return out;
}

// What regenerate.sh signed.
inline const std::string issuer = "kat-api-key";
inline const std::string subject = "ada";
inline const auto issued_at = std::chrono::system_clock::time_point(std::chrono::seconds(1700000000));
inline const auto expires_at = issued_at + std::chrono::minutes(15);

}  // namespace jwt_fixtures
