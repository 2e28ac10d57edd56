// Quotes about life, at least 20 characters long.
//
//   example-quotes                          against the in-memory fake, seeded with demo data
//   QUOTES_API_KEY=... example-quotes       against the service
#include <cstdlib>
#include <iostream>
#include <string>

#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>
#include <webapi/transport.hpp>

template <webapi::Transport T>
int print_quotes(T& transport, webapi::quotes::Config config) {
  webapi::quotes::Client quotes{transport, std::move(config)};
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
  webapi::fakes::quotes::Fake fake;
  auto credentials = webapi::fakes::quotes::seed_demo(fake);  // API_KEY first
  return print_quotes(fake, {.api_key = credentials.at(0).second});
}
