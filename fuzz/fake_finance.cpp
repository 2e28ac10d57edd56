// Fuzz target: random requests, shaped by the finance operation table, against the finance fake with its demo
// data and a token for its admin and its user.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <webapi/fakes/finance.hpp>
#include <webapi/finance/operations.hpp>

#include "support/fake_requests.hpp"

namespace fuzz_fake_finance {

// Besides the demo's own values (logins, passwords, ids: refused as tokens), a working token of the admin and of
// the user, so the fuzzer reaches both sides of the admin-only rule.
webapi_fuzz::Credentials seed(webapi::fakes::finance::Fake& fake) {
  webapi_fuzz::Credentials all = seed_demo(fake);
  auto value = [&](std::string_view name) {
    for (const auto& [n, v] : all)
      if (n == name) return v;
    return std::string();
  };
  all.emplace_back("ADMIN_TOKEN", fake.issue_token(value("ADMIN_LOGIN_NAME")));
  all.emplace_back("USER_TOKEN", fake.issue_token(value("LOGIN_NAME")));
  return all;
}

int one(const std::uint8_t* data, std::size_t size) {
  return webapi_fuzz::fake_session_seeded<webapi::fakes::finance::Fake>(
      data, size, webapi::finance::operations, webapi::finance::operation_parameters, seed,
      [](webapi::Request& request, const webapi_fuzz::Credentials&, const std::string& chosen) {
        request.headers.set("Authorization", "Bearer " + chosen);
      });
}

std::vector<std::string> seeds() { return webapi_fuzz::fake_seeds(webapi::finance::operations.size()); }

}  // namespace fuzz_fake_finance

WEBAPI_FUZZ_TARGET(fuzz_fake_finance)
