// The APIs of the key's account, and the versions of each.
//
//   example-api-platform                          against the in-memory fake with demo data: in process,
//                                                 then served over HTTP on loopback
//   API_PLATFORM_API_KEY=... example-api-platform  against the service
//
// Written once over AnyClient, which takes the fake and the real transport alike, and linked with the compiled
// libraries webapi::api_platform_compiled and webapi::fakes_api_platform_compiled, so that this file compiles
// neither the client's methods nor the fake (docs/packaging.md, "Which targets to link").
#include <cstdlib>
#include <iostream>
#include <string>

#include <webapi/api_platform.hpp>
#include <webapi/fakes/api_platform/compiled.hpp>
#include <webapi/fake_server/serve.hpp>
#include <webapi/transport.hpp>

namespace ap = webapi::api_platform;

int print_apis(webapi::AnyTransport transport, ap::Config config) {
  ap::AnyClient platform{transport, std::move(config)};
  auto apis = platform.get_all_apis();
  if (!apis) {
    std::cerr << apis.error() << "\n";
    return 1;
  }
  for (const auto& api : apis->apis.value_or(std::vector<ap::ApiSummary>{})) {
    std::cout << "API " << api.name.value_or("(no name)");
    auto versions = platform.get_all_api_versions(api.id.value_or(""));
    if (!versions) {
      std::cerr << versions.error() << "\n";
      return 1;
    }
    for (const auto& v : versions->versions.value_or(std::vector<ap::GetAllApiVersionsResponseVersionsItem>{}))
      std::cout << ", version " << v.name.value_or("?");
    std::cout << "\n";
  }
  return 0;
}

int main() {
  if (const char* key = std::getenv("API_PLATFORM_API_KEY"); key && *key) {
    webapi::BeastTransport http;
    return print_apis(http, {.api_key = key});
  }
  webapi::fakes::api_platform::CompiledFake fake;
  const std::string key = fake.seed_demo().at(0).second;  // API_KEY first
  std::cout << "in process:\n";
  if (int rc = print_apis(fake, {.api_key = key})) return rc;

  // The same fake over HTTP, as webapi-fake-server serves it; the key travels in the query this time.
  auto server = webapi::fakes::serve(fake, 0);
  webapi::BeastTransport http;
  std::cout << "served on port " << server.port() << ":\n";
  return print_apis(http, {.base_url = "http://127.0.0.1:" + std::to_string(server.port()), .api_key = key,
                           .api_key_in_query = true});
}
