// Who the access token belongs to.
//
//   example-userinfo                              against the in-memory fake, seeded with demo data
//   USERINFO_ACCESS_TOKEN=... example-userinfo    against the service (an OAuth token with scope email)
//
// Written once over AnyClient, which takes the fake and the real transport alike, and linked with the compiled
// libraries webapi::userinfo_compiled and webapi::fakes_userinfo_compiled, so that this file compiles neither
// the client's methods nor the fake (docs/packaging.md, "Which targets to link").
#include <cstdlib>
#include <iostream>
#include <string>

#include <webapi/fakes/userinfo/compiled.hpp>
#include <webapi/transport.hpp>
#include <webapi/userinfo.hpp>

int print_user(webapi::AnyTransport transport, webapi::userinfo::Config config) {
  webapi::userinfo::AnyClient userinfo{transport, std::move(config)};
  auto me = userinfo.oauth2_userinfo_get();
  if (!me) {
    std::cerr << me.error() << "\n";
    return 1;
  }
  std::cout << me->name.value_or("(no name)") << " <" << me->email.value_or("no email") << ">"
            << (me->verified_email.value_or(false) ? ", verified" : "") << "\n";
  return 0;
}

int main() {
  if (const char* token = std::getenv("USERINFO_ACCESS_TOKEN"); token && *token) {
    webapi::BeastTransport http;
    return print_user(http, {.access_token = token});
  }
  webapi::fakes::userinfo::CompiledFake fake;
  auto credentials = fake.seed_demo();  // ACCESS_TOKEN first
  return print_user(fake, {.access_token = credentials.at(0).second});
}
