// Fuzz target: random requests, shaped by the quotes operation table, against the quotes fake with its demo
// data; after each, the fake's likes, dislikes, bookmarks and qshow memberships are held to a reference
// model of the documented rules (support/quotes_model.hpp).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/quotes.hpp>
#include <webapi/quotes/operations.hpp>

#include "support/fake_requests.hpp"
#include "support/quotes_model.hpp"

namespace fuzz_fake_quotes {

int one(const std::uint8_t* data, std::size_t size) {
  using Fake = webapi::fakes::quotes::Fake;
  return webapi_fuzz::fake_session_seeded<Fake>(
      data, size, webapi::quotes::operations, webapi::quotes::operation_parameters,
      [](Fake& fake) { return seed_demo(fake); },
      [](webapi::Request& request, const webapi_fuzz::Credentials&, const std::string& secret) { request.headers.set("X-Service-Api-Secret", secret); },
      webapi_fuzz::quotes_model::Check{});
}

std::vector<std::string> seeds() { return webapi_fuzz::fake_seeds(webapi::quotes::operations.size()); }

}  // namespace fuzz_fake_quotes

WEBAPI_FUZZ_TARGET(fuzz_fake_quotes)
