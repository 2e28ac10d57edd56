// The accounts a user has linked. There is no fake for this API, and the service publishes no server:
// the base URL comes from the environment with the token.
//
//   FINANCE_BASE_URL=https://<host> FINANCE_ACCESS_TOKEN=... example-finance
#include <cstdlib>
#include <iostream>

#include <webapi/finance.hpp>
#include <webapi/transport.hpp>

int main() {
  const char* url = std::getenv("FINANCE_BASE_URL");
  const char* token = std::getenv("FINANCE_ACCESS_TOKEN");
  if (!url || !*url || !token || !*token) {
    std::cerr << "set FINANCE_BASE_URL and FINANCE_ACCESS_TOKEN (a user's access token)\n";
    return 2;
  }
  webapi::BeastTransport http;
  webapi::finance::Client finance{http, {.base_url = url, .access_token = token}};
  auto accounts = finance.get_all_accounts();
  if (!accounts) {
    std::cerr << accounts.error() << "\n";
    return 1;
  }
  for (const auto& a : accounts->account.value_or(std::vector<webapi::finance::Account>{}))
    std::cout << a.account_name.value_or("(no name)") << " " << a.account_type.value_or("") << "\n";
  return 0;
}
