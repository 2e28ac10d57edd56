// Fuzz target: random requests, shaped by the project-management operation table, against its fake with the
// demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/project_management.hpp>
#include <webapi/project_management/operations.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_project_management {

// The demo data names two keys first (ACCESS_TOKEN, ACCESS_TOKEN_DE); the other values are ids, sent as a key
// they are refused.
int one(const std::uint8_t* data, std::size_t size) {
  return webapi_fuzz::fake_session<webapi::fakes::project_management::Fake>(
      data, size, webapi::project_management::operations, webapi::project_management::operation_parameters,
      [](webapi::Request& request, const webapi_fuzz::Credentials&, const std::string& chosen) {
        request.headers.set("X-AUTH-ACCESS-TOKEN", chosen);
      });
}

std::vector<std::string> seeds() {
  return webapi_fuzz::fake_seeds(webapi::project_management::operations.size());
}

}  // namespace fuzz_fake_project_management

WEBAPI_FUZZ_TARGET(fuzz_fake_project_management)
