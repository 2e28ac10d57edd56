// webapi-app-function: runs app::quote_lines against the real service over HTTPS.
//
//   webapi-app-function <api key> [category] [--base-url URL]
//
// The same app::quote_lines is unit-tested against the in-memory fake (tests/client/app_function_test.cpp).

#include <cstring>
#include <iostream>
#include <string>

#include <webapi/transport/beast_transport.hpp>

#include "quote_lines.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: webapi-app-function <api key> [category] [--base-url URL]\n";
    return 2;
  }
  webapi::quotes::Config config{.api_key = argv[1]};
  std::string category = "life";
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--base-url") == 0 && i + 1 < argc) config.base_url = argv[++i];
    else category = argv[i];
  }
  webapi::BeastTransport http;
  webapi::quotes::AnyClient quotes{http, config};
  auto lines = app::quote_lines(quotes, category, 20);
  if (!lines) {
    std::cerr << lines.error() << '\n';
    return 1;
  }
  for (const auto& line : *lines) std::cout << line << '\n';
  return 0;
}
