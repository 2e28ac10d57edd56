// consumer.cpp's program over the compiled libraries: the userinfo fake as CompiledFake and the client as
// AnyClient, whose methods and codec webapi::userinfo_compiled holds, so this file compiles none of them.
#include <iostream>

#include <webapi/fakes/userinfo/compiled.hpp>
#include <webapi/userinfo.hpp>
#include <webapi/version.hpp>

#ifndef WEBAPI_USERINFO_SEPARATE_COMPILATION
#error "webapi::userinfo_compiled must make its users only declare the codec and AnyClient's methods"
#endif

int main() {
  webapi::fakes::userinfo::CompiledFake fake;
  std::string user = fake.add_user({.email = "consumer@example.com"});
  std::string token = fake.issue_access_token({.user_id = user, .scope = "email"});
  webapi::userinfo::AnyClient userinfo{fake, {.access_token = token}};
  auto me = userinfo.oauth2_userinfo_get();
  if (!me || me->email.value_or("") != "consumer@example.com" || fake.journal().count("oauth2_userinfo_get") != 1) {
    std::cerr << "oauth2_userinfo_get through the compiled fake failed\n";
    return 1;
  }
  auto unauthorized = webapi::userinfo::AnyClient{fake, {.access_token = "wrong"}}.oauth2_userinfo_get();
  if (unauthorized || unauthorized.error().status != 401) {
    std::cerr << "expected 401 for an unknown token\n";
    return 1;
  }
  std::cout << "consumer-compiled: webapi " << WEBAPI_VERSION_STRING << " ok\n";
  return 0;
}
