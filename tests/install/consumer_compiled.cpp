// consumer.cpp's program over the compiled libraries: the quotes fake as CompiledFake and the client as
// AnyClient, whose methods and codec webapi::quotes_compiled holds, so this file compiles none of them.
#include <iostream>

#include <webapi/fakes/quotes/compiled.hpp>
#include <webapi/quotes.hpp>
#include <webapi/version.hpp>

#ifndef WEBAPI_QUOTES_SEPARATE_COMPILATION
#error "webapi::quotes_compiled must make its users only declare the codec and AnyClient's methods"
#endif

int main() {
  webapi::fakes::quotes::CompiledFake fake;
  std::string key = fake.add_api_key("consumer");
  webapi::quotes::AnyClient quotes{fake, {.api_key = key}};
  auto added = quotes.put_quote({.quote = "Compiled once, linked everywhere.", .author = "consumer"});
  if (!added || fake.journal().count("put_quote") != 1) {
    std::cerr << "put_quote through the compiled fake failed\n";
    return 1;
  }
  auto unauthorized = webapi::quotes::AnyClient{fake, {.api_key = "wrong"}}.get_quote_list();
  if (unauthorized || unauthorized.error().status != 401) {
    std::cerr << "expected 401 for an unknown key\n";
    return 1;
  }
  std::cout << "consumer-compiled: webapi " << WEBAPI_VERSION_STRING << " ok\n";
  return 0;
}
