// Fuzz target: random requests, shaped by the API-platform operation table, against its fake with the demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/api_platform/operations.hpp>
#include <webapi/fakes/api_platform.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_api_platform {

// The demo data names the key first (API_KEY): it goes in the header or the query, as the service takes it.
int one(const std::uint8_t* data, std::size_t size) {
  return webapi_fuzz::fake_session<webapi::fakes::api_platform::Fake>(
      data, size, webapi::api_platform::operations, webapi::api_platform::operation_parameters,
      [](webapi::Request& request, const webapi_fuzz::Credentials& all, const std::string& chosen) {
        const std::string& key = chosen == all.front().second ? chosen : all.front().second;
        if (chosen.size() % 2) request.query.push_back({"apikey", key});
        else request.headers.set("X-Api-Key", key);
      });
}

std::vector<std::string> seeds() { return webapi_fuzz::fake_seeds(webapi::api_platform::operations.size()); }

}  // namespace fuzz_fake_api_platform

WEBAPI_FUZZ_TARGET(fuzz_fake_api_platform)
