// Quotes about life, at least 20 characters long.
//
//   example-quotes                          against the in-memory fake, seeded with demo data
//   QUOTES_API_KEY=... example-quotes       against the service
//
// Written once over AnyClient, which takes the fake and the real transport alike, and linked with the compiled
// libraries webapi::quotes_compiled and webapi::fakes_quotes_compiled, so that this file compiles neither the
// client's methods nor the fake (docs/packaging.md, "Which targets to link").
#include <cstdlib>
#include <iostream>
#include <string>

#include <webapi/fakes/quotes/compiled.hpp>
#include <webapi/quotes.hpp>
#include <webapi/transport.hpp>

int print_quotes(webapi::AnyTransport transport, webapi::quotes::Config config) {
  webapi::quotes::AnyClient quotes{transport, std::move(config)};
  auto found = quotes.get_quote_search({.category = "life", .minlength = 20});
  if (!found) {
    std::cerr << found.error() << "\n";
    return 1;
  }
  if (found->contents && found->contents->quotes)
    for (const auto& q : *found->contents->quotes) std::cout << q.quote << " (" << q.author.value_or("?") << ")\n";
  return 0;
}

int main() {
  if (const char* key = std::getenv("QUOTES_API_KEY"); key && *key) {
    webapi::BeastTransport http;
    return print_quotes(http, {.api_key = key});
  }
  webapi::fakes::quotes::CompiledFake fake;
  auto credentials = fake.seed_demo();  // API_KEY first
  return print_quotes(fake, {.api_key = credentials.at(0).second});
}
