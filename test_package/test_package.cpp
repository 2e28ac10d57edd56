// The quotes client over the real transport, aimed at a local port where nothing listens: the call must
// fail as a transport error, which proves the compiled transport (webapi::transport_compiled) and its
// dependencies (OpenSSL, zlib) link and run.
#include <iostream>

#include <webapi/quotes.hpp>
#include <webapi/transport.hpp>
#include <webapi/version.hpp>

#ifndef WEBAPI_TRANSPORT_SEPARATE_COMPILATION
#error "webapi::transport_compiled must make its users only declare BeastTransport's member functions"
#endif

int main() {
  webapi::BeastTransport http;
  webapi::quotes::Client quotes{http, {.base_url = "http://127.0.0.1:1", .api_key = "unused"}};
  auto listed = quotes.get_quote_list();
  if (listed || listed.error().kind != webapi::ErrorKind::transport) {
    std::cerr << "expected a transport error from a port where nothing listens\n";
    return 1;
  }
  std::cout << "test_package: webapi " << WEBAPI_VERSION_STRING << " ok (" << listed.error() << ")\n";
  return 0;
}
