// The APIs of the key's workspace. There is no fake for this API: it needs the service.
//
//   API_PLATFORM_API_KEY=... example-api-platform
#include <cstdlib>
#include <iostream>

#include <webapi/api_platform.hpp>
#include <webapi/transport.hpp>

int main() {
  const char* key = std::getenv("API_PLATFORM_API_KEY");
  if (!key || !*key) {
    std::cerr << "set API_PLATFORM_API_KEY to an API key of the service\n";
    return 2;
  }
  webapi::BeastTransport http;
  webapi::api_platform::Client platform{http, {.api_key = key}};
  auto apis = platform.get_all_apis();
  if (!apis) {
    std::cerr << apis.error() << "\n";
    return 1;
  }
  for (const auto& api : apis->apis.value_or(std::vector<webapi::api_platform::ApiSummary>{}))
    std::cout << api.id.value_or("?") << " " << api.name.value_or("(no name)") << "\n";
  return 0;
}
