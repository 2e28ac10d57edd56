// A program outside the project, as a user writes it: the quotes client over the quotes fake. Every
// consumption path (installed package, add_subdirectory, FetchContent) builds and runs this same file.
#include <iostream>

#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes.hpp>
#include <webapi/version.hpp>

static_assert(WEBAPI_VERSION == WEBAPI_VERSION_MAJOR * 100000 + WEBAPI_VERSION_MINOR * 100 + WEBAPI_VERSION_PATCH);

int main() {
  webapi::fakes::quotes::Fake fake;
  std::string key = fake.add_api_key("consumer");
  webapi::quotes::AnyClient quotes{fake, {.api_key = key}};
  auto added = quotes.put_quote({.quote = "Installed packages should just work.", .author = "consumer"});
  if (!added) {
    std::cerr << added.error() << "\n";
    return 1;
  }
  auto unauthorized = webapi::quotes::AnyClient{fake, {.api_key = "wrong"}}.get_quote_list();
  if (unauthorized || unauthorized.error().status != 401) {
    std::cerr << "expected 401 for an unknown key\n";
    return 1;
  }
  // The test that runs this compares the printed version with the project's.
  std::cout << "consumer: webapi " << WEBAPI_VERSION_STRING << " ok\n";
  return 0;
}
