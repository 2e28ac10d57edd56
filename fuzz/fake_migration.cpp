// Fuzz target: random requests, shaped by the migration operation table, against the migration fake with its
// demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/migration.hpp>
#include <webapi/migration/operations.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_migration {

// The demo data names the token first (ACCESS_TOKEN); the project and location, sent as a token, are refused.
int one(const std::uint8_t* data, std::size_t size) {
  return webapi_fuzz::fake_session<webapi::fakes::migration::Fake>(
      data, size, webapi::migration::operations, webapi::migration::operation_parameters,
      [](webapi::Request& request, const webapi_fuzz::Credentials&, const std::string& chosen) {
        request.headers.set("Authorization", "Bearer " + chosen);
      });
}

std::vector<std::string> seeds() { return webapi_fuzz::fake_seeds(webapi::migration::operations.size()); }

}  // namespace fuzz_fake_migration

WEBAPI_FUZZ_TARGET(fuzz_fake_migration)
