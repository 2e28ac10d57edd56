// Fuzz target: random requests, shaped by the quotes operation table, against the quotes fake with its demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/quotes/operations.hpp>
#include <webapi/fakes/quotes.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_quotes {

int one(const std::uint8_t* data, std::size_t size) {
  webapi_fuzz::Input in(data, size);
  webapi::fakes::quotes::Fake fake;
  const webapi_fuzz::Credentials credentials = seed_demo(fake);
  for (std::size_t n = 1 + in.pick(4); n > 0 && !in.empty(); --n) {
    webapi::Request request = webapi_fuzz::fake_request(in, webapi::quotes::operations, webapi::quotes::operation_parameters);
    if (in.pick(4) != 0) {
      const std::string& secret = credentials[in.pick(credentials.size())].second;
      request.headers.set("X-Service-Api-Secret", secret);
    }
    webapi_fuzz::check_answer(fake, request);
  }
  return 0;
}

std::vector<std::string> seeds() {
  std::vector<std::string> seeds;
  for (std::size_t op = 0; op < webapi::quotes::operations.size(); ++op)
    seeds.push_back(std::string{static_cast<char>(1), static_cast<char>(op), static_cast<char>(1), '1',
                                '\xff', '\xff', '\xff', '\x01', '\x00', '\x01', '\x00'});
  return seeds;
}

}  // namespace fuzz_fake_quotes

WEBAPI_FUZZ_TARGET(fuzz_fake_quotes)
