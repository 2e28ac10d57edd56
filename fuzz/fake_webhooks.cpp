// Fuzz target: random requests, shaped by the webhooks operation table, against the webhooks fake with its demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/webhooks/operations.hpp>
#include <webapi/fakes/webhooks.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_webhooks {

int one(const std::uint8_t* data, std::size_t size) {
  webapi_fuzz::Input in(data, size);
  webapi::fakes::webhooks::Fake fake;
  const webapi_fuzz::Credentials credentials = seed_demo(fake);
  for (std::size_t n = 1 + in.pick(4); n > 0 && !in.empty(); --n) {
    webapi::Request request = webapi_fuzz::fake_request(in, webapi::webhooks::operations, webapi::webhooks::operation_parameters);
    if (in.pick(4) != 0) {
      const std::string& secret = credentials[in.pick(credentials.size())].second;
      request.query.push_back({"hapikey", credentials.front().second});
      (void)secret;
    }
    webapi_fuzz::check_answer(fake, request);
  }
  return 0;
}

std::vector<std::string> seeds() {
  std::vector<std::string> seeds;
  for (std::size_t op = 0; op < webapi::webhooks::operations.size(); ++op)
    seeds.push_back(std::string{static_cast<char>(1), static_cast<char>(op), static_cast<char>(1), '1',
                                '\xff', '\xff', '\xff', '\x01', '\x00', '\x01', '\x00'});
  return seeds;
}

}  // namespace fuzz_fake_webhooks

WEBAPI_FUZZ_TARGET(fuzz_fake_webhooks)
