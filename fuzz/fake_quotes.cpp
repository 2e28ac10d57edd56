// Fuzz target: random requests, shaped by the quotes operation table, against the quotes fake with its demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes/operations.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_quotes {

int one(const std::uint8_t* data, std::size_t size) {
  return webapi_fuzz::fake_session<webapi::fakes::quotes::Fake>(
      data, size, webapi::quotes::operations, webapi::quotes::operation_parameters,
      [](webapi::Request& request, const webapi_fuzz::Credentials&, const std::string& secret) { request.headers.set("X-Service-Api-Secret", secret); });
}

std::vector<std::string> seeds() { return webapi_fuzz::fake_seeds(webapi::quotes::operations.size()); }

}  // namespace fuzz_fake_quotes

WEBAPI_FUZZ_TARGET(fuzz_fake_quotes)
