// A program outside the project, built against the installed package: the quotes client over the fake.
#include <iostream>

#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>

int main() {
  webapi::fakes::quotes::Fake fake;
  std::string key = fake.add_api_key("consumer");
  webapi::quotes::Client quotes{fake, {.api_key = key}};
  auto added = quotes.put_quote({.quote = "Installed packages should just work.", .author = "consumer"});
  if (!added) {
    std::cerr << added.error() << "\n";
    return 1;
  }
  auto unauthorized = webapi::quotes::Client{fake, {.api_key = "wrong"}}.get_quote_list();
  if (unauthorized || unauthorized.error().status != 401) {
    std::cerr << "expected 401 for an unknown key\n";
    return 1;
  }
  std::cout << "consumer: ok\n";
  return 0;
}
