// Fuzz target: random requests, shaped by the userinfo operation table, against the userinfo fake with its demo data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/userinfo.hpp>
#include <webapi/userinfo/operations.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_userinfo {

int one(const std::uint8_t* data, std::size_t size) {
  return webapi_fuzz::fake_session<webapi::fakes::userinfo::Fake>(
      data, size, webapi::userinfo::operations, webapi::userinfo::operation_parameters,
      [](webapi::Request& request, const webapi_fuzz::Credentials&, const std::string& secret) { request.headers.set("Authorization", "Bearer " + secret); });
}

std::vector<std::string> seeds() { return webapi_fuzz::fake_seeds(webapi::userinfo::operations.size()); }

}  // namespace fuzz_fake_userinfo

WEBAPI_FUZZ_TARGET(fuzz_fake_userinfo)
