// A program outside the project, as a user writes it: the userinfo client over the userinfo fake. Every
// consumption path (installed package, add_subdirectory, FetchContent) builds and runs this same file.
#include <iostream>

#include <webapi/fakes/userinfo.hpp>
#include <webapi/userinfo.hpp>
#include <webapi/version.hpp>

static_assert(WEBAPI_VERSION == WEBAPI_VERSION_MAJOR * 100000 + WEBAPI_VERSION_MINOR * 100 + WEBAPI_VERSION_PATCH);

int main() {
  webapi::fakes::userinfo::Fake fake;
  std::string user = fake.add_user({.email = "consumer@example.com"});
  std::string token = fake.issue_access_token({.user_id = user, .scope = "email"});
  webapi::userinfo::AnyClient userinfo{fake, {.access_token = token}};
  auto me = userinfo.oauth2_userinfo_get();
  if (!me || me->email.value_or("") != "consumer@example.com") {
    std::cerr << (me ? "the fake answered another user" : me.error().message) << "\n";
    return 1;
  }
  auto unauthorized = webapi::userinfo::AnyClient{fake, {.access_token = "wrong"}}.oauth2_userinfo_get();
  if (unauthorized || unauthorized.error().status != 401) {
    std::cerr << "expected 401 for an unknown token\n";
    return 1;
  }
  // The test that runs this compares the printed version with the project's.
  std::cout << "consumer: webapi " << WEBAPI_VERSION_STRING << " ok\n";
  return 0;
}
