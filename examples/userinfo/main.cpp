// Who the access token belongs to.
//
//   example-userinfo                              against the in-memory fake, seeded with demo data
//   USERINFO_ACCESS_TOKEN=... example-userinfo    against the service (an OAuth token with scope email)
#include <cstdlib>
#include <iostream>
#include <string>

#include <webapi/fakes/userinfo.hpp>
#include <webapi/transport.hpp>
#include <webapi/userinfo.hpp>

template <webapi::Transport T>
int print_user(T& transport, webapi::userinfo::Config config) {
  webapi::userinfo::Client userinfo{transport, std::move(config)};
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
  webapi::fakes::userinfo::Fake fake;
  auto credentials = webapi::fakes::userinfo::seed_demo(fake);  // ACCESS_TOKEN first
  return print_user(fake, {.access_token = credentials.at(0).second});
}
