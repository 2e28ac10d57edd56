// Fuzz target: random requests, shaped by the webhooks operation table, against the webhooks fake with its demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/webhooks.hpp>
#include <webapi/webhooks/operations.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_webhooks {

// The demo data names the key first (HAPIKEY); the other value is the app id, no credential.

int one(const std::uint8_t* data, std::size_t size) {
  return webapi_fuzz::fake_session<webapi::fakes::webhooks::Fake>(
      data, size, webapi::webhooks::operations, webapi::webhooks::operation_parameters,
      [](webapi::Request& request, const webapi_fuzz::Credentials& all, const std::string&) { request.query.push_back({"hapikey", all.front().second}); });
}

std::vector<std::string> seeds() { return webapi_fuzz::fake_seeds(webapi::webhooks::operations.size()); }

}  // namespace fuzz_fake_webhooks

WEBAPI_FUZZ_TARGET(fuzz_fake_webhooks)
